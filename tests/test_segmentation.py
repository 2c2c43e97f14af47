"""The word segmenter (WordPiece's cuts over a Bloom filter of the tokenizer's pieces) and the segmented
vocabulary-free path (every word at the positions the segmenter gives it)."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import pytest
import torch
from safetensors.torch import load_file

from distill.data.samples import IGNORE
from distill.errors import DistillError
from distill.swap.segmentation import segmenter_for
from distill.swap.surgery import StudentEmbedding, load_transformer
from distill.swap.vocabulary_free import Slot, VocabularyFreePath, predicted_slots, spread_over
from students import build_student
from students.segmenter import BULK_WORDS, SegmenterConfig, WordSegmenter, false_positive_rate
from teachers import load_tokenizer, resolve_model_path


class TokenizerCuts(WordSegmenter):
    """A segmenter that cuts each word exactly where ``tokenizer`` does: the segmented path must then equal the
    tokenizer's own (WordPiece) path."""

    def __init__(self, tokenizer: object) -> None:
        super().__init__(SegmenterConfig(bits=8))
        self.tokenizer = tokenizer

    def cuts(self, words: list[str], is_piece: object = None) -> list[tuple[int, ...]]:
        found = []
        for word in words:
            pieces = self.tokenizer.tokenize(word)  # type: ignore[attr-defined]
            lengths = [len(piece.removeprefix("##")) for piece in pieces]
            found.append(tuple(sum(lengths[:index]) for index in range(1, len(lengths))))
        return found


PIECES = ["walk", "##ing", "##s", "w", "##a", "##l", "##k", "un", "##believ", "##able", "1", "##2"]


def test_cuts_are_word_pieces_longest_first() -> None:
    segmenter = WordSegmenter.from_pieces(PIECES, continuation="##", max_word_length=12)
    cuts = segmenter.cuts(["walking", "walks", "wa", "unbelievable", "12", "walk"])
    assert cuts == [(4,), (4,), (1,), (2, 8), (1,), ()]
    assert segmenter.segment(["walking", "unbelievable"]) == [("walk", "##ing"), ("un", "##believ", "##able")]
    # no piece at some point: one unknown token for WordPiece, the word kept whole here; so is a word too long
    assert segmenter.cuts(["xyz", "walkx", "unbelievables", ""]) == [(), (), (), ()]
    assert segmenter.config.longest == len("##believ") and segmenter.cuts([]) == []
    # many words are cut side by side, in rounds: the same cuts
    words = ["walking", "walks", "wa", "unbelievable", "12", "walk", "xyz", "walkx", "unbelievables", "", "walkingk"]
    is_piece = segmenter.membership()
    assert segmenter.cuts_in_rounds(words, segmenter.membership()) == [
        segmenter.greedy_cuts(word, is_piece) for word in words]


def test_cuts_and_pieces_are_left_to_reference_counting() -> None:
    """The export's tokenizer keeps the pieces of thousands of words: were they containers the garbage collector
    tracks, a call that cuts many new words would set off a full collection of the process's heap every few calls."""
    segmenter = WordSegmenter.from_pieces(PIECES, continuation="##", max_word_length=12)
    words = ["walking", "unbelievable", "xyz", "12"] * BULK_WORDS  # cut in rounds
    few = words[:4]  # cut one after the other
    cut = [*segmenter.cuts(words), *segmenter.segment(words), *segmenter.cuts(few), *segmenter.segment(few)]
    gc.collect()
    assert cut[1] == (2, 8) and not any(gc.is_tracked(value) for value in cut)


def test_segmenter_cuts_as_the_tokenizer_cuts(tiny_bert_dir: Path) -> None:
    tokenizer = load_tokenizer(str(tiny_bert_dir))
    words = ["players", "books", "house", "river", "riverhouse", "bookplayers", "xqzj", "plaeyrs", "zzz", "é"]
    assert segmenter_for(tokenizer).cuts(words) == TokenizerCuts(tokenizer).cuts(words)


def test_segmenter_cuts_as_minilms_tokenizer_cuts() -> None:
    """The embedded teacher's 30,522 pieces: rare words, identifiers, numbers, misspellings and non-Latin words."""
    from wordfreq import top_n_list

    tokenizer = load_tokenizer(resolve_model_path("embedded", None)[0])
    backend = tokenizer.backend_tokenizer
    text = " ".join([*top_n_list("en", 3000)[::3], "syntaxerror getattr frozensets 1556 007f goverment recieve",
                     "definately électricité 東京 kwonlyargcount bambenga", "a" * 101])
    words = [word for word, _ in backend.pre_tokenizer.pre_tokenize_str(backend.normalizer.normalize_str(text))]
    segmenter = segmenter_for(tokenizer)
    assert len(words) >= BULK_WORDS  # cut in rounds; one by one below
    assert segmenter.cuts(words) == TokenizerCuts(tokenizer).cuts(words)
    is_piece = segmenter.membership()
    assert [segmenter.greedy_cuts(word, is_piece) for word in words] == TokenizerCuts(tokenizer).cuts(words)
    assert segmenter.config.bits == 1 << 21 and segmenter.config.max_word_length == 100
    assert false_positive_rate(len(tokenizer.get_vocab()), segmenter.config) < 1e-7


def test_the_filter_answers_no_for_strings_that_are_no_piece() -> None:
    pieces = [f"piece{index}" for index in range(3000)]
    segmenter = WordSegmenter.from_pieces(pieces, continuation="##", max_word_length=100)
    is_piece = segmenter.membership()
    assert all(map(is_piece, pieces))  # never "no" for a piece
    assert not any(map(is_piece, [f"piece{index}" for index in range(3000, 23000)]))
    # many strings at once, the filter's bits read with numpy: the answers one by one, asked before or not
    strings = [f"piece{index}" for index in range(0, 6000, 3)] + ["", "x" * 200, "piece1"]
    assert segmenter.membership().many(strings) == [is_piece(string) for string in strings]
    bounded = segmenter.membership(cache_size=100)
    assert bounded.many(strings[:90]) == [is_piece(string) for string in strings[:90]] and len(bounded.answers) == 90
    assert bounded.many(strings[80:]) == [is_piece(string) for string in strings[80:]]  # emptied first, asked before
    # kept: the new answers alone ("x" * 200 is longer than any piece, never looked up)
    assert len(bounded.answers) == len(strings) - 90 - 1
    bounded.cache_clear()
    assert not bounded.answers
    assert false_positive_rate(len(pieces), segmenter.config) < 1e-6


def test_config_refuses_a_filter_not_in_whole_bytes() -> None:
    with pytest.raises(ValueError, match="multiple of 8"):
        SegmenterConfig(bits=12)


def test_save_and_load_keep_the_cuts(tmp_path: Path) -> None:
    segmenter = WordSegmenter.from_pieces(PIECES, continuation="##", max_word_length=12)
    words = ["walking", "unbelievable", "wa", "xyz"]
    loaded = WordSegmenter.from_pretrained(segmenter.save_pretrained(tmp_path / "segmenter"))
    assert loaded.config == segmenter.config
    assert loaded.cuts(words) == segmenter.cuts(words)
    assert set(load_file(str(tmp_path / "segmenter" / "segmenter.safetensors"))) == {"filter"}


def test_a_damaged_filter_or_setting_is_refused_before_the_filter_takes_memory(tmp_path: Path) -> None:
    """The saved settings carry a checksum of themselves and of the filter: a flipped bit, a zeroed filter or
    another hashes count would cut words wrongly without a sign, and a size the file does not hold is refused
    before anything is allocated (2^40 bits would take 137 GB)."""
    import json

    from safetensors.torch import save_file

    folder = WordSegmenter.from_pieces(PIECES, continuation="##", max_word_length=12).save_pretrained(tmp_path / "s")
    config = json.loads((folder / "segmenter_config.json").read_text())
    weights = load_file(str(folder / "segmenter.safetensors"))
    flipped = weights["filter"].clone()
    flipped[0] ^= 1
    for state, settings, words in [({"filter": flipped}, config, "checksum"),
                                   ({"filter": torch.zeros_like(flipped)}, config, "checksum"),
                                   (weights, {**config, "hashes": 4}, "checksum"),
                                   (weights, {**config, "bits": 2**40}, "filter must be 137438953472 bytes"),
                                   ({"filter": flipped.float()}, config, "filter must be")]:
        save_file(state, str(folder / "segmenter.safetensors"))
        (folder / "segmenter_config.json").write_text(json.dumps(settings))
        with pytest.raises(ValueError, match=words):
            WordSegmenter.from_pretrained(folder)


def test_a_tokenizer_without_word_pieces_is_refused_in_one_line(tiny_roberta_dir: Path) -> None:
    with pytest.raises(DistillError, match="needs a WordPiece tokenizer"):
        segmenter_for(load_tokenizer(str(tiny_roberta_dir)))


def test_predicted_slots_keep_exact_pieces_and_spell_the_others() -> None:
    # "walking" as the tokenizer cuts it: walk ##ing at positions 4 and 5.
    assert predicted_slots("walking", [4], [4, 5], [4, 3], "##") == [Slot([4], None, 4), Slot([5], None, 5)]
    assert predicted_slots("walking", [], [4, 5], [4, 3], "##") == [Slot([4, 5], "walking", 4)]
    assert predicted_slots("walking", [2, 4], [4, 5], [4, 3], "##") == [
        Slot([4], "wa", 4), Slot([], "##lk", 4), Slot([5], None, 5)]


def swapped_student(model_dir: Path) -> tuple[Any, StudentEmbedding, torch.nn.Embedding]:
    """The tiny model's tokenizer, a seeded BytesCNN-small swapped into it, and the student baked into a table."""
    loaded = load_transformer(str(model_dir))
    tokenizer = load_tokenizer(loaded.path)
    torch.manual_seed(0)
    student = build_student("bytescnn-small", loaded.model.config.hidden_size).eval()
    live = StudentEmbedding.from_model(loaded.model, student, tokenizer).eval()
    return tokenizer, live, live.baked()


def test_segmented_path_with_the_tokenizers_cuts_is_the_word_piece_path(tiny_bert_dir: Path) -> None:
    tokenizer, live, baked = swapped_student(tiny_bert_dir)
    batch = dict(tokenizer(["the cats walked", "a dog plays"], padding=True, return_tensors="pt"))
    with torch.no_grad():
        words = VocabularyFreePath(live, baked, tokenizer, TokenizerCuts(tokenizer)).inputs(batch)
        pieces = baked(batch["input_ids"])
    assert torch.equal(words["attention_mask"], batch["attention_mask"])
    torch.testing.assert_close(words["inputs_embeds"], pieces)
    merged = VocabularyFreePath(live, baked, tokenizer).inputs(batch)
    assert merged["attention_mask"].sum() < batch["attention_mask"].sum()  # cats, walked, plays: one each


def test_spread_over_gives_each_position_a_piece_in_order() -> None:
    slots = [Slot([4], None, 4), Slot([5], "##ed", 5), Slot([6], None, 6)]
    assert [slot.text for slot in spread_over(slots, ["play", "##ed"])] == ["play", "play", "##ed"]
    assert [slot.text for slot in spread_over(slots, ["a", "##b", "##c", "##d"])] == ["a", "##b", "##c"]
    assert [(slot.pieces, slot.anchor) for slot in spread_over(slots, ["dog"])] == [([4], 4), ([5], 5), ([6], 6)]


@pytest.mark.parametrize("segmented", [True, False])
def test_a_corrected_split_word_reads_the_corrected_pieces_at_the_written_positions(tiny_bert_dir: Path,
                                                                                    segmented: bool) -> None:
    tokenizer, live, baked = swapped_student(tiny_bert_dir)
    segmenter = TokenizerCuts(tokenizer) if segmented else None
    # walked, cats: walk ##ed, cat ##s; dog: one piece (the tokenizer's own, read as written).
    corrections = {"walked": "played", "cats": "dog", "dog": "cat"}
    corrected = VocabularyFreePath(live, baked, tokenizer, segmenter,
                                   corrector=lambda word: corrections.get(word, word))
    plain = VocabularyFreePath(live, baked, tokenizer, segmenter)

    def inputs(path: VocabularyFreePath, text: str, masked: int | None = None) -> dict[str, torch.Tensor]:
        batch = dict(tokenizer([text], return_tensors="pt"))
        if masked is not None:
            batch["labels"] = torch.full_like(batch["input_ids"], IGNORE)
            batch["labels"][0, masked] = batch["input_ids"][0, masked]
        with torch.no_grad():
            return path.inputs(batch)

    read = inputs(corrected, "the dog walked")
    if segmented:  # the written text's positions, the corrected word's pieces
        written = tokenizer(["the dog walked"], return_tensors="pt")
        assert torch.equal(read["attention_mask"], written["attention_mask"])
    torch.testing.assert_close(read["inputs_embeds"], inputs(plain, "the dog played")["inputs_embeds"])
    spread = inputs(corrected, "cats")["inputs_embeds"][0]  # [CLS] cat ##s [SEP], or [CLS] cats [SEP]
    dog = inputs(plain, "dog")["inputs_embeds"][0, 1]
    for position in range(1, len(spread) - 1):
        torch.testing.assert_close(spread[position], dog)
    # A word with a masked piece keeps its pieces, as on the path without a corrector.
    torch.testing.assert_close(inputs(corrected, "the dog walked", masked=3)["inputs_embeds"],
                               inputs(plain, "the dog walked", masked=3)["inputs_embeds"])
