"""``distill surgery``: bake a trained student into a transformer, or export a vocabulary-free model."""

from __future__ import annotations

import argparse

from distill.config import DEVICES

HELP = "Replace a transformer's word embeddings by a trained student and save a Hugging Face checkpoint."


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--student", required=True, metavar="RUN_OR_FOLDER",
                        help="MLflow run id with a 'student' artifact, or a folder saved by save_pretrained")
    parser.add_argument("--model", default="embedded", metavar="NAME|PATH",
                        help="hub name, local model folder, or 'embedded' (default)")
    parser.add_argument("--revision", help="hub revision, or the hash a local folder must still have")
    parser.add_argument("--out", required=True, metavar="DIR", help="folder to create (must not exist or be empty)")
    parser.add_argument("--no-rescale", action="store_true",
                        help="keep a cosine-trained student's raw norms (default: rescale to the teacher's mean norm)")
    parser.add_argument("--tie-output", action="store_true",
                        help="tie the MLM decoder to the student's table (default: it keeps the teacher's)")
    parser.add_argument("--vocabulary-free", action="store_true",
                        help="write a model that embeds every word from its characters (BERT models; "
                             "loads with trust_remote_code=True) instead of baking a table")
    parser.add_argument("--keep-vocabulary", action="store_true",
                        help="with --vocabulary-free: words that are one vocabulary token keep the source's row")
    parser.add_argument("--device", choices=DEVICES, default="auto", help="where the vocabulary is embedded")
    parser.add_argument("--tracking-uri", help="MLflow tracking URI (overrides MLFLOW_TRACKING_URI and mlflow.yaml)")
    parser.add_argument("--quiet", action="store_true",
                        help="no progress bars (MLflow's artifact download, transformers' shard writing)")


def run(args: argparse.Namespace) -> int:
    from distill.progress import announce

    announce(f"surgery: student {args.student} into {args.model}; loading torch and transformers", quiet=args.quiet)
    from distill.devices import resolve_device
    from distill.errors import DistillError
    from distill.paths import check_output_folder
    from distill.runs import load_student_from

    if args.keep_vocabulary and not args.vocabulary_free:
        raise DistillError("--keep-vocabulary needs --vocabulary-free")
    if args.vocabulary_free and args.tie_output:
        raise DistillError("--tie-output applies to baked tables; a vocabulary-free model has no output table")
    check_output_folder(args.out, "output folder")
    student = load_student_from(args.student, tracking_uri=args.tracking_uri)
    if args.vocabulary_free:
        from distill.export import export_vocabulary_free

        out = export_vocabulary_free(args.model, student, args.out, keep_vocabulary=args.keep_vocabulary,
                                     rescale=not args.no_rescale, revision=args.revision,
                                     tracking_uri=args.tracking_uri)
        print(f"saved {out}; it loads with AutoModel/AutoTokenizer.from_pretrained({str(out)!r}, "
              "trust_remote_code=True) and SentenceTransformer, no distill code needed")
        return 0
    from distill.surgery import save_swapped

    out = save_swapped(args.model, student, args.out, rescale=not args.no_rescale, tie_output=args.tie_output,
                       revision=args.revision, device=resolve_device(args.device), tracking_uri=args.tracking_uri)
    print(f"saved {out}; it loads with transformers' from_pretrained({str(out)!r}), no distill code needed")
    return 0
