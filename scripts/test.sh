#!/usr/bin/env bash
# Sets up (scripts/setup.sh, with the test extras and a local PostgreSQL server for
# the distributed-sweep test), lints, type-checks ([tool.mypy] in pyproject.toml) and
# runs the whole test suite offline, one pytest-xdist worker per core (PYTEST_WORKERS=N to
# choose; tests/conftest.py shares the cores' threads out among the workers).
set -euo pipefail
cd "$(dirname "$0")/.."
EXTRAS=test bash scripts/setup.sh
bash scripts/ensure_postgres.sh
. .venv/bin/activate
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 HF_DATASETS_OFFLINE=1
ruff check .
mypy
python -m pytest -q -n "${PYTEST_WORKERS:-auto}" --dist worksteal --durations=25 "$@"  # the slowest tests named, to keep the suite fast
