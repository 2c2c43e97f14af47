"""Reading a sweep file: the YAML that gives a :class:`~sweeps.spec.SweepSpec`, validated before any trial.

A sweep file is YAML with these keys (only ``space`` and ``objective`` are required)::

    description: one line shown in the MLflow UI
    sampler: grid                 # grid (GridSampler) | tpe (TPESampler), or {kind: tpe, <TPESampler options>};
                                  # default: grid when every parameter is a list, else tpe
    seed: 0                       # grid order / TPE seed
    n_trials: 20                  # searches: the budget; grids: an optional cap (default every point)
    fixed: {epochs: 5, ...}       # distill.config.training.TrainConfig keys shared by every trial
    space:                        # TrainConfig keys, or loss_options.<name> / student_options.<name>
      loss: [mse, cosine]                         # a list: a categorical choice (the only kind a grid takes)
      lr: {low: 1e-4, high: 1e-2, log: true}      # a range: float, or int for integer keys / type: int
      batch_size: {low: 32, high: 256, step: 32}
    objective: {metric: recall_at_1, direction: maximize}
    pruner: {kind: median, n_warmup_steps: 1}     # none | median | median-by-share | hyperband, + its options;
                                  # median-by-share: trials of different epochs (time_per_trial) compared at the
                                  # same share of their training (sweeps.pruning)
    points:                       # trials run once each, first (Optuna's enqueue_trial): beside a grid, or a search's
      - {student: ngrams, loss: mse}              # known recipe before it draws its own; a value for every space
      - {student: retvec, loss: cosine, epochs: 40}   # key (in a search, one it could draw), TrainConfig keys too
                                  # appended later, they resume the study (values it had)
    evaluation:                   # surgery + evaluation of every trial's student: the keys of
      model: bert-base-uncased    # distill.evaluation.EvaluationSettings (distill evaluate's flags);
      tasks: [mlm, nsp]           # model: default the trials' teacher; tasks: required
      datasets: [wikitext, imdb]
      seeds: 5
    heartbeat: {interval: 15, grace_period: 60}   # seconds; a RUNNING trial silent for grace_period is lost
    time_per_trial: 15m           # each trial's table and context epochs scaled down to train within this time on
                                  # the study's first machine (distill.training.budget; another machine's pace:
                                  # sweeps.pace); set-up and evaluation come on top
    fill_time: true               # with time_per_trial: a trial whose epochs would end sooner is stretched to fill
                                  # it too (distill bench --sizes --fill-budget), so that trials of fast and slow
                                  # settings compare at one cost
    published: paper              # distill sweep --results sets that study's published tables beside this one's

The objective is an alignment metric of the last epoch (``recall_at_1``, ``mean_cosine``,
``rel_norm_error``, ``loss``, and their ``holdout_`` variants) or, with an ``evaluation``
section, an evaluation metric after surgery (``mlm_accuracy``, ``nsp_accuracy``,
``token_cosine``, ``sentence_cosine``, ``similarity_spearman``), averaged over datasets
and seeds. The pruner reads ``pruner.metric`` (default: the objective's metric) after
every epoch that computes it.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import optuna

from distill.config.common import settings_from_mapping
from distill.config.training import OPTION_GROUPS, TrainConfig, coerce_number
from distill.data import check_corpus_name
from distill.errors import DistillError, first_line
from distill.evaluation.settings import EvaluationSettings
from distill.files.userfiles import MAX_SETTINGS_BYTES, read_text, yaml_mapping
from sweeps.options import check_factory_options, parse_duration, shipped_configs
from sweeps.space import Choice, Parameter, Range, check_keys, integer, kind_and_options, mapping, parse_space
from sweeps.spec import (
    ALIGNMENT_METRICS,
    DIRECTIONS,
    GRID,
    PRUNERS,
    SAMPLERS,
    Heartbeat,
    Objective,
    Point,
    PrunerSpec,
    SamplerSpec,
    SweepSpec,
    after_surgery,
    evaluation_metrics,
    experimental_api,
    probe_points,
    trial_config,
)

TOP_LEVEL_KEYS = ("description", "sampler", "seed", "n_trials", "fixed", "space", "points", "objective", "pruner",
                  "evaluation", "heartbeat", "published", "time_per_trial", "fill_time")


def resolve_config_path(name_or_path: str) -> Path:
    """A sweep file path, or the name of a shipped one (``quick``, ``quick.yaml``, ``sweeps/quick.yaml``)."""
    path = Path(name_or_path)
    if path.is_file():
        return path
    shipped = resources.files("sweeps") / (path.name if path.suffix == ".yaml" else f"{path.name}.yaml")
    if shipped.is_file():
        return Path(str(shipped))
    raise DistillError(f"sweep file {name_or_path} not found; shipped sweeps: {', '.join(shipped_configs())}")


def load_spec(name_or_path: str) -> SweepSpec:
    """Read and validate a sweep file; every mistake is a one-line ``DistillError``."""
    path = resolve_config_path(name_or_path)
    text = read_text(path, "sweep file", MAX_SETTINGS_BYTES)  # its errors name the file already
    try:
        return parse_spec(yaml_mapping(text, str(path)), name=path.stem, source=str(path), text=text)
    except DistillError as error:
        if str(error).startswith(str(path)):
            raise
        raise DistillError(f"{path}: {error}") from None


def parse_spec(data: Mapping[str, Any], *, name: str, source: str, text: str = "") -> SweepSpec:
    check_keys(data, TOP_LEVEL_KEYS, source)
    for required in ("space", "objective"):
        if required not in data:
            raise DistillError(f"{source}: missing key {required!r}")
    fixed = mapping(data.get("fixed"), f"{source}: fixed")
    for group in OPTION_GROUPS:
        if group in fixed:
            fixed[group] = mapping(fixed[group], f"{source}: fixed.{group}")
    space = parse_space(mapping(data["space"], f"{source}: space"), fixed, source)
    all_lists = all(isinstance(parameter, Choice) for parameter in space)
    sampler = _parse_sampler(data.get("sampler", GRID if all_lists else "tpe"), space, source)
    evaluation = (_parse_evaluation(data["evaluation"], fixed, space, source)
                  if data.get("evaluation") is not None else None)
    objective = _parse_objective(data["objective"], evaluation, fixed, source)
    n_trials = None if data.get("n_trials") is None else integer(data["n_trials"], f"{source}: n_trials")
    if sampler.kind != GRID and n_trials is None:
        raise DistillError(f"{source}: a tpe search needs n_trials (in the file or --n-trials)")
    spec = SweepSpec(
        name=name, source=source, text=text, description=str(data.get("description") or ""),
        sampler=sampler, seed=integer(data.get("seed", 0), f"{source}: seed", minimum=0, maximum=2**32 - 1),
        n_trials=n_trials, fixed=fixed, space=space, objective=objective,
        pruner=_parse_pruner(data.get("pruner", "none"), objective, source),
        evaluation=evaluation, heartbeat=_parse_heartbeat(data.get("heartbeat") or {}, source),
        points=_parse_points(data.get("points"), space, sampler, source),
        published=_parse_published(data.get("published"), source),
        seconds_per_trial=(None if data.get("time_per_trial") is None
                           else parse_duration(str(data["time_per_trial"]), f"{source}: time_per_trial")),
        fill_time=_parse_fill_time(data, source),
    )
    _check_trials(spec)
    return spec


def _parse_fill_time(data: Mapping[str, Any], source: str) -> bool:
    """``fill_time``: a boolean, and only beside the ``time_per_trial`` it fills."""
    fill = data.get("fill_time", False)
    if not isinstance(fill, bool):
        raise DistillError(f"{source}: fill_time must be true or false, got {fill!r}")
    if fill and data.get("time_per_trial") is None:
        raise DistillError(f"{source}: fill_time needs a time_per_trial to fill")
    return fill


def _construct(factory: Any, options: Mapping[str, Any], where: str) -> Any:
    """Build ``factory(**options)`` once, so that bad option names or values are refused now."""
    check_factory_options(options, where)
    try:
        inspect.signature(factory).bind(**options)
        with experimental_api():
            return factory(**options)
    except (TypeError, ValueError) as error:
        raise DistillError(f"{where}: {error}") from None


def _parse_sampler(raw: Any, space: tuple[Parameter, ...], source: str) -> SamplerSpec:
    where = f"{source}: sampler"
    kind, options = kind_and_options(raw, where, SAMPLERS)
    if "seed" in options:
        raise DistillError(f"{where}: set the seed with the top-level 'seed' key")
    if kind == GRID:
        if options:
            raise DistillError(f"{where}: grid takes no options, got {', '.join(options)}")
        ranges = [parameter.name for parameter in space if isinstance(parameter, Range)]
        if ranges:
            raise DistillError(f"{where}: a grid needs lists of values; {', '.join(ranges)} is a range (use tpe)")
    else:
        _construct(optuna.samplers.TPESampler, options, where)
    return SamplerSpec(kind, options)


def _parse_objective(raw: Any, evaluation: EvaluationSettings | None, fixed: Mapping[str, Any],
                     source: str) -> Objective:
    where = f"{source}: objective"
    raw = {"metric": raw} if isinstance(raw, str) else mapping(raw, where)
    check_keys(raw, ("metric", "direction"), where)
    metric = raw.get("metric")
    produced = evaluation_metrics()
    if not isinstance(metric, str) or (metric not in ALIGNMENT_METRICS and metric not in produced):
        raise DistillError(
            f"{where}: unknown metric {metric!r}; alignment metrics: {', '.join(ALIGNMENT_METRICS)}; "
            f"evaluation metrics (need an evaluation section): {', '.join(produced)}"
        )
    if metric in produced:
        if evaluation is None:
            raise DistillError(f"{where}: {metric} is measured after surgery; add an evaluation section")
        if produced[metric] not in (evaluation.tasks or ()):
            raise DistillError(f"{where}: {metric} comes from the {produced[metric]} task; add it to evaluation.tasks")
    if metric.startswith("holdout_") and not coerce_number(fixed.get("holdout", 0)):
        raise DistillError(f"{where}: {metric} needs fixed.holdout > 0")
    direction = raw.get("direction", ALIGNMENT_METRICS.get(metric, "maximize"))
    if direction not in DIRECTIONS:
        raise DistillError(f"{where}: direction must be one of {', '.join(DIRECTIONS)}, got {direction!r}")
    return Objective(metric, direction)


def _parse_pruner(raw: Any, objective: Objective, source: str) -> PrunerSpec:
    where = f"{source}: pruner"
    kind, options = kind_and_options(raw, where, PRUNERS)
    metric = options.pop("metric", None if after_surgery(objective.metric) else objective.metric)
    if kind != "none":
        if metric is None:
            raise DistillError(f"{where}: the objective {objective.metric} is known only after training; "
                               f"set pruner.metric to an alignment metric ({', '.join(ALIGNMENT_METRICS)})")
        if not isinstance(metric, str) or metric not in ALIGNMENT_METRICS:
            raise DistillError(f"{where}: metric must be one of {', '.join(ALIGNMENT_METRICS)}, got {metric!r}")
        if ALIGNMENT_METRICS[metric] != objective.direction:
            raise DistillError(f"{where}: {metric} is to {ALIGNMENT_METRICS[metric]}, "
                               f"the objective to {objective.direction}; pruning needs one direction")
    _construct(PRUNERS[kind], options, where)
    return PrunerSpec(kind, metric, options)


def _parse_evaluation(raw: Any, fixed: Mapping[str, Any], space: tuple[Parameter, ...],
                      source: str) -> EvaluationSettings:
    """The ``evaluation:`` block: :class:`~distill.evaluation.settings.EvaluationSettings`' keys, checked as
    ``distill evaluate``'s flags are. A sweep lists its tasks (its objective may need one), and its model is
    the trials' teacher unless named."""
    where = f"{source}: evaluation"
    raw = mapping(raw, where)
    if raw.get("tasks") is None:
        from distill.evaluation import TASKS  # imports transformers: only when a sweep is read

        raise DistillError(f"{where}: list the tasks to run ({', '.join(TASKS)})")
    if "model" not in raw and any(parameter.name == "teacher" for parameter in space):
        # Tables 2/3 compare every student with one baseline: the teacher cannot vary under it.
        raise DistillError(f"{source}: a sweep that searches 'teacher' must name evaluation.model, "
                           "the one model every student is swapped into and compared with")
    settings = settings_from_mapping(EvaluationSettings, {"model": fixed.get("teacher", TrainConfig.teacher), **raw},
                                     where)
    _check_named(settings.model, settings.datasets, where)
    return settings


def _parse_points(raw: Any, space: tuple[Parameter, ...], sampler: SamplerSpec, source: str) -> tuple[Point, ...]:
    """The ``points:`` list, each a mapping with a value for every space key and, on top of ``fixed``, training
    settings of its own (checked with the other trials, :func:`_check_trials`): a grid's trials beside it, or
    trials a search runs before it draws its own (a known recipe, which the sampler then learns from), their values
    within its space."""
    if raw is None:
        return ()
    where = f"{source}: points"
    if not isinstance(raw, list) or not raw:
        raise DistillError(f"{where} must be a non-empty list of mappings")
    names = [parameter.name for parameter in space]
    points = []
    for index, item in enumerate(raw):
        values = mapping(item, f"{where}[{index}]")
        missing = [name for name in names if name not in values]
        if missing:
            raise DistillError(f"{where}[{index}]: give a value for every space key; missing {', '.join(missing)}")
        for parameter in space:
            value = values[parameter.name]
            _grid_value(value, f"{where}[{index}].{parameter.name}")
            if sampler.kind != GRID and not parameter.contains(value):
                raise DistillError(f"{where}[{index}].{parameter.name}: {value!r} is outside the search's space "
                                   f"({parameter.describe()}); a search's points are trials it could draw")
        point = Point({name: values[name] for name in names},
                      {key: value for key, value in values.items() if key not in names})
        if point in points:
            raise DistillError(f"{where}[{index}] repeats an earlier point")
        points.append(point)
    return tuple(points)


def _parse_published(raw: Any, source: str) -> str | None:
    from sweeps.published import PUBLISHED

    if raw is not None and raw not in PUBLISHED:
        raise DistillError(f"{source}: published must be one of {', '.join(PUBLISHED)}, got {raw!r}")
    return raw


def _grid_value(value: Any, where: str) -> None:
    """A value Optuna's storage keeps as a categorical choice: a string, a number, a boolean or null."""
    if value is not None and not isinstance(value, (str, int, float, bool)):
        raise DistillError(f"{where} must be a string, a number, true/false or null, got {type(value).__name__}")


def _parse_heartbeat(raw: Any, source: str) -> Heartbeat:
    where = f"{source}: heartbeat"
    raw = mapping(raw, where)
    check_keys(raw, ("interval", "grace_period"), where)
    interval = integer(raw.get("interval", Heartbeat.interval), f"{where}.interval")
    grace = integer(raw.get("grace_period", max(Heartbeat.grace_period, 2 * interval)), f"{where}.grace_period")
    if grace <= interval:
        raise DistillError(f"{where}: grace_period ({grace}) must exceed interval ({interval})")
    return Heartbeat(interval, grace)


def _check_named(model: str, corpora: Sequence[str], where: str) -> None:
    """What a trial or the evaluation names outside the file, checked without loading it: the model (or teacher)
    and the corpora (``distill.cli.preflight``'s checks of a command's flags)."""
    from teachers import check_model_reference

    try:
        check_model_reference(model)
    except Exception as error:  # the teachers' own error type
        raise DistillError(f"{where}: {first_line(error)}") from None
    for corpus in corpora:
        check_corpus_name(corpus)


def _check_trials(spec: SweepSpec) -> None:
    """Check what every probe point names (teacher, corpus), and build its loss and student (on the meta device:
    no memory)."""
    import torch

    from losses import build_loss
    from students import build_student

    checked: set[str] = set()
    probes = [(spec.fixed, params, spec.source) for params in probe_points(spec)]
    probes += [({**spec.fixed, **point.settings}, point.params, f"{spec.source}: points[{index}]")
               for index, point in enumerate(spec.points)]
    for fixed, params, source in probes:
        config = trial_config(fixed, params, source)
        where = f"{spec.source}: trial " + ", ".join(f"{key}={value}" for key, value in params.items())
        _check_named(config.teacher, [config.corpus], where)
        key = json.dumps([config.loss, config.loss_options, config.student, config.student_options],
                         sort_keys=True, default=str)
        if key in checked:
            continue
        checked.add(key)
        try:
            build_loss(config.loss_name, **config.loss_options)
            with torch.device("meta"):
                build_student(config.student, 8, **config.student_options)
        except Exception as error:  # a student's own checks may raise anything; each is one line here
            raise DistillError(f"{where}: {first_line(error)}") from None
