"""``distill heads``: BERT's pre-training heads fitted to an encoder without them (the embedded MiniLM's case).

What can be checked here on tiny models: BERT's batches (masking, pairs, determinism by step), the model made
(heads on the encoder, the table frozen and tied to the decoder), that training lowers the losses, that a stopped
run resumes bit for bit, that a finished folder is reused and another recipe refused, that the name
``embedded-pretraining`` finds the cached model and says how to make it when it is missing, and that the paper's
tasks run on the result. The real run on all-MiniLM-L6-v2 (78-108 min on 2 cores) is measured in docs/paper.md.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import tiny_models
import torch
from safetensors.torch import load_file
from tiny_models import write_corpus
from transformers import AutoModel, AutoTokenizer, BertForPreTraining

from distill.cli import main
from distill.data import corpus_from_documents, document_part, load_corpus
from distill.data.samples import IGNORE, NEXT, RANDOM
from distill.errors import DistillError
from distill.pretraining import PretrainingSettings
from distill.pretraining import run as pretraining_run
from distill.pretraining.batches import pretraining_batch
from distill.pretraining.checkpoints import partial_folder
from distill.pretraining.heads import freeze_for_pretraining, with_pretraining_heads
from distill.pretraining.run import learning_rate, make_pretraining_model, replacement_ids
from teachers import load_teacher, resolve_model_path
from teachers.cache import made_model_folder
from teachers.errors import TeacherError
from teachers.loading import EMBEDDED_PRETRAINING


@pytest.fixture(scope="module")
def encoder_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tiny ``BertModel`` with no heads, as all-MiniLM-L6-v2 is."""
    return tiny_models.build_tiny_bert_encoder(tmp_path_factory.mktemp("encoder"))


@pytest.fixture
def corpus_file(tmp_path: Path) -> Path:
    return write_corpus(tmp_path / "english.txt")


def tiny_settings(encoder: Path, corpus: Path, out: Path, **values: object) -> PretrainingSettings:
    return PretrainingSettings(**{"model": str(encoder), "out": str(out), "corpus": f"{corpus}:train", "steps": 6,
                                  "batch_size": 8, "checkpoint_every": 2, "datasets": [f"{corpus}:heldout"],
                                  "eval_seeds": 2, "eval_samples": 8, **values})


# --- batches -------------------------------------------------------------------------------------------------


def test_batches_follow_bert_masking_and_pairs(encoder_dir: Path, tmp_path: Path) -> None:
    tokenizer = AutoTokenizer.from_pretrained(encoder_dir)
    corpus = load_corpus(str(write_corpus(tmp_path / "english.txt")))
    replacements = replacement_ids(tokenizer, len(tokenizer))
    batch = pretraining_batch(corpus, tokenizer, replacements, seed=3, step=7, batch_size=64, max_length=48)
    again = pretraining_batch(corpus, tokenizer, replacements, seed=3, step=7, batch_size=64, max_length=48)
    other = pretraining_batch(corpus, tokenizer, replacements, seed=3, step=8, batch_size=64, max_length=48)
    assert all(torch.equal(batch[key], again[key]) for key in batch)
    assert not torch.equal(batch["input_ids"], other["input_ids"])

    chosen = batch["labels"] != IGNORE
    original = torch.where(chosen, batch["labels"], batch["input_ids"])
    special = torch.isin(original, torch.tensor(tokenizer.all_special_ids))
    assert not (chosen & special).any()  # special tokens and padding are never predicted
    candidates = (batch["attention_mask"] == 1) & ~special
    assert 0.12 < chosen.sum() / candidates.sum() < 0.18  # 15 % of the tokens
    inputs_at_chosen = batch["input_ids"][chosen]
    masked = (inputs_at_chosen == tokenizer.mask_token_id).float().mean()
    kept = (inputs_at_chosen == batch["labels"][chosen]).float().mean()
    assert 0.7 < masked < 0.9 and 0.03 < kept < 0.2  # 80 % masked, 10 % kept (10 % random)
    assert set(batch["next_sentence_label"].tolist()) == {NEXT, RANDOM}


def test_random_partners_come_from_other_documents(encoder_dir: Path) -> None:
    tokenizer = AutoTokenizer.from_pretrained(encoder_dir)
    documents = [f"The {word} is old. The {word} is new. The {word} is big." for word in tiny_models.WORDS[18:30]]
    corpus = corpus_from_documents("toy", documents)
    batch = pretraining_batch(corpus, tokenizer, replacement_ids(tokenizer, len(tokenizer)), seed=0, step=0,
                              batch_size=32, max_length=32)
    original = torch.where(batch["labels"] != IGNORE, batch["labels"], batch["input_ids"])
    for ids, label in zip(original, batch["next_sentence_label"]):
        words = [token for token in tokenizer.convert_ids_to_tokens(ids) if token in tiny_models.WORDS[18:30]]
        assert (words[0] == words[-1]) == (label == NEXT)


# --- the model ------------------------------------------------------------------------------------------------


def test_heads_are_put_on_the_encoder_with_the_table_frozen(encoder_dir: Path) -> None:
    model = with_pretraining_heads(str(encoder_dir), "tiny", seed=0)
    source = AutoModel.from_pretrained(encoder_dir)
    table = model.get_input_embeddings().weight
    assert torch.equal(table, source.get_input_embeddings().weight)
    assert model.cls.predictions.decoder.weight is table  # the decoder reads the input table, as BERT's
    assert torch.equal(model.bert.encoder.layer[0].output.dense.weight, source.encoder.layer[0].output.dense.weight)

    trained = freeze_for_pretraining(model, heads_only=False)
    assert not table.requires_grad and all(parameter is not table for parameter in trained)
    assert sum(parameter.numel() for parameter in trained) == sum(
        parameter.numel() for parameter in model.parameters()) - table.numel()
    heads = {name for name, parameter in model.named_parameters()
             if any(parameter is chosen for chosen in freeze_for_pretraining(model, heads_only=True))}
    assert heads and all(name.startswith(("cls.", "bert.pooler.")) for name in heads)


def test_models_that_are_not_bert_or_have_heads_are_refused(tiny_roberta_dir: Path, tiny_bert_dir: Path) -> None:
    with pytest.raises(DistillError, match="roberta model; distill heads fits BERT"):
        with_pretraining_heads(str(tiny_roberta_dir), "tiny-roberta", seed=0)
    with pytest.raises(DistillError, match="has MLM and NSP heads already"):
        with_pretraining_heads(str(tiny_bert_dir), "tiny-bert", seed=0)


def test_learning_rate_warms_up_then_decays_to_zero() -> None:
    settings = PretrainingSettings(steps=100, lr=1e-3, warmup_fraction=0.1)
    rates = [learning_rate(step, settings) for step in range(100)]
    assert rates[0] == pytest.approx(1e-4) and rates[9] == pytest.approx(1e-3)
    assert rates[10:] == sorted(rates[10:], reverse=True) and rates[-1] == pytest.approx(1e-3 / 90)


# --- the run -----------------------------------------------------------------------------------------------------


def test_the_folder_made_loads_as_bert_for_pretraining_and_keeps_the_table(encoder_dir: Path, corpus_file: Path,
                                                                          tmp_path: Path) -> None:
    out = tmp_path / "with-heads"
    result = make_pretraining_model(tiny_settings(encoder_dir, corpus_file, out), quiet=True)
    assert result.folder == out and not result.reused and result.run_id is not None
    assert not partial_folder(out).exists()
    model = BertForPreTraining.from_pretrained(out)
    source = AutoModel.from_pretrained(encoder_dir)
    assert torch.equal(model.get_input_embeddings().weight, source.get_input_embeddings().weight)
    assert not torch.equal(model.bert.encoder.layer[0].output.dense.weight,
                           source.encoder.layer[0].output.dense.weight)
    record = json.loads((out / "pretraining.json").read_text())
    assert record["recipe"]["steps"] == 6 and [entry["step"] for entry in record["history"]] == [2, 4, 6]
    assert set(result.figures) == {"english:heldout"}
    assert set(result.figures["english:heldout"]) == {"mlm_accuracy", "nsp_accuracy"}
    assert "pipeline_tag: fill-mask" in (out / "README.md").read_text()
    # the table a student learns from it is the source's
    assert torch.equal(load_teacher(str(out)).table, load_teacher(str(encoder_dir)).table)

    again = make_pretraining_model(tiny_settings(encoder_dir, corpus_file, out), quiet=True)
    assert again.reused and again.figures == result.figures
    with pytest.raises(DistillError, match=r"made with another recipe \(steps\)"):
        make_pretraining_model(tiny_settings(encoder_dir, corpus_file, out, steps=8), quiet=True)


def test_training_lowers_the_mlm_loss(encoder_dir: Path, corpus_file: Path, tmp_path: Path) -> None:
    """The tiny corpus is random words (unigram entropy about ln 48 = 3.9 nats, from ln 100 = 4.6 at the start):
    the words' frequencies are what there is to learn."""
    settings = tiny_settings(encoder_dir, corpus_file, tmp_path / "out", steps=60, checkpoint_every=20, lr=1e-2)
    make_pretraining_model(settings, quiet=True)
    history = json.loads((tmp_path / "out" / "pretraining.json").read_text())["history"]
    assert history[-1]["mlm_loss"] < history[0]["mlm_loss"] - 0.1


def test_heads_only_leaves_the_encoder_as_it_was(encoder_dir: Path, corpus_file: Path, tmp_path: Path) -> None:
    make_pretraining_model(tiny_settings(encoder_dir, corpus_file, tmp_path / "out", heads_only=True), quiet=True)
    model, source = BertForPreTraining.from_pretrained(tmp_path / "out"), AutoModel.from_pretrained(encoder_dir)
    assert torch.equal(model.bert.encoder.layer[1].output.dense.weight, source.encoder.layer[1].output.dense.weight)
    assert not torch.equal(model.bert.pooler.dense.weight, source.pooler.dense.weight)


def test_a_stopped_run_resumes_bit_for_bit(encoder_dir: Path, corpus_file: Path, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    whole = tmp_path / "whole"
    make_pretraining_model(tiny_settings(encoder_dir, corpus_file, whole), quiet=True)

    stopped = tmp_path / "stopped"
    save = pretraining_run.save_checkpoint

    def save_then_stop(*args: object) -> None:
        save(*args)
        raise KeyboardInterrupt

    monkeypatch.setattr(pretraining_run, "save_checkpoint", save_then_stop)
    with pytest.raises(KeyboardInterrupt):
        make_pretraining_model(tiny_settings(encoder_dir, corpus_file, stopped), quiet=True)
    assert not stopped.exists() and (partial_folder(stopped) / "step-0000002").is_dir()
    monkeypatch.setattr(pretraining_run, "save_checkpoint", save)
    with pytest.raises(DistillError, match=r"another recipe \(lr\)"):
        make_pretraining_model(tiny_settings(encoder_dir, corpus_file, stopped, lr=1e-3), quiet=True)
    make_pretraining_model(tiny_settings(encoder_dir, corpus_file, stopped), quiet=True)
    expected, resumed = load_file(whole / "model.safetensors"), load_file(stopped / "model.safetensors")
    assert expected.keys() == resumed.keys()
    assert all(torch.equal(expected[name], resumed[name]) for name in expected)


# --- the name embedded-pretraining and the command -------------------------------------------------------------------


def test_the_cached_name_says_how_to_make_it_until_it_is_made(encoder_dir: Path, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISTILL_CACHE_DIR", str(tmp_path / "cache"))
    with pytest.raises(TeacherError, match="has not been made on this machine; make it once with `distill heads`"):
        resolve_model_path(EMBEDDED_PRETRAINING)
    assert main(["evaluate", "--model", EMBEDDED_PRETRAINING, "--students", "x", "--quiet"]) == 2

    corpus = write_corpus(tmp_path / "english.txt")
    settings = tiny_settings(encoder_dir, corpus, made_model_folder(EMBEDDED_PRETRAINING))
    make_pretraining_model(settings, quiet=True)
    assert Path(resolve_model_path(EMBEDDED_PRETRAINING)[0]) == made_model_folder(EMBEDDED_PRETRAINING)


def test_distill_heads_then_the_papers_tasks_on_the_result(encoder_dir: Path, tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    corpus = write_corpus(tmp_path / "english.txt")
    out = tmp_path / "with-heads"
    assert main(["heads", "--model", str(encoder_dir), "--out", str(out), "--corpus", f"{corpus}:train",
                 "--steps", "4", "--batch-size", "8", "--datasets", f"{corpus}:heldout", "--eval-seeds", "2",
                 "--eval-samples", "8", "--quiet"]) == 0
    printed = capsys.readouterr().out
    assert "english:heldout: MLM accuracy" in printed and f"model with heads: {out}" in printed

    from test_surgery import lookup_student

    from distill.evaluation import EvaluationSettings, evaluate

    student = lookup_student(encoder_dir, noise=0.05).save_pretrained(tmp_path / "student")  # the source's table
    result = evaluate([str(student)], EvaluationSettings(model=str(out), tasks=["mlm", "nsp"],
                                                   datasets=[f"{corpus}:heldout"], seeds=2, samples=8,
                                                   max_length=32), quiet=True)
    assert {key.metric for key in result.scores.values} == {"mlm_accuracy", "nsp_accuracy"}


@pytest.mark.parametrize("arguments, message", [
    (["--model", "TINY_ROBERTA", "--out", "out"], "roberta model; distill heads fits BERT"),
    (["--model", "TINY_ENCODER"], "give --out for the model with heads made from"),
    (["--model", "TINY_ENCODER", "--out", "TINY_ENCODER/inside"], "lies in the source model folder"),
    (["--steps", "0"], "steps"),
])
def test_bad_input_is_refused_in_one_line(arguments: list[str], message: str, encoder_dir: Path,
                                          tiny_roberta_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    paths = {"TINY_ROBERTA": str(tiny_roberta_dir), "TINY_ENCODER": str(encoder_dir)}
    argv = [next((argument.replace(name, path) for name, path in paths.items() if name in argument), argument)
            for argument in arguments]
    assert main(["heads", *argv, "--quiet"]) == 2
    error = capsys.readouterr().err.strip()
    assert message in error and len(error.splitlines()) == 1 and "Traceback" not in error


def test_the_training_corpus_is_never_the_judged_documents() -> None:
    settings = PretrainingSettings()
    assert settings.corpus.endswith(":train") and all(name.endswith(":heldout") for name in settings.datasets)
    train, heldout = load_corpus(settings.corpus), document_part(load_corpus("wiki"), "heldout")
    assert not set(train.sentences) & set(heldout.sentences[:2000])
