#!/usr/bin/env bash
# Sets up (scripts/setup.sh, with the test extras and a local PostgreSQL server for
# the distributed-sweep test), lints, type-checks ([tool.mypy] in pyproject.toml) and
# runs the whole test suite offline.
set -euo pipefail
cd "$(dirname "$0")/.."
EXTRAS=test bash scripts/setup.sh
bash scripts/ensure_postgres.sh
. .venv/bin/activate
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 HF_DATASETS_OFFLINE=1
ruff check .
mypy
python -m pytest -q --durations=25 "$@"  # the slowest tests named, to keep the suite fast
