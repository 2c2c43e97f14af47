#!/usr/bin/env bash
# Creates .venv and installs the workbench. The CPU torch wheel is pinned first where
# no CUDA GPU is visible, so that the open `torch>=2.4` range of pyproject.toml is
# already satisfied and pip does not pull several GB of CUDA packages; on a GPU box
# pip resolves the CUDA build from PyPI. Override with TORCH_SPEC=... .
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
. .venv/bin/activate
python -m pip install -q --upgrade pip
if [ -z "${TORCH_SPEC:-}" ] && ! command -v nvidia-smi >/dev/null 2>&1; then
    TORCH_SPEC="torch==2.13.0"
fi
if [ -n "${TORCH_SPEC:-}" ]; then
    python -m pip install -q "$TORCH_SPEC"
fi
python -m pip install -q -e ".[${EXTRAS:-postgres}]"
