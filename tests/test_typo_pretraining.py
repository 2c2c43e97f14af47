"""RETVec's Multi-Similarity typo pre-training before alignment, on the tiny local BERT."""

from __future__ import annotations

import mlflow
import pytest
import torch

from distill.config.training import TrainConfig
from distill.objectives.table import TableAlignment
from distill.objectives.typo import TypoPretraining
from distill.training import build_trainer, prepare, train


def pretraining_config(teacher_dir, tmp_path, **values) -> TrainConfig:
    settings = {"teacher": str(teacher_dir), "student": "retvec", "loss": "cosine", "epochs": 2, "batch_size": 32,
                "lr": 3e-3, "whole_word_epochs": 0, "context_epochs": 0, "eval_every": 1,
                "typo_pretrain_epochs": 4, "typo_pretrain_rate": 0.3, "augment_copies": 3,
                "work_dir": str(tmp_path / "runs"), **values}
    return TrainConfig(**settings).validate()


def test_two_views_are_distinct_versions_of_each_row(tiny_bert_dir, tmp_path) -> None:
    config = pretraining_config(tiny_bert_dir, tmp_path)
    teacher, student, loss = prepare(config)
    trainer = build_trainer(config, teacher, student, loss, torch.device("cpu"))
    pretraining = trainer.phase(1)
    assert isinstance(pretraining, TypoPretraining) and trainer.phase(4) is pretraining
    assert isinstance(trainer.phase(5), TableAlignment)
    assert pretraining.variants.shape[0] == 4  # clean + 3 typo copies
    assert not torch.equal(pretraining.variants[1], pretraining.variants[0])
    rows = trainer.setup.train_rows
    views = pretraining.two_views(rows, torch.Generator().manual_seed(0))
    assert views.shape == (2, len(rows)) and bool((views[0] != views[1]).all())
    assert int(views.min()) >= 0 and int(views.max()) <= 3
    assert pretraining.rows_per_step == 16 and pretraining.steps_per_epoch == -(-len(rows) // 16)


def test_pretraining_loss_is_the_registered_multi_similarity_with_retvec_parameters(tiny_bert_dir, tmp_path) -> None:
    from pytorch_metric_learning import losses as pml_losses
    from pytorch_metric_learning import miners as pml_miners

    config = pretraining_config(tiny_bert_dir, tmp_path)
    teacher, student, loss = prepare(config)
    pretraining = build_trainer(config, teacher, student, loss, torch.device("cpu")).phase(1)
    assert pretraining.loss.registry_name == "multi-similarity"
    assert pretraining.loss.params == {"alpha": 4.0, "beta": 40.0, "base": 0.5, "miner_epsilon": 0.1}
    student.eval()  # the same forward twice
    rows = pretraining.rows[:16]
    views = pretraining.two_views(rows, torch.Generator().manual_seed(1))
    labels = torch.cat([rows, rows])
    embeddings = pretraining.setup.forward(pretraining.variants[views.flatten(), labels]).float()
    mined = pml_miners.MultiSimilarityMiner(epsilon=0.1)(embeddings, labels)
    expected = pml_losses.MultiSimilarityLoss(alpha=4.0, beta=40.0, base=0.5)(embeddings, labels, mined)
    actual = pretraining.batch_loss(rows, torch.Generator().manual_seed(1))
    assert torch.equal(actual, expected) and actual.item() > 0


def test_pretraining_pulls_typos_together_then_alignment_follows(tiny_bert_dir, tmp_path) -> None:
    config = pretraining_config(tiny_bert_dir, tmp_path, typo_pretrain_epochs=30)
    teacher, student, loss = prepare(config)
    untrained = build_trainer(config, teacher, student, loss, torch.device("cpu"))
    before = untrained.phase(1).evaluate()

    result = train(config, quiet=True)
    client = mlflow.MlflowClient()
    history = {name: [(point.step, point.value) for point in client.get_metric_history(result.run_id, name)]
               for name in ("typo_loss", "typo_view_cosine", "typo_other_cosine", "train_loss", "recall_at_1")}
    assert [step for step, _ in history["typo_loss"]] == list(range(1, 31))
    assert [step for step, _ in history["typo_view_cosine"]] == list(range(0, 31))  # step 0: untrained
    assert history["typo_view_cosine"][0][1] == pytest.approx(before["typo_view_cosine"])
    assert [step for step, _ in history["train_loss"]] == [31, 32]  # alignment epochs follow, numbered run-wide
    assert [step for step, _ in history["recall_at_1"]] == [31, 32]
    assert history["typo_loss"][-1][1] < 0.5 * history["typo_loss"][0][1]
    gap_before = before["typo_view_cosine"] - before["typo_other_cosine"]
    gap_after = history["typo_view_cosine"][-1][1] - history["typo_other_cosine"][-1][1]
    assert gap_after > gap_before + 0.2, (gap_before, gap_after)
    lrs = [point.value for point in client.get_metric_history(result.run_id, "lr")]
    assert lrs[29] == pytest.approx(0.0, abs=1e-12)  # the pre-training schedule decays to zero
    assert lrs[30] > 0.0  # the alignment starts with its own, fresh schedule


@pytest.mark.parametrize(("values", "message"), [
    ({"typo_pretrain_epochs": -1}, "typo_pretrain_epochs must be a non-negative integer"),
    ({"typo_pretrain_rate": 0.0}, "typo_pretrain_rate must be in (0, 1]"),
])
def test_bad_pretraining_settings_are_refused(tiny_bert_dir, tmp_path, values, message) -> None:
    from distill.errors import DistillError

    with pytest.raises(DistillError, match=message.replace("(", r"\(").replace("]", r"\]")):
        pretraining_config(tiny_bert_dir, tmp_path, **values)
