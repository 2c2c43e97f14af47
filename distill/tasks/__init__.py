"""The evaluation tasks: what a model is asked on its samples and how its answers are scored, by name.

* ``mlm`` and ``nsp``: the paper's (§3, Table 2; :mod:`distill.tasks.paper`);
* ``fidelity``: how closely a swapped model follows the untouched one (:mod:`distill.tasks.fidelity`).

Every task is a :class:`~distill.tasks.base.Task`; a new one is a module and one entry of :data:`TASKS`.
"""

from __future__ import annotations

from collections.abc import Sequence

from transformers import PreTrainedModel

from distill.errors import DistillError
from distill.tasks.base import Task
from distill.tasks.fidelity import Fidelity
from distill.tasks.paper import MaskedLanguageModeling, NextSentencePrediction

TASKS: dict[str, Task] = {task.name: task for task in (MaskedLanguageModeling(), NextSentencePrediction(), Fidelity())}


def supported_tasks(model: PreTrainedModel) -> list[str]:
    return [name for name, task in TASKS.items() if task.supports(model)]


def check_task_names(names: Sequence[str]) -> None:
    """Each name is a task of :data:`TASKS`."""
    for name in names:
        if name not in TASKS:
            raise DistillError(f"unknown task {name!r}; valid tasks: {', '.join(TASKS)}")


def resolve_tasks(names: Sequence[str] | None, model: PreTrainedModel) -> list[Task]:
    """The named tasks (default: every task ``model`` supports); unknown or unsupported names are refused."""
    supported = supported_tasks(model)
    if names is None:
        return [TASKS[name] for name in supported]
    check_task_names(names)
    for name in names:
        if name not in supported:
            raise DistillError(
                f"{type(model).__name__} has no {name} head; tasks it supports: {', '.join(supported)}"
            )
    return [TASKS[name] for name in dict.fromkeys(names)]
