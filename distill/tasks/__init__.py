"""The evaluation tasks: what a model is asked on its samples and how its answers are scored, by name.

* ``mlm`` and ``nsp``: the paper's (§3, Table 2; :mod:`distill.tasks.paper`), and ``mlm-meant`` beside them
  (masked whole words scored as the words meant, for reading noisy text; run only when named);
* ``fidelity``: how closely a swapped model follows the untouched one (:mod:`distill.tasks.fidelity`).

Every task is a :class:`~distill.tasks.base.Task`; a new one is a module and one entry of :data:`TASKS`.
"""

from __future__ import annotations

from collections.abc import Sequence

from transformers import PreTrainedModel

from distill.errors import DistillError
from distill.tasks.base import Task
from distill.tasks.fidelity import Fidelity
from distill.tasks.paper import MaskedLanguageModeling, MeantWordsLanguageModeling, NextSentencePrediction

TASKS: dict[str, Task] = {task.name: task for task in (
    MaskedLanguageModeling(), NextSentencePrediction(), Fidelity(), MeantWordsLanguageModeling())}


def supported_tasks(model: PreTrainedModel) -> list[str]:
    return [name for name, task in TASKS.items() if task.supports(model)]


def check_task_names(names: Sequence[str]) -> None:
    """Each name is a task of :data:`TASKS`."""
    for name in names:
        if name not in TASKS:
            raise DistillError(f"unknown task {name!r}; valid tasks: {', '.join(TASKS)}")


def resolve_tasks(names: Sequence[str] | None, model: PreTrainedModel) -> list[Task]:
    """The named tasks (default: every task ``model`` supports that runs by default, ``Task.by_default``); unknown
    or unsupported names are refused."""
    supported = supported_tasks(model)
    if names is None:
        return [TASKS[name] for name in supported if TASKS[name].by_default]
    check_task_names(names)
    for name in names:
        if name not in supported:
            raise DistillError(
                f"{type(model).__name__} has no {name} head; tasks it supports: {', '.join(supported)}"
            )
    return [TASKS[name] for name in dict.fromkeys(names)]
