"""Time to fidelity: training seconds until the swapped model follows the untouched one.

Each *contender* is a training configuration of the default student on the embedded
teacher. It trains with the run's own loop (:meth:`distill.training.Trainer.fit`) and a
:class:`FidelityClock` callback until its epochs are done or its training time passes the
budget; the clock adds up the epochs' training seconds only (the table evaluation at a
phase's end is off it too). At the first epoch end after every :data:`JUDGE_EVERY` training seconds, and after
the last epoch, off the clock, the student is swapped live into the
model (:class:`distill.swap.surgery.StudentEmbedding`) and scored with the evaluation's
fidelity task (:mod:`distill.tasks`) on the *held-out documents* of every judged
domain (general English and the Python documentation by default) over several seeds, on the
vocabulary-free path (each word at the positions the tokenizer's word segmenter gives it, as the export
does) and on the WordPiece path.
Contenders train every row of the table, as ``distill train`` does: a row held out of training
sits at its own position on the segmented vocabulary-free path, so holding rows out would cap
the fidelity the bench reports below what users get. What an unseen row gets (the cosine of
rows never trained, issue #10's figure) is measured by its own contender, ``unseen-rows``, the
table contender with :data:`HOLDOUT` of the rows held out.
The headline figure of a judgement is the vocabulary-free path on the *worst* domain, so that
training on one domain cannot buy fidelity; a target is reported at the first judgement that
finds it met there.

A contender's schedule is sized for its budget in epochs (warm-up and cosine decay end
with its last epoch), so each budget trains its own run; the seconds an epoch of each phase takes on the
machine are measured first (:func:`measure_epoch_seconds`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import torch
import torch.nn.functional as F

from distill.bench.quality import new_trainer
from distill.bench.report import Row
from distill.config.bounds import fitted_length, model_limits
from distill.config.training import TrainConfig
from distill.data import Corpus
from distill.evaluation import BASELINE, prepare_evaluation
from distill.evaluation.scoring import Variant
from distill.files.markdown import markdown_table
from distill.swap.segmentation import segmenter_for
from distill.swap.surgery import StudentEmbedding, input_embeddings
from distill.swap.vocabulary_free import VocabularyFreePath
from distill.training import Trainer, TrainerCallback
from students import StudentEncoder
from teachers import TeacherTable

TARGETS = {"sentence_cosine": (0.90, 0.95, 0.98), "similarity_spearman": (0.90, 0.95, 0.97)}
HOLDOUT = 0.05  # rows the unseen-rows contender never trains, for the unseen-row cosine
JUDGE_EVERY = 45.0  # training seconds between judgements (and after the last epoch)


@dataclass(frozen=True)
class Contender:
    """A named training configuration: TrainConfig fields on top of the defaults; ``holdout`` is the share of
    the table's rows it never trains (their cosine is the unseen-row figure)."""

    name: str
    description: str
    settings: dict[str, Any]
    holdout: float = 0.0

    def config(self, teacher: str, device: str, corpus: str, quick: bool = False) -> TrainConfig:
        """The contender's config; ``quick`` shrinks it to a smoke run of seconds (256 rows and words, 2 context
        steps)."""
        smoke = ({"vocab_sample": 256, "whole_word_count": 256, "context_steps_per_epoch": 2,
                  "context_max_length": 16} if quick else {})
        values = {"teacher": teacher, "device": device, "corpus": corpus, "holdout": self.holdout,
                  "eval_every": 10**6, **self.settings, **smoke}
        return TrainConfig(**values).validate()


@dataclass(frozen=True)
class EpochSeconds:
    """Training seconds of one epoch of each phase of ``distill train``'s defaults on this machine
    (:func:`measure_epoch_seconds`): the contenders' epochs are sized with them."""

    table: float
    words: float
    context: float


class PhaseSeconds(TrainerCallback):
    """Keeps each phase's last ``epoch_seconds``."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}

    def on_epoch_end(self, trainer: Trainer, epoch: int, metrics: dict[str, float]) -> bool:
        self.seconds[trainer.phase(epoch).name] = metrics["epoch_seconds"]
        return False


def measure_epoch_seconds(teacher: TeacherTable, device: torch.device, corpus: str,
                          quick: bool = False) -> EpochSeconds:
    """Train one epoch of each phase of ``distill train``'s defaults on ``teacher`` and time it (``quick``: the
    smoke run's sizes, :meth:`Contender.config`)."""
    timing = Contender("timing", "one epoch of each phase", {"epochs": 1, "whole_word_epochs": 1, "context_epochs": 1})
    phases = PhaseSeconds()
    new_trainer(timing.config(teacher.name, device.type, corpus, quick), teacher, device).fit([phases])
    return EpochSeconds(phases.seconds["table"], phases.seconds["words"], phases.seconds["context"])


def epochs_for(seconds: float, per_epoch: float) -> int:
    return max(1, round(seconds / per_epoch))


def contenders(budget: float, per_epoch: EpochSeconds) -> list[Contender]:
    """The paper's table objective, + frequency-aware sampling, + context distillation, ``distill train``'s
    defaults ("best"), and the table objective with :data:`HOLDOUT` of the rows never trained ("unseen-rows"),
    each with a schedule sized for ``budget`` training seconds at ``per_epoch``'s seconds per epoch."""
    defaults = TrainConfig()
    table_only = {"whole_word_epochs": 0, "context_epochs": 0, "keep_special_rows": False}
    table = epochs_for(budget, per_epoch.table)
    warm = epochs_for(min(0.4 * budget, defaults.epochs * per_epoch.table), per_epoch.table)
    best_table = min(defaults.epochs, epochs_for(budget / 3, per_epoch.table))
    best_context = epochs_for(budget - best_table * per_epoch.table - defaults.whole_word_epochs * per_epoch.words,
                              per_epoch.context)
    return [
        Contender("table", "the paper's table objective (cosine loss) with the fast recipe, rows uniform",
                  {**table_only, "epochs": table}),
        Contender("table+frequency", "+ rows drawn ∝ (general-English frequency per million words + 1)^0.75",
                  {**table_only, "epochs": table, "frequency_exponent": 0.75}),
        Contender("table+context", "table objective, then context distillation on wiki's training documents, "
                  "pieces as the tokenizer splits them",
                  {**table_only, "epochs": warm, "context_one_position": False,
                   "context_epochs": epochs_for(budget - warm * per_epoch.table, per_epoch.context)}),
        Contender("best", "distill train's defaults: table epochs with the special rows kept, whole-word targets "
                  "for general English's most frequent split words, then context distillation at one position per "
                  "word with a joint table batch on wiki, its epochs sized to the budget",
                  {"epochs": best_table, "context_epochs": best_context}),
        Contender("unseen-rows", f"the table contender with {HOLDOUT:.0%} of the rows never trained: their cosine is "
                  "what an unseen row gets, and its fidelity what those rows cost at their own positions",
                  {**table_only, "epochs": table}, holdout=HOLDOUT),
    ]


VOCABULARY_FREE, WORDPIECE = "vocabulary-free", "wordpiece"


class FidelityJudge:
    """Scores students swapped into the teacher's model on the held-out documents of each domain, always the
    same samples, on the vocabulary-free and the WordPiece path."""

    def __init__(self, model_name: str, corpora: Sequence[str], device: torch.device, *, seeds: int = 3,
                 samples: int = 256, max_length: int | None = None, batch_size: int = 32) -> None:
        """``max_length``: tokens per sample; default 128, or the model's positions if it has fewer."""
        self.setup = prepare_evaluation(model_name, tasks=["fidelity"], datasets=corpora, samples=samples,
                                        vocabulary_free=True).to(device)
        self.segmenter = segmenter_for(self.setup.tokenizer)  # the vocabulary-free export's layout
        self.max_length = fitted_length(max_length, model_limits(self.setup.path), "max_length")
        self.seeds, self.samples, self.batch_size = range(seeds), samples, batch_size

    @property
    def corpora(self) -> list[Corpus]:
        """The held-out documents of each domain the students are judged on."""
        return self.setup.corpora

    @torch.no_grad()
    def __call__(self, student: StudentEncoder) -> dict[str, float]:
        """Mean over seeds of the fidelity metrics of ``student`` against the untouched model: ``<domain>/<metric>``
        on the vocabulary-free path, ``<domain>/<metric>/wordpiece`` on the WordPiece path, and ``<metric>``
        (``<metric>/wordpiece``) on the worst domain."""
        was_training = student.training
        student.eval()
        try:
            model = self.setup.model
            live = StudentEmbedding.from_model(model, student, self.setup.tokenizer)
            variants: dict[str, Variant] = {BASELINE: input_embeddings(model), WORDPIECE: live,
                        VOCABULARY_FREE: VocabularyFreePath(live, live, self.setup.tokenizer, self.segmenter)}
            scores = self.setup.score(variants, self.seeds, samples=self.samples, max_length=self.max_length,
                                      batch_size=self.batch_size)
        finally:
            student.train(was_training)
        result: dict[str, float] = {}
        for key, values in scores.values.items():
            if key.model != BASELINE:
                path = "" if key.model == VOCABULARY_FREE else f"/{WORDPIECE}"
                result[f"{key.dataset}/{key.metric}{path}"] = mean = sum(values) / len(values)
                worst = f"{key.metric}{path}"
                result[worst] = min(result.get(worst, mean), mean)
        return result


@dataclass
class FidelityRun:
    """Where one contender got to within one budget, and when (``points``: one per epoch)."""

    contender: Contender
    budget: float
    points: list[dict[str, float]] = field(default_factory=list)
    stopped_by: str = ""

    def seconds_to(self, metric: str, target: float) -> float | None:
        return next((point["seconds"] for point in self.points if point[metric] >= target), None)

    @property
    def last(self) -> dict[str, float]:
        return self.points[-1]


def holdout_cosine(trainer: Trainer) -> float:
    """Mean cosine of the student's vectors of the rows never trained to their teacher rows."""
    setup = trainer.setup
    rows = setup.holdout_rows
    predicted = setup.student.embed_vocabulary(setup.encoded[rows])
    return F.cosine_similarity(predicted, setup.table[rows], dim=-1).mean().item()


class FidelityClock(TrainerCallback):
    """Adds up the epochs' training seconds; at the first epoch end after every ``judge_every`` of them,
    and after the last epoch, judges the student into ``run``; stops training at ``run.budget``."""

    def __init__(self, run: FidelityRun, judge: FidelityJudge, judge_every: float, progress: bool) -> None:
        self.run, self.judge, self.judge_every, self.progress = run, judge, judge_every, progress
        self.seconds = self.judged = 0.0

    def on_epoch_end(self, trainer: Trainer, epoch: int, metrics: dict[str, float]) -> bool:
        run = self.run
        self.seconds += metrics["epoch_seconds"]
        over_budget = self.seconds >= run.budget
        if self.seconds - self.judged < self.judge_every and epoch < trainer.total_epochs and not over_budget:
            return False
        self.judged = self.seconds
        point = {"epoch": epoch, "seconds": self.seconds, **self.judge(trainer.student)}
        if len(trainer.setup.holdout_rows):
            point["holdout_cosine"] = holdout_cosine(trainer)
        run.points.append(point)
        if self.progress:
            print(f"[fidelity] {run.contender.name} ({run.budget:.0f} s) epoch {epoch} {trainer.phase(epoch).name}: "
                  f"{self.seconds:.0f} s, sentence_cosine {point['sentence_cosine']:.4f}, similarity_spearman "
                  f"{point['similarity_spearman']:.4f}, holdout_cosine {_unseen(point)}", flush=True)
        if over_budget:
            run.stopped_by = f"the {run.budget:.0f} s budget"
            return True
        if epoch == trainer.total_epochs:
            run.stopped_by = f"its {epoch} epochs ran"
        return False


def time_to_fidelity(contender: Contender, budget: float, teacher: TeacherTable, judge: FidelityJudge,
                     device: torch.device, corpus: str, progress: bool = True,
                     judge_every: float = JUDGE_EVERY, quick: bool = False) -> FidelityRun:
    """Train ``contender`` for at most ``budget`` seconds, judging the student every ``judge_every``
    training seconds (at epoch ends) and after its last epoch."""
    config = contender.config(teacher.name, device.type, corpus, quick)
    run = FidelityRun(contender, budget)
    new_trainer(config, teacher, device).fit([FidelityClock(run, judge, judge_every, progress)])
    return run


def fidelity_rows(run: FidelityRun) -> list[Row]:
    """Seconds to each target, and where the budget ended."""
    subject = f"{run.contender.name}, {run.budget / 60:.0f} min"
    rows = [
        Row("fidelity", subject, f"seconds to {metric} ≥ {target:g}", run.seconds_to(metric, target), "s",
            "" if run.seconds_to(metric, target) is not None
            else f"not reached: {run.last[metric]:.4f} after {run.last['seconds']:.0f} s")
        for metric, targets in TARGETS.items() for target in targets
    ]
    note = f"after {run.last['seconds']:.0f} s, {int(run.last['epoch'])} epochs (stopped: {run.stopped_by}); " \
           f"{run.contender.description}"
    rows += [Row("fidelity", subject, f"{metric} reached", run.last[metric], "", note)
             for metric in ("sentence_cosine", "similarity_spearman", "token_cosine")]
    if run.contender.holdout:
        rows.append(Row("fidelity", subject, "cosine of rows never trained", run.last["holdout_cosine"], "",
                        f"{run.contender.holdout:.0%} of the rows held out"))
    return rows


def render_fidelity(runs: list[FidelityRun], machine: dict[str, str], command: str, judge: FidelityJudge,
                    per_epoch: EpochSeconds) -> str:
    """The Markdown block of the time-to-fidelity section: one row per contender and budget, then every
    judgement."""
    samples = f"{len(judge.seeds)} seeds × {judge.samples} sentences, max length {judge.max_length}"
    domains = ", ".join(f"`{corpus.name}` ({len(corpus.sentences)} sentences)" for corpus in judge.corpora)
    names = [corpus.name for corpus in judge.corpora]
    targets = [(metric, target) for metric, values in TARGETS.items() for target in values]
    short = {"sentence_cosine": "cos", "similarity_spearman": "ρ"}
    lines = [f"## Time to fidelity (measured in one run: `{command}`)", "",
             f"Machine: {', '.join(f'{key} {value}' for key, value in machine.items())}.", "",
             (f"Judged on the held-out documents of each domain, {domains} ({samples}); `sentence_cosine` (cos) and "
              "`similarity_spearman` (ρ) of the swapped model against the untouched one, on the vocabulary-free "
              "path (each word at the segmenter's positions, as `distill surgery --vocabulary-free` exports) in the "
              "*worst* domain; "
              "the WordPiece path (wp) beside it. Seconds are training time only (judging is off the clock); "
              "— not reached. The contenders' epochs are sized with the seconds one epoch of each phase of "
              f"`distill train`'s defaults took here, measured first: table {per_epoch.table:.1f} s, whole-word "
              f"targets {per_epoch.words:.1f} s, context distillation {per_epoch.context:.1f} s."), ""]
    summary = [[run.contender.name, f"{run.budget / 60:g} min",
                *("—" if value is None else f"{value:.0f}"
                  for value in (run.seconds_to(metric, target) for metric, target in targets)),
                f"{run.last['sentence_cosine']:.4f}", f"{run.last['similarity_spearman']:.4f}", _unseen(run.last),
                f"{run.stopped_by} ({run.last['seconds']:.0f} s)"] for run in runs]
    lines.append(markdown_table(["contender", "budget", *(f"s to {short[m]} ≥ {t:g}" for m, t in targets),
                                 "cos reached", "ρ reached", "unseen-row cosine", "stopped by"], summary))
    per_domain = [f"{short[metric]} {name}" for name in names for metric in short]
    judgements = [[run.contender.name, f"{run.budget / 60:g} min", str(int(point["epoch"])), f"{point['seconds']:.0f}",
                   f"{point['sentence_cosine']:.4f}", f"{point['similarity_spearman']:.4f}",
                   *(f"{point[f'{name}/{metric}']:.4f}" for name in names for metric in short),
                   f"{point['sentence_cosine/wordpiece']:.4f}", f"{point['similarity_spearman/wordpiece']:.4f}",
                   _unseen(point)] for run in runs for point in run.points]
    lines += ["", "Every judgement (cos and ρ: the worst domain; then each domain; wp: the WordPiece path):", "",
              markdown_table(["contender", "budget", "epoch", "seconds", "cos", "ρ", *per_domain, "wp cos", "wp ρ",
                              "unseen-row cosine"], judgements)]
    lines += ["", f"Contenders (every row trained, but for unseen-rows: the {HOLDOUT:.0%} of the table it never "
              "trains give its unseen-row cosine; — for the others):", ""]
    lines += [f"- **{run.contender.name}**, {run.budget / 60:g} min: {run.contender.description} "
              f"(`{_settings_text(run.contender.settings)}`)" for run in runs]
    return "\n".join(lines) + "\n"


def _unseen(point: dict[str, float]) -> str:
    """The unseen-row cosine of a judgement, or — when every row trained."""
    return f"{point['holdout_cosine']:.3f}" if "holdout_cosine" in point else "—"


def _settings_text(settings: dict[str, Any]) -> str:
    return ", ".join(f"{key}: {value}" for key, value in settings.items())
