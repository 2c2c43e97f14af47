"""A recipe fitted to a time budget: its table and context epochs scaled down so that training ends within so many
seconds on this machine (``distill bench --sizes``' points, a sweep file's ``time_per_trial``).

One share scales both phases, so the recipe keeps its shape (the context phase's weight against the table's, the
learning-rate schedule over the whole run); the seconds an epoch takes are timed by a probe of one table epoch and
a few context steps of the same configuration, here, timed again while other processes keep the machine busy
(:func:`epoch_seconds_alone`). The budget is the epochs' own time: set-up, evaluations and checkpoints come on top.
"""

from __future__ import annotations

import dataclasses

import torch

from distill.config.training import ValidConfig
from distill.devices import OtherWork, other_work
from distill.tracking.progress import announce
from distill.training.loop import build_trainer
from distill.training.phases import prepare

PROBE_CONTEXT_STEPS = 3
TIMING_TRIES = 3  # timings of an epoch at most, while other processes keep the machine busy


def epoch_seconds(config: ValidConfig, device: torch.device) -> tuple[float, float]:
    """Seconds of one table epoch and of one context epoch of ``config`` here (0 without context distillation),
    timed on one epoch and :data:`PROBE_CONTEXT_STEPS` steps."""
    probe = dataclasses.replace(config, epochs=1, whole_word_epochs=0, context_epochs=min(config.context_epochs, 1),
                                context_steps_per_epoch=PROBE_CONTEXT_STEPS, eval_every=10**6)
    trainer = build_trainer(probe, *prepare(probe), device)
    seconds = [trainer.train_epoch(epoch)["epoch_seconds"] for epoch in range(1, trainer.total_epochs + 1)]
    per_context_epoch = seconds[1] / PROBE_CONTEXT_STEPS * config.context_steps_per_epoch if len(seconds) > 1 else 0.0
    return seconds[0], per_context_epoch


def epoch_seconds_alone(config: ValidConfig, device: torch.device, *, tries: int = TIMING_TRIES,
                        quiet: bool = False) -> tuple[tuple[float, float], OtherWork]:
    """:func:`epoch_seconds`, timed again while other processes keep the machine busy (:class:`OtherWork`), at most
    ``tries`` times: the first timing with the machine to itself, else the fastest, and what other processes took
    while it was timed. A few seconds of other work beside a probe of one epoch slow it by a third, and every epoch
    sized from it is lost to the run (docs/defaults.md, "BytesCNN's study")."""
    timings: list[tuple[tuple[float, float], OtherWork]] = []
    for attempt in range(1, tries + 1):
        with other_work() as others:
            times = epoch_seconds(config, device)
        if not others.busy:
            return times, others
        timings.append((times, others))
        if attempt < tries:
            announce(f"{others.describe('an epoch was timed')}: timing it again ({attempt + 1} of {tries})",
                     quiet=quiet)
    return min(timings, key=lambda timing: sum(timing[0]))


def scaled_to_seconds(config: ValidConfig, seconds: float, epoch_times: tuple[float, float], *,
                      stretch: bool = False) -> ValidConfig:
    """``config`` with its table and context epochs scaled down by one share so that their training fits
    ``seconds`` (at least one table epoch), given the seconds of a table and of a context epoch here
    (:func:`epoch_seconds_alone`); unchanged where it fits already, unless ``stretch``: then a recipe that would end
    early is scaled up by one share to fill ``seconds`` (a curve of fidelity against training time)."""
    table_epoch, context_epoch = epoch_times
    whole = config.epochs * table_epoch + config.context_epochs * context_epoch
    share = seconds / whole if whole else 1.0
    if not stretch:
        share = min(1.0, share)
    return dataclasses.replace(config, epochs=max(1, int(config.epochs * share)),
                               context_epochs=int(config.context_epochs * share))
