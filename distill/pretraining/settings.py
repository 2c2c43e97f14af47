"""The settings of ``distill heads``, declared once (flags, checks, ``--help``); importing this loads no torch.

The defaults are the recipe that gives the embedded all-MiniLM-L6-v2 usable pre-training heads on two CPU cores in
78-108 minutes: BERT's objectives (Devlin et al. 2019, §3.1: 15 % of the tokens masked, 80/10/10; next-sentence
pairs, half of them random) on pairs of sentences of general English, the encoder trained with its heads and the
word-embedding table frozen (docs/paper.md measures it, and the heads alone).
"""

from __future__ import annotations

from dataclasses import dataclass

from distill.config.common import ModelOptions
from distill.config.fields import POSITIVE, POSITIVE_COUNT, SEEDS, UNIT, Interval, setting
from distill.data import JUDGED_DOMAINS
from distill.evaluation.settings import check_names
from distill.files.paths import check_name, check_output_folder

MAX_STEPS = 10**7
MAX_LENGTH = 4096


@dataclass(frozen=True)
class PretrainingSettings(ModelOptions):
    """What ``distill heads`` fits: which encoder (:class:`~distill.config.common.ModelOptions`), on which text, for
    how many steps, and where it writes."""

    model: str = setting("embedded", "the BERT encoder without pre-training heads to fit them to: hub name, local "
                         "folder, or 'embedded' (the packaged all-MiniLM-L6-v2)", metavar="NAME|PATH",
                         check=lambda name: check_name(name, "model name"))
    out: str | None = setting(None, "folder to write the model with heads to (default, for 'embedded': the "
                              "workbench's cache, where the name 'embedded-pretraining' finds it)", metavar="DIR",
                              check=lambda folder: check_output_folder(folder, "output folder"))
    corpus: str = setting("wiki:train", "text of the pre-training pairs (never the held-out documents it is judged "
                          "on): a corpus name, :train for its training documents, or a file")
    steps: int = setting(3000, "optimisation steps", interval=Interval(1, MAX_STEPS))
    batch_size: int = setting(32, "sentence pairs per step", interval=POSITIVE_COUNT)
    lr: float = setting(2e-4, "peak learning rate (AdamW, linear warm-up then linear decay to zero)",
                        interval=POSITIVE)
    warmup_fraction: float = setting(0.05, "share of the steps of linear warm-up", interval=UNIT)
    weight_decay: float = setting(0.01, "AdamW's weight decay (BERT's)", interval=Interval(0))
    max_length: int | None = setting(None, "tokens per pair (default 128, or the model's positions if fewer)",
                                     interval=Interval(8, MAX_LENGTH))
    heads_only: bool = setting(False, "fit the heads alone on the frozen encoder (off: the encoder trains with "
                               "them; the word-embedding table stays frozen either way, so students trained on "
                               "the source's table fit the result)")
    seed: int = setting(0, "seed of the pairs, the masks, dropout and the heads' initialisation", interval=SEEDS)
    checkpoint_every: int = setting(100, "steps between checkpoints (a stopped run resumes from the last)",
                                    interval=POSITIVE_COUNT)
    eval_seeds: int = setting(5, "seeds of the held-out MLM and NSP accuracy measured when training ends",
                              interval=Interval(1, 1000))
    datasets: list[str] = setting(help="held-out corpora the finished model's MLM and NSP accuracy are measured on",
                                  factory=lambda: list(JUDGED_DOMAINS),
                                  check=lambda names: check_names(names, "datasets"), separator=",",
                                  metavar="CORPUS")
    eval_samples: int = setting(512, "samples per seed, task and judged domain of that measurement",
                                interval=Interval(4, 10**6))

    def recipe(self) -> dict[str, object]:
        """What determines the weights made: a finished folder made with another recipe is not reused."""
        return {"model": self.model, "revision": self.revision, "corpus": self.corpus, "steps": self.steps,
                "batch_size": self.batch_size, "lr": self.lr, "warmup_fraction": self.warmup_fraction,
                "weight_decay": self.weight_decay, "max_length": self.max_length, "heads_only": self.heads_only,
                "seed": self.seed}
