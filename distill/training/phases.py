"""A run's phases, built before its first epoch: the names resolved, the rows split, the objectives made.

:func:`prepare` resolves every name of the configuration before anything is written (bad input fails here);
:func:`build_setup` splits the teacher's rows and puts what every objective shares on the device;
:func:`build_phases` makes the registered objectives (:mod:`distill.objectives.registry`) whose epochs are
not 0, in their order.
"""

from __future__ import annotations

import dataclasses

import torch
from torch import Tensor

from distill.config.bounds import check_layers, check_length, model_limits, planned_student
from distill.config.training import TrainConfig, ValidConfig
from distill.devices import native_bf16
from distill.errors import DistillError
from distill.objectives.base import Objective, Setup
from distill.objectives.registry import phase_builders
from distill.objectives.sources import PhaseSources
from distill.swap.surgery import SPECIAL_ROWS_KEY
from losses import AlignmentLoss, build_loss
from students import StudentEncoder, build_student
from teachers import TeacherTable, load_teacher


def split_rows(num_rows: int, holdout: float, seed: int, sample: int = 0,
               among: Tensor | None = None) -> tuple[Tensor, Tensor]:
    """Seeded split of row indices into (training rows, held-out rows).

    With ``sample`` > 0 only that many rows, drawn at random, take part at all; with
    ``among``, only those rows (the others are neither trained nor held out).
    """
    order = torch.randperm(num_rows, generator=torch.Generator().manual_seed(seed))
    if among is not None:
        allowed = torch.zeros(num_rows, dtype=torch.bool)
        allowed[among] = True
        order = order[allowed[order]]
    if sample:
        order = order[:sample]
    num_holdout = round(holdout * len(order))
    return order[num_holdout:].sort().values, order[:num_holdout].sort().values


def build_setup(config: TrainConfig, teacher: TeacherTable, student: StudentEncoder, loss: AlignmentLoss,
                device: torch.device) -> Setup:
    """Rows, encodings and student on ``device``, shared by every objective of the run."""
    if config.bf16 is None:  # the defaults table's "native": decided here, on the run's device
        config = ValidConfig(dataclasses.replace(config, bf16=native_bf16(device)))
    student = student.to(device)
    # Surgery reads this to keep the model's rows for the special tokens (distill.swap.surgery).
    student.provenance = {**student.provenance, SPECIAL_ROWS_KEY: config.keep_special_rows}
    if loss.direction_only:
        # Paper §2.2: a norm-free loss leaves lengths untrained; predict at the mean teacher norm.
        student.rescale_norm = teacher.norm_mean
    learnable = (~teacher.is_special).nonzero().squeeze(1) if config.keep_special_rows else None
    train_rows, holdout_rows = split_rows(len(teacher.tokens), config.holdout, config.seed, config.vocab_sample,
                                          among=learnable)
    if not len(train_rows):
        raise DistillError("no teacher row is left to train on; lower holdout or raise vocab_sample")
    return Setup(config, teacher, student, device, train_rows.to(device), holdout_rows.to(device),
                 student.encode(teacher.tokens).to(device))


def build_phases(setup: Setup, loss: AlignmentLoss) -> list[tuple[Objective, int]]:
    """The run's phases in order, each with its number of epochs (a phase with no epochs is left out)."""
    sources = PhaseSources(setup, loss)
    return [(build(sources), epochs) for build, epochs in phase_builders(lambda name: getattr(setup.config, name))]


def prepare(
    config: TrainConfig, teacher: TeacherTable | None = None
) -> tuple[TeacherTable, StudentEncoder, AlignmentLoss]:
    """Resolve every name in the config before anything is written (bad input fails here).

    ``teacher``, when given, stands for ``config.teacher`` (the bench loads one for all its runs).
    """
    loss = build_loss(config.loss_name, **config.loss_options)
    planned_student(config.student, 8, config.student_options)  # validates name and options early
    teacher = teacher if teacher is not None else load_teacher(config.teacher)
    planned_student(config.student, teacher.dim, config.student_options)
    if config.context_epochs:
        limits = model_limits(teacher.model_path)
        check_layers(config.context_layers, limits, "context_layers")
        check_length(config.context_max_length, limits, "context_max_length")
    torch.manual_seed(config.seed)
    student = build_student(config.student, teacher.dim, **config.student_options)
    return teacher, student, loss
