"""Evaluation: corpora, seeded samples, scoring every model on the same inputs, statistics, MLflow output."""

from __future__ import annotations

import csv
import math
import os
import random
import re
from pathlib import Path

import datasets
import mlflow
import numpy as np
import pytest
import tiny_models
import torch
from scipy import stats
from test_surgery import lookup_student
from transformers import AutoTokenizer
from transformers.utils import ModelOutput

from distill.cli import main
from distill.data import Corpus, corpus_from_documents, noised_corpus
from distill.data.samples import (
    IGNORE,
    MASK_FRACTION,
    NEXT,
    RANDOM,
    masked_samples,
    pair_samples,
    whole_word_samples,
)
from distill.errors import DistillError
from distill.evaluation import (
    BASELINE,
    TASKS,
    EvaluationSettings,
    ScoreKey,
    ScoreTable,
    evaluate,
    load_corpus,
    score_variants,
)
from distill.evaluation.report import table2_markdown, worst_domains
from distill.evaluation.statistics import Summary
from distill.noise.specs import parse_noise
from distill.swap.surgery import StudentEmbedding, input_embeddings, load_transformer
from distill.tracking import store
from sweeps.evaluation import objective_value
from sweeps.report import combined_scores

ARTIFACTS = {"per_seed_scores.csv", "scores.png", "table2_scores.csv", "table2_scores.md", "table3_p_values.csv",
             "table3_p_values.md", "differences.csv", "differences.md", "differences.png"}


@pytest.fixture(autouse=True)
def hermetic_datasets(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``datasets`` caches under the test folder and never tries the network."""
    monkeypatch.setattr(datasets.config, "HF_DATASETS_CACHE", tmp_path / "datasets-cache")
    monkeypatch.setattr(datasets.config, "HF_HUB_OFFLINE", True)


def tiny_paragraphs(paragraphs: int = 6, sentences: int = 5, seed: int = 0) -> list[str]:
    """Paragraphs of sentences made of the tiny BERT's whole words (so they tokenize without [UNK])."""
    rng = random.Random(seed)
    blocks = []
    for _ in range(paragraphs):
        texts = [" ".join(rng.choices(tiny_models.WORDS, k=rng.randint(4, 9))) for _ in range(sentences)]
        blocks.append(" ".join(text[0].upper() + text[1:] + "." for text in texts))
    return blocks


@pytest.fixture
def tiny_corpus_file(tmp_path: Path) -> Path:
    path = tmp_path / "tiny.txt"
    path.write_text("\n\n".join(tiny_paragraphs()) + "\n")
    return path


# --- corpora -------------------------------------------------------------------------------------------


def test_python_documentation_corpus_is_prose() -> None:
    corpus = load_corpus("pydoc")
    assert len(corpus.sentences) >= 1000 and len(corpus.pair_starts) >= 500
    assert "Types affect almost all aspects of object behavior." in corpus.sentences
    for sentence in corpus.sentences:
        assert sentence[0].isupper() and sentence[-1] in ".!?" and len(sentence.split()) >= 4, sentence
        assert "::=" not in sentence and ">>>" not in sentence and "***" not in sentence
    assert load_corpus("pydoc").fingerprint == corpus.fingerprint


def test_offline_corpora_are_read_once_per_process() -> None:
    """A sweep builds a trainer per trial, each judging on pydoc+stdlib:heldout: the standard library's
    docstrings are parsed once, and every part drawn from the one reading."""
    stdlib = load_corpus("stdlib")
    assert load_corpus("stdlib") is stdlib and load_corpus("pydoc") is load_corpus("pydoc")
    heldout = load_corpus("pydoc+stdlib:heldout")
    assert set(heldout.sentences) < set(load_corpus("pydoc").sentences) | set(stdlib.sentences)


def test_local_corpora_in_every_format(tmp_path: Path) -> None:
    paragraphs = tiny_paragraphs(paragraphs=3, sentences=2)
    (tmp_path / "c.txt").write_text("\n\n".join(paragraphs))
    table = datasets.Dataset.from_dict({"label": [0, 1, 0], "text": paragraphs})
    table.to_csv(tmp_path / "c.csv")
    table.to_json(tmp_path / "c.jsonl")
    table.to_parquet(tmp_path / "c.parquet")
    for suffix in ("txt", "csv", "jsonl", "parquet"):
        corpus = load_corpus(str(tmp_path / f"c.{suffix}"))
        assert corpus.name == "c"
        assert len(corpus.sentences) == 6 and corpus.documents == (0, 0, 1, 1, 2, 2), suffix
        assert corpus.pair_starts == (0, 2, 4)


def test_bad_corpora_are_refused_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "empty.txt").write_text("")
    (tmp_path / "short.txt").write_text("Hi.\n\nOk then.\n")
    (tmp_path / "untitled.csv").write_text("body\nSome text that is long enough.\n")
    cases = {
        str(tmp_path / "missing.txt"): "corpus file .*missing.txt does not exist",
        str(tmp_path / "empty.txt"): "empty.txt is empty",
        str(tmp_path / "short.txt"): "corpus 'short' is empty: no sentence of at least 3 words",
        str(tmp_path / "untitled.csv"): "has no 'text' column; its columns: body",
        "wikipedia": "unknown corpus 'wikipedia'; choose wiki, pydoc, stdlib \\(offline\\), wikitext, imdb, or a",
    }
    for name, message in cases.items():
        with pytest.raises(DistillError, match=message):
            load_corpus(name)


@pytest.mark.parametrize("name", ["wikitext", "imdb"])
def test_unreachable_hub_corpus_names_the_alternatives(name: str) -> None:
    expected = f"cannot load corpus '{name}' from the Hugging Face hub.*offline corpus .wiki, pydoc.*local"
    with pytest.raises(DistillError, match=expected):
        load_corpus(name)


def test_unreachable_hub_is_asked_once_without_retries(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Not in offline mode, but the hub refuses connections: one probe, then the cache only (no 30 s of
    huggingface_hub's retry warnings before the one-line error), and offline mode is switched back off."""
    import datasets.config
    import huggingface_hub.constants

    unreachable = "http://127.0.0.1:9"  # the discard port: connections are refused
    monkeypatch.setattr(datasets.config, "HF_HUB_OFFLINE", False)
    monkeypatch.setattr(huggingface_hub.constants, "HF_HUB_OFFLINE", False)
    monkeypatch.setattr(datasets.config, "HF_ENDPOINT", unreachable)
    monkeypatch.setattr(huggingface_hub.constants, "ENDPOINT", unreachable)
    with pytest.raises(DistillError, match="cannot load corpus 'wikitext' from the Hugging Face hub"):
        load_corpus("wikitext")
    assert not [record for record in caplog.records if "Retrying" in record.getMessage()]
    assert datasets.config.HF_HUB_OFFLINE is False


def test_too_small_corpus_is_refused() -> None:
    corpus = corpus_from_documents("small", ["One two three four. Five six seven eight.", "Nine ten eleven twelve."])
    with pytest.raises(DistillError, match="corpus 'small' has 3 usable sentences and 1 next-sentence pairs; "
                                           "the task needs 4 sentences \\(lower --samples"):
        TASKS["mlm"].require(corpus, 4)
    TASKS["nsp"].require(corpus, 2)
    with pytest.raises(DistillError, match="the task needs 4 sentences and 2 pairs"):
        TASKS["nsp"].require(corpus, 4)


# --- seeded samples --------------------------------------------------------------------------------------


def test_masked_samples_are_fixed_by_the_seed(tiny_bert_dir: Path, tiny_corpus_file: Path) -> None:
    tokenizer = AutoTokenizer.from_pretrained(tiny_bert_dir)
    corpus = load_corpus(str(tiny_corpus_file))
    first, again = (masked_samples(corpus, tokenizer, 7, 12, 32) for _ in range(2))
    assert first.fingerprint == again.fingerprint and first.examples == again.examples
    assert masked_samples(corpus, tokenizer, 8, 12, 32).fingerprint != first.fingerprint
    originals = {tuple(tokenizer(sentence)["input_ids"]) for sentence in corpus.sentences}
    for example in first.examples:
        labels, ids = example["labels"], example["input_ids"]
        masked = [position for position, label in enumerate(labels) if label != IGNORE]
        assert masked and all(ids[position] == tokenizer.mask_token_id for position in masked)
        assert max(1, round(MASK_FRACTION * (len(ids) - 2))) == len(masked)  # [CLS] and [SEP] never masked
        assert 0 not in masked and len(ids) - 1 not in masked
        restored = [label if label != IGNORE else token for token, label in zip(ids, labels)]
        assert tuple(restored) in originals


def test_whole_word_samples_mask_the_words_meant_and_leave_the_noise_to_the_context(tiny_bert_dir: Path) -> None:
    tokenizer = AutoTokenizer.from_pretrained(tiny_bert_dir)
    sentences = tuple(" ".join(random.Random(index).choices(tiny_models.WORDS, k=12)) for index in range(40))
    clean = Corpus("words", sentences, tuple(range(40)))
    noisy = noised_corpus(clean, parse_noise("typo:0.3"), 0)
    assert noisy.meant == clean.sentences and noisy.sentences != clean.sentences
    on_clean, on_noisy = (whole_word_samples(corpus, tokenizer, 5, 24, 64) for corpus in (clean, noisy))
    assert on_clean.fingerprint == whole_word_samples(clean, tokenizer, 5, 24, 64).fingerprint
    originals = {tuple(tokenizer(sentence)["input_ids"]) for sentence in sentences}
    chosen = np.random.default_rng(5).choice(40, size=24, replace=False)  # the sentences the seed draws
    aligned = [len(noisy.sentences[index].split()) == len(sentences[index].split()) for index in chosen]
    assert 0 < sum(aligned) < 24  # this noise deletes a short word now and then
    for word_for_word, clean_example, noisy_example in zip(aligned, on_clean.examples, on_noisy.examples):
        ids, labels = clean_example["input_ids"], clean_example["labels"]
        masked = [position for position, label in enumerate(labels) if label != IGNORE]
        assert masked and all(ids[position] == tokenizer.mask_token_id for position in masked)
        assert len(masked) >= max(1, round(MASK_FRACTION * (len(ids) - 2)))  # whole words: at least the share
        restored = [label if label != IGNORE else token for token, label in zip(ids, labels)]
        assert tuple(restored) in originals
        if not word_for_word:  # a deleted word: no word-for-word reading, nothing scored
            assert set(noisy_example["labels"]) == {IGNORE}
            continue
        # the same words masked, labelled as the clean text's, whatever the noise did to the other words
        assert sorted(label for label in noisy_example["labels"] if label != IGNORE) == sorted(
            labels[position] for position in masked)
        assert noisy_example["input_ids"].count(tokenizer.mask_token_id) == len(masked)
    assert [example["input_ids"] for example in on_clean.examples] != [
        example["input_ids"] for example in on_noisy.examples]


def test_whole_word_samples_group_byte_level_pieces_by_word(tiny_roberta_dir: Path) -> None:
    # Byte-level BPE marks a word's first piece with its space: grouped by offsets, every masked word's labels
    # and the kept pieces restore the tokenizer's own encoding of the sentence.
    tokenizer = AutoTokenizer.from_pretrained(tiny_roberta_dir)
    sentences = tuple(" ".join(random.Random(index).choices(tiny_models.WORDS, k=9)) + "." for index in range(12))
    samples = whole_word_samples(Corpus("words", sentences, tuple(range(12))), tokenizer, 2, 12, 64)
    originals = {tuple(tokenizer(sentence)["input_ids"]) for sentence in sentences}
    for example in samples.examples:
        restored = [label if label != IGNORE else token for token, label in zip(example["input_ids"],
                                                                                 example["labels"])]
        assert tuple(restored) in originals and tokenizer.mask_token_id in example["input_ids"]
    tokenizer.mask_token = None
    with pytest.raises(DistillError, match="has no mask token; the mlm-meant task needs one"):
        whole_word_samples(Corpus("words", sentences, tuple(range(12))), tokenizer, 2, 12, 64)


def test_whole_word_samples_mask_nothing_where_the_noise_joined_words(tiny_bert_dir: Path) -> None:
    tokenizer = AutoTokenizer.from_pretrained(tiny_bert_dir)
    sentences = tuple(" ".join(random.Random(index).choices(tiny_models.WORDS, k=8)) for index in range(10))
    joined = tuple(sentence.replace(" ", "", 1) if index % 2 else sentence for index, sentence in enumerate(sentences))
    clean = Corpus("words", sentences, tuple(range(10)))
    noisy = Corpus("words", joined, tuple(range(10)), meant=sentences)
    on_clean, on_noisy = (whole_word_samples(corpus, tokenizer, 1, 10, 64) for corpus in (clean, noisy))
    chosen = np.random.default_rng(1).choice(10, size=10, replace=False)
    for index, clean_example, noisy_example in zip(chosen, on_clean.examples, on_noisy.examples):
        if index % 2:  # a joined pair of words: no word-for-word reading, nothing scored
            assert set(noisy_example["labels"]) == {IGNORE}
        else:  # the others keep the clean sample's masks: the joined sentences took their draws too
            assert noisy_example == clean_example


def test_sentence_pairs_are_half_next_half_random(tiny_bert_dir: Path, tiny_corpus_file: Path) -> None:
    tokenizer = AutoTokenizer.from_pretrained(tiny_bert_dir)
    corpus = load_corpus(str(tiny_corpus_file))
    samples = pair_samples(corpus, tokenizer, 3, 12, 64)
    assert samples.fingerprint == pair_samples(corpus, tokenizer, 3, 12, 64).fingerprint
    labels = [example["next_sentence_label"] for example in samples.examples]
    assert labels.count(NEXT) == labels.count(RANDOM) == 6
    consecutive = {tuple(tokenizer(corpus.sentences[i], corpus.sentences[i + 1])["input_ids"])
                   for i in corpus.pair_starts}
    for example in samples.examples:
        assert (tuple(example["input_ids"]) in consecutive) == (example["next_sentence_label"] == NEXT)


def test_accuracy_scorers_count_only_scored_positions() -> None:
    logits = torch.zeros(2, 3, 4)
    logits[0, 0, 1] = logits[0, 1, 2] = logits[1, 2, 3] = logits[1, 0, 0] = 1.0  # top-1: 1, 2, 0 / 0, 0, 3
    labels = torch.tensor([[1, 3, IGNORE], [IGNORE, IGNORE, 3]])
    mlm = TASKS["mlm"].scorer()
    mlm.update(ModelOutput(prediction_logits=logits), {"labels": labels}, None)
    mlm.update(ModelOutput(logits=logits[:1]), {"labels": torch.tensor([[IGNORE, 2, 1]])}, None)
    assert mlm.result() == {"mlm_accuracy": 3 / 5}
    nsp = TASKS["nsp"].scorer()
    nsp.update(ModelOutput(seq_relationship_logits=torch.tensor([[2.0, 1.0], [0.0, 1.0], [0.0, 1.0]])),
               {"next_sentence_label": torch.tensor([NEXT, NEXT, RANDOM])}, None)
    assert nsp.result() == {"nsp_accuracy": pytest.approx(2 / 3)}


def test_fidelity_scorer_compares_with_the_reference() -> None:
    hidden = torch.randn(6, 5, 8, generator=torch.Generator().manual_seed(0))
    mask = torch.ones(6, 5, dtype=torch.long)
    mask[:, 3:] = 0
    reference = ModelOutput(last_hidden_state=hidden)
    same, flipped = TASKS["fidelity"].scorer(), TASKS["fidelity"].scorer()
    same.update(ModelOutput(last_hidden_state=hidden), {"attention_mask": mask}, reference)
    padded_differently = hidden.clone()
    padded_differently[:, 3:] = 7.0  # padding must not count
    flipped.update(ModelOutput(hidden_states=(None, -padded_differently)), {"attention_mask": mask}, reference)
    assert same.result() == pytest.approx({"token_cosine": 1.0, "sentence_cosine": 1.0, "similarity_spearman": 1.0})
    assert flipped.result() == pytest.approx({"token_cosine": -1.0, "sentence_cosine": -1.0,
                                              "similarity_spearman": 1.0})


def test_heads_read_where_scored_give_the_whole_models_accuracy(tiny_bert_dir: Path, tiny_corpus_file: Path) -> None:
    """MLM and NSP run the encoder and apply each head where it is read: the accuracy of the whole model's
    logits, at a fraction of the arithmetic."""
    model = load_transformer(str(tiny_bert_dir)).model
    tokenizer = AutoTokenizer.from_pretrained(tiny_bert_dir)
    corpus = load_corpus(str(tiny_corpus_file))
    scores = score_variants(model, tokenizer, {BASELINE: input_embeddings(model)}, [corpus],
                            [TASKS["mlm"], TASKS["nsp"]], [0, 1], samples=10, max_length=32, batch_size=4)
    for seed in (0, 1):
        for task, labels, logits in (("mlm", "labels", "prediction_logits"),
                                     ("nsp", "next_sentence_label", "seq_relationship_logits")):
            right = total = 0
            for batch in TASKS[task].draw(corpus, tokenizer, seed, 10, 32).batches(4, 0, model.device):
                target = batch.pop(labels)
                with torch.no_grad():
                    predicted = model(**batch)[logits]
                scored = target != IGNORE
                right += int((predicted[scored].argmax(-1) == target[scored]).sum())
                total += int(scored.sum())
            assert scores.values[ScoreKey(BASELINE, "tiny", task, f"{task}_accuracy")][seed] == right / total
    assert TASKS["mlm"].runs_on(model) is model.bert


def test_every_model_sees_the_same_inputs(tiny_bert_dir: Path, tiny_corpus_file: Path) -> None:
    loaded = load_transformer(str(tiny_bert_dir))
    model, tokenizer = loaded.model, AutoTokenizer.from_pretrained(tiny_bert_dir)
    variants = {BASELINE: input_embeddings(model)}
    for index in (1, 2):
        student = lookup_student(tiny_bert_dir, noise=0.1 * index)
        variants[f"student-{index}"] = StudentEmbedding.from_model(model, student, tokenizer).baked()
    seen: list[tuple[torch.nn.Module, torch.Tensor]] = []
    model.bert.register_forward_pre_hook(  # the encoder: each task applies the one head it reads
        lambda module, args, kwargs: seen.append((module.get_input_embeddings(), kwargs["input_ids"].clone())),
        with_kwargs=True,
    )
    corpus = load_corpus(str(tiny_corpus_file))
    scores = score_variants(model, tokenizer, variants, [corpus], [TASKS["mlm"], TASKS["nsp"]], [0, 1],
                            samples=10, max_length=32, batch_size=4)
    assert len(seen) == 2 * 2 * 3 * 3  # seeds × tasks × batches × models
    for start in range(0, len(seen), 3):
        group = seen[start : start + 3]
        assert [embeddings for embeddings, _ in group] == list(variants.values())
        assert all(torch.equal(ids, group[0][1]) for _, ids in group)
    assert set(scores.fingerprints) == {("tiny", task, seed) for task in ("mlm", "nsp") for seed in (0, 1)}
    assert model.get_input_embeddings() is variants[BASELINE]


def test_an_evaluation_in_a_log_says_how_far_it_is_and_how_long_it_has_left(tiny_bert_dir: Path,
                                                                            tiny_corpus_file: Path, capsys,
                                                                            monkeypatch) -> None:
    """Where no progress bar runs (stderr is a file), a long evaluation prints a line every half minute."""
    monkeypatch.setattr("distill.tracking.progress.STEP_LINE_SECONDS", 0.0)
    loaded = load_transformer(str(tiny_bert_dir))
    model, tokenizer = loaded.model, AutoTokenizer.from_pretrained(tiny_bert_dir)
    score_variants(model, tokenizer, {BASELINE: input_embeddings(model)}, [load_corpus(str(tiny_corpus_file))],
                   [TASKS["mlm"]], [0, 1], samples=8, max_length=32, batch_size=4, quiet=False)
    lines = [line for line in capsys.readouterr().err.splitlines() if line.startswith("  batches ")]
    assert [line.split()[1] for line in lines] == ["1/4", "2/4", "3/4"]  # none once it is done
    assert re.search(r"\(\d+ s elapsed, about \d+ s left\): dataset tiny, task mlm, seed 1$", lines[-1]), lines


# --- the evaluation --------------------------------------------------------------------------------------


def _log_student_run(student, folder: Path) -> str:
    """Log ``student`` as the 'student' artifact of a new run, with provenance as training records it."""
    store.configure("train")  # this test's store (another test may have pointed MLflow elsewhere)
    with mlflow.start_run() as run:
        student.provenance = {"run_id": run.info.run_id, "loss": "mse"}
        mlflow.log_artifacts(str(student.save_pretrained(folder)), "student")
    return run.info.run_id


def test_evaluation_over_three_seeds_with_t_tests_and_mlflow_artifacts(tiny_bert_dir, tiny_corpus_file, tmp_path):
    identical = lookup_student(tiny_bert_dir).save_pretrained(tmp_path / "identical")
    noisy_run = _log_student_run(lookup_student(tiny_bert_dir, noise=0.05), tmp_path / "noisy")

    settings = EvaluationSettings(model=str(tiny_bert_dir), datasets=[str(tiny_corpus_file)], seeds=3, samples=8,
                                  max_length=32, batch_size=4)
    result = evaluate([str(identical), noisy_run], settings, quiet=True)

    models = result.scores.models
    assert models[0] == BASELINE and len(models) == 3
    metrics = {"mlm_accuracy", "nsp_accuracy", "token_cosine", "sentence_cosine", "similarity_spearman"}
    assert {key.metric for key in result.scores.values} == metrics
    assert all(len(values) == 3 for values in result.scores.values.values())
    identical_label, noisy_label = models[1], models[2]
    for key, values in result.scores.values.items():
        baseline = result.scores.values[key._replace(model=BASELINE)]
        if key.model == identical_label:
            assert values == baseline
        if key.task == "fidelity" and key.model == BASELINE:
            assert values == pytest.approx([1.0] * 3)
    assert result.scores.values[ScoreKey(noisy_label, "tiny", "fidelity", "token_cosine")][0] < 0.999

    assert len(result.tests) == 2 * len(metrics)
    for test in result.tests:
        expected = stats.ttest_rel(result.scores.values[test.key],
                                   result.scores.values[test.key._replace(model=BASELINE)]).pvalue
        assert (math.isnan(test.p_value) and math.isnan(expected)) or test.p_value == pytest.approx(expected)
        if test.key.model == identical_label:
            assert math.isnan(test.p_value) and not test.significant

    run = mlflow.get_run(result.run_id)
    assert mlflow.get_experiment(run.info.experiment_id).name == "distill-evaluate"
    assert noisy_run in run.data.tags["distill.student_runs"]
    assert run.data.params["seeds"] == "3" and run.data.params["tasks"] == "mlm,nsp,fidelity"
    history = mlflow.MlflowClient().get_metric_history(result.run_id, f"{noisy_label}/tiny/mlm_accuracy")
    assert [point.step for point in history] == [0, 1, 2]
    folder = Path(mlflow.artifacts.download_artifacts(run_id=result.run_id, dst_path=str(tmp_path / "artifacts")))
    assert ARTIFACTS <= {path.name for path in folder.iterdir()}
    with (folder / "table3_p_values.csv").open() as file:
        rows = list(csv.DictReader(file))
    assert len(rows) == len(result.tests)
    assert (folder / "scores.png").read_bytes().startswith(b"\x89PNG")
    assert "Table 3" in result.report and "nan n.s." in (folder / "table3_p_values.md").read_text()


@pytest.fixture(scope="module")
def minilm_students(embedded_dir, tmp_path_factory) -> list[str]:
    folder = tmp_path_factory.mktemp("minilm-students")
    return [str(lookup_student(embedded_dir, noise=noise).save_pretrained(folder / f"noise-{noise}"))
            for noise in (0.0, 0.02)]


def test_evaluate_command_on_embedded_minilm_gives_fidelity_table(minilm_students, capsys) -> None:
    code = main(["evaluate", "--students", *minilm_students, "--seeds", "3", "--samples", "6",
                 "--max-length", "16", "--quiet"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "token_cosine" in out and "similarity_spearman" in out and "mlm_accuracy" not in out
    assert "| wiki:heldout | pydoc+stdlib:heldout | worst domain |" in out  # judged on two domains by default
    (run,) = mlflow.search_runs(experiment_names=["distill-evaluate"], output_format="list")
    assert run.data.params["datasets"] == "wiki:heldout,pydoc+stdlib:heldout"
    assert run.data.params["tasks"] == "fidelity"
    assert "baseline/worst/sentence_cosine/mean" in run.data.metrics
    assert run.info.run_id in out


def test_evaluate_command_refuses_bad_input_in_one_line(minilm_students, tiny_bert_dir, tmp_path, capsys) -> None:
    student = minilm_students[0]
    cases = [
        (["--tasks", "mlm,pos"], "unknown task 'pos'; valid tasks: mlm, nsp, fidelity, mlm-meant"),
        (["--tasks", "mlm"], "BertModel has no mlm head; tasks it supports: fidelity"),
        (["--seeds", "1"], "seeds must be in [2, 1000], got 1"),
        (["--samples", "5000"], "corpus 'pydoc+stdlib:heldout' has"),
        (["--datasets", str(tmp_path / "none.txt")], "none.txt does not exist"),
        (["--datasets", "imdb"], "cannot load corpus 'imdb' from the Hugging Face hub"),
        (["--model", str(tiny_bert_dir)], "student dim 384 differs from the model's hidden size 32"),
    ]
    for extra, message in cases:
        code = main(["evaluate", "--students", student, "--quiet", *extra])
        error = capsys.readouterr().err
        assert code == 2 and error.startswith("error: ") and message in error and error.count("\n") == 1, error


def test_quiet_evaluation_of_a_logged_student_shows_no_mlflow_download_bar(tiny_bert_dir, tiny_corpus_file,
                                                                             tmp_path, capsys) -> None:
    run_id = _log_student_run(lookup_student(tiny_bert_dir, noise=0.05), tmp_path / "logged")
    code = main(["evaluate", "--students", run_id, "--model", str(tiny_bert_dir), "--datasets", str(tiny_corpus_file),
                 "--seeds", "2", "--samples", "4", "--max-length", "32", "--quiet"])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert "Downloading artifacts" not in captured.err
    assert "MLFLOW_ENABLE_ARTIFACTS_PROGRESS_BAR" not in os.environ  # the CLI restores the environment


def test_the_worst_domain_is_each_models_lowest_mean() -> None:
    def summary(model: str, dataset: str, mean: float) -> Summary:
        return Summary(ScoreKey(model, dataset, "fidelity", "sentence_cosine"), mean, 0.01)

    summaries = [summary("baseline", "wiki", 1.0), summary("baseline", "pydoc", 1.0),
                 summary("student", "wiki", 0.93), summary("student", "pydoc", 0.71)]
    worst = worst_domains(summaries)
    assert worst["student", "fidelity", "sentence_cosine"].key.dataset == "pydoc"
    table = table2_markdown(summaries)
    assert "| wiki | pydoc | worst domain |" in table and "| 0.7100 (pydoc) |" in table
    assert "worst domain" not in table2_markdown(summaries[:1])  # one dataset: nothing to compare
    scores = ScoreTable([0, 1], values={ScoreKey("student", "wiki", "fidelity", "sentence_cosine"): [0.9, 0.96],
                                        ScoreKey("student", "pydoc", "fidelity", "sentence_cosine"): [0.7, 0.8]})
    assert objective_value(scores, "sentence_cosine") == pytest.approx(0.75)  # sweeps optimise the worst domain


def test_sweeps_read_the_vocabulary_free_path_where_it_was_scored() -> None:
    def key(model: str, dataset: str) -> ScoreKey:
        return ScoreKey(model, dataset, "fidelity", "sentence_cosine")

    scores = ScoreTable([0, 1], values={key("baseline", "wiki"): [1.0, 1.0], key("student", "wiki"): [0.9, 0.9],
                                        key("student-vocabfree", "wiki"): [0.8, 0.7],
                                        key("student-vocabfree", "pydoc"): [0.6, 0.7]})
    assert objective_value(scores, "sentence_cosine") == pytest.approx(0.65)
    assert combined_scores({"trial": scores}).models == ["baseline", "trial", "trial-vocabfree"]


def test_a_failure_to_record_the_evaluation_still_prints_its_scores(minilm_students, monkeypatch, capsys) -> None:
    """Issue 23, finding 1: a logging failure after scoring was a traceback that lost every score. The scores are
    kept, and the same command records them."""
    from distill.evaluation import runner, scoring

    def refuse(*args: object) -> str:
        raise mlflow.exceptions.MlflowException("Could not find a source information resolver\nmore context")

    argv = ["evaluate", "--students", *minilm_students, "--seeds", "2", "--samples", "4", "--max-length", "16",
            "--quiet"]
    with monkeypatch.context() as patch:
        patch.setattr(runner, "_log_run", refuse)
        code = main(argv)
    captured = capsys.readouterr()
    assert code == 0
    assert "token_cosine" in captured.out
    (warning,) = captured.err.strip().splitlines()
    kept = re.fullmatch("warning: the evaluation was not recorded in MLflow: Could not find a source information "
                        "resolver; its scores are kept in (.+): rerun the same command to record them", warning)
    assert kept and Path(kept[1]).is_file(), warning

    def unscored(*args: object, **kwargs: object) -> None:
        raise AssertionError("a unit the journal holds was scored again")

    with monkeypatch.context() as patch:  # the rerun records the kept scores without scoring anything again
        patch.setattr(scoring.SharedForwards, "run", unscored)
        assert main(argv) == 0
    rerun = capsys.readouterr()
    assert rerun.out.startswith(captured.out) and "evaluation run " in rerun.out and not Path(kept[1]).exists()


def test_a_stopped_evaluation_resumes_where_it_stopped(tiny_bert_dir, tiny_corpus_file, tmp_path, monkeypatch) -> None:
    """Each finished unit (a dataset, a seed and a task) is kept in a journal: rerun after a crash, the evaluation
    scores only the units it had not finished, and gives the scores an evaluation that never stopped gives."""
    from distill.evaluation import journal as journal_module

    monkeypatch.setenv("DISTILL_CACHE_DIR", str(tmp_path / "cache"))  # this test's journals alone
    student = str(lookup_student(tiny_bert_dir, noise=0.05).save_pretrained(tmp_path / "noisy"))
    settings = EvaluationSettings(model=str(tiny_bert_dir), datasets=[str(tiny_corpus_file)], seeds=3, samples=8,
                                  max_length=32, batch_size=4, tasks=["mlm", "nsp"], noise=["clean", "typo:0.1"])
    whole = evaluate([student], settings, quiet=True)
    assert not list(journal_module.journal_folder().glob("*.jsonl"))  # recorded: no journal left

    recorded = []
    original = journal_module.ScoreJournal.record

    def counted(self, *args: object) -> None:
        original(self, *args)
        recorded.append(args[0])

    def crash_after_five(self, *args: object) -> None:
        counted(self, *args)
        if len(recorded) == 5:
            raise KeyboardInterrupt

    with monkeypatch.context() as patch, pytest.raises(KeyboardInterrupt):
        patch.setattr(journal_module.ScoreJournal, "record", crash_after_five)
        evaluate([student], settings, quiet=True)
    (kept,) = journal_module.journal_folder().glob("*.jsonl")
    assert len(kept.read_text().splitlines()) == 5
    with kept.open("a") as handle:  # the process killed while writing the sixth unit
        handle.write('{"dataset": "tiny", "task": "ml')

    recorded.clear()
    with monkeypatch.context() as patch:
        patch.setattr(journal_module.ScoreJournal, "record", counted)
        resumed = evaluate([student], settings, quiet=True)
    assert len(recorded) == 2 * 2 * 3 - 5  # 2 readings × 2 tasks × 3 seeds, 5 of them read back
    assert dict(resumed.scores.values) == dict(whole.scores.values)
    assert resumed.scores.fingerprints == whole.scores.fingerprints and not kept.exists()


def test_a_journal_reads_only_its_units_on_the_same_samples_and_refuses_a_second_process(tmp_path,
                                                                                          monkeypatch) -> None:
    """A unit whose samples changed is scored again; a line that cannot be read and is not the last is refused; the
    same evaluation opened twice (another process's lock) is refused in one line."""
    from distill.evaluation.journal import ScoreJournal, open_journal

    path = tmp_path / "journal.jsonl"
    unit = '{"dataset": "tiny", "task": "mlm", "seed": 0, "fingerprint": "f", "results": {"baseline": {"m": 0.5}}}\n'
    path.write_text(unit)
    journal = ScoreJournal.read(path)
    assert journal.results(("tiny", "mlm", 0), "f") == {"baseline": {"m": 0.5}}
    assert journal.results(("tiny", "mlm", 0), "other samples") is None
    assert journal.results(("tiny", "mlm", 1), "f") is None
    path.write_text('{"dataset": "tiny"}\n' + unit)
    with pytest.raises(DistillError, match=r"journal.jsonl:1: not a line of an evaluation journal; remove the file"):
        ScoreJournal.read(path)

    monkeypatch.setenv("DISTILL_CACHE_DIR", str(tmp_path / "cache"))
    with open_journal("same"), pytest.raises(DistillError, match=r"^the same evaluation is running in pid \d+ on "):
        with open_journal("same"):
            pass


def test_long_student_names_are_recorded_shortened_and_kept_whole(tiny_bert_dir, tiny_corpus_file, tmp_path) -> None:
    """A student folder with a 240-character path, and 30 students with 200-character names: the run is recorded
    (FINISHED), every key within MLflow's 250 characters, the labels a readable prefix and a hash, every source
    whole in ``students.tsv``."""
    deep = tmp_path / ("d" * (240 - len(str(tmp_path)) - 1))
    sources = [str(lookup_student(tiny_bert_dir, noise=0.05).save_pretrained(deep))]
    for index in range(30):
        name = f"{index:02d}" + "s" * 198
        sources.append(str(lookup_student(tiny_bert_dir, noise=0.01 * index).save_pretrained(tmp_path / name)))
    assert len(sources[0]) == 240
    settings = EvaluationSettings(model=str(tiny_bert_dir), tasks=["mlm"], datasets=[str(tiny_corpus_file)], seeds=2,
                                  samples=4, max_length=16, batch_size=4)
    result = evaluate(sources, settings, quiet=True)
    assert result.run_id is not None
    run = mlflow.get_run(result.run_id)
    assert run.info.status == "FINISHED"
    keys = [*run.data.metrics, *run.data.params, *run.data.tags]
    assert max(map(len, keys)) <= 250 and len(set(result.scores.models)) == 32
    assert all(len(label) <= 80 for label in result.scores.models)
    assert run.data.params["students"].startswith(sources[0][:100]) and len(run.data.params["students"]) == 6000
    listed = mlflow.artifacts.load_text(f"runs:/{result.run_id}/students.tsv").splitlines()
    assert [line.split("\t")[1] for line in listed] == sources
