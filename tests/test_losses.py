"""Alignment losses against their paper formulas, computed independently row by row."""

from __future__ import annotations

import math
import subprocess
import sys

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from pytorch_metric_learning import losses as pml_losses
from pytorch_metric_learning import miners as pml_miners
from scipy.spatial import distance as sp_distance

from losses import (
    AlignmentLoss,
    CosineDistance,
    LossError,
    SquaredEuclideanDistance,
    WindowNegativeMiner,
    build_loss,
    loss_names,
    register_loss,
    resolve_loss,
    sample_candidates,
)

EXPECTED_DIRECTION_ONLY = {
    "mse": False,
    "cosine": True,
    "aec": False,
    "mec": False,
    "triplet-euclidean": False,
    "triplet-angular": True,
    "multi-similarity": True,
}
TRIPLETS = ["triplet-euclidean", "triplet-angular"]


def generator(seed: int) -> torch.Generator:
    return torch.Generator().manual_seed(seed)


def random_rows(seed: int, batch: int = 6, dim: int = 5) -> list[torch.Tensor]:
    generator = torch.Generator().manual_seed(seed)
    return [torch.randn(batch, dim, generator=generator, dtype=torch.float64) for _ in range(3)]


def call(loss: AlignmentLoss, x: torch.Tensor, table: torch.Tensor, rows: torch.Tensor, seed: int = 0):
    """Call a loss the way the table objective does: targets are ``table[rows]``, labelled by
    ``rows``, and the whole table is the negative pool."""
    loss.set_negative_pool(table, torch.arange(len(table)), window=4)
    return loss(x, table[rows], rows, generator=torch.Generator().manual_seed(seed))


def rows(*tensors: torch.Tensor):
    return zip(*(t.numpy() for t in tensors))


# --- registry, flags, parameters ----------------------------------------------------------


def test_registered_names_and_flags():
    assert loss_names() == sorted(EXPECTED_DIRECTION_ONLY)
    for name, direction_only in EXPECTED_DIRECTION_ONLY.items():
        loss = build_loss(name)
        assert loss.direction_only == direction_only, name
        assert loss.registry_name == name and resolve_loss(name) is type(loss)


def test_params_are_resolved_with_defaults_as_floats():
    assert build_loss("mse").params == {}
    assert build_loss("aec").params == {"alpha": 1.0}
    assert build_loss("triplet-euclidean", alpha=2).params == {"alpha": 2.0}
    assert isinstance(build_loss("mec", alpha=2).params["alpha"], float)
    assert build_loss("multi-similarity", miner_epsilon=0.1).params == {
        "alpha": 2.0, "beta": 50.0, "base": 0.5, "miner_epsilon": 0.1,
    }


def test_unknown_loss_lists_valid_names():
    with pytest.raises(LossError, match="unknown loss 'l1'") as error:
        build_loss("l1")
    assert all(name in str(error.value) for name in EXPECTED_DIRECTION_ONLY)


@pytest.mark.parametrize(
    ("name", "params", "listed"),
    [
        ("aec", {"margin": 1.0}, "valid parameters: alpha"),
        ("mse", {"alpha": 1.0}, "valid parameters: none"),
        ("multi-similarity", {"epsilon": 0.1}, "valid parameters: alpha, beta, base, miner_epsilon"),
    ],
)
def test_unknown_parameter_lists_valid_parameters(name, params, listed):
    with pytest.raises(LossError, match=listed):
        build_loss(name, **params)


@pytest.mark.parametrize(
    ("name", "params", "message"),
    [
        ("aec", {"alpha": -0.5}, "alpha must be a finite number >= 0, got -0.5"),
        ("triplet-angular", {"alpha": math.nan}, "alpha must be finite, got nan"),
        ("mec", {"alpha": True}, "alpha must be a number, got True"),
        ("triplet-euclidean", {"alpha": "1"}, "alpha must be a number, got '1'"),
        ("multi-similarity", {"beta": 0}, "beta must be positive, got 0"),
        ("multi-similarity", {"base": None}, "base must be a number, got None"),
        ("multi-similarity", {"miner_epsilon": -0.1}, "miner_epsilon must be a finite number >= 0, got -0.1"),
    ],
)
def test_invalid_parameter_values(name, params, message):
    with pytest.raises(LossError, match=message):
        build_loss(name, **params)


def test_registration_rejects_duplicates_and_missing_flags():
    with pytest.raises(ValueError, match="registered twice"):
        register_loss("mse")(type("Other", (AlignmentLoss,), {"direction_only": False}))
    with pytest.raises(ValueError, match="direction_only"):
        register_loss("no-flag")(type("NoFlag", (AlignmentLoss,), {}))
    assert "no-flag" not in loss_names()


@pytest.mark.parametrize("name", sorted(EXPECTED_DIRECTION_ONLY))
@pytest.mark.parametrize("same", [False, True])
def test_every_loss_takes_the_one_signature(name, same):
    """Every registered loss: ``loss(embeddings, targets, labels, generator=...)`` → a finite scalar with gradients."""
    table = torch.randn(10, 5, generator=torch.Generator().manual_seed(0), dtype=torch.float64)
    rows = torch.tensor([7, 2, 9, 0, 4, 5])
    x = (table[rows].clone() if same else torch.randn(6, 5, dtype=torch.float64)).requires_grad_()
    loss = call(build_loss(name), x, table, rows)
    assert loss.shape == () and torch.isfinite(loss)
    loss.backward()
    assert torch.isfinite(x.grad).all()
    if not same:
        assert torch.count_nonzero(x.grad) > 0


@pytest.mark.parametrize("name", sorted(EXPECTED_DIRECTION_ONLY))
def test_missing_arguments_are_named(name):
    x, y, _ = random_rows(0)
    loss = build_loss(name)
    loss.set_negative_pool(y, torch.arange(6), window=4)
    needed = "labels" if name == "multi-similarity" else "targets"
    with pytest.raises(TypeError, match=f"needs {needed}"):
        loss(x, None if needed == "targets" else y, torch.arange(6) if needed == "targets" else None)


# --- pair losses (§2.2) -------------------------------------------------------------------


def reference_pair(name: str, alpha: float, x: torch.Tensor, y: torch.Tensor) -> float:
    """Paper eqs. 1–3 and MSE per row with SciPy, then the batch mean."""
    if name == "mse":
        return float(np.mean([np.mean((a - b) ** 2) for a, b in rows(x, y)]))
    values = []
    for a, b in rows(x, y):
        euclid, cos_err = sp_distance.euclidean(a, b), sp_distance.cosine(a, b)
        values.append({
            "cosine": cos_err,
            "aec": euclid + alpha * cos_err,
            "mec": alpha * euclid * cos_err + euclid,
        }[name])
    return float(np.mean(values))


@pytest.mark.parametrize("name", ["mse", "cosine", "aec", "mec"])
@pytest.mark.parametrize("seed", [0, 1])
def test_pair_losses_match_formula(name, seed):
    x, y, _ = random_rows(seed)
    params = {} if name in ("mse", "cosine") else {"alpha": 0.7}
    expected = reference_pair(name, params.get("alpha", 0.0), x, y)
    assert build_loss(name, **params)(x, y).item() == pytest.approx(expected, rel=1e-12)
    assert build_loss(name, **params)(x, y, torch.arange(6)).item() == pytest.approx(expected, rel=1e-12)


def test_mse_is_exactly_torch_mse():
    x, y, _ = random_rows(3)
    assert torch.equal(build_loss("mse")(x.float(), y.float()), F.mse_loss(x.float(), y.float()))


def test_alpha_changes_the_combined_losses():
    x, y, _ = random_rows(4)
    for name in ("aec", "mec"):
        assert build_loss(name, alpha=3.0)(x, y) > build_loss(name, alpha=0.5)(x, y)


@pytest.mark.parametrize("name", ["mse", "cosine", "aec", "mec"])
def test_pair_losses_zero_only_at_target(name):
    x, y, _ = random_rows(5)
    loss = build_loss(name)
    assert loss(y.clone(), y).item() == pytest.approx(0.0, abs=1e-12)
    assert loss(x, y).item() > 0.01


def test_cosine_ignores_norm_and_the_others_do_not():
    x, y, _ = random_rows(6)
    for name in ("mse", "cosine", "aec", "mec"):
        loss = build_loss(name)
        scaled_same = loss(3 * x, y).item() == pytest.approx(loss(x, y).item(), rel=1e-9)
        assert scaled_same == build_loss(name).direction_only, name


# --- triplet losses (§2.3) ----------------------------------------------------------------


def reference_triplet(name: str, alpha: float, x, y_p, y_n) -> list[float]:
    """Paper eqs. 4–5 per row."""
    values = []
    for a, p, n in rows(x, y_p, y_n):
        if name == "triplet-euclidean":  # eq. 4, squared distances
            violation = sp_distance.sqeuclidean(a, p) - sp_distance.sqeuclidean(a, n) + alpha
        else:  # eq. 5
            cos_n, cos_p = 1 - sp_distance.cosine(a, n), 1 - sp_distance.cosine(a, p)
            violation = cos_n - cos_p + alpha
        values.append(max(violation, 0.0))
    return values


@pytest.mark.parametrize("name", TRIPLETS)
@pytest.mark.parametrize("alpha", [1.0, 0.3])
def test_triplet_losses_match_formula(name, alpha):
    x, y_p, y_n = random_rows(7, batch=16)
    y_p[:8] = x[:8] + 0.3 * y_p[:8]  # half the positives near the anchor, half anywhere
    per_row = reference_triplet(name, alpha, x, y_p, y_n)
    assert 0 < per_row.count(0.0) < len(per_row)  # both sides of the hinge are exercised
    expected = float(np.mean(per_row))
    assert build_loss(name, alpha=alpha).hinge(x, y_p, y_n).item() == pytest.approx(expected, rel=1e-12)


def test_euclidean_triplet_uses_squared_distances():
    x = torch.zeros(1, 2, dtype=torch.float64)
    y_p = torch.tensor([[3.0, 0.0]], dtype=torch.float64)
    y_n = torch.tensor([[2.0, 0.0]], dtype=torch.float64)
    # 3² − 2² + 1 = 6; plain distances (torch's TripletMarginLoss) would give 3 − 2 + 1 = 2.
    assert build_loss("triplet-euclidean").hinge(x, y_p, y_n).item() == pytest.approx(6.0)


@pytest.mark.parametrize("name", TRIPLETS)
def test_triplet_gives_alpha_when_positive_equals_negative(name):
    x, y, _ = random_rows(8)
    for alpha in (1.0, 0.25):
        loss = build_loss(name, alpha=alpha)
        assert loss.hinge(x, x.clone(), x.clone()).item() == pytest.approx(alpha, abs=1e-12)
        assert loss.hinge(x, y, y.clone()).item() == pytest.approx(alpha, abs=1e-12)


@pytest.mark.parametrize("name", TRIPLETS)
def test_triplet_hinge_is_zero_for_easy_negatives(name):
    x, _, _ = random_rows(9)
    x.requires_grad_()
    far = -x.detach() * 10  # opposite direction and far away
    loss = build_loss(name).hinge(x, x.detach().clone(), far)
    loss.backward()
    assert loss.item() == 0.0
    assert torch.count_nonzero(x.grad) == 0


@pytest.mark.parametrize(("name", "distance"), [("triplet-euclidean", SquaredEuclideanDistance),
                                              ("triplet-angular", CosineDistance)])
def test_triplet_loss_and_its_miner_share_one_distance(name, distance):
    loss = build_loss(name)
    assert isinstance(loss.distance, distance)
    assert loss.miner.distance is loss.distance
    loss.set_negative_pool(torch.randn(5, 3), torch.arange(5), window=2)
    assert loss.miner.distance is loss.distance and loss.miner.window == 2


@pytest.mark.parametrize("name", TRIPLETS)
def test_triplet_loss_mines_its_negatives_from_the_pool(name):
    table = torch.randn(40, 6, generator=generator(13), dtype=torch.float64)
    labels = torch.arange(100, 140)  # the pool's labels need only ascend
    positions = torch.tensor([3, 17, 17, 39, 0, 25])
    x = torch.randn(6, 6, generator=generator(14), dtype=torch.float64)
    loss = build_loss(name)
    loss.set_negative_pool(table, labels, window=5)
    actual = loss(x, table[positions], labels[positions], generator=generator(15))
    negatives = WindowNegativeMiner(loss.distance, 5)(labels[positions], table, labels, generator(15))
    assert actual.item() == pytest.approx(loss.hinge(x, table[positions], table[negatives]).item(), rel=1e-12)
    # The negative is the nearest of the window, in the loss's own distance, to the positive's row.
    candidates = sample_candidates(positions, len(table), 5, generator(15))
    for position, negative, window in zip(positions, negatives, candidates):
        closest = min(window.tolist(), key=lambda c: loss.distance(table[c], table[position]).item())
        assert loss.distance(table[negative], table[position]).item() == pytest.approx(
            loss.distance(table[closest], table[position]).item(), abs=0)


def test_triplet_loss_needs_an_ascending_pool():
    loss = build_loss("triplet-euclidean")
    x, y, _ = random_rows(16)
    with pytest.raises(RuntimeError, match="no negative pool"):
        loss(x, y, torch.arange(6))
    with pytest.raises(ValueError, match="strictly ascending"):
        loss.set_negative_pool(y, torch.tensor([0, 2, 1, 3, 4, 5]), window=4)


# --- multi-similarity ---------------------------------------------------------------------


def reference_multi_similarity(x, y, labels, alpha=2.0, beta=50.0, base=0.5) -> float:
    """Wang et al. 2019 per student row i over teacher rows j, positives where labels match."""
    values = []
    for i, a in enumerate(x.numpy()):
        sims = np.array([1 - sp_distance.cosine(a, b) for b in y.numpy()])
        same = labels.numpy() == labels[i].item()
        pos = math.log1p(np.exp(-alpha * (sims[same] - base)).sum()) / alpha
        neg = math.log1p(np.exp(beta * (sims[~same] - base)).sum()) / beta
        values.append(pos + neg)
    return float(np.mean(values))


def test_multi_similarity_matches_formula_with_teacher_row_as_positive():
    x, y, _ = random_rows(10, dim=8)
    labels = torch.tensor([5, 9, 5, 2, 7, 11])  # vocabulary ids; 5 repeats
    expected = reference_multi_similarity(x, y, labels, alpha=3.0, beta=20.0, base=0.4)
    loss = build_loss("multi-similarity", alpha=3.0, beta=20.0, base=0.4)
    assert loss(x, y, labels).item() == pytest.approx(expected, rel=1e-9)
    # pml's identity pitfall: passing `labels` itself as ref_labels drops (student i, teacher i).
    pitfall = pml_losses.MultiSimilarityLoss(3.0, 20.0, 0.4)(x, labels, ref_emb=y, ref_labels=labels)
    assert pitfall.item() != pytest.approx(expected, rel=1e-3)


@pytest.mark.parametrize("epsilon", [None, 0.1])
def test_multi_similarity_equals_pml(epsilon):
    x, y, _ = random_rows(11, batch=8, dim=8)
    labels = torch.tensor([3, 1, 4, 1, 5, 9, 2, 6])
    loss_fn = pml_losses.MultiSimilarityLoss()
    indices = None
    if epsilon is not None:
        indices = pml_miners.MultiSimilarityMiner(epsilon)(x, labels, y, labels.clone())
    expected = loss_fn(x, labels, indices, ref_emb=y, ref_labels=labels.clone())
    actual = build_loss("multi-similarity", miner_epsilon=epsilon)(x, y, labels)
    assert actual.item() == pytest.approx(expected.item(), rel=1e-12)


@pytest.mark.parametrize("epsilon", [None, 0.1])
def test_multi_similarity_without_targets_is_pml_within_the_batch(epsilon):
    """Typo pre-training's call: no reference, pml pairs the embeddings among themselves."""
    x, _, _ = random_rows(17, batch=8, dim=8)
    labels = torch.tensor([3, 1, 4, 1, 3, 9, 4, 9])
    loss_fn = pml_losses.MultiSimilarityLoss(4.0, 40.0, 0.5)
    indices = None if epsilon is None else pml_miners.MultiSimilarityMiner(epsilon)(x, labels)
    expected = loss_fn(x, labels, indices)
    loss = build_loss("multi-similarity", alpha=4, beta=40, base=0.5, miner_epsilon=epsilon)
    assert loss(x, labels=labels).item() == pytest.approx(expected.item(), rel=1e-12)


@pytest.mark.parametrize("epsilon", [None, 0.1])
def test_multi_similarity_decreases_as_student_moves_to_teacher(epsilon):
    x, y, _ = random_rows(12, batch=8, dim=16)
    labels = torch.arange(100, 108)
    loss = build_loss("multi-similarity", miner_epsilon=epsilon)
    values = [loss(x + t * (y - x), y, labels).item() for t in (0.0, 0.25, 1.0)]
    assert values[0] > values[1] >= values[2]  # the miner finds no hard pair near the end
    x.requires_grad_()
    loss(x, y, labels).backward()
    assert loss(x.detach() - 0.5 * x.grad, y, labels) < loss(x.detach(), y, labels)


def test_losses_do_not_import_the_application():
    """``losses`` is a library under ``distill``: importing it loads nothing of ``distill``."""
    code = "import sys, losses; print(sorted(m for m in sys.modules if m.split('.')[0] == 'distill'))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
