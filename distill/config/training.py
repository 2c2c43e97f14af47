"""Training configuration as data: a dataclass, read from YAML, overridden by flags.

A *recipe* names a set of optimisation defaults; any field set explicitly wins.

A setting is one field, written once: a precise type annotation (``float``, ``int | None``,
``tuple[float, float]``...), a default, a help text and its valid values
(:func:`distill.config.fields.setting`). From it come the ``distill train`` flag
(:mod:`distill.config.arguments`), its ``--help`` and the checks. Validation
(:meth:`TrainConfig.validate`) never mutates: it returns a new config with the recipe's
defaults filled in, or raises :class:`DistillError` with one line naming the key and the bad
value. Every value is checked against its field's annotation, then its interval, choices or
check; only the rules that tie settings together live in ``_check_combined``. Flags, YAML
files and sweeps reach the same checks through :func:`config_from_mapping`, which also coerces
YAML 1.1 numeric strings like ``1e-3``.

* ``paper`` (§3): Adam (lr 1e-3, betas 0.9/0.999, eps 1e-8), batch 100, learning
  rate ×0.9 when the epoch loss plateaus. Its 10^4 epochs live in
  ``sweeps/paper.yaml``, not here.
* ``fast`` (the default): Adam with lr 4e-3, batch 256, linear warm-up over the first
  5% of the steps, then cosine decay to zero at the last step of the run.

Measured with ``distill bench`` (``bench/RESULTS.md``: bytescnn-small, cosine loss,
the embedded teacher's 29,528 × 384 table, 10 epochs (the default then), 2 AMD EPYC cores at
a 192 GFLOP/s fp32 matmul rate): ``fast`` reaches recall@1 ≥ 0.8 after epoch 8, in
212 s of training, and ends at recall@1 0.838, mean cosine 0.618 (264 s); ``paper``
needs 10 epochs and 321 s (recall@1 0.818, mean cosine 0.613). Neither reaches mean
cosine 0.8 in 10 epochs. Tuning, per epoch of the 10-epoch cosine schedule (recall@1
on a 4,096-row sample): lr 4e-3 gives 0.075 / 0.40 / 0.81 / 0.84 after epochs
3 / 5 / 8 / 10; lr 2e-3 trails (0.057 after epoch 3), and so do 6e-3 and 8e-3
(0.36 and 0.31 after epoch 5). Batch 64 (lr 2e-3) is ahead per epoch (0.054 against
0.023 after epoch 2) but costs 2.3× the time per epoch; batch 1024 (lr 3e-3) has 29
steps per epoch and is at recall@1 0.0001 after the first.
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
RECIPES: dict[str, dict[str, Any]] = {
    "paper": {"lr": 1e-3, "batch_size": 100, "schedule": "plateau", "context_lr": 5e-4},
    "fast": {"lr": 4e-3, "batch_size": 256, "schedule": "warmup-cosine", "context_lr": 5e-4},
}
# A sparse student (``ngrams``: SparseAdam moves a gram's row only in the steps whose batch holds the gram)
# needs larger steps than a dense one; these values win over its recipe's. On the embedded teacher, lr 1e-2
# takes the whole-table mean cosine to 0.986 in 30 epochs of 1.6 s on 2 CPU cores (docs/defaults.md).
STUDENT_RECIPES: dict[str, dict[str, dict[str, Any]]] = {
    "ngrams": {"fast": {"lr": 1e-2, "context_lr": 3e-3}, "paper": {"context_lr": 3e-3}},
}
# What a table loss changes in the later phases, on top of the recipe and the student's values. The joint table
# batches of the whole-word and context phases are the run's loss beside the phase's cosine distance, so their
# weights are on the table loss's scale: 3 and 1 for the angular losses; for mse, whose value is on the scale
# of the rows' mean square (0.0032 for MiniLM's), about 300 times that. A student trained with mse keeps the
# rows' lengths, which the ngrams rates tuned under the cosine loss (whose student is rescaled to one length)
# tear apart: 3 context epochs at 3e-3 took the table's mean cosine from 0.987 to 0.864, 2 whole-word epochs at
# the table's 1e-2 to 0.725 even at weight 900; at 3e-4 and 1e-3 it stays at 0.982 and 0.991 (2026-11-26,
# docs/defaults.md).
LOSS_RECIPES: dict[str, dict[str, Any]] = {"mse": {"context_table_weight": 600.0, "whole_word_table_weight": 900.0}}
STUDENT_LOSS_RECIPES: dict[tuple[str, str], dict[str, Any]] = {
    ("ngrams", "mse"): {"context_lr": 3e-4, "whole_word_lr": 1e-3},
}
# The joint table weights under a loss that LOSS_RECIPES does not name.
TABLE_WEIGHTS = {"context_table_weight": 1.0, "whole_word_table_weight": 3.0}

# Names are listed and checked without importing a student or loss module (nor torch): see students.registry.
STUDENTS = Choices(student_names, resolve=check_student_name)
LOSSES = Choices(loss_names, resolve=check_loss_name)


def _by_student_and_loss(name: str) -> list[str]:
    """The help text's values of a setting that a student with a loss fills in."""
    return [f"{student} with {loss} {values[name]}" for (student, loss), values in STUDENT_LOSS_RECIPES.items()
            if name in values]


def _by_recipe(name: str) -> str:
    """The help text's default of a setting that the recipe, the student or the student with the loss fills in."""
    by_student = [f"{student} {recipe} {values[name]}" for student, recipes in STUDENT_RECIPES.items()
                  for recipe, values in recipes.items() if name in values]
    return "default: by --recipe, " + ", ".join(
        [f"{recipe} {values[name]}" for recipe, values in RECIPES.items()] + by_student + _by_student_and_loss(name))


def _by_loss(name: str) -> str:
    """The help text's default of a table weight the loss fills in."""
    by_loss = [f"{loss} {values[name]}" for loss, values in LOSS_RECIPES.items() if name in values]
    return "default: by --loss, " + ", ".join(by_loss) + f", else {TABLE_WEIGHTS[name]}"


def recipe_defaults(recipe: str, student: str, loss: str) -> dict[str, Any]:
    """The values a recipe gives the settings left unset: the recipe's, the student's own
    (:data:`STUDENT_RECIPES`), the loss's (:data:`LOSS_RECIPES`) and the student's with the loss on top."""
    return {**RECIPES[recipe], **TABLE_WEIGHTS,
            **STUDENT_RECIPES.get(student, {}).get(recipe, {}), **LOSS_RECIPES.get(loss, {}),
            **STUDENT_LOSS_RECIPES.get((student, loss), {})}


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
    loss: str = setting("cosine", "loss registry name", choices=LOSSES)
    loss_options: dict[str, Any] = setting(
        help="options of the loss", factory=dict, check=functools.partial(check_option_map, "loss_options"),
        options={"alpha": Option(float, "loss weight α (aec, mec, triplet margins, multi-similarity)")},
    )
    epochs: int = setting(30, "epochs of table alignment", interval=EPOCHS)
    recipe: str = setting("fast", "optimisation defaults: paper (§3) or fast", choices=RECIPES)
    batch_size: int | None = setting(None, f"table rows per step ({_by_recipe('batch_size')})",
                                     interval=POSITIVE_COUNT)
    lr: float | None = setting(None, f"learning rate of table alignment ({_by_recipe('lr')})", interval=POSITIVE)
    schedule: str | None = setting(None, f"learning-rate schedule ({_by_recipe('schedule')})",
                                   choices=("plateau", "warmup-cosine"))
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
    frequency_exponent: float = setting(
        0.0, "draw table rows in proportion to (count + 1) ** EXP, count per frequency_source; 0 = uniform",
        interval=NON_NEGATIVE, metavar="EXP",
    )
    frequency_source: str = setting(
        "wordfreq", "where row and word frequencies come from (sampling, the whole-word phase): wordfreq = "
        "general English (per million words; for English teachers), corpus = counts on the corpus's training "
        "documents", choices=FREQUENCY_SOURCES,
    )
    keep_special_rows: bool = setting(True, "special tokens keep the teacher's rows; the student never learns them")
    whole_word_epochs: int = setting(
        2, "after table alignment, train the most frequent split words (per frequency_source) towards the "
        "mean of their pieces' rows (distill.objectives.whole_words) for EPOCHS; 0 = off",
        interval=EPOCHS, metavar="EPOCHS",
    )
    whole_word_table_weight: float | None = setting(
        None, "each whole-word step also regresses batch_size table rows with the run's loss, at this weight; 0 = off "
        f"({_by_loss('whole_word_table_weight')})",
        interval=NON_NEGATIVE,
    )
    whole_word_lr: float | None = setting(
        None, "learning rate of the whole-word phase (default: the table alignment's, "
        + ", ".join(_by_student_and_loss("whole_word_lr")) + ")",
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
        8, "after table alignment, train through the frozen transformer for EPOCHS passes over the corpus's "
        "training sentences; 0 = off", interval=EPOCHS, metavar="EPOCHS",
    )
    context_lr: float | None = setting(None, f"learning rate of context distillation ({_by_recipe('context_lr')})",
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
        None, "each context step also regresses batch_size table rows with the run's loss, at this weight; 0 = off "
        f"({_by_loss('context_table_weight')})",
        interval=NON_NEGATIVE,
    )
    context_noise: str = setting(
        "", "denoising context distillation: the student reads sentences noised with one of these ';'-separated "
        "noise specs or presets (e.g. 'typo:0.1;hlm'), the untouched model the clean ones; '' = off",
        check=noise_mix, metavar="SPECS",
    )
    context_noise_share: float = setting(0.5, "share of the sentences of a context batch that are noised",
                                         interval=UNIT, metavar="SHARE")
    context_one_position: bool = setting(True, "in context distillation the student embeds each word at one "
                                         "position, as the vocabulary-free export with --no-segment-words does; "
                                         "--no-context-one-position: at the tokenizer's pieces")
    seed: int = setting(0, "seed of the row sample, the noise and the student's initialisation", interval=SEEDS)
    device: str = setting("auto", "where the models run (auto: a GPU when there is one)", choices=DEVICES)
    bf16: bool = setting(False, "run the student's forward under bfloat16 autocast (weights, loss and optimiser "
                         "stay fp32)")
    compile: bool = setting(False, "torch.compile the student's forward")
    eval_every: int = setting(5, "epochs between whole-table evaluations (each phase's last epoch is always "
                             "evaluated)", interval=POSITIVE_COUNT)
    checkpoint_every: int = setting(1, "epochs between checkpoints", interval=POSITIVE_COUNT)
    work_dir: str = setting(".distill/runs", "where checkpoints are written",
                            check=lambda folder: check_output_folder(folder, "work folder"))
    run_name: str | None = setting(None, "name of the MLflow run (default: one MLflow makes up)",
                                   check=check_run_name)

    def validate(self) -> ValidConfig:
        """Return a validated copy with the recipe's defaults filled in; ``self`` is left as it is.

        Raises :class:`DistillError` (or a registry's own error) with one line naming the key and the bad value.
        """
        checked = check_fields(self)
        recipe_values = {name: value for name, value in recipe_defaults(self.recipe, self.student, self.loss).items()
                         if getattr(self, name) is None}
        config = dataclasses.replace(checked, **recipe_values)
        if config.whole_word_lr is None:
            config = dataclasses.replace(config, whole_word_lr=config.lr)
        config._check_combined()
        return ValidConfig(config)

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

    def to_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["betas"] = list(self.betas)
        return data

    def to_yaml(self) -> str:
        return yaml.safe_dump(self.to_dict(), sort_keys=False)


# What ``TrainConfig.validate`` returns: every field checked, the recipe's defaults filled in. Training takes
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
    recipe's where the config left them unset)."""
    assert config.batch_size is not None and config.lr is not None and config.schedule is not None, (
        "recipe_settings needs a validated TrainConfig")
    return config.batch_size, config.lr, config.schedule
