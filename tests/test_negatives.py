"""Negative mining for the triplet losses (§2.3): the nearest row in a seeded window of candidates, against brute
force with scipy."""

from __future__ import annotations

import math

import numpy as np
import pytest
import torch
from scipy.spatial import distance as sp_distance

from losses import (
    CosineDistance,
    LossError,
    SquaredEuclideanDistance,
    WindowNegativeMiner,
    sample_candidates,
)


def generator(seed: int) -> torch.Generator:
    return torch.Generator().manual_seed(seed)


DISTANCES = {"euclidean": SquaredEuclideanDistance(), "cosine": CosineDistance()}


def mine(positives: torch.Tensor, table: torch.Tensor, window: int, random: torch.Generator | None = None,
         metric: str = "euclidean") -> torch.Tensor:
    """The miner over a pool labelled by its row numbers, so labels are positions."""
    return WindowNegativeMiner(DISTANCES[metric], window)(positives, table, torch.arange(len(table)), random)


def brute_force_nearest(table: np.ndarray, positive: int, candidates, metric: str) -> int:
    best, best_distance = -1, math.inf
    for c in candidates:
        assert c != positive
        if metric == "euclidean":
            d = sp_distance.euclidean(table[c], table[positive])
        else:
            d = sp_distance.cosine(table[c], table[positive])
        if d < best_distance:
            best, best_distance = int(c), d
    return best


@pytest.mark.parametrize("metric", ["euclidean", "cosine"])
def test_negatives_are_nearest_in_their_window(metric):
    table = torch.randn(12, 4, generator=generator(0), dtype=torch.float64)
    positives = torch.tensor([0, 3, 3, 11, 7, 5, 1, 10])
    candidates = sample_candidates(positives, len(table), 4, generator(1))
    assert candidates.shape == (8, 4)
    negatives = mine(positives, table, 4, generator(1), metric)
    expected = [
        brute_force_nearest(table.numpy(), int(p), c.tolist(), metric)
        for p, c in zip(positives, candidates)
    ]
    assert negatives.tolist() == expected


@pytest.mark.parametrize("metric", ["euclidean", "cosine"])
def test_window_larger_than_table_searches_every_other_row(metric):
    table = torch.randn(6, 3, generator=generator(2), dtype=torch.float64)
    positives = torch.arange(6).repeat(2)
    for window in (5, 100):
        negatives = mine(positives, table, window, generator(3), metric)
        expected = [
            brute_force_nearest(table.numpy(), p, [c for c in range(6) if c != p], metric)
            for p in positives.tolist()
        ]
        assert negatives.tolist() == expected


def test_metric_decides_which_negative_is_nearest():
    table = torch.tensor([[1.0, 0.0], [3.0, 0.3], [0.5, 0.5]])  # row 1: same direction, far
    positives = torch.tensor([0])
    assert mine(positives, table, 2, metric="euclidean").tolist() == [2]
    assert mine(positives, table, 2, metric="cosine").tolist() == [1]


def test_negatives_never_equal_the_positive():
    table = torch.randn(5, 3, generator=generator(4))
    positives = torch.randint(5, (400,), generator=generator(5))
    for seed in range(5):
        for window in (1, 3):
            negatives = mine(positives, table, window, generator(seed))
            assert negatives.dtype == torch.long and negatives.shape == (400,)
            assert not torch.any(negatives == positives)
            assert negatives.min() >= 0 and negatives.max() < 5
    two_rows = torch.randn(2, 3)
    assert mine(torch.tensor([0, 1, 1]), two_rows, 32).tolist() == [1, 0, 0]


def test_negative_candidates_cover_the_other_rows():
    positives = torch.full((2000,), 2)
    candidates = sample_candidates(positives, 6, 3, generator(6))
    assert sorted(candidates.unique().tolist()) == [0, 1, 3, 4, 5]


def test_negatives_are_deterministic_per_seed():
    table = torch.randn(200, 8, generator=generator(7))
    positives = torch.randint(200, (64,), generator=generator(8))
    first = mine(positives, table, 8, generator(9))
    assert torch.equal(first, mine(positives, table, 8, generator(9)))
    assert not torch.equal(first, mine(positives, table, 8, generator(10)))


@pytest.mark.parametrize(
    ("rows", "window", "message"),
    [
        (1, 32, "at least 2 rows"),
        (5, 0, "window must be at least 1"),
    ],
)
def test_negative_mining_rejects_bad_input(rows, window, message):
    with pytest.raises(LossError, match=message):
        mine(torch.tensor([0]), torch.randn(rows, 3), window)
