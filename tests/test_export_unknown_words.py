"""Words the source reads as its unknown token, in a vocabulary-free export (issue #56, item 4).

The tiny BERT's WordPiece vocabulary has Latin letters only: an emoji or a runic word is ``[UNK]`` to it. The
export gives such a word the ``[UNK]`` id with its characters, and its model blends the student's vector with the
anchor (:mod:`distill.export.unknown_words`); ``distill bench --unseen-words`` measures what that does to sentences.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import torch
from test_export import bytescnn
from transformers import AutoModel, AutoTokenizer

from distill.bench.unseen import LENGTHS, WEIGHTS, held_out_sentences, sentence_triples, unseen_word_maker
from distill.cli import main
from distill.data.frequencies import english_pieces
from distill.export.folder import export_vocabulary_free
from distill.export.unknown_words import UNKNOWN_WORD_WEIGHT, unknown_word_anchor
from distill.swap.surgery import input_embeddings, load_transformer
from teachers import load_tokenizer

TEXT = "the dog 🍕 and ᚠᚢᚦ walk"
TWIN = "the dog 🎸 and ᚨᚱᚲ walk"


def loaded(folder: Path) -> tuple[Any, Any]:
    return (AutoModel.from_pretrained(folder, trust_remote_code=True).eval(),
            AutoTokenizer.from_pretrained(folder, trust_remote_code=True))


@pytest.fixture(scope="module")
def exports(tiny_bert_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The tiny BERT exported with a BytesCNN as shipped, and with each word the student's vector as it is."""
    root = tmp_path_factory.mktemp("unknown-words")
    return {"shipped": export_vocabulary_free(str(tiny_bert_dir), bytescnn(32), root / "shipped"),
            "raw": export_vocabulary_free(str(tiny_bert_dir), bytescnn(32), root / "raw", unknown_word_weight=None)}


def input_vectors(model: Any, tokenizer: Any, text: str) -> tuple[torch.Tensor, dict[str, torch.Tensor]]:
    encoded = tokenizer(text, return_tensors="pt")
    with torch.no_grad():
        return model.embed_inputs(encoded["input_ids"], encoded["word_characters"])[0], encoded


def test_the_anchor_is_the_frequency_weighted_mean_of_the_most_frequent_words_rows(tiny_bert_dir: Path) -> None:
    tokenizer = load_tokenizer(str(tiny_bert_dir))
    table = input_embeddings(load_transformer(str(tiny_bert_dir)).model).weight.detach()
    words = [word for word in english_pieces(tokenizer, 100) if len(word.ids) == 1
             and word.ids[0] != tokenizer.unk_token_id]
    assert len(words) >= 5  # "the", "of", "and"... are words of the tiny vocabulary
    weights = torch.tensor([word.frequency for word in words])
    expected = sum(weight * table[word.ids[0]] for weight, word in zip(weights / weights.sum(), words))
    assert torch.allclose(unknown_word_anchor(tokenizer, table), expected, atol=1e-6)
    assert unknown_word_anchor(tokenizer, table[:5]) is None  # rows of special tokens only: no word to weigh


def test_a_word_the_source_makes_unk_keeps_the_unk_id_and_is_read_from_its_characters(
        exports: dict[str, Path], tiny_bert_dir: Path) -> None:
    model, tokenizer = loaded(exports["shipped"])
    source = load_tokenizer(str(tiny_bert_dir))
    vectors, encoded = input_vectors(model, tokenizer, TEXT)
    ids = encoded["input_ids"][0]
    assert ids.tolist().count(tokenizer.unk_token_id) == 2
    assert (ids == tokenizer.unk_token_id).tolist() == [index == source.unk_token_id
                                                        for index in source(TEXT)["input_ids"]]
    unknown = ids == tokenizer.unk_token_id
    assert encoded["word_characters"][0][unknown].ne(0).any(dim=-1).all()
    assert model.config.unknown_token_id == tokenizer.unk_token_id
    assert model.config.unknown_word_weight == UNKNOWN_WORD_WEIGHT
    # (1 - w) a + w |a| s / |s|, s the student's vector of the word's characters
    with torch.no_grad():
        students = model.student_vectors(encoded["word_characters"][0][unknown])
    anchor, weight = model.unknown_word_anchor, model.config.unknown_word_weight
    expected = (1 - weight) * anchor + weight * anchor.norm() * torch.nn.functional.normalize(students, dim=-1)
    assert torch.allclose(vectors[unknown], expected, atol=1e-6)
    assert not torch.allclose(vectors[unknown][0], vectors[unknown][1])  # two such words stay apart
    twin, _ = input_vectors(model, tokenizer, TWIN)
    assert torch.equal(twin[~unknown], vectors[~unknown]) and not torch.allclose(twin[unknown], vectors[unknown])


def test_a_written_unk_token_reads_the_table_and_known_words_the_student(exports: dict[str, Path]) -> None:
    model, tokenizer = loaded(exports["shipped"])
    vectors, encoded = input_vectors(model, tokenizer, "the [UNK] dog")
    ids, characters = encoded["input_ids"][0], encoded["word_characters"][0]
    assert ids[2] == tokenizer.unk_token_id and not characters[2].any()
    assert torch.equal(vectors[2], model.get_input_embeddings().weight[tokenizer.unk_token_id])
    assert (ids[[1, 3]] == tokenizer.word_token_id).all()


def test_the_word_cache_gives_the_uncached_vectors_exactly(exports: dict[str, Path]) -> None:
    """On a padded batch of words, unseen-character words, a written ``[UNK]`` and special tokens, inference gives
    the uncached vectors to the bit, read from the word cache or not, and a change of dtype empties the cache."""
    model, tokenizer = loaded(exports["shipped"])
    encoded = tokenizer([TEXT, "the [UNK] dog", TWIN, "dog"], padding=True, return_tensors="pt")
    inputs = encoded["input_ids"], encoded["word_characters"]
    assert (encoded["input_ids"] == tokenizer.unk_token_id).sum() == 5 and not encoded["attention_mask"].all()
    with torch.no_grad():
        model.config.word_cache_size = 0
        uncached = model.embed_inputs(*inputs)
        model.config.word_cache_size = 1000
        assert torch.equal(model.embed_inputs(*inputs), uncached) and model.word_cache
        assert torch.equal(model.embed_inputs(*inputs), uncached)  # every word from the cache
        model.double()
        assert not model.word_cache
        cached = model.embed_inputs(*inputs)
        model.config.word_cache_size = 0
        assert cached.dtype == torch.float64 and torch.equal(cached, model.embed_inputs(*inputs))


def test_at_weight_zero_every_unknown_word_is_the_anchor_and_at_none_the_students_vector(
        exports: dict[str, Path]) -> None:
    model, tokenizer = loaded(exports["shipped"])
    model.config.unknown_word_weight = 0.0
    vectors, encoded = input_vectors(model, tokenizer, TEXT)
    unknown = encoded["input_ids"][0] == tokenizer.unk_token_id
    assert torch.allclose(vectors[unknown], model.unknown_word_anchor.expand(2, -1))
    raw, raw_tokenizer = loaded(exports["raw"])
    assert raw.config.unknown_token_id is None and not raw_tokenizer.init_kwargs["mark_unknown_words"]
    raw_vectors, raw_encoded = input_vectors(raw, raw_tokenizer, TEXT)
    assert not (raw_encoded["input_ids"][0] == raw_tokenizer.unk_token_id).any()  # the word id, as before
    with torch.no_grad():
        students = raw.student_vectors(raw_encoded["word_characters"][0][unknown])
    assert torch.allclose(raw_vectors[unknown], students, atol=1e-6)


def test_unseen_words_are_drawn_from_unicode_and_each_is_unk_to_the_source(tiny_bert_dir: Path) -> None:
    tokenizer = load_tokenizer(str(tiny_bert_dir))
    word = unseen_word_maker(tokenizer, seed=3)
    words = [word() for _ in range(40)]
    assert all(tokenizer(item, add_special_tokens=False)["input_ids"] == [tokenizer.unk_token_id] for item in words)
    assert len(set(words)) > 30 and any(len(item) == 1 for item in words) and any(len(item) > 1 for item in words)
    plain, added, changed = sentence_triples(["the dog ran", "a cat"], unseen_word_maker(tokenizer, seed=3), seed=3)
    assert plain == ["the dog ran", "a cat"]
    for sentence, one, other in zip(plain, added, changed):
        assert len(one.split()) == len(sentence.split()) + 1 and one != other
        assert [item for item in one.split() if item not in sentence.split()] != []
    assert sentence_triples(plain, unseen_word_maker(tokenizer, seed=3), seed=3) == (plain, added, changed)


def test_the_held_out_sentences_of_a_range_of_lengths_have_that_many_words() -> None:
    """The short texts (a query's length, where one word weighs most) are read apart from the sentences."""
    for words in LENGTHS:
        sentences = held_out_sentences("wiki:heldout", 40, words)
        assert len(sentences) == 40
        assert all(words[0] <= len(sentence.split()) <= words[1] for sentence in sentences)


def test_bench_unseen_words_measures_the_source_and_the_exports(tmp_path: Path, tiny_bert_dir: Path) -> None:
    """``distill bench --unseen-words FOLDER``: its block of the results file, a row per model."""
    student = tmp_path / "student"
    bytescnn(32).save_pretrained(student)
    results = tmp_path / "RESULTS.md"
    argv = ["bench", "--quick", "--unseen-words", str(student), "--teacher", str(tiny_bert_dir),
            "--results", str(results)]
    assert main(argv) == 0
    text = results.read_text()
    assert "## Unseen characters" in text and "read up to 16 held-out sentences of each domain" in text
    for corpus in ("wiki:heldout", "pydoc+stdlib:heldout"):  # a table for each range of lengths
        assert f"`{corpus}`, 5-25 words:" in text and f"`{corpus}`, 2-6 words:" in text
    rows = re.findall(r"^\| (source|export[^|]*) \| (\d\.\d{4}) \| ", text, flags=re.M)
    labels = [label for label, _ in rows]
    shares = len({*WEIGHTS, UNKNOWN_WORD_WEIGHT})
    assert len(labels) == 4 * (2 + shares) and labels[:2] == ["source", "export, student's vectors as they are"]
    assert f"export, student's share {UNKNOWN_WORD_WEIGHT:g} (shipped)" in labels
    assert all(-1 <= float(value) <= 1 for _, value in rows)
    assert main(["bench", "--unseen-words", str(tmp_path / "nope"), "--teacher", str(tiny_bert_dir)]) != 0
