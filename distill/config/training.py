"""Training configuration as data: a dataclass, read from YAML, overridden by flags.

A setting is one field, written once: a precise type annotation (``float``, ``int | None``,
``tuple[float, float]``...), a default, a help text and its valid values
(:func:`distill.config.fields.setting`). From it come the ``distill train`` flag
(:mod:`distill.config.arguments`), its ``--help`` and the checks. The settings whose default depends on the
recipe, the student and the loss default to ``None`` (unset) and take their value from one table
(:mod:`distill.config.defaults`); a value set explicitly wins. Validation (:meth:`TrainConfig.validate`) never
mutates: it returns a new config with those defaults filled in, or raises :class:`DistillError` with one line
naming the key and the bad value. Every value is checked against its field's annotation, then its interval,
choices or check; only the rules that tie settings together live in ``_check_combined``. Flags, YAML files and
sweeps reach the same checks through :func:`config_from_mapping`, which also coerces YAML 1.1 numeric strings
like ``1e-3``.
"""

from __future__ import annotations

import dataclasses
import functools
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NewType

import yaml

from distill.config.defaults import NATIVE, default_loss, defaults_for, recipe_names
from distill.config.defaults import SETTINGS as TABLE_SETTINGS
from distill.config.fields import (
    COUNT,
    EPOCHS,
    NON_NEGATIVE,
    POSITIVE,
    POSITIVE_COUNT,
    SEEDS,
    UNIT,
    Choices,
    Interval,
    Option,
    check_fields,
    field_hints,
    setting,
)
from distill.errors import DistillError, is_user_error
from distill.files.paths import check_name, check_output_folder, check_run_name
from distill.files.userfiles import check_option_map, read_yaml_mapping
from distill.noise.specs import noise_mix
from foundation.checks import value_type
from losses.registry import check_loss_name, loss_names
from students.registry import check_student_name, student_names

DEVICES = ("auto", "cpu", "cuda")
# The general-English words (wordfreq's most frequent) whose split ones the whole-word phase may learn; the
# phase's default count takes every split word among them.
ENGLISH_WORD_POOL = 250_000
FREQUENCY_SOURCES = ("wordfreq", "corpus")
# Names are listed and checked without importing a student or loss module (nor torch): see students.registry.
STUDENTS = Choices(student_names, resolve=check_student_name)
LOSSES = Choices(loss_names, resolve=check_loss_name)
BY_TABLE = "from the defaults table at the end"


def _layer_indices(layers: list[int]) -> None:
    if not layers:
        raise DistillError(f"context_layers must be a non-empty list of layer indices, got {layers!r}")


@dataclass
class TrainConfig:
    teacher: str = setting("embedded", "hub name, local model folder, or 'embedded'",
                           check=lambda name: check_name(name, "teacher"))
    student: str = setting("ngrams", "student registry name", choices=STUDENTS)
    student_options: dict[str, Any] = setting(help="options of the student's constructor", factory=dict,
                                              check=functools.partial(check_option_map, "student_options"))
    loss: str | None = setting(None, "loss registry name; unset: mse for ngrams, cosine for the other students",
                               choices=LOSSES)
    loss_options: dict[str, Any] = setting(
        help="options of the loss", factory=dict, check=functools.partial(check_option_map, "loss_options"),
        options={"alpha": Option(float, "loss weight α (aec, mec, triplet margins, multi-similarity)")},
    )
    epochs: int = setting(80, "epochs of table alignment", interval=EPOCHS)
    recipe: str = setting("fast", "optimisation defaults: rows of the defaults table at the end (paper: §3)",
                          choices=Choices(recipe_names))
    batch_size: int | None = setting(None, f"table rows per step; {BY_TABLE}", interval=POSITIVE_COUNT)
    lr: float | None = setting(None, f"learning rate of table alignment; {BY_TABLE}", interval=POSITIVE)
    schedule: str | None = setting(None, f"learning-rate schedule; {BY_TABLE}", choices=("plateau", "warmup-cosine"))
    betas: tuple[float, float] = setting((0.9, 0.999), "Adam's betas", interval=Interval(0, 1, high_open=True))
    eps: float = setting(1e-8, "Adam's epsilon", interval=POSITIVE)
    plateau_factor: float = setting(0.9, "plateau schedule: the learning rate's factor when the epoch loss "
                                    "stops falling", interval=Interval(0, 1, low_open=True))
    plateau_patience: int = setting(10, "plateau schedule: epochs without a lower loss before the rate falls",
                                    interval=COUNT)
    warmup_fraction: float = setting(0.05, "warmup-cosine schedule: share of the steps of linear warm-up",
                                     interval=UNIT)
    negative_window: int = setting(32, "triplet losses: training rows of the window a negative is drawn from",
                                   interval=POSITIVE_COUNT)
    vocab_sample: int = setting(0, "train on a seeded sample of this many rows; 0 = every kept row",
                                interval=COUNT)
    holdout: float = setting(0.0, "fraction of the vocabulary kept out of training",
                             interval=Interval(0, 1, high_open=True))
    augment: float = setting(0.0, "also train on typo variants (RETVec's families at RATE per character); 0 = off",
                             interval=UNIT, metavar="RATE")
    augment_noise: str = setting(
        "", "also train on variants noised with these ';'-separated noise specs or presets, one per copy in "
        "turn (e.g. 'typo:0.1;misspell:1'), instead of --augment's typos; '' = off", check=noise_mix,
        metavar="SPECS",
    )
    augment_copies: int = setting(4, "noisy variants of each token, encoded once", interval=Interval(1, 1000))
    augment_share: float = setting(0.8, "share of training examples drawn noisy (RETVec's 16 noisy : 4 clean)",
                                   interval=UNIT)
    typo_pretrain_epochs: int = setting(
        0, "first pre-train on typo pairs with Multi-Similarity loss for EPOCHS (RETVec §3); 0 = off",
        interval=EPOCHS, flag="--typo-pretrain", metavar="EPOCHS",
    )
    typo_pretrain_rate: float = setting(0.1, "per-character typo rate of the pre-training variants",
                                        interval=Interval(0, 1, low_open=True), flag="--typo-rate", metavar="RATE")
    frequency_exponent: float | None = setting(
        None, "draw table rows in proportion to (count + 1) ** EXP, count per frequency_source; 0 = uniform; "
        f"{BY_TABLE}", interval=NON_NEGATIVE, metavar="EXP",
    )
    frequency_source: str = setting(
        "wordfreq", "where row and word frequencies come from (sampling, the whole-word phase): wordfreq = "
        "general English (per million words; for English teachers), corpus = counts on the corpus's training "
        "documents", choices=FREQUENCY_SOURCES,
    )
    keep_special_rows: bool = setting(True, "special tokens keep the teacher's rows; the student never learns them")
    whole_word_epochs: int = setting(
        0, "after table alignment, train the most frequent split words (per frequency_source) towards the "
        "mean of their pieces' rows (distill.objectives.whole_words) for EPOCHS; 0 = off",
        interval=EPOCHS, metavar="EPOCHS",
    )
    whole_word_table_weight: float | None = setting(
        None, "each whole-word step also regresses batch_size table rows with the run's loss, at this weight; "
        f"0 = off; {BY_TABLE}", interval=NON_NEGATIVE,
    )
    whole_word_lr: float | None = setting(
        None, f"learning rate of the whole-word phase; {BY_TABLE} ('= lr': the table alignment's, given or not)",
        interval=POSITIVE,
    )
    whole_word_count: int = setting(
        ENGLISH_WORD_POOL, "how many of the most frequent split words (general English: the split ones among "
        f"wordfreq's {ENGLISH_WORD_POOL:,} most frequent words; the default takes them all)",
        interval=POSITIVE_COUNT, metavar="N",
    )
    corpus: str = setting("wiki", "text of context distillation (and of row counts with frequency_source corpus): "
                          "its training documents train, its held-out documents and every judged domain's evaluate")
    context_epochs: int = setting(
        6, "after table alignment, train through the frozen transformer for EPOCHS passes over the corpus's "
        "training sentences; 0 = off", interval=EPOCHS, metavar="EPOCHS",
    )
    context_lr: float | None = setting(None, f"learning rate of context distillation; {BY_TABLE}",
                                       interval=POSITIVE)
    context_batch_size: int = setting(32, "sentences per context step", interval=POSITIVE_COUNT)
    context_steps_per_epoch: int = setting(50, "steps of a context epoch; 0 = one pass over the training sentences",
                                           interval=COUNT)
    context_max_length: int = setting(64, "tokens per sentence of context distillation", interval=POSITIVE_COUNT)
    context_layers: list[int] = setting(help="hidden_states indices of context distillation; -1 = the last layer",
                                        factory=lambda: [-1], check=_layer_indices)
    context_loss: str = setting("cosine", "context distillation loss, per token state and per mean-pooled "
                                "sentence vector", choices=("cosine", "mse"))
    context_token_weight: float = setting(1.0, "weight of the per-token context loss", interval=NON_NEGATIVE)
    context_sentence_weight: float = setting(1.0, "weight of the per-sentence context loss", interval=NON_NEGATIVE)
    context_table_weight: float | None = setting(
        None, "each context step also regresses batch_size table rows with the run's loss, at this weight; "
        f"0 = off; {BY_TABLE}", interval=NON_NEGATIVE,
    )
    context_noise: str = setting(
        "typo:0.1; hlm; human", "denoising context distillation: the student reads sentences noised with one of "
        "these ';'-separated noise specs or presets (RETVec's typos, HLM's drop/repeat/case, human misspellings), "
        "the untouched model the clean ones; '' = off",
        check=noise_mix, metavar="SPECS",
    )
    context_noise_share: float = setting(0.5, "share of the sentences of a context batch that are noised",
                                         interval=UNIT, metavar="SHARE")
    context_one_position: bool = setting(False, "in context distillation the student embeds each word at one "
                                         "position, as the vocabulary-free export with --no-segment-words does; "
                                         "--no-context-one-position: at the tokenizer's pieces")
    context_word_alignment: bool = setting(False, "in denoising context distillation, a noised sentence whose "
                                           "pieces no longer line up with the clean one's is compared word by word "
                                           "(each word's states averaged over its pieces); "
                                           "--no-context-word-alignment: by its sentence vector alone")
    seed: int = setting(0, "seed of the row sample, the noise and the student's initialisation", interval=SEEDS)
    device: str = setting("auto", "where the models run (auto: a GPU when there is one)", choices=DEVICES)
    bf16: bool | None = setting(None, "run the student's forward under bfloat16 autocast (weights, loss and "
                                "optimiser stay fp32); --no-bf16: fp32; unset: from the defaults table at the end "
                                "(native: where the run's device computes bfloat16 natively)")
    compile: bool = setting(False, "torch.compile the student's forward")
    eval_every: int = setting(5, "epochs between whole-table evaluations (each phase's last epoch is always "
                             "evaluated)", interval=POSITIVE_COUNT)
    checkpoint_every: int = setting(1, "epochs between checkpoints", interval=POSITIVE_COUNT)
    work_dir: str = setting(".distill/runs", "where checkpoints are written",
                            check=lambda folder: check_output_folder(folder, "work folder"))
    run_name: str | None = setting(None, "name of the MLflow run (default: one MLflow makes up)",
                                   check=check_run_name)

    def validate(self) -> ValidConfig:
        """Return a validated copy with the settings left unset filled in from the defaults table
        (:data:`distill.config.defaults.DEFAULTS`); ``self`` is left as it is.

        Raises :class:`DistillError` (or a registry's own error) with one line naming the key and the bad value.
        """
        checked = check_fields(self)
        given = {name: getattr(checked, name) for name in TABLE_SETTINGS}
        filled = defaults_for(checked.recipe, checked.student, checked.loss_name, given)
        # The table's NATIVE stays unset: the run decides it on its device (distill.training.phases).
        unset: dict[str, Any] = {name: None if filled[name] == NATIVE else filled[name]
                                 for name, value in given.items() if value is None}
        config = dataclasses.replace(checked, loss=checked.loss_name, **unset)
        config._check_combined()
        return ValidConfig(config)

    @property
    def loss_name(self) -> str:
        """The loss the run trains with: the one named, else its student's (``validate`` fills it in)."""
        return self.loss or default_loss(self.student)

    def _check_combined(self) -> None:
        """The rules that tie settings together (each setting alone is checked against its field)."""
        if self.epochs + self.typo_pretrain_epochs + self.whole_word_epochs + self.context_epochs == 0:
            raise DistillError(
                "nothing to train: epochs, typo_pretrain_epochs, whole_word_epochs and context_epochs are all 0"
            )
        if self.augment and self.augment_noise:
            raise DistillError("give augment (RETVec's typos at a rate) or augment_noise (noise specs), not both")
        if self.context_epochs and not self.context_token_weight and not self.context_sentence_weight:
            raise DistillError("context distillation needs context_token_weight or context_sentence_weight above 0")
        if self.context_word_alignment and self.context_one_position:
            raise DistillError("context_word_alignment aligns the tokenizer's pieces; context_one_position reads "
                               "one position per word already: set one of them")

    def to_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["betas"] = list(self.betas)
        return data

    def to_yaml(self) -> str:
        return yaml.safe_dump(self.to_dict(), sort_keys=False)


# What ``TrainConfig.validate`` returns: every field checked, the table's defaults filled in. Training takes
# one (``distill.training.train``), so a configuration is validated once, on its way in (a flag, a file, a sweep).
ValidConfig = NewType("ValidConfig", TrainConfig)
OPTION_GROUPS = tuple(name for name, hint in field_hints(TrainConfig).items() if typing.get_origin(hint) is dict)


def _is_numeric(hint: Any) -> bool:
    """Whether a field of type ``hint`` holds numbers (YAML 1.1 strings like ``1e-3`` are coerced for it)."""
    return value_type(hint) is float or typing.get_origin(hint) is dict


def config_keys() -> list[str]:
    return [item.name for item in dataclasses.fields(TrainConfig)]


def with_overrides(values: Mapping[str, Any], overrides: Mapping[str, Any]) -> dict[str, Any]:
    """``values`` with ``overrides`` on top. A key ``group.option`` sets one entry of a mapping setting and keeps
    the others (``loss_options.alpha``: the ``--alpha`` flag, or an option a sweep searches)."""
    merged = {key: dict(value) if isinstance(value, Mapping) else value for key, value in values.items()}
    for key, value in sorted(overrides.items(), key=lambda item: "." in item[0]):  # whole settings first
        group, _, option = key.partition(".")
        if not option:
            merged[key] = value
        elif isinstance(merged.get(group, {}), Mapping):  # anything else is refused by validation
            merged[group] = {**merged.get(group, {}), option: value}
    return merged


def config_from_mapping(values: Mapping[str, Any], source: str = "config") -> ValidConfig:
    """Build a config from a mapping, refusing keys that do not exist."""
    unknown = sorted(set(values) - set(config_keys()))
    if unknown:
        raise DistillError(
            f"{source}: unknown key(s) {', '.join(unknown)}; valid keys: {', '.join(config_keys())}"
        )
    numeric = {name for name, hint in field_hints(TrainConfig).items() if _is_numeric(hint)}
    coerced = {key: coerce_number(value) if key in numeric else value for key, value in values.items()}
    try:
        return TrainConfig(**coerced).validate()
    except Exception as error:
        if not is_user_error(error):
            raise
        raise DistillError(f"{source}: {error}") from None


def coerce_number(value: Any) -> Any:
    """YAML 1.1 reads ``1e-3`` as a string; turn numeric strings (also inside mappings) into floats."""
    if isinstance(value, dict):
        return {key: coerce_number(item) for key, item in value.items()}
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            return value
    return value


def load_config(path: str | Path | None = None, overrides: Mapping[str, Any] | None = None) -> ValidConfig:
    """Defaults, then the YAML file, then ``overrides`` (the flags given on the command line)."""
    values = with_overrides(read_yaml_mapping(path) if path is not None else {}, overrides or {})
    return config_from_mapping(values, source=str(path) if path is not None else "config")


def recipe_settings(config: TrainConfig) -> tuple[int, float, str]:
    """The batch size, learning rate and schedule of a validated config (``validate`` fills in the
    table's where the config left them unset)."""
    assert config.batch_size is not None and config.lr is not None and config.schedule is not None, (
        "recipe_settings needs a validated TrainConfig")
    return config.batch_size, config.lr, config.schedule
