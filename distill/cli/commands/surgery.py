"""``distill surgery``: bake a trained student into a transformer, or export a vocabulary-free model."""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from distill.config.arguments import add_settings_arguments, settings_from
from distill.config.common import CommonOptions, ModelOptions
from distill.config.fields import setting
from distill.errors import DistillError
from distill.files.paths import check_output_folder, check_outside, check_students
from students.config import PRECISIONS

HELP = "Replace a transformer's word embeddings by a trained student and save a Hugging Face checkpoint."
COMMON = ("device", "tracking_uri", "quiet")


@dataclass(frozen=True)
class SurgerySettings:
    student: str = setting(help="MLflow run id with a 'student' artifact, or a folder saved by save_pretrained",
                           check=lambda name: check_students([name]), metavar="RUN_OR_FOLDER")
    out: str = setting(help="folder to create (must not exist or be empty)", metavar="DIR",
                       check=lambda folder: check_output_folder(folder, "output folder"))
    rescale: bool = setting(True, "rescale a cosine-trained student's rows to the teacher's mean norm (--no-rescale: "
                            "keep its raw norms)")
    tie_output: bool = setting(False, "tie the MLM decoder to the student's table (off: it keeps the teacher's)")
    vocabulary_free: bool = setting(False, "write a model that embeds every word from its characters (BERT, "
                                    "DistilBERT, RoBERTa, XLM-R, MPNet; loads with trust_remote_code=True) instead "
                                    "of baking a table")
    keep_vocabulary: bool = setting(False, "with --vocabulary-free: words that are one vocabulary token keep the "
                                    "source's row")
    segment_words: bool = setting(True, "with --vocabulary-free: each word takes the positions the source's "
                                  "tokenizer gives it (WordPiece sources: its cuts, by the word segmenter, a Bloom "
                                  "filter of its pieces); --no-segment-words: one position per word")
    precision: str | None = setting(None, "with --vocabulary-free: how the student's table of rows is stored, fp32, "
                                    "fp16, int8 or int4 with a scale and offset per row, or nf4 with a scale per row "
                                    "(default: int8 for a student that stores its table smaller, the ngrams family; "
                                    "fp32 for the others)",
                                    choices=PRECISIONS)


def configure(parser: argparse.ArgumentParser) -> None:
    add_settings_arguments(parser, SurgerySettings, "surgery")
    add_settings_arguments(parser, ModelOptions, "model")
    add_settings_arguments(parser, CommonOptions, "common options (device: where the vocabulary is embedded)",
                           only=COMMON)


def settings(args: argparse.Namespace) -> list[object]:
    """The surgery's settings, the model and the common options, checked (options that need each other too)."""
    surgery = settings_from(args, SurgerySettings)
    if surgery.keep_vocabulary and not surgery.vocabulary_free:
        raise DistillError("--keep-vocabulary needs --vocabulary-free")
    if surgery.precision is not None and not surgery.vocabulary_free:
        raise DistillError("--precision needs --vocabulary-free")
    if surgery.vocabulary_free and surgery.tie_output:
        raise DistillError("--tie-output applies to baked tables; a vocabulary-free model has no output table")
    model = settings_from(args, ModelOptions)
    check_outside(surgery.out, model.model, "output folder", "the model folder")
    return [surgery, model, settings_from(args, CommonOptions)]


def run(args: argparse.Namespace) -> int:
    from distill.tracking.progress import announce

    announce(f"surgery: student {args.student} into {args.model}; loading torch and transformers", quiet=args.quiet)
    from distill.devices import resolve_device
    from distill.swap.trained import load_student_from

    settings, source = settings_from(args, SurgerySettings), settings_from(args, ModelOptions)
    common = settings_from(args, CommonOptions)
    student = load_student_from(settings.student, tracking_uri=common.tracking_uri)
    if settings.vocabulary_free:
        from distill.export.folder import export_vocabulary_free

        out = export_vocabulary_free(source.model, student, settings.out, keep_vocabulary=settings.keep_vocabulary,
                                     rescale=settings.rescale, revision=source.revision,
                                     tracking_uri=common.tracking_uri, segment_words=settings.segment_words,
                                     precision=settings.precision, quiet=args.quiet)
        print(f"saved {out}; it loads with AutoModel/AutoTokenizer.from_pretrained({str(out)!r}, "
              "trust_remote_code=True) and SentenceTransformer, no distill code needed")
        return 0
    from distill.swap.surgery import save_swapped

    out = save_swapped(source.model, student, settings.out, rescale=settings.rescale, tie_output=settings.tie_output,
                       revision=source.revision, device=resolve_device(common.device),
                       tracking_uri=common.tracking_uri)
    print(f"saved {out}; it loads with transformers' from_pretrained({str(out)!r}), no distill code needed")
    return 0
