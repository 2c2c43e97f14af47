"""The evaluation's settings, declared once.

``distill evaluate``'s flags, ``distill robustness``'s (with the study's own defaults), the keys of a sweep
file's ``evaluation:`` block and the argument of :func:`distill.evaluation.evaluate` all come from
:class:`EvaluationSettings`: a field's annotation, default, help text and valid values (bounds that keep the
work finite, known task names, parsable noise specs) are written here once, so that a new evaluation option
is one field here and the code that reads it. Importing this module loads neither torch nor transformers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from distill.config.common import ModelOptions
from distill.config.fields import Interval, setting
from distill.data import JUDGED_DOMAINS
from distill.errors import DistillError
from distill.noise.specs import GIVEN, PRESETS, GivenNoise, Noise, NoiseSpec, parse_noise

CLEAN = "clean"  # the noise setting that leaves the text as it is
MIN_SAMPLES = 4
MIN_LENGTH = 8
MAX_LENGTH = 10**6
MAX_SEEDS = 1000
MAX_SAMPLES = 10**7
MAX_BATCH_SIZE = 65536


def check_names(names: Sequence[str] | None, what: str) -> None:
    """A list of names: not empty (when given), no name twice."""
    if names is None:
        return
    if not names:
        raise DistillError(f"{what} is empty; name at least one")
    repeated = sorted({name for name in names if list(names).count(name) > 1})
    if repeated:
        raise DistillError(f"{what} names {', '.join(repeated)} more than once")


def _known_tasks(names: list[str]) -> None:
    from distill.tasks import check_task_names  # imports torch: only when a value is checked

    check_names(names, "tasks")
    check_task_names(names)


def noise_specs(noise: Noise | str | Sequence[Noise | str | None] | None) -> list[Noise | None]:
    """The noise settings to evaluate under, parsed; ``None`` (or ``"clean"``) reads the text as it is."""
    given = [noise] if noise is None or isinstance(noise, (str, NoiseSpec, GivenNoise)) else list(noise)
    specs = [None if spec is None or spec == CLEAN else parse_noise(spec) if isinstance(spec, str) else spec
             for spec in given]
    if not specs:
        raise DistillError(f"noise needs at least one spec (or '{CLEAN}')")
    return list(dict.fromkeys(specs))


def noised_dataset_name(corpus: str, spec: Noise | None) -> str:
    """The dataset label of ``corpus`` read clean (its name) or under ``spec``."""
    return corpus if spec is None else f"{corpus} ~ {spec}"


@dataclass(frozen=True)
class EvaluationSettings(ModelOptions):
    """What an evaluation runs: the model (:class:`~distill.config.common.ModelOptions`), tasks, corpora, noise,
    seeds and sizes, and the level of its paired t-tests."""

    tasks: list[str] | None = setting(None, "tasks, comma-separated or one per word: mlm, nsp, fidelity, "
                                      "mlm-meant (whole words masked and scored as the clean text's: under noise only "
                                      "the context is noisy); default: every task the model supports but mlm-meant",
                                      check=_known_tasks, separator=",", metavar="TASK")
    datasets: list[str] = setting(
        help="corpora, each judged on its own: wiki, pydoc, stdlib (offline; :heldout for their held-out "
        "documents, + joins them), wikitext, imdb, or .txt/.csv/.jsonl/.parquet files",
        factory=lambda: list(JUDGED_DOMAINS), check=lambda names: check_names(names, "datasets"), separator=",",
        metavar="CORPUS",
    )
    noise: list[str] | None = setting(
        None, "noise the evaluation text only, seeded per seed; each setting is reported as a dataset "
        f"<corpus> ~ <spec>, '{CLEAN}' for the text as it is: 'kind:rate,...' (e.g. drop:0.1,repeat:0.2,case:0.5) "
        f"or a preset ({', '.join(PRESETS)}); see distill.noise.specs; '{GIVEN}': a corpus file's own noisy text (its "
        "'noisy' column, each row's 'text' as people wrote it). With noise, spell-check first (the untouched "
        "model on the spell-corrected text) is scored beside the models (default: the text as it is, alone)",
        check=noise_specs, metavar="SPEC",
    )
    seeds: int = setting(5, "seeds 0 .. N-1 of the paired t-tests; each fixes the samples every model is scored on",
                         interval=Interval(2, MAX_SEEDS), metavar="N")
    samples: int = setting(512, "samples per seed, task and dataset", interval=Interval(MIN_SAMPLES, MAX_SAMPLES))
    max_length: int | None = setting(None, "tokens per sample, pairs included (default 128, or the model's "
                                     "positions if fewer)", interval=Interval(MIN_LENGTH, MAX_LENGTH))
    batch_size: int = setting(16, "samples per forward pass", interval=Interval(1, MAX_BATCH_SIZE))
    alpha: float = setting(0.05, "level of the paired t-tests", interval=Interval(0, 1, low_open=True, high_open=True))
    vocabulary_free: bool = setting(False, "also run each student on the vocabulary-free path: the student embeds "
                                    "every word from its characters (<student>-vocabfree; WordPiece models)")
    word_pieces: bool = setting(True, "score each student on the tokenizer's pieces (<student>); "
                                "--no-word-pieces with --vocabulary-free scores the vocabulary-free path alone")
    segment_words: bool = setting(True, "on the vocabulary-free path, each word takes the positions the "
                                  "tokenizer gives it (WordPiece's cuts, by the word segmenter; --no-segment-words: "
                                  "a word the tokenizer splits takes one position)")
    correct_spelling: bool = setting(False, "with --vocabulary-free, also score each student reading each word that "
                                     "the tokenizer splits, wordfreq does not know and the spell-checker corrects "
                                     "(symspellpy, as spell-check first) as the corrected word, at the positions of "
                                     "the word as written (<student>-vocabfree-corrected)")
    truth_spelling: bool = setting(False, "with --vocabulary-free and noise, also score each student reading each "
                                   "word that the tokenizer splits and the noise misspelt as the word it was, at the "
                                   "positions of the word as written: a perfect spell-checker, the ceiling of "
                                   "--correct-spelling (<student>-vocabfree-truth)")
