"""What every evaluation loads once and checks before any work: the model, its tokenizer, tasks and corpora.

``distill evaluate`` (``runner``), a sweep's per-trial evaluation (``sweeps.evaluation``) and the
benchmark's fidelity judge (``distill.bench``) all start from :func:`prepare_evaluation`, so a model,
tokenizer, task or corpus is refused the same way, in one line, wherever it is evaluated.

>>> setup = prepare_evaluation("embedded", tasks=["fidelity"], datasets=["pydoc"], samples=64)  # doctest: +SKIP
>>> scores = setup.to("cpu").score(variants, range(5), samples=64, max_length=64, batch_size=16)  # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import torch
from transformers import PreTrainedModel, PreTrainedTokenizerBase

from distill.data import JUDGED_DOMAINS, Corpus, check_given_noise, load_corpus
from distill.devices import on_device
from distill.errors import DistillError
from distill.evaluation.journal import ScoreJournal
from distill.evaluation.scoring import Variant, score_variants
from distill.evaluation.statistics import ScoreTable
from distill.noise.specs import Noise
from distill.swap.surgery import load_transformer
from distill.tasks import resolve_tasks
from distill.tasks.base import Task
from teachers import load_tokenizer
from teachers.words import WordSplitter


@dataclass
class EvaluationSetup:
    """A loaded evaluation model (in eval mode) with its tokenizer, the tasks it runs and the corpora it reads."""

    model: PreTrainedModel
    tokenizer: PreTrainedTokenizerBase
    tasks: list[Task]
    corpora: list[Corpus]
    path: str  # the model's folder
    revision: str | None

    def to(self, device: torch.device | str) -> EvaluationSetup:
        """Move the model to ``device``; returns the set-up itself (as ``nn.Module.to`` does)."""
        on_device(self.model, device)
        return self

    def score(self, variants: Mapping[str, Variant], seeds: Sequence[int], *, samples: int, max_length: int,
              batch_size: int, noise: Sequence[Noise | None] = (None,), quiet: bool = True,
              journal: ScoreJournal | None = None) -> ScoreTable:
        """:func:`~distill.evaluation.scoring.score_variants` on this model, its tasks and corpora."""
        return score_variants(self.model, self.tokenizer, variants, self.corpora, self.tasks, seeds,
                              samples=samples, max_length=max_length, batch_size=batch_size, noise=noise,
                              quiet=quiet, journal=journal)


def prepare_evaluation(
    model: str,
    *,
    revision: str | None = None,
    tasks: Sequence[str] | None = None,
    datasets: Sequence[str] = JUDGED_DOMAINS,
    samples: int,
    vocabulary_free: bool = False,
    noise: Sequence[Noise | None] = (),
) -> EvaluationSetup:
    """Load ``model`` and its tokenizer, resolve ``tasks`` and load ``datasets``; refuse what cannot be evaluated.

    Args:
        model: hub name, local folder, or ``"embedded"`` (the packaged MiniLM).
        tasks: names in ``distill.evaluation.TASKS``; default every task the model supports.
        datasets: corpus names (``pydoc``, ``pydoc:heldout``, ``wikitext``, ``imdb``) or local files.
        samples: samples per seed, task and dataset: every corpus must hold enough for every task.
        vocabulary_free: the vocabulary-free path will run, so the tokenizer must have a word splitter
            (WordPiece, byte-level BPE or SentencePiece, :mod:`teachers.words`).
        noise: the noise settings the corpora will be read under: ``given`` needs corpora with noisy text.

    Raises:
        DistillError: one line, for a tokenizer without padding (batches are padded), a tokenizer without
            a word splitter with ``vocabulary_free``, a task the model has no head for, a corpus that cannot be
            loaded or is too small or has no noisy text to read under ``given``, or two corpora of the same name.
    """
    loaded = load_transformer(model, revision)
    tokenizer = load_tokenizer(loaded.path)
    if tokenizer.pad_token_id is None:
        raise DistillError(f"the tokenizer of {model} has no padding token; batched evaluation needs one")
    if vocabulary_free:
        WordSplitter.for_tokenizer(tokenizer)
    chosen = resolve_tasks(tasks, loaded.model)
    corpora = [load_corpus(name) for name in dict.fromkeys(datasets)]
    names = [corpus.name for corpus in corpora]
    if len(set(names)) < len(names):
        raise DistillError(f"corpora must have distinct names (file stems), got {', '.join(names)}")
    for corpus in corpora:
        for task in chosen:
            task.require(corpus, samples)
    check_given_noise(corpora, noise)
    return EvaluationSetup(loaded.model, tokenizer, chosen, corpora, loaded.path, loaded.revision)
