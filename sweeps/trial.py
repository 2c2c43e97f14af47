"""One trial: draw its parameters, train a student (pruned from the per-epoch metric), evaluate it after surgery.

The trial's training run nests under the sweep's parent run. Its outcome goes both ways:
the Optuna trial gets its :class:`~sweeps.trial_record.TrialRecord` (the training configuration, the MLflow run
id, the last epoch's alignment metrics, the evaluation scores and any error); the MLflow run gets the
trial's final state as a tag and, for a failed trial, the status FAILED with the error.
"""

from __future__ import annotations

import math
from typing import Any

import optuna
import torch
from mlflow import MlflowClient

from distill.bench.machine import running_commit
from distill.devices import resolve_device
from distill.errors import DistillError, is_user_error
from distill.tracking.progress import announce
from distill.training import Trainer, TrainerCallback, train
from distill.training.budget import epoch_seconds_alone, scaled_to_seconds
from sweeps.accounting import frozen, is_grid_duplicate, requeue, worker_name
from sweeps.evaluation import TrialEvaluator, log_trial_scores, objective_value
from sweeps.options import duration_text
from sweeps.pace import Pace, measure_pace
from sweeps.runs import TRIAL_STATE_TAG, mark_trial_run, trial_run_name
from sweeps.space import Choice, Parameter
from sweeps.spec import ALIGNMENT_METRICS, GRID, SweepSpec, after_surgery, trial_config
from sweeps.trial_record import TrialRecord


class TrialObjective:
    """The function a worker's ``study.optimize`` calls for each trial."""

    def __init__(self, spec: SweepSpec, *, parent_run_id: str, tracking_uri: str, quiet: bool,
                 evaluator: TrialEvaluator | None) -> None:
        self.spec, self.parent_run_id, self.tracking_uri, self.quiet = spec, parent_run_id, tracking_uri, quiet
        self.evaluator = evaluator
        self.pace: Pace | None = None  # timed before this worker's first timed trial

    def __call__(self, trial: optuna.Trial) -> float:
        if self.spec.sampler.kind == GRID and is_grid_duplicate(trial.study, trial.number):
            TrialRecord(surplus=True).save(trial)
            raise optuna.TrialPruned("its grid point is already taken by an earlier trial; nothing to run")
        params = {parameter.name: draw(parameter, self.spec, trial) for parameter in self.spec.space}
        record = TrialRecord(worker=worker_name(), commit=running_commit(),
                             settings=TrialRecord.from_trial(trial).settings)
        record.save(trial)
        try:
            return self._run(trial, params, record)
        except optuna.TrialPruned as pruned:
            mark_trial_run(self.parent_run_id, trial, "PRUNED", str(pruned))
            raise
        except KeyboardInterrupt:
            requeue(trial.study, frozen(trial.study, trial.number), max_retry=None)
            mark_trial_run(self.parent_run_id, trial, "FAIL", "interrupted; the trial was queued again")
            raise
        except Exception as error:
            message = str(error) if is_user_error(error) else f"{type(error).__name__}: {error}"
            record.error = message
            record.save(trial, "error")
            mark_trial_run(self.parent_run_id, trial, "FAIL", message)
            raise

    def _run(self, trial: optuna.Trial, params: dict, record: TrialRecord) -> float:
        name = trial_run_name(trial)
        callbacks = self._pruning(trial)
        spec, objective, evaluator = self.spec, self.spec.objective, self.evaluator
        config = trial_config({**spec.fixed, **record.settings}, params, spec.source, run_name=name)
        if spec.seconds_per_trial is not None:
            announce(f"trial {name}: timing an epoch to {'fill' if spec.fill_time else 'fit'} "
                     f"{duration_text(spec.seconds_per_trial)} of training", quiet=self.quiet)
            device = resolve_device(config.device)
            pace = self._pace(trial.study, device)
            epoch_times, others = epoch_seconds_alone(config, device, quiet=self.quiet)
            config = scaled_to_seconds(config, spec.seconds_per_trial, pace.on_first_machine(epoch_times),
                                       stretch=spec.fill_time)
            record.pace = {"table": pace.table, "context": pace.context}
            record.timing = {"table_seconds": epoch_times[0], "context_seconds": epoch_times[1], **others.as_record()}
            announce(f"trial {name}: {epoch_times[0]:.1f} s a table epoch, {epoch_times[1]:.1f} s a context epoch "
                     f"here ({others.describe('they were timed')}), at pace {pace.describe()} of the study's first "
                     f"machine: {config.epochs} and {config.context_epochs} fit", quiet=self.quiet)
        record.config = {key: value for key, value in config.to_dict().items() if key != "run_name"}
        record.save(trial, "config", "pace", "timing")
        announce(f"trial {name}: training", quiet=self.quiet)
        result = train(config, tracking_uri=self.tracking_uri, quiet=self.quiet, parent_run_id=self.parent_run_id,
                       callbacks=callbacks, experiment="sweep")
        record.run_id = result.run_id
        record.save(trial, "run_id")
        measured_after_surgery = after_surgery(objective.metric)
        if not measured_after_surgery and objective.metric not in result.metrics:
            raise DistillError(f"objective {objective.metric} was not logged: no phase of this trial computes it")
        value = None if measured_after_surgery else result.metrics[objective.metric]
        if evaluator is not None:
            announce(f"trial {name}: surgery into {evaluator.settings.model} and evaluation", quiet=self.quiet)
            record.scores = evaluator.score(result.student, resolve_device(config.device))
            log_trial_scores(result.run_id, record.scores, evaluator.settings, config.loss_name)
            if measured_after_surgery:
                value = objective_value(record.scores, objective.metric)
        record.metrics = {name: result.metrics[name] for name in ALIGNMENT_METRICS if name in result.metrics}
        record.save(trial, "scores", "metrics")
        assert value is not None, "an objective measured after surgery has an evaluator (the spec's evaluation)"
        if not math.isfinite(value):  # Optuna would fail the trial; fail it here, with its reason on record
            raise DistillError(f"objective {objective.metric} is {value}")
        client = MlflowClient()
        client.log_metric(result.run_id, f"objective/{objective.metric}", value)
        client.set_tag(result.run_id, TRIAL_STATE_TAG, "COMPLETE")
        return value

    def _pace(self, study: optuna.Study, device: torch.device) -> Pace:
        """This worker's pace against the study's first machine (:mod:`sweeps.pace`), timed once."""
        if self.pace is None:
            announce("timing the study's reference recipe on this machine", quiet=self.quiet)
            self.pace, others = measure_pace(study, self.spec, device, quiet=self.quiet)
            announce(f"this machine's pace against the study's first machine: {self.pace.describe()} (each trial "
                     f"gets the epochs that {duration_text(self.spec.seconds_per_trial or 0)} buy there; "
                     f"{others.describe('it was timed')})", quiet=self.quiet)
        return self.pace

    def _pruning(self, trial: optuna.Trial) -> list[TrainerCallback]:
        """The pruning callback, where the sweep has a pruner."""
        metric = self.spec.pruner.metric
        return [] if metric is None else [Pruning(trial, metric)]


def draw(parameter: Parameter, spec: SweepSpec, trial: optuna.Trial) -> Any:
    """The trial's value of ``parameter``: one of a choice's values (the grid's, or a point's beside it), or a
    number in a range, as Optuna's sampler suggests it."""
    if isinstance(parameter, Choice):
        return trial.suggest_categorical(parameter.name, axis(parameter, spec))
    if parameter.integer:
        return trial.suggest_int(parameter.name, int(parameter.low), int(parameter.high),
                                 step=int(parameter.step or 1), log=parameter.log)
    return trial.suggest_float(parameter.name, parameter.low, parameter.high, step=parameter.step, log=parameter.log)


def axis(parameter: Choice, spec: SweepSpec) -> list[Any]:
    """The values ``parameter`` takes in some trial: its grid values, then those only the spec's points give it."""
    extra = [point.params[parameter.name] for point in spec.points]
    return list(dict.fromkeys([*parameter.values, *extra]))


class Pruning(TrainerCallback):
    """Reports ``metric`` to Optuna after each epoch that computes it; ends the trial if Optuna prunes it."""

    def __init__(self, trial: optuna.Trial, metric: str) -> None:
        self.trial, self.metric = trial, metric

    def on_epoch_end(self, trainer: Trainer, epoch: int, metrics: dict[str, float]) -> bool:
        if self.metric in metrics:
            self.trial.report(metrics[self.metric], epoch)
            if self.trial.should_prune():
                raise optuna.TrialPruned(f"pruned after epoch {epoch}: {self.metric} {metrics[self.metric]:.4g}")
        return False
