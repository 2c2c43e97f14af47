"""The objectives a run can chain, listed in the order of a run's phases: the loop builds its phases from here.

Each packaged objective is listed (:data:`OBJECTIVES`) with its module, the settings of
:class:`~distill.config.training.TrainConfig` it alone reads (the first counts its epochs; ``distill train --help``
groups them under its title) and the metrics its evaluation logs, each with the direction that is better.
The list imports nothing (no torch), so a sweep checks the metric it optimises or prunes on against it
(:mod:`sweeps.sweep_file`); a module is imported when its objective is first resolved
(:class:`foundation.registry.LazyRegistry`), and its class registers itself with :func:`register_objective`.
A new objective is its module, its line here and its settings in ``distill/config/training.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Literal, Protocol, TypeVar

from distill.errors import DistillError
from foundation.registry import LazyRegistry

if TYPE_CHECKING:
    from distill.objectives.base import Objective
    from distill.objectives.sources import PhaseSources

Direction = Literal["maximize", "minimize"]

_ROW_METRICS: dict[str, Direction] = {"recall_at_1": "maximize", "mean_cosine": "maximize",
                                      "rel_norm_error": "minimize"}
# What every phase's evaluation logs besides its own (``Setup.vocabulary_metrics``): the trained rows' alignment,
# ``holdout_*`` of the rows never trained, ``english_*`` of general English's most frequent words.
VOCABULARY_METRICS: dict[str, Direction] = {
    **_ROW_METRICS, **{f"holdout_{name}": direction for name, direction in _ROW_METRICS.items()},
    "english_cosine": "maximize", "english_weighted_cosine": "maximize",
}


@dataclass(frozen=True)
class Listing:
    """An objective as known before its module is imported."""

    name: str
    title: str  # what ``distill train --help`` calls the group of its settings
    module: str
    settings: tuple[str, ...]  # the TrainConfig fields it alone reads, first the one that counts its epochs
    metrics: Mapping[str, Direction]  # its own metrics (its mean epoch loss first), besides VOCABULARY_METRICS

    @property
    def epochs(self) -> str:
        """The setting that counts the phase's epochs; 0 leaves the phase out."""
        return self.settings[0]


OBJECTIVES: tuple[Listing, ...] = (
    Listing("typo", "typo pre-training (RETVec §3)", "distill.objectives.typo",
            ("typo_pretrain_epochs", "typo_pretrain_rate"),
            {"typo_loss": "minimize", "typo_view_cosine": "maximize", "typo_other_cosine": "minimize"}),
    Listing("table", "table alignment (paper §2)", "distill.objectives.table",
            ("epochs", "batch_size", "lr", "schedule", "plateau_factor", "plateau_patience", "warmup_fraction",
             "negative_window", "augment", "augment_copies", "augment_share", "frequency_exponent"),
            {"train_loss": "minimize"}),
    Listing("words", "whole-word targets", "distill.objectives.whole_words",
            ("whole_word_epochs", "whole_word_lr", "whole_word_table_weight", "whole_word_count"),
            {"words_loss": "minimize", "words_cosine": "maximize"}),
    Listing("context", "context distillation", "distill.objectives.context",
            ("context_epochs", "context_lr", "context_batch_size", "context_steps_per_epoch", "context_max_length",
             "context_layers", "context_loss", "context_token_weight", "context_sentence_weight",
             "context_table_weight", "context_noise", "context_noise_share", "context_one_position",
             "context_word_alignment"),
            {"context_loss": "minimize", "heldout_token_cosine": "maximize", "heldout_sentence_cosine": "maximize",
             "heldout_similarity_spearman": "maximize"}),
)


class Buildable(Protocol):
    """What :func:`register_objective` needs of an objective class."""

    name: ClassVar[str]
    loss_name: ClassVar[str]

    @classmethod
    def build(cls, sources: PhaseSources) -> Objective: ...


_REGISTRY: LazyRegistry[type[Buildable]] = LazyRegistry(
    "objective", "objectives", {listing.module: (listing.name,) for listing in OBJECTIVES}, DistillError)
C = TypeVar("C", bound="type[Buildable]")


def register_objective(cls: C) -> C:
    """Register a listed objective class (its ``name``, ``loss_name`` and ``build(sources)`` class method)."""
    listing = next((entry for entry in OBJECTIVES if entry.name == cls.name), None)
    if listing is None or cls.loss_name != next(iter(listing.metrics)):
        raise ValueError(f"objective {cls.name!r} is not listed with its loss {cls.loss_name!r} in OBJECTIVES")
    _REGISTRY.register(cls.name, cls)
    return cls


def phase_builders(epochs_of: Callable[[str], int]) -> list[tuple[Callable[[PhaseSources], Objective], int]]:
    """Each objective whose epochs (``epochs_of(setting)``) are not 0, in a run's order: its builder and epochs."""
    return [(_REGISTRY.resolve(listing.name).build, epochs_of(listing.epochs)) for listing in OBJECTIVES
            if epochs_of(listing.epochs)]


def objective_metrics() -> dict[str, Direction]:
    """Every metric a training run logs per epoch (the objectives' own and the vocabulary's), with the better
    direction."""
    return {**VOCABULARY_METRICS, **{name: direction for listing in OBJECTIVES
                                     for name, direction in listing.metrics.items()}}
