"""The word segmenter: its model, its training on a tokenizer's cuts, its cache, and the segmented
vocabulary-free path (every word at the positions the segmenter predicts)."""

from __future__ import annotations

from pathlib import Path

import pytest
import torch
from wordfreq import word_frequency

from distill.errors import DistillError
from distill.evaluation.wholeword import Slot, WholeWords, predicted_slots
from distill.segmentation import (
    SegmenterRecipe,
    cache_entry,
    examples_for,
    segmenter_for,
    split_heldout,
    train_segmenter,
)
from distill.surgery import StudentEmbedding, load_transformer
from students import build_student
from students.segmenter import SegmenterConfig, WordSegmenter, encode_code_points, substring_ids
from teachers import load_tokenizer

SMALL = SegmenterConfig(width=32, dilations=[1, 2, 1], substring_buckets=4096)
RECIPE = SegmenterRecipe(words=3000, epochs=30, batch_size=64, lr=1e-2)


class TokenizerCuts(WordSegmenter):
    """A segmenter that cuts each word exactly where ``tokenizer`` does: the segmented path must then equal the
    tokenizer's own (WordPiece) path."""

    def __init__(self, tokenizer: object) -> None:
        super().__init__(SMALL)
        self.tokenizer = tokenizer

    def cuts(self, words: list[str]) -> list[list[int]]:
        found = []
        for word in words:
            pieces = self.tokenizer.tokenize(word)  # type: ignore[attr-defined]
            lengths = [len(piece.removeprefix("##")) for piece in pieces]
            found.append([sum(lengths[:index]) for index in range(1, len(lengths))])
        return found


def test_code_points_are_encoded_plus_one_and_padded() -> None:
    assert encode_code_points(["ab", "", "é"]).tolist() == [[98, 99], [0, 0], [234, 0]]


def test_substring_ids_stay_inside_the_word_and_mark_its_edges() -> None:
    ids = substring_ids(encode_code_points(["abc", "xbc"]), longest=2, buckets=1000)
    assert ids.shape == (2, 3, 4)  # per character: before it (1, 2 characters), from it (1, 2 characters)
    assert ids[0, 0, :2].tolist() == [0, 0]  # nothing before the first character
    assert ids[0, 2, 3] == 0  # "c" is the last character: no 2-character string from it
    assert (ids[0, 1:, 0] > 0).all() and ids[0, 1, 0] != ids[0, 2, 0]  # "a" before b, "b" before c
    assert ids[0, 2, 2] == ids[1, 2, 2]  # "c$" in both words
    assert ids[0, 1, 3] == ids[1, 1, 3]  # "bc$" from b in both words
    assert ids[0, 2, 1] != ids[1, 2, 1]  # "^ab" and "^xb" before c


def test_substring_ids_are_the_documented_hashes() -> None:
    """The ids a trained segmenter's rows stand for: a change of the hash would silently void every cached one."""
    from students.segmenter import BASE, MIX, MODULUS

    words, longest, buckets = ["naïve", "ab", "x", "hello"], 3, 4096
    ids = substring_ids(encode_code_points(words), longest, buckets)
    for row, word in enumerate(words):
        codes = [ord(character) + 1 for character in word]
        for position in range(len(word)):
            for side in (0, 1):
                for size in range(1, longest + 1):
                    # side 0: the string ending just before the character, grown leftwards; side 1: from it
                    grown = [position - step if side == 0 else position + step - 1 for step in range(1, size + 1)]
                    inside = all(0 <= index < len(word) for index in grown)
                    hashed = 0
                    for index in grown:
                        hashed = (hashed * BASE + (codes[index] if inside else 0)) % MODULUS
                    edge = (position - size == 0) if side == 0 else (position + size == len(word))
                    key = ((hashed * 4 + 2 * edge + side) % MODULUS * MIX + size) % MODULUS
                    expected = 1 + key % (buckets - 1) if inside else 0
                    assert ids[row, position, side * longest + size - 1] == expected, (word, position, side, size)
    assert (ids[1, 2:] == 0).all()  # the padding after "ab"


def test_segment_spells_continuations_with_the_prefix() -> None:
    segmenter = WordSegmenter(SMALL)
    with torch.no_grad():
        segmenter.boundary.bias.fill_(10.0)  # every character starts a piece
        segmenter.boundary.weight.zero_()
    assert segmenter.segment(["cat", "a"]) == [["c", "##a", "##t"], ["a"]]
    with torch.no_grad():
        segmenter.boundary.bias.fill_(-10.0)
    assert segmenter.segment(["cats"]) == [["cats"]]


def test_cuts_in_length_chunks_are_the_cuts_of_each_word_alone() -> None:
    torch.manual_seed(0)
    segmenter = WordSegmenter(SMALL).eval()
    with torch.no_grad():
        segmenter.boundary.bias.fill_(0.05)  # near the threshold: a padding effect would flip cuts
    words = ["electroencephalography", "a", "cats", "", "unbelievable", "ok", "rivers", "x" * 40]
    alone = [segmenter.cuts([word])[0] for word in words]
    assert segmenter.cuts(words, chunk=3) == alone
    assert segmenter.cuts(words) == alone
    assert any(alone) and segmenter.cuts([]) == []


def test_config_refuses_an_even_kernel() -> None:
    with pytest.raises(ValueError, match="odd"):
        SegmenterConfig(kernel_size=4)


def test_save_and_load_keep_the_cuts(tmp_path: Path) -> None:
    torch.manual_seed(0)
    segmenter = WordSegmenter(SMALL).eval()
    words = ["unbelievable", "cats", "river", "ok"]
    loaded = WordSegmenter.from_pretrained(segmenter.save_pretrained(tmp_path / "segmenter"))
    assert loaded.config == segmenter.config
    assert loaded.cuts(words) == segmenter.cuts(words)


def test_examples_are_the_tokenizers_cuts(tiny_bert_dir: Path) -> None:
    tokenizer = load_tokenizer(str(tiny_bert_dir))
    examples = {example.word: example for example in examples_for(tokenizer, 3000)}
    assert examples["books"].cuts == [4] and examples["books"].frequency > 0  # book ##s
    assert examples["players"].cuts == [4, 6]  # play ##er ##s
    assert examples["house"].cuts == []
    few = {example.word: example for example in examples_for(tokenizer, 100)}
    # a vocabulary entry, not among the 100: wordfreq's frequency (numbers are no entry of its word list)
    assert few["river"].cuts == [] and few["river"].frequency == word_frequency("river", "en") > 0
    assert not any(word.startswith("##") for word in examples)
    assert "[CLS]" not in examples


def test_held_out_words_are_never_among_the_most_frequent(tiny_bert_dir: Path) -> None:
    """Held out from all words, "best" and "your" were never trained on and cut wrongly in every text."""
    examples = examples_for(load_tokenizer(str(tiny_bert_dir)), RECIPE.words)
    recipe = SegmenterRecipe(heldout_share=0.1, heldout_after=100)
    training, heldout = split_heldout(examples, recipe, torch.Generator().manual_seed(0))
    frequent = sorted(examples, key=lambda example: -example.frequency)[:100]
    assert len(heldout) == round(0.1 * len(examples)) and len(training) + len(heldout) == len(examples)
    assert not {example.word for example in heldout} & {example.word for example in frequent + training}


def test_training_learns_the_tokenizers_cuts(tiny_bert_dir: Path) -> None:
    tokenizer = load_tokenizer(str(tiny_bert_dir))
    examples = examples_for(tokenizer, RECIPE.words)
    untrained = WordSegmenter(SMALL).eval()
    with torch.no_grad():  # as under distill bench --vocabulary-free, whose export trains it on first use
        segmenter, heldout = train_segmenter(examples, RECIPE, SMALL)
    assert set(heldout) == {"segment_accuracy", "segment_weighted_accuracy"}
    words = [example.word for example in examples]
    right = sum(cuts == example.cuts for cuts, example in zip(segmenter.cuts(words), examples)) / len(examples)
    before = sum(cuts == example.cuts for cuts, example in zip(untrained.cuts(words), examples)) / len(examples)
    assert right > 0.9 > before


def test_segmenter_is_trained_once_per_tokenizer_and_cached(tiny_bert_dir: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    tokenizer = load_tokenizer(str(tiny_bert_dir))
    recipe = SegmenterRecipe(words=500, epochs=1)
    lines: list[str] = []
    first = segmenter_for(tokenizer, recipe, SMALL, report=lines.append)
    assert (cache_entry(tokenizer, recipe, SMALL) / "segmenter.safetensors").is_file()
    assert any("once; cached" in line for line in lines)

    def no_training(*args: object, **kwargs: object) -> None:
        raise AssertionError("the cached segmenter should have been read")

    monkeypatch.setattr("distill.segmentation.train_segmenter", no_training)
    again = segmenter_for(tokenizer, recipe, SMALL)
    for name, value in first.state_dict().items():
        assert torch.equal(again.state_dict()[name], value)
    tokenizer(["house river"], truncation=True, max_length=7, padding="max_length")  # sets truncation and padding
    assert segmenter_for(tokenizer, recipe, SMALL).config == first.config  # still the cached one
    other = load_tokenizer(str(tiny_bert_dir))
    other.backend_tokenizer.normalizer = None  # cuts differently: its own entry
    assert cache_entry(other, recipe, SMALL) != cache_entry(tokenizer, recipe, SMALL)


def test_a_tokenizer_without_word_pieces_is_refused_in_one_line(tiny_roberta_dir: Path) -> None:
    with pytest.raises(DistillError, match="needs a WordPiece tokenizer"):
        segmenter_for(load_tokenizer(str(tiny_roberta_dir)), SegmenterRecipe(words=10, epochs=1), SMALL)


def test_predicted_slots_keep_exact_pieces_and_spell_the_others() -> None:
    # "walking" as the tokenizer cuts it: walk ##ing at positions 4 and 5.
    assert predicted_slots("walking", [4], [4, 5], [4, 3], "##") == [Slot([4], None, 4), Slot([5], None, 5)]
    assert predicted_slots("walking", [], [4, 5], [4, 3], "##") == [Slot([4, 5], "walking", 4)]
    assert predicted_slots("walking", [2, 4], [4, 5], [4, 3], "##") == [
        Slot([4], "wa", 4), Slot([], "##lk", 4), Slot([5], None, 5)]


def test_segmented_path_with_the_tokenizers_cuts_is_the_word_piece_path(tiny_bert_dir: Path) -> None:
    loaded = load_transformer(str(tiny_bert_dir))
    tokenizer = load_tokenizer(loaded.path)
    torch.manual_seed(0)
    student = build_student("bytescnn-small", loaded.model.config.hidden_size).eval()
    live = StudentEmbedding.from_model(loaded.model, student, tokenizer).eval()
    baked = live.baked()
    batch = dict(tokenizer(["the cats walked", "a dog plays"], padding=True, return_tensors="pt"))
    with torch.no_grad():
        words = WholeWords(live, baked, tokenizer, TokenizerCuts(tokenizer)).inputs(batch)
        pieces = baked(batch["input_ids"])
    assert torch.equal(words["attention_mask"], batch["attention_mask"])
    torch.testing.assert_close(words["inputs_embeds"], pieces)
    merged = WholeWords(live, baked, tokenizer).inputs(batch)
    assert merged["attention_mask"].sum() < batch["attention_mask"].sum()  # cats, walked, plays: one each


def test_a_damaged_cache_entry_is_trained_again(tiny_bert_dir: Path) -> None:
    tokenizer = load_tokenizer(str(tiny_bert_dir))
    recipe = SegmenterRecipe(words=500, epochs=1, seed=3)
    segmenter_for(tokenizer, recipe, SMALL)
    weights = cache_entry(tokenizer, recipe, SMALL) / "segmenter.safetensors"
    weights.write_bytes(b"not safetensors")
    lines: list[str] = []
    segmenter_for(tokenizer, recipe, SMALL, report=lines.append)
    assert any("once; cached" in line for line in lines)
    assert WordSegmenter.from_pretrained(weights.parent).config == SMALL
