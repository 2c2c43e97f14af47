"""Training callbacks the tests stop runs with."""

from distill.training import Trainer, TrainerCallback


class RaiseAt(TrainerCallback):
    """Raises ``error`` after run-wide epoch ``epoch`` is logged and checkpointed: a crash, or Ctrl-C, mid-run."""

    def __init__(self, epoch: int, error: BaseException) -> None:
        self.epoch, self.error = epoch, error

    def on_epoch_end(self, trainer: Trainer, epoch: int, metrics: dict[str, float]) -> bool:
        if epoch == self.epoch:
            raise self.error
        return False
