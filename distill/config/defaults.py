"""The training defaults that depend on the recipe, the student and the loss, as one table.

Each row gives every such setting its value for the runs it matches: a recipe, a student and a loss, each a
pattern as :func:`fnmatch.fnmatchcase` reads it (``*`` matching any; ``hlm-intra*`` every HLM-intra size).
:meth:`distill.config.training.TrainConfig.validate` fills each of these settings left unset from the first row
that matches the run (rows are listed from the most specific to the catch-all of each recipe);
``distill train --help`` prints the table (:func:`render_defaults`). A value :class:`SameAs` another setting takes
that setting's value once it is filled in, the one given or the table's.

The recipes: ``paper`` (§3): Adam at lr 1e-3, batch 100, the rate ×0.9 when the epoch loss plateaus (its 10^4
epochs are ``sweeps/paper.yaml``'s); ``fast``: linear warm-up over the first 5 % of the steps, then cosine decay
to zero. Why each value was chosen, with the measurements: ``docs/defaults.md``.
"""

from __future__ import annotations

from fnmatch import fnmatchcase
from typing import Any, NamedTuple

from distill.files.markdown import markdown_table

ANY = "*"


class SameAs(NamedTuple):
    """A default that is another setting's value: ``SameAs("lr")``, the table alignment's learning rate."""

    setting: str

    def __str__(self) -> str:
        return f"= {self.setting}"


class Defaults(NamedTuple):
    """One row of :data:`DEFAULTS`: the runs it matches, then each setting's value (named as the setting)."""

    recipe: str
    student: str
    loss: str
    lr: float
    batch_size: int
    schedule: str
    whole_word_lr: float | SameAs
    whole_word_table_weight: float
    context_lr: float
    context_table_weight: float
    frequency_exponent: float
    bf16: bool | str  # True, False or NATIVE


MATCHED = ("recipe", "student", "loss")
# bf16 where the device computes bfloat16 natively (:func:`distill.devices.native_bf16`), fp32 elsewhere: a validated
# configuration leaves it unset (``None``), and the run decides it on its device (``distill.training.phases``).
NATIVE = "native"
SETTINGS = tuple(name for name in Defaults._fields if name not in MATCHED)

# Columns: the runs a row matches (recipe, student, loss), then lr, batch_size, schedule, whole_word_lr,
# whole_word_table_weight, context_lr, context_table_weight, frequency_exponent, bf16 (:class:`Defaults`' fields).
# A sparse student (ngrams: SparseAdam moves an n-gram's row only in the steps whose batch holds it) takes larger
# steps than a dense one. The joint table batches of the whole-word and context phases are weighed on the table
# loss's scale: mse's values are on the scale of the rows' mean square, far below the angular losses'. The paper
# draws every row once an epoch, in fp32. Under the fast recipe a dense student, which cannot hold every row within
# a short run, draws rows ∝ (count + 1) ** 0.5 on general English, so that the rows text is made of are learnt first
# (the n-gram table holds every row, each in its own bucket, and draws them uniformly), and trains under bf16
# autocast where the device computes it natively (its matrix products are most of its step; the n-gram table's
# sparse lookups gain nothing). The dense students take lr 2e-3: over the recipe's 40-80 table epochs BytesCNN and
# RETVec-w1344 learnt more of the table at 2e-3 than at 4e-3 (RETVec's own recipe peaks at 1e-3, Bursztein et al.
# 2023, §3.3 and Table 16; it learnt less there); RETVec's own 0.33 M design kept more at 4e-3 (0.580 against
# 0.471), HLM-intra's Transformer over characters at 1.5e-3 more than at 5e-4 or 4e-3, and its study
# (sweeps/students-hlm-intra.yaml, 24 trials) found no setting that kept more in the same time (docs/defaults.md).
DEFAULTS: tuple[Defaults, ...] = (
    #        recipe   student   loss   lr    batch schedule         whole-word: lr weight context: lr weight freq bf16
    Defaults("paper", "ngrams", "mse", 1e-3, 100, "plateau",       1e-3,         900.0, 3e-4, 600.0, 0.0, False),
    Defaults("paper", "ngrams", ANY,   1e-3, 100, "plateau",       SameAs("lr"), 3.0,   3e-3, 1.0,   0.0, False),
    Defaults("paper", ANY,      "mse", 1e-3, 100, "plateau",       SameAs("lr"), 900.0, 5e-4, 600.0, 0.0, False),
    Defaults("paper", ANY,      ANY,   1e-3, 100, "plateau",       SameAs("lr"), 3.0,   5e-4, 1.0,   0.0, False),
    Defaults("fast",  "ngrams", "mse", 1e-2, 256, "warmup-cosine", 1e-3,         900.0, 3e-4, 600.0, 0.0, False),
    Defaults("fast",  "ngrams", ANY,   1e-2, 256, "warmup-cosine", SameAs("lr"), 3.0,   3e-3, 1.0,   0.0, False),
    Defaults("fast",  "hlm-intra*", "mse", 1.5e-3, 256, "warmup-cosine", SameAs("lr"), 900.0, 5e-4, 600.0, 0.5,
             NATIVE),
    Defaults("fast",  "hlm-intra*", ANY, 1.5e-3, 256, "warmup-cosine", SameAs("lr"), 3.0, 5e-4, 1.0, 0.5, NATIVE),
    Defaults("fast",  "retvec", "mse", 4e-3, 256, "warmup-cosine", SameAs("lr"), 900.0, 5e-4, 600.0, 0.5, NATIVE),
    Defaults("fast",  "retvec", ANY,   4e-3, 256, "warmup-cosine", SameAs("lr"), 3.0,   5e-4, 1.0,   0.5, NATIVE),
    Defaults("fast",  ANY,      "mse", 2e-3, 256, "warmup-cosine", SameAs("lr"), 900.0, 5e-4, 600.0, 0.5, NATIVE),
    Defaults("fast",  ANY,      ANY,   2e-3, 256, "warmup-cosine", SameAs("lr"), 3.0,   5e-4, 1.0,   0.5, NATIVE),
)


# The loss of a run that names none, by student (the first match wins). The n-gram table's rows are free
# parameters that mse moves straight to the teacher's; a dense student trained with mse shrinks its outputs toward
# the table's mean, so the dense students take the cosine error (paper eq. 1; the paper finds cosine-based losses
# better than Euclidean ones for its BytesCNN).
DEFAULT_LOSSES: tuple[tuple[str, str], ...] = (("ngrams", "mse"), (ANY, "cosine"))


def default_loss(student: str) -> str:
    """The loss of a run of ``student`` that names none (:data:`DEFAULT_LOSSES`)."""
    return next(loss for pattern, loss in DEFAULT_LOSSES if pattern in (ANY, student))


def recipe_names() -> tuple[str, ...]:
    """The recipes the table names, in its order."""
    return tuple(dict.fromkeys(row.recipe for row in DEFAULTS if row.recipe != ANY))


def matching_row(recipe: str, student: str, loss: str) -> Defaults:
    """The first row of :data:`DEFAULTS` that matches the run."""
    run = (recipe, student, loss)
    for row in DEFAULTS:
        if all(fnmatchcase(value, pattern) for pattern, value in zip((row.recipe, row.student, row.loss), run)):
            return row
    raise LookupError(f"no row of the defaults table matches recipe {recipe}, student {student}, loss {loss}")


def defaults_for(recipe: str, student: str, loss: str, given: dict[str, Any] | None = None) -> dict[str, Any]:
    """Each setting of the table → its value for the run, a :class:`SameAs` read from the settings ``given``
    (those set), else from the row (:data:`NATIVE` as it is: the device decides it when the run starts)."""
    row = matching_row(recipe, student, loss)._asdict()
    values = {name: row[name] for name in SETTINGS}
    known = {**values, **{name: value for name, value in (given or {}).items() if value is not None}}
    return {name: known[value.setting] if isinstance(value, SameAs) else value for name, value in values.items()}


def render_defaults() -> str:
    """The table as ``distill train --help`` prints it."""
    header = [*MATCHED, *SETTINGS]
    return markdown_table(header, [[_cell(value) for value in row] for row in DEFAULTS])


def _cell(value: Any) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)
