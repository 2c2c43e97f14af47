"""What ``distill train`` records of each epoch: MLflow metrics, the progress bars or a plain line, checkpoints."""

from __future__ import annotations

import sys
from pathlib import Path

import mlflow
from tqdm.auto import tqdm

from distill.tracking.progress import Clock
from distill.training.checkpoint import save_checkpoint
from distill.training.loop import Trainer, TrainerCallback


class RunRecord(TrainerCallback):
    """What ``distill train`` does after each epoch: its metrics to MLflow (except those a resume
    replays), the progress bar or a plain line, and a checkpoint every ``checkpoint_every`` epochs and
    at the last."""

    def __init__(self, checkpoint_root: Path, logged_until: int, epochs: tqdm, plain_lines: bool, clock: Clock,
                 first_epoch: int) -> None:
        self.checkpoint_root, self.logged_until, self.epochs = checkpoint_root, logged_until, epochs
        self.plain_lines, self.clock, self.first_epoch = plain_lines, clock, first_epoch

    def on_epoch_end(self, trainer: Trainer, epoch: int, metrics: dict[str, float]) -> bool:
        config, last_epoch = trainer.config, trainer.total_epochs
        if epoch > self.logged_until:
            mlflow.log_metrics(metrics, step=epoch)
        self.epochs.update(1)
        self.epochs.set_postfix({name: f"{value:.4g}" for name, value in metrics.items() if name != "lr"})
        if self.plain_lines:
            line = epoch_line(epoch, last_epoch, trainer.phase(epoch).name, metrics)
            print(f"{line} ({self.clock.status(epoch - self.first_epoch + 1)})", file=sys.stderr, flush=True)
        if epoch % config.checkpoint_every == 0 or epoch == last_epoch:
            save_checkpoint(self.checkpoint_root, epoch, trainer.student, trainer.state(epoch), config.to_yaml())
        return False


def epoch_line(epoch: int, last_epoch: int, phase: str, metrics: dict[str, float]) -> str:
    """``epoch 3/10 table: train_loss 0.2154, recall_at_1 0.4125, …``: an epoch in a plain log."""
    shown = ", ".join(f"{name} {value:.4g}" for name, value in metrics.items() if name != "lr")
    return f"epoch {epoch}/{last_epoch} {phase}: {shown}"


def last_logged_epoch(run_id: str) -> int:
    """The last epoch whose metrics the run holds (0 for a new run)."""
    history = mlflow.MlflowClient().get_metric_history(run_id, "epoch_seconds")
    return max((point.step for point in history), default=0)
