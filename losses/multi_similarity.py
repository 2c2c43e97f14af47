"""Multi-similarity loss (Wang et al., 2019) between student rows and teacher rows.

Not in the paper: RETVec trains its encoder with this loss (RETVec §3; google-research/retvec). Here the
student rows are the anchors and the teacher rows the reference embeddings, with the
token labels, so a pair (student row i, teacher row j) is positive exactly when both
belong to the same token. pytorch-metric-learning does the work.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import torch
from torch import Tensor

from losses.base import AlignmentLoss, Param, required
from losses.registry import register_loss


@register_loss("multi-similarity")
class MultiSimilarity(AlignmentLoss):
    """pml's ``MultiSimilarityLoss(alpha, beta, base)`` with ``ref_emb`` = ``targets``.

    ``miner_epsilon`` set adds pml's ``MultiSimilarityMiner(epsilon)``; ``None`` keeps
    every pair. The similarity is pml's default cosine, so the loss is blind to the
    norm of the embeddings (``direction_only``). Without ``targets`` the embeddings are
    compared with one another, each pair of distinct rows once (typo pre-training).
    """

    direction_only = True
    param_specs: ClassVar[Mapping[str, Param]] = {
        "alpha": Param(2.0, minimum=0.0, exclusive=True),
        "beta": Param(50.0, minimum=0.0, exclusive=True),
        "base": Param(0.5),
        "miner_epsilon": Param(None, minimum=0.0, optional=True),
    }

    def __init__(self, **params: float | None) -> None:
        # Imported here: pml loads scipy.stats, which only a run with this loss needs, not the
        # registry's name list (``distill train --help``) or a configuration check.
        from pytorch_metric_learning import losses as pml_losses
        from pytorch_metric_learning import miners as pml_miners

        super().__init__(**params)
        self.loss_fn = pml_losses.MultiSimilarityLoss(
            alpha=self.params["alpha"], beta=self.params["beta"], base=self.params["base"]
        )
        epsilon = self.params["miner_epsilon"]
        self.miner = None if epsilon is None else pml_miners.MultiSimilarityMiner(epsilon=epsilon)

    def forward(
        self,
        embeddings: Tensor,
        targets: Tensor | None = None,
        labels: Tensor | None = None,
        generator: torch.Generator | None = None,
    ) -> Tensor:
        labels = required(self, "labels", labels)
        # pml drops the diagonal from the positives only when `ref_labels is labels`
        # (pytorch-metric-learning v2.8, ``utils/loss_and_miner_utils.py``, get_matches_and_diffs):
        # a distinct tensor keeps (student i, teacher i) as a positive; without targets, pml's
        # own default (ref = embeddings, ref_labels = labels) drops each row's pair with itself.
        ref_labels = None if targets is None else labels.clone()
        indices = None if self.miner is None else self.miner(embeddings, labels, targets, ref_labels)
        return self.loss_fn(embeddings, labels, indices, ref_emb=targets, ref_labels=ref_labels)
