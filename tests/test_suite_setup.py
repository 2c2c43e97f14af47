"""The suite's own set-up: pytest-xdist workers share the cores instead of each taking all of them."""

from __future__ import annotations

import os

import torch


def test_workers_share_the_cores_threads() -> None:
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    cores = os.cpu_count() or 1
    assert torch.get_num_threads() * workers <= max(cores, workers)
