"""``distill heads``: fit BERT's pre-training heads to an encoder that has none, once, resumably.

The run (:func:`make_pretraining_model`) loads the encoder into ``BertForPreTraining`` (:mod:`.heads`), trains on
seeded pairs of sentences (:mod:`.batches`) with checkpoints beside its output (:mod:`.checkpoints`), measures the
finished model's MLM and NSP accuracy on held-out documents with the evaluation's own tasks and samples, writes
the folder (:mod:`.folder`) and records the run in MLflow. Run again with the same settings, it resumes a stopped
run, or returns the folder already made.
"""

from __future__ import annotations

import json
import shutil
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import mlflow
import numpy as np
import torch
from torch import Tensor, nn
from transformers import BertForPreTraining, PreTrainedTokenizerBase

from distill.bench.machine import describe_machine, provenance, running_commit
from distill.config.bounds import fitted_length, model_limits
from distill.data import Corpus, load_corpus
from distill.devices import native_bf16, on_device, resolve_device
from distill.errors import DistillError, first_line
from distill.evaluation.scoring import score_variants
from distill.files.atomic import LockHeld, file_lock
from distill.pretraining.batches import pretraining_batch
from distill.pretraining.checkpoints import Progress, load_checkpoint, open_partial, partial_folder, save_checkpoint
from distill.pretraining.folder import RECORD, reuse_or_refuse, write_model_folder
from distill.pretraining.heads import (
    PretrainingLosses,
    freeze_for_pretraining,
    pretraining_losses,
    with_pretraining_heads,
)
from distill.pretraining.settings import PretrainingSettings
from distill.swap.packaging import source_metadata
from distill.tasks import resolve_tasks
from distill.tracking import store
from distill.tracking.progress import STEP_LINE_SECONDS, Clock, announce
from teachers import input_embeddings, load_tokenizer, resolve_model_path, select_rows
from teachers.cache import made_model_folder
from teachers.loading import EMBEDDED, EMBEDDED_PRETRAINING

MAX_GRADIENT_NORM = 1.0  # BERT's clipping
LOCK = ".lock"  # in the run's partial folder: one process at a time makes a folder
EVAL_BATCH = 32


@dataclass
class PretrainingResult:
    folder: Path
    figures: dict[str, dict[str, float]]  # judged domain → metric → mean over the seeds
    run_id: str | None  # the MLflow run; None when the folder was already made, or recording failed
    reused: bool


def output_folder(settings: PretrainingSettings) -> Path:
    """``--out``, or for the embedded model the cache folder the name ``embedded-pretraining`` finds."""
    if settings.out is not None:
        return Path(settings.out)
    if settings.model != EMBEDDED:
        raise DistillError(f"give --out for the model with heads made from {settings.model} (only the embedded "
                           f"model's has a cached name, {EMBEDDED_PRETRAINING})")
    return made_model_folder(EMBEDDED_PRETRAINING)


def make_pretraining_model(settings: PretrainingSettings, *, device: str = "auto", quiet: bool = False,
                           tracking_uri: str | None = None) -> PretrainingResult:
    """Make (or resume, or find made) the model with heads that ``settings`` describe; see the module docstring."""
    out = output_folder(settings)
    model_path, revision = resolve_model_path(settings.model, settings.revision)
    recipe = {**settings.recipe(), "model_revision": revision}
    made = reuse_or_refuse(out, recipe)
    if made is not None:
        announce(f"{out} was made already by this recipe; nothing to do", quiet=quiet)
        shutil.rmtree(partial_folder(out), ignore_errors=True)  # left by a run stopped once the folder was written
        return PretrainingResult(out, made["figures"], None, reused=True)
    store.load_settings(tracking_uri)  # a bad mlflow.yaml is refused before any work
    running_commit()  # read now: the record names the code imported from here on
    corpus = load_corpus(settings.corpus)
    corpus.require(3, 1)
    judged = [load_corpus(name) for name in settings.datasets]
    tokenizer = load_tokenizer(model_path)
    if tokenizer.mask_token_id is None or tokenizer.pad_token_id is None:
        raise DistillError(f"the tokenizer of {settings.model} has no mask or padding token; BERT's objectives "
                           "need both")
    max_length = fitted_length(settings.max_length, model_limits(model_path), "max_length")
    model = with_pretraining_heads(model_path, settings.model, settings.seed)
    trained = freeze_for_pretraining(model, settings.heads_only)
    target = resolve_device(device)
    on_device(model, target)
    partial = partial_folder(out)
    partial.mkdir(parents=True, exist_ok=True)
    try:
        with file_lock(partial / LOCK, wait=False, owner="distill heads"):
            open_partial(partial, recipe)
            optimizer = build_optimizer(trained, settings)
            progress = load_checkpoint(partial, model, optimizer)
            if progress.step:
                announce(f"resuming at step {progress.step} of {settings.steps} from {partial}", quiet=quiet)
            train_steps(model, trained, optimizer, corpus, tokenizer, settings, max_length, progress, partial,
                        quiet=quiet)
            announce(f"measuring MLM and NSP accuracy on {', '.join(corpus.name for corpus in judged)}", quiet=quiet)
            figures = heldout_figures(model, tokenizer, judged, settings)
            record = made_record(settings, out, (model_path, revision), progress, figures, target)
            model.cpu()
            write_model_folder(out, model, tokenizer, record)
    except LockHeld:
        raise DistillError(f"another distill heads run is making {out}; wait for it to finish") from None
    shutil.rmtree(partial, ignore_errors=True)
    run_id = record_run(record, progress, out, tracking_uri)
    return PretrainingResult(out, figures, run_id, reused=False)


def build_optimizer(trained: Sequence[nn.Parameter], settings: PretrainingSettings) -> torch.optim.AdamW:
    """AdamW over ``trained``, with weight decay on the matrices only (BERT leaves biases and LayerNorm alone)."""
    groups = [{"params": [p for p in trained if p.ndim >= 2], "weight_decay": settings.weight_decay},
              {"params": [p for p in trained if p.ndim < 2], "weight_decay": 0.0}]
    return torch.optim.AdamW([group for group in groups if group["params"]], lr=settings.lr)


def learning_rate(step: int, settings: PretrainingSettings) -> float:
    """BERT's schedule: linear warm-up to ``lr`` over ``warmup_fraction`` of the steps, then linear decay to 0."""
    warmup = max(1, round(settings.warmup_fraction * settings.steps))
    if step < warmup:
        return settings.lr * (step + 1) / warmup
    return settings.lr * max(0.0, (settings.steps - step) / max(1, settings.steps - warmup))


def step_seed(seed: int, step: int) -> int:
    """torch's seed at step ``step`` (dropout): a function of the run's seed and the step, so a resumed run draws
    what an uninterrupted one would have."""
    return int(np.random.SeedSequence([seed, step]).generate_state(1)[0])


class Window:
    """Sums of the losses and right predictions since the last record."""

    def __init__(self) -> None:
        self.steps = 0
        self.sums = {"mlm_loss": 0.0, "nsp_loss": 0.0}
        self.counts = [0, 0, 0, 0]  # MLM right, MLM total, NSP right, NSP total

    def add(self, losses: PretrainingLosses) -> None:
        self.steps += 1
        self.sums["mlm_loss"] += losses.mlm.item()
        self.sums["nsp_loss"] += losses.nsp.item()
        for index, count in enumerate(losses[2:]):
            self.counts[index] += count

    def figures(self) -> dict[str, float]:
        right_mlm, total_mlm, right_nsp, total_nsp = self.counts
        return {**{name: value / max(1, self.steps) for name, value in self.sums.items()},
                "mlm_accuracy": right_mlm / max(1, total_mlm), "nsp_accuracy": right_nsp / max(1, total_nsp)}

    def describe(self) -> str:
        figures = self.figures()
        return (f"MLM accuracy {figures['mlm_accuracy']:.3f} (loss {figures['mlm_loss']:.2f}), "
                f"NSP accuracy {figures['nsp_accuracy']:.3f} (loss {figures['nsp_loss']:.2f})")


def replacement_ids(tokenizer: PreTrainedTokenizerBase, vocab_size: int) -> Tensor:
    """The ids a masked token may be replaced by: the kept rows that are not special tokens."""
    rows = select_rows(tokenizer, vocab_size)
    return torch.tensor([index for index, special in zip(rows.ids, rows.is_special) if not special])


def train_steps(model: BertForPreTraining, trained: Sequence[nn.Parameter], optimizer: torch.optim.Optimizer,
                corpus: Corpus, tokenizer: PreTrainedTokenizerBase, settings: PretrainingSettings, max_length: int,
                progress: Progress, partial: Path, *, quiet: bool) -> None:
    """Steps ``progress.step`` to ``settings.steps``, a checkpoint every ``checkpoint_every`` and at the end, a
    progress line at most every ``STEP_LINE_SECONDS``; ``progress`` is updated in place."""
    device = model.device
    bf16 = native_bf16(device)
    replacements = replacement_ids(tokenizer, input_embeddings(model).num_embeddings)
    clock = Clock(settings.steps - progress.step)
    first, window, last_line, started = progress.step, Window(), time.monotonic(), time.monotonic()
    model.train()
    if first < settings.steps:
        announce(f"training {'the heads' if settings.heads_only else 'the encoder and its heads'} on "
                 f"{corpus.name}: steps {first + 1}-{settings.steps} of {settings.batch_size} pairs"
                 f"{' under bf16 autocast' if bf16 else ''}", quiet=quiet)
    for step in range(first, settings.steps):
        for group in optimizer.param_groups:
            group["lr"] = learning_rate(step, settings)
        torch.manual_seed(step_seed(settings.seed, step))
        batch = pretraining_batch(corpus, tokenizer, replacements, seed=settings.seed, step=step,
                                  batch_size=settings.batch_size, max_length=max_length)
        with torch.autocast(device.type, dtype=torch.bfloat16, enabled=bf16):
            losses = pretraining_losses(model, {key: value.to(device) for key, value in batch.items()})
        (losses.mlm + losses.nsp).backward()
        nn.utils.clip_grad_norm_(trained, MAX_GRADIENT_NORM)
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        window.add(losses)
        done = step + 1
        if done % settings.checkpoint_every == 0 or done == settings.steps:
            now = time.monotonic()
            progress.history.append({"step": done, **window.figures()})
            progress.step, progress.seconds, started = done, progress.seconds + now - started, now
            save_checkpoint(partial, model, optimizer, progress)
        if not quiet and (time.monotonic() - last_line >= STEP_LINE_SECONDS or done == settings.steps):
            last_line = time.monotonic()
            print(f"  step {done}/{settings.steps}: {window.describe()} ({clock.status(done - first)})",
                  file=sys.stderr, flush=True)
        if done % settings.checkpoint_every == 0:
            window = Window()
    model.eval()


def heldout_figures(model: BertForPreTraining, tokenizer: PreTrainedTokenizerBase, corpora: Sequence[Corpus],
                    settings: PretrainingSettings) -> dict[str, dict[str, float]]:
    """MLM and NSP accuracy of ``model`` on ``corpora``, each the mean over ``eval_seeds`` seeds of the evaluation's
    own samples (``distill evaluate``'s, so the figures are the baseline's there)."""
    model.eval()
    tasks = resolve_tasks(["mlm", "nsp"], model)
    for corpus in corpora:
        for task in tasks:
            task.require(corpus, settings.eval_samples)
    max_length = fitted_length(None, model_limits(str(model.name_or_path)), "max_length")
    scores = score_variants(model, tokenizer, {"model": input_embeddings(model)}, corpora, tasks,
                            range(settings.eval_seeds), samples=settings.eval_samples, max_length=max_length,
                            batch_size=EVAL_BATCH)
    figures: dict[str, dict[str, float]] = {}
    for key, values in scores.values.items():
        figures.setdefault(key.dataset, {})[key.metric] = statistics.fmean(values)
    return figures


def made_record(settings: PretrainingSettings, out: Path, source: tuple[str, str], progress: Progress,
                figures: dict[str, dict[str, float]], device: torch.device) -> dict[str, Any]:
    """What ``pretraining.json`` holds: the recipe, where and when it ran, how long, and the held-out figures;
    ``source``: the source's folder and revision."""
    machine = describe_machine(device)
    cached = settings.out is None
    model_path, revision = source
    return {
        "name": EMBEDDED_PRETRAINING if cached else out.name, "cached": cached,
        "source": settings.model, "source_revision": revision,
        **source_metadata(settings.model, Path(model_path)),
        "recipe": {**settings.recipe(), "model_revision": revision},
        "seconds": progress.seconds, "history": progress.history,
        "machine": f"{machine['cpu']}, {machine['cores']} cores, {machine['device']}" + (
            f" ({machine['gpu']})" if "gpu" in machine else ""),
        **provenance(), "figures": figures,
        "eval_seeds": settings.eval_seeds, "eval_samples": settings.eval_samples,
    }


def record_run(record: dict[str, Any], progress: Progress, out: Path, tracking_uri: str | None) -> str | None:
    """One MLflow run of the recipe, the training curve and the held-out figures; a failure to record is a
    warning (the folder is written already)."""
    try:
        store.configure("heads", tracking_uri)
        with mlflow.start_run(run_name=f"heads {record['name']}") as run:
            mlflow.log_params({key: value for key, value in record["recipe"].items()} | {"out": str(out)})
            for entry in progress.history:
                mlflow.log_metrics({f"train/{name}": value for name, value in entry.items() if name != "step"},
                                   step=int(entry["step"]))
            mlflow.log_metrics({store.safe_name(f"heldout/{dataset}/{metric}"): value
                                for dataset, scores in record["figures"].items() for metric, value in scores.items()})
            mlflow.log_metric("train/minutes", record["seconds"] / 60)
            mlflow.set_tag("distill.model_folder", str(out))
            mlflow.log_text(json.dumps(record, indent=1, sort_keys=True), RECORD)
            return run.info.run_id
    except Exception as error:  # noqa: BLE001 - the store's, MLflow's or the file system's own errors
        print(f"warning: the run was not recorded in MLflow: {first_line(error)}", file=sys.stderr)
        return None
