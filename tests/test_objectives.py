"""Training objectives on tiny local models: corpus parts, frequency-aware rows, special rows, context distillation."""

from __future__ import annotations

import math
import random
from pathlib import Path
from typing import Any

import mlflow
import pytest
import torch
from callbacks import RaiseAt
from tiny_models import TABLE_ONLY_BYTESCNN, build_tiny_bert, build_tiny_gpt2, drop_padding_token

from distill.cli import main
from distill.config.training import TrainConfig, config_keys
from distill.data import corpus_from_documents, document_part, load_corpus
from distill.data.frequencies import english_words
from distill.data.samples import collate
from distill.errors import DistillError
from distill.objectives.context import ContextDistillation, WordAlignment, word_groups
from distill.objectives.english import piece_mean_targets
from distill.objectives.registry import OBJECTIVES, objective_metrics, phase_builders, register_objective
from distill.objectives.table import TableAlignment
from distill.objectives.text import corpus_part, judged_texts, row_counts
from distill.objectives.whole_words import WholeWordTargets, english_split_words, split_words
from distill.swap.surgery import SPECIAL_ROWS_KEY, StudentEmbedding, load_transformer
from distill.training import build_trainer, prepare, resume, train
from teachers import load_teacher, load_tokenizer
from teachers.loading import resolve_model_path

WORDS = ("the", "cat", "dog", "house", "tree", "car", "book", "city", "river", "run", "walk", "read", "good",
         "new", "old", "big", "small", "happy", "red", "blue", "green", "day", "night")


@pytest.fixture
def tiny_corpus(tmp_path: Path) -> Path:
    """40 documents of three sentences each, in the tiny BERT's words, as a local text file."""
    rng = random.Random(0)

    def sentence() -> str:
        words = [rng.choice(WORDS) for _ in range(rng.randint(4, 9))]
        return " ".join(words).capitalize() + "."

    documents = [" ".join(sentence() for _ in range(3)) for _ in range(40)]
    path = tmp_path / "tiny.txt"
    path.write_text("\n\n".join(documents) + "\n")
    return path


def context_config(teacher: Path, corpus: Path, tmp_path: Path, **values) -> TrainConfig:
    settings = {"teacher": str(teacher), **TABLE_ONLY_BYTESCNN, "loss": "cosine", "epochs": 1,
                "batch_size": 32, "lr": 3e-3, "context_epochs": 3, "context_lr": 3e-3, "context_batch_size": 8,
                "context_max_length": 32, "corpus": str(corpus), "work_dir": str(tmp_path / "runs"), **values}
    return TrainConfig(**settings).validate()


def test_objectives_are_listed_in_the_order_of_a_run_and_built_from_the_list() -> None:
    assert [listing.name for listing in OBJECTIVES] == ["typo", "table", "words", "context"]
    assert [listing.epochs for listing in OBJECTIVES] == ["typo_pretrain_epochs", "epochs", "whole_word_epochs",
                                                          "context_epochs"]
    owned = [name for listing in OBJECTIVES for name in listing.settings]
    assert len(owned) == len(set(owned)) and set(owned) <= set(config_keys())  # each setting has one owner
    epochs = {"epochs": 3, "context_epochs": 2, "typo_pretrain_epochs": 0, "whole_word_epochs": 0}
    builders = phase_builders(epochs.__getitem__)
    assert [(build.__self__, count) for build, count in builders] == [(TableAlignment, 3), (ContextDistillation, 2)]
    # Each class logs the loss its listing declares first; every declared metric has a direction.
    assert {build.__self__.loss_name for build, _ in builders} == {"train_loss", "context_loss"}
    assert objective_metrics()["heldout_sentence_cosine"] == "maximize"
    assert objective_metrics()["words_loss"] == "minimize"


def test_an_objective_registers_once_and_only_as_listed() -> None:
    with pytest.raises(ValueError, match="registered twice"):
        register_objective(TableAlignment)

    class Unlisted(TableAlignment):
        name = "unlisted"

    with pytest.raises(ValueError, match="not listed"):
        register_objective(Unlisted)


# --- corpus parts -----------------------------------------------------------------------------------


def test_corpus_parts_split_whole_documents_and_do_not_move_when_documents_are_added() -> None:
    texts = [f"Document {index} has a first sentence. And document {index} has a second one." for index in range(50)]
    corpus = corpus_from_documents("docs", texts)
    train_part, heldout = document_part(corpus, "train"), document_part(corpus, "heldout")
    assert (train_part.name, heldout.name) == ("docs:train", "docs:heldout")
    assert sorted(train_part.sentences + heldout.sentences) == sorted(corpus.sentences)
    assert not set(train_part.documents) & set(heldout.documents)  # no document is cut in two
    assert 0.05 < len(set(heldout.documents)) / 50 < 0.4
    grown = corpus_from_documents("docs", ["A new first document with words. It has two sentences."] + texts)
    assert set(heldout.sentences) <= set(document_part(grown, "heldout").sentences)
    with pytest.raises(DistillError, match="unknown corpus part 'test'"):
        document_part(corpus, "test")


@pytest.mark.parametrize("name", ["pydoc", "wiki"])
def test_load_corpus_reads_a_part_by_suffix(name: str) -> None:
    whole, heldout, train_part = load_corpus(name), load_corpus(f"{name}:heldout"), load_corpus(f"{name}:train")
    assert heldout.name == f"{name}:heldout" and set(heldout.sentences) < set(whole.sentences)
    assert len(heldout.sentences) + len(train_part.sentences) == len(whole.sentences)


def test_a_corpus_named_with_its_part_trains_on_that_part_and_is_judged_on_the_other() -> None:
    # Until 2026-11-25 the part was dropped: --corpus wiki:heldout trained on wiki:train.
    assert corpus_part("pydoc:heldout", "train").name == "pydoc:heldout"
    assert corpus_part("pydoc:heldout", "heldout").name == "pydoc:train"
    assert corpus_part("pydoc", "train").name == "pydoc:train"
    judged = [text.name for text in judged_texts("wiki:heldout")]
    assert judged[0] == "wiki:train" and "wiki:heldout" not in judged
    assert [text.name for text in judged_texts("wiki")] == ["wiki:heldout", "pydoc+stdlib:heldout"]


def test_wiki_is_general_english_one_article_a_document() -> None:
    wiki = load_corpus("wiki")
    assert len(set(wiki.documents)) > 10_000 and len(wiki.sentences) > 30_000
    assert "0 is a number representing an empty quantity." in wiki.sentences


# --- table alignment: frequency-aware rows and special rows ---------------------------------------------


def test_row_counts_follow_the_tokenizer(tiny_bert_dir) -> None:
    teacher = load_teacher(str(tiny_bert_dir))
    counts = row_counts(teacher, load_tokenizer(str(tiny_bert_dir)), ["the cat and the dog", "the dog"])
    by_token = dict(zip(teacher.vocab_tokens, counts.tolist()))
    assert (by_token["the"], by_token["dog"], by_token["cat"], by_token["tree"]) == (3, 2, 1, 0)
    assert by_token["[CLS]"] == 2 and by_token["[SEP]"] == 2


def test_frequency_exponent_draws_frequent_rows_more_often(tiny_bert_dir, tiny_corpus, tmp_path) -> None:
    def table_objective(exponent: float) -> TableAlignment:
        config = TrainConfig(teacher=str(tiny_bert_dir), **TABLE_ONLY_BYTESCNN, epochs=1, batch_size=16,
                             frequency_exponent=exponent, frequency_source="corpus",
                             corpus=str(tiny_corpus)).validate()
        table = build_trainer(config, *prepare(config), torch.device("cpu")).phase(1)
        assert isinstance(table, TableAlignment)
        return table

    teacher = load_teacher(str(tiny_bert_dir))
    the, absent = teacher.vocab_tokens.index("the"), teacher.vocab_tokens.index("write")  # not in the text
    uniform, weighted = table_objective(0.0), table_objective(1.0)
    epoch = torch.cat(list(uniform.epoch_batches(torch.Generator().manual_seed(0))))
    assert sorted(epoch.tolist()) == list(range(len(teacher)))  # exponent 0: a permutation, as in the paper
    weighted_epoch = torch.cat(list(weighted.epoch_batches(torch.Generator().manual_seed(0))))
    assert len(weighted_epoch) == len(teacher)  # as many rows an epoch, drawn with replacement
    drawn = weighted.draw_rows(20_000, torch.Generator().manual_seed(0))
    assert int((drawn == the).sum()) > 10 * max(1, int((drawn == absent).sum()))


@pytest.mark.parametrize("exponent", [0.0, 1.0])
def test_a_student_that_computes_up_to_its_longest_word_gets_batches_of_like_length(
        tiny_bert_dir, tiny_corpus, exponent) -> None:
    """HLM-intra on the CPU costs each batch's longest word: the table phase batches words of like length (the
    same rows as plain batches, as many steps, in a random order); BytesCNN, whose step does not, keeps plain
    batches."""
    def epoch(student: dict[str, Any]) -> tuple[TableAlignment, list[torch.Tensor]]:
        config = TrainConfig(teacher=str(tiny_bert_dir), **{**TABLE_ONLY_BYTESCNN, **student}, epochs=1,
                             batch_size=8, frequency_exponent=exponent, frequency_source="corpus",
                             corpus=str(tiny_corpus)).validate()
        table = build_trainer(config, *prepare(config), torch.device("cpu")).phase(1)
        assert isinstance(table, TableAlignment)
        return table, list(table.epoch_batches(torch.Generator().manual_seed(0)))

    hlm, batches = epoch({"student": "hlm-intra-small", "student_options": {"hidden_size": 16, "num_heads": 2,
                                                                             "ffn_size": 16}})
    plain_table, plain = epoch({})
    assert plain_table.row_lengths is None and hlm.row_lengths is not None
    assert len(batches) == len(plain) == hlm.steps_per_epoch
    assert sorted(torch.cat(batches).tolist()) == sorted(torch.cat(plain).tolist())  # the same draw of rows
    assert sorted(map(len, batches)) == sorted(map(len, plain))

    def longest(batch: torch.Tensor) -> int:
        return int(hlm.row_lengths[batch].max())

    def padding(epoch: list[torch.Tensor]) -> int:
        return sum(len(batch) * longest(batch) - int(hlm.row_lengths[batch].sum()) for batch in epoch)

    assert padding(batches) < 0.5 * padding(plain)  # less padding computed
    first = [longest(batch) for batch in batches[:20]]
    assert first != sorted(first)  # the batches come in a random order, not shortest first


def test_wordfreq_frequencies_weigh_rows_by_general_english(tiny_bert_dir) -> None:
    config = TrainConfig(teacher=str(tiny_bert_dir), **TABLE_ONLY_BYTESCNN, epochs=1, batch_size=16,
                         frequency_exponent=1.0).validate()
    assert config.frequency_source == "wordfreq"
    table = build_trainer(config, *prepare(config), torch.device("cpu")).phase(1)
    assert isinstance(table, TableAlignment)
    tokens = load_teacher(str(tiny_bert_dir)).vocab_tokens
    drawn = table.draw_rows(20_000, torch.Generator().manual_seed(0))
    the, river = int((drawn == tokens.index("the")).sum()), int((drawn == tokens.index("river")).sum())
    assert the > 10 * max(1, river)  # no corpus read: "the" is far more frequent in English
    period = int((drawn == tokens.index(".")).sum())
    assert period > 10 * max(1, river)  # punctuation, which wordfreq does not count, weighs as much as "the"


def test_wordfreq_weighs_the_rows_even_when_context_distillation_reads_a_corpus(tiny_bert_dir, tiny_corpus) -> None:
    """The counts follow ``frequency_source``: a run that also reads a corpus for its context phase still draws
    its table rows by general English unless told ``frequency_source: corpus``."""
    def row_weights(**changes: Any) -> torch.Tensor:
        config = TrainConfig(teacher=str(tiny_bert_dir), **{**TABLE_ONLY_BYTESCNN, **changes}, epochs=1,
                             batch_size=16, frequency_exponent=1.0, corpus=str(tiny_corpus),
                             context_steps_per_epoch=1).validate()
        trainer = build_trainer(config, *prepare(config), torch.device("cpu"))
        table = trainer.phase(1)
        assert isinstance(table, TableAlignment) and table.row_weights is not None
        return table.row_weights

    english = row_weights()
    assert torch.equal(row_weights(context_epochs=1), english)
    assert not torch.equal(row_weights(context_epochs=1, frequency_source="corpus"), english)


def test_english_words_are_delimited_by_the_tokenizer(tiny_bert_dir) -> None:
    tokenizer = load_tokenizer(str(tiny_bert_dir))
    words = english_words(tokenizer, 5_000)
    assert next(iter(words)) == "the" and tokenizer.unk_token_id not in {i for w in words.values() for i in w.ids}
    assert tokenizer.convert_ids_to_tokens(words["walked"].ids) == ["walk", "##ed"]
    assert words["the"].frequency > words["walked"].frequency > 0
    split = english_split_words(tokenizer, 3)
    assert len(split) == 3 and all(len(ids) > 1 for ids in split.values())
    assert [words[word].frequency for word in split] == sorted((words[word].frequency for word in split), reverse=True)


def test_english_words_are_split_once_per_way_of_tokenizing(tiny_bert_dir) -> None:
    """Each trainer (one per sweep trial) loads its tokenizer again: the 250,000 words it split the first time
    (6.5 s) are reused, also once a call has set the tokenizer's truncation and padding, and a tokenizer that
    splits otherwise gets its own."""
    words = english_words(load_tokenizer(str(tiny_bert_dir)), 5_000)
    assert english_words(load_tokenizer(str(tiny_bert_dir)), 5_000) is words
    called = load_tokenizer(str(tiny_bert_dir))
    called(["a walked word"], padding="max_length", truncation=True, max_length=8)
    assert english_words(called, 5_000) is words
    minilm = load_tokenizer(resolve_model_path("embedded")[0])
    other = english_words(minilm, 5_000)
    assert other is not words and minilm.convert_ids_to_tokens(other["walked"].ids) == ["walked"]


class Predicting:
    """A stand-in student whose vectors are given."""

    def __init__(self, vectors: torch.Tensor) -> None:
        self.vectors = vectors

    def embed_vocabulary(self, encoded: torch.Tensor) -> torch.Tensor:
        return self.vectors


def test_english_metric_weighs_words_by_their_frequency(tiny_bert_dir) -> None:
    config = TrainConfig(teacher=str(tiny_bert_dir), **TABLE_ONLY_BYTESCNN, epochs=1).validate()
    setup = build_trainer(config, *prepare(config), torch.device("cpu")).setup
    metric = setup.english_metric
    assert metric is not None and {"english_cosine", "english_weighted_cosine"} <= set(setup.vocabulary_metrics())
    wrong_first = metric.targets.clone()
    wrong_first[0] = -wrong_first[0]  # the most frequent word ("the") points the wrong way
    scores = metric(Predicting(wrong_first))  # type: ignore[arg-type]
    count, share = len(metric.weights), float(metric.weights[0] / metric.weights.sum())
    assert scores["english_cosine"] == pytest.approx((count - 2) / count)
    assert scores["english_weighted_cosine"] == pytest.approx(1 - 2 * share)


def test_keep_special_rows_trains_without_them_and_surgery_keeps_the_models_rows(tiny_bert_dir) -> None:
    config = TrainConfig(**{**TABLE_ONLY_BYTESCNN, "keep_special_rows": True}, teacher=str(tiny_bert_dir),
                         epochs=1).validate()
    teacher, student, loss = prepare(config)
    setup = build_trainer(config, teacher, student, loss, torch.device("cpu")).setup
    special_rows = set(teacher.is_special.nonzero().squeeze(1).tolist())
    assert special_rows and not special_rows & set(setup.train_rows.tolist())
    model = load_transformer(str(tiny_bert_dir)).model
    tokenizer = load_tokenizer(str(tiny_bert_dir))
    original = model.get_input_embeddings().weight.detach().clone()
    student.provenance = {SPECIAL_ROWS_KEY: True}
    live = StudentEmbedding.from_model(model, student, tokenizer).eval()
    specials = torch.tensor([tokenizer.cls_token_id, tokenizer.sep_token_id, tokenizer.pad_token_id])
    assert torch.equal(live(specials), original[specials])
    student.provenance = {}
    assert not torch.equal(StudentEmbedding.from_model(model, student, tokenizer).eval()(specials), original[specials])


# --- context distillation ---------------------------------------------------------------------------------


def train_context_epochs(trainer, context: ContextDistillation) -> tuple[dict[str, float], dict[str, float]]:
    """Run the 4 epochs of a ``context_config`` run; the context loss falls, held-out fidelity rises, and
    the transformer never changes. Returns the context metrics before and after."""
    weights = {name: value.clone() for name, value in context.model.state_dict().items()}
    before = context.evaluate()
    losses = [trainer.run_epoch(epoch) for epoch in range(1, 5)][1:]
    after = context.evaluate()
    assert losses[-1] < losses[0]
    assert after["heldout_sentence_cosine"] > before["heldout_sentence_cosine"]
    assert all(torch.equal(value, context.model.state_dict()[name]) for name, value in weights.items())
    return before, after


def test_context_distillation_follows_the_model_and_never_touches_it(tiny_bert_dir, tiny_corpus, tmp_path) -> None:
    config = context_config(tiny_bert_dir, tiny_corpus, tmp_path, holdout=0.2)
    trainer = build_trainer(config, *prepare(config), torch.device("cpu"))
    context = trainer.phase(2)
    assert isinstance(context, ContextDistillation) and trainer.total_epochs == 4
    held_out_ids = trainer.teacher.ids[trainer.setup.holdout_rows.cpu()]
    assert bool((context.embedding.student_row[held_out_ids] < 0).all())  # held-out rows read the model's own rows
    before, after = train_context_epochs(trainer, context)
    assert after["heldout_token_cosine"] > before["heldout_token_cosine"]


def test_context_run_logs_each_phase_and_resumes_exactly(tiny_bert_dir, tiny_corpus, tmp_path) -> None:
    reference = train(context_config(tiny_bert_dir, tiny_corpus, tmp_path / "ref"), quiet=True)
    client = mlflow.MlflowClient()
    steps = {name: [point.step for point in client.get_metric_history(reference.run_id, name)]
             for name in ("train_loss", "context_loss", "heldout_sentence_cosine")}
    assert steps == {"train_loss": [1], "context_loss": [2, 3, 4], "heldout_sentence_cosine": [2, 3, 4]}
    assert reference.student.provenance["objectives"] == ["table", "context"]

    with pytest.raises(KeyboardInterrupt):
        train(context_config(tiny_bert_dir, tiny_corpus, tmp_path / "cut"), quiet=True,
              callbacks=[RaiseAt(2, KeyboardInterrupt())])  # in the middle of context distillation
    (killed,) = [run for run in mlflow.search_runs(search_all_experiments=True, output_format="list")
                 if run.info.status == "KILLED"]
    resumed = resume(killed.info.run_id, quiet=True)
    differences = {name: resumed.metrics[name] - value for name, value in reference.metrics.items()
                   if name != "epoch_seconds" and resumed.metrics[name] != value}
    assert differences == {}  # bit for bit, as two uninterrupted runs are (#26)
    for name, weight in reference.student.state_dict().items():
        assert torch.equal(weight, resumed.student.state_dict()[name]), name


def test_denoising_context_distillation_noises_the_students_side_only(tiny_bert_dir, tiny_corpus, tmp_path) -> None:
    config = context_config(tiny_bert_dir, tiny_corpus, tmp_path, context_noise="typo:0.3; hlm",
                            context_noise_share=0.5, context_one_position=True)
    trainer = build_trainer(config, *prepare(config), torch.device("cpu"))
    context = trainer.phase(2)
    assert isinstance(context, ContextDistillation)
    indices = list(range(64))

    def read(seed: int) -> list[dict]:
        return context.noised_examples(indices, torch.Generator().manual_seed(seed))[0]

    noised = [example != context.examples[index] for index, example in zip(indices, read(0))]
    assert 16 <= sum(noised) <= 48  # about half the sentences, drawn per sentence
    assert read(0) == read(0) and read(0) != read(1)  # seeded by the run's generator alone
    clean = collate([context.examples[index] for index in indices[:8]], 0, torch.device("cpu"))
    # The tiny corpus has no split words: each word is one piece, and the word targets are the states themselves.
    states = [torch.randn(*clean["input_ids"].shape, 8)]
    targets, mask = context.token_targets(states, clean)
    assert torch.equal(mask, clean["attention_mask"].bool())
    assert torch.allclose(targets[0][mask], states[0][mask])
    train_context_epochs(trainer, context)


def test_word_groups_follow_the_whitespace_words_and_drop_a_word_truncation_may_have_cut() -> None:
    text = "the cat walked."
    offsets = [(0, 0), (0, 3), (4, 7), (8, 12), (12, 14), (14, 15), (0, 0)]  # the, cat, walk ##ed .
    assert word_groups(text, offsets, truncated=False) == [0, 1, 2, 3, 3, 3, 4]
    assert word_groups(text, offsets, truncated=True) == [0, 1, 2, -1, -1, -1, 4]


def test_word_alignment_averages_each_word_over_its_pieces_in_both_readings() -> None:
    clean = [[0, 1, 2, 3, 3, 4], [0, 1, 2, 3, 4, 4]]
    read = [[0, 1, 2, 2, 3, 4], [0, 1, -1, 2, 3, 4]]  # the second row: a piece of a cut word and a padding
    words = WordAlignment(clean, read, torch.tensor([True, False]), torch.device("cpu"))
    states = torch.arange(12.0).view(2, 6, 1)
    assert words.pool(states, words.read).squeeze(1).tolist() == [0.0, 1.0, 2.5, 4.0, 5.0]  # the first row only
    assert words.pool(states, words.clean).squeeze(1).tolist() == [0.0, 1.0, 2.0, 3.5, 5.0]
    # noise that deleted the second word whole: the third would be paired with it, so the row is left out
    words = WordAlignment([[0, 1, 2, 3, 4]], [[0, 1, 2, 3, -1]], torch.tensor([True]), torch.device("cpu"))
    assert words.pool(torch.ones(1, 5, 1), words.read).shape == (0, 1)


def test_word_alignment_teaches_the_tokens_of_sentences_whose_pieces_moved(tiny_bert_dir, tiny_corpus,
                                                                          tmp_path) -> None:
    def moved(context: ContextDistillation, rows: list[int], seed: int) -> list[bool]:
        read, _ = context.noised_examples(rows, torch.Generator().manual_seed(seed))
        return [len(example["input_ids"]) != len(context.examples[row]["input_ids"])
                for row, example in zip(rows, read)]

    losses = {}
    for aligned in (False, True):
        config = context_config(tiny_bert_dir, tiny_corpus, tmp_path, context_noise="typo:0.3", context_noise_share=1,
                                context_sentence_weight=0, context_word_alignment=aligned)
        context = build_trainer(config, *prepare(config), torch.device("cpu")).phase(2)
        rows = [row for row, moves in zip(range(32), moved(context, list(range(32)), 0)) if moves][:3]
        seed = next(seed for seed in range(100) if all(moved(context, rows, seed)))  # every piece count changes
        assert len(context.noised_examples(rows, torch.Generator().manual_seed(seed))[1]) == len(rows) * aligned
        losses[aligned] = float(context.context_loss(torch.tensor(rows), torch.Generator().manual_seed(seed)))
    assert losses[False] == 0.0 < losses[True]  # without alignment these sentences teach no token state


def test_word_alignment_needs_the_tokenizers_pieces(tiny_bert_dir, tiny_corpus, tmp_path) -> None:
    with pytest.raises(DistillError, match="context_word_alignment aligns the tokenizer's pieces"):
        context_config(tiny_bert_dir, tiny_corpus, tmp_path, context_word_alignment=True,
                       context_one_position=True)


NO_PADDING = {  # a tokenizer without a padding token: the id its batches are padded with
    "gpt2": (build_tiny_gpt2, {"bos_token": "</s>", "eos_token": "</s>", "unk_token": "</s>", "cls_token": None,
                               "sep_token": None, "mask_token": None}, "eos_token_id"),
    "bert": (build_tiny_bert, {}, "sep_token_id"),
}


@pytest.mark.parametrize("family", NO_PADDING)
def test_context_distillation_pads_with_another_special_token_without_a_padding_token(
        family, tiny_corpus, tmp_path) -> None:
    build, tokens, padded_with = NO_PADDING[family]
    teacher = drop_padding_token(build(tmp_path / family), **tokens)
    assert load_tokenizer(str(teacher)).pad_token_id is None
    config = context_config(teacher, tiny_corpus, tmp_path, context_epochs=1, context_steps_per_epoch=2,
                            context_one_position=True)
    trainer = build_trainer(config, *prepare(config), torch.device("cpu"))
    context = trainer.phase(2)
    assert context.pad_token_id == getattr(context.tokenizer, padded_with) is not None
    lengths = {len(example["input_ids"]) for example in context.examples}
    assert len(lengths) > 1  # the batches are padded
    losses = [trainer.run_epoch(epoch) for epoch in (1, 2)]
    assert all(math.isfinite(loss) for loss in losses)
    assert all(math.isfinite(value) for value in context.evaluate().values())


def test_whole_word_targets_pool_the_pieces_of_split_words(tiny_bert_dir, tiny_corpus, tmp_path) -> None:
    config = context_config(tiny_bert_dir, tiny_corpus, tmp_path, context_one_position=True)
    context = build_trainer(config, *prepare(config), torch.device("cpu")).phase(2)
    assert context.distance.registry_name == "cosine"  # the registered loss, not a copy of it
    clean = {key: torch.tensor(value) for key, value in context.tokenizer(["the cat walked"]).items()}
    # [CLS] the cat walk ##ed [SEP]: five positions, the last word the mean of its two pieces
    states = [torch.arange(6.0).view(1, 6, 1).expand(1, 6, 2)]
    targets, mask = context.token_targets(states, clean)
    assert mask.tolist() == [[True] * 5]
    assert targets[0][0, :, 0].tolist() == [0.0, 1.0, 2.0, 3.5, 5.0]


@pytest.mark.parametrize(("arguments", "message"), [
    (["--context-noise", "typo:2"], "typo"),
    (["--context-noise", "smudge:0.1"], "smudge"),
    (["--context-noise-share", "1.5"], "context_noise_share must be in [0, 1]"),
    (["--context-epochs", "-1"], "context_epochs must be a non-negative integer"),
    (["--context-lr", "0"], "context_lr must be positive"),
    (["--frequency-exponent", "-0.5"], "frequency_exponent must be a finite number >= 0"),
    (["--epochs", "0", "--whole-word-epochs", "0", "--context-epochs", "0"], "nothing to train"),
    (["--context-epochs", "1", "--corpus", "missing.txt"], "corpus file missing.txt does not exist"),
])
def test_bad_objective_settings_are_one_line_errors(tiny_bert_dir, tmp_path, capsys, arguments, message) -> None:
    base = ["train", "--quiet", "--teacher", str(tiny_bert_dir), "--work-dir", str(tmp_path / "runs")]
    assert main(base + arguments) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and message in error
    assert not (tmp_path / "runs").exists()


# --- whole-word targets -----------------------------------------------------------------------------------


def test_whole_word_targets_teach_the_split_words_of_the_text(tiny_bert_dir, tmp_path) -> None:
    corpus = tmp_path / "words.txt"
    documents = [f"The cat walked to the {place}. She kept reading and walked on {day}."
                 for place in ("city", "river", "house", "tree") for day in range(5)]
    corpus.write_text("\n\n".join(documents) + "\n")
    tokenizer = load_tokenizer(str(tiny_bert_dir))
    words = split_words(tokenizer, ["the cat walked", "she walked reading"], 10)
    assert list(words) == ["walked", "reading"]  # most frequent first; single pieces are not split words
    assert tokenizer.convert_ids_to_tokens(words["walked"]) == ["walk", "##ed"]
    teacher = load_teacher(str(tiny_bert_dir))
    (target,) = piece_mean_targets(teacher, [words["walked"]])
    rows = [teacher.tokens.index(piece) for piece in ("walk", "##ed")]
    assert torch.allclose(target, teacher.table[rows].mean(dim=0))

    config = context_config(tiny_bert_dir, corpus, tmp_path, context_epochs=0, whole_word_epochs=3, lr=1e-2,
                            frequency_source="corpus")
    trainer = build_trainer(config, *prepare(config), torch.device("cpu"))
    phase = trainer.phase(2)
    assert isinstance(phase, WholeWordTargets) and phase.words == ["walked", "reading"]
    before = phase.evaluate()["words_cosine"]
    for epoch in range(1, 5):
        trainer.run_epoch(epoch)
    assert phase.evaluate()["words_cosine"] > before + 0.1
