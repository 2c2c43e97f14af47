"""The export's tokenizer held to its source tokenizer's behaviour, keyword by keyword (issues #42, #44).

The export's tokenizer builds on transformers' Python tokenizer class, whose padding, truncation and pair
handling do the work. With a segmenter (WordPiece sources) every word takes the positions the source gives it,
so for each combination of keywords in :data:`CALLS` the export's result has the source's keys (and
``word_characters``), lengths, attention masks, token types, special-token masks, lengths and offsets; where the
source reads its table the export does too (special tokens), and ``word_characters`` has a row per position.

A batch of texts is encoded at once (issue #56): for each call of :data:`BATCH_CALLS` on :data:`MIXED` text, in
every family of word splitter, the result is the base class's text by text, value for value and type for type.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import torch
from test_export import bytescnn
from transformers import BatchEncoding

from distill.export.folder import export_vocabulary_free
from students import build_student
from teachers import load_tokenizer

TEXTS = ["the cats run on the book", "the greenestlessnessable dog, the readable city!", "happyly walkness", ""]
PAIRS = ["the dog", "a tree and the old river", "", "the walkers"]
WORDS = [["the", "cats", "run"], ["happyly", "walkness", "!"], [], ["the"]]
LONG = "the dog and the cat ran to the old city by the river " * 3
# (positional arguments, keywords): every keyword the source tokenizer takes, alone and together.
CALLS: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
    ((TEXTS[0],), {}),
    ((TEXTS[1], PAIRS[1]), {}),
    ((TEXTS[0], ""), {}),  # an empty second text is no second text
    ((TEXTS,), {}),
    ((TEXTS, PAIRS), {"padding": True}),
    ((TEXTS,), {"padding": "longest", "return_length": True}),
    ((TEXTS,), {"padding": "max_length"}),  # to the model's length
    ((TEXTS,), {"padding": "max_length", "max_length": 20, "padding_side": "left"}),
    ((TEXTS,), {"padding": True, "pad_to_multiple_of": 8, "return_length": True}),
    ((TEXTS,), {"padding": True, "return_special_tokens_mask": True, "return_offsets_mapping": True}),
    (([(TEXTS[0], PAIRS[0]), (TEXTS[1], PAIRS[1])],), {"padding": True}),  # a list of (a, b) pairs
    ((WORDS,), {"is_split_into_words": True, "padding": True}),
    ((WORDS[0], WORDS[1]), {"is_split_into_words": True, "return_offsets_mapping": True}),
    ((LONG,), {"truncation": True, "max_length": 9}),
    ((LONG,), {"truncation": "longest_first", "max_length": 12, "stride": 2, "verbose": False}),
    ((LONG, TEXTS[1]), {"truncation": True, "max_length": 16}),
    ((LONG, TEXTS[1]), {"truncation": "only_first", "max_length": 24, "padding": "max_length"}),
    ((TEXTS[1], LONG), {"truncation": "only_second", "max_length": 24}),
    ((LONG,), {"truncation": True}),  # to the model's length
    ((TEXTS,), {"add_special_tokens": False, "return_special_tokens_mask": True, "padding": True}),
    ((TEXTS, PAIRS), {"return_token_type_ids": False, "return_attention_mask": False}),
    ((TEXTS, PAIRS), {"padding": True, "truncation": True, "max_length": 10, "return_tensors": "pt"}),
    ((TEXTS[2],), {"return_tensors": "pt", "return_special_tokens_mask": True, "return_offsets_mapping": True}),
]


@pytest.fixture(scope="module")
def exported(tiny_bert_dir: Path, tiny_distilbert_dir: Path, tmp_path_factory: pytest.TempPathFactory
             ) -> dict[str, tuple[Any, Any]]:
    """Per WordPiece family: the export's tokenizer (segmented) and the source's, at the export's length limit."""
    from transformers import AutoTokenizer

    root = tmp_path_factory.mktemp("tokenizers")
    pairs = {}
    for family, source in (("bert", tiny_bert_dir), ("distilbert", tiny_distilbert_dir)):
        folder = export_vocabulary_free(str(source), bytescnn(32), root / family)
        tokenizer = AutoTokenizer.from_pretrained(folder, trust_remote_code=True)
        reference = load_tokenizer(str(source))
        reference.model_max_length = tokenizer.model_max_length
        pairs[family] = tokenizer, reference
    return pairs


def plain(value: Any) -> Any:
    if isinstance(value, (torch.Tensor, np.ndarray)):
        return value.tolist()
    if isinstance(value, list):
        return [list(item) if isinstance(item, tuple) else item for item in value]
    return value


@pytest.mark.parametrize("family", ["bert", "distilbert"])
@pytest.mark.parametrize(("args", "keywords"), CALLS, ids=[f"{index}-{'-'.join(keywords) or 'plain'}"
                                                            for index, (_, keywords) in enumerate(CALLS)])
def test_the_export_tokenizer_gives_what_its_source_gives(exported: dict[str, tuple[Any, Any]], family: str,
                                                          args: tuple[Any, ...], keywords: dict[str, Any]) -> None:
    tokenizer, source = exported[family]
    got, expected = tokenizer(*args, **keywords), source(*args, **keywords)
    if "token_type_ids" not in tokenizer.model_input_names:  # the source's model takes none (DistilBERT)
        expected.pop("token_type_ids", None)
    assert set(got) == set(expected) | {"word_characters"}
    ids, source_ids = plain(got["input_ids"]), plain(expected["input_ids"])
    batched = bool(ids) and isinstance(ids[0], list)
    rows, source_rows = (ids, source_ids) if batched else ([ids], [source_ids])
    assert [len(row) for row in rows] == [len(row) for row in source_rows]
    # The special tokens in the same places, [UNK] included: a word the source makes [UNK] takes its id here too,
    # and is embedded from its characters (below).
    specials = set(source.all_special_ids)
    for row, source_row in zip(rows, source_rows):
        assert [source.convert_ids_to_tokens(index) if index in specials else None for index in source_row] == [
            tokenizer.convert_ids_to_tokens(index) if index in set(tokenizer.all_special_ids) else None
            for index in row]
    for key in set(expected) - {"input_ids"}:
        assert plain(got[key]) == plain(expected[key]), key
    characters = plain(got["word_characters"])
    for row, row_characters in zip(rows, characters if batched else [characters]):  # a row per position
        encoded = torch.tensor(row_characters).reshape(len(row), tokenizer.character_width)
        is_word = torch.tensor(row, dtype=torch.long) == tokenizer.word_token_id
        is_unknown = torch.tensor(row, dtype=torch.long) == tokenizer.unk_token_id  # no [UNK] is written in TEXTS
        is_read = is_word | is_unknown
        assert (encoded[is_read] != 0).any(dim=-1).all() and not encoded[~is_read].any()


def test_the_character_rows_follow_their_words_through_padding_and_truncation(
    exported: dict[str, tuple[Any, Any]]
) -> None:
    """Each word's row of ``word_characters`` is the student's encoding of that word (or piece), wherever padding
    and truncation, on either side, put it."""
    tokenizer, _ = exported["bert"]
    student = bytescnn(32)
    text = TEXTS[1]
    alone = torch.tensor(tokenizer(text)["word_characters"])
    pieces = tokenizer.tokenize(text)
    assert torch.equal(alone[1:-1], student.encode(pieces)) and not alone[[0, -1]].any()  # [CLS] ... [SEP]
    length = len(alone)
    for side in ("right", "left"):
        batch = tokenizer(TEXTS, padding=True, padding_side=side, return_tensors="pt")["word_characters"][1]
        assert torch.equal(batch[:length] if side == "right" else batch[-length:], alone)
        tokenizer.truncation_side = side
        try:
            kept = torch.tensor(tokenizer(text, truncation=True, max_length=5)["word_characters"])
        finally:
            tokenizer.truncation_side = "right"
        words = alone[1:4] if side == "right" else alone[-4:-1]
        assert torch.equal(kept, torch.cat([alone[:1], words, alone[-1:]]))


def test_texts_tokenized_apart_pad_into_one_batch_with_a_collator(tiny_bert_dir: Path, tmp_path: Path) -> None:
    """``datasets.map`` then ``DataCollatorWithPadding``: texts encoded one by one (the n-gram student's rows vary
    with the words, so the tokenizer gives them one width) pad into the batch ``tokenizer(texts, padding=True)``
    gives, and the model reads it."""
    from transformers import AutoModel, AutoTokenizer, DataCollatorWithPadding

    torch.manual_seed(0)
    folder = export_vocabulary_free(str(tiny_bert_dir), build_student("ngrams", 32), tmp_path / "export")
    tokenizer = AutoTokenizer.from_pretrained(folder, trust_remote_code=True)
    features = [tokenizer(text) for text in TEXTS]
    assert len({len(feature["word_characters"][1]) for feature in features if len(feature["input_ids"]) > 2}) == 1
    collated = DataCollatorWithPadding(tokenizer, return_tensors="pt")(features)
    batch = tokenizer(TEXTS, padding=True, return_tensors="pt")
    assert set(collated) == set(batch)
    for key in batch:
        assert torch.equal(collated[key], batch[key]), key
    model = AutoModel.from_pretrained(folder, trust_remote_code=True).eval()
    with torch.no_grad():
        assert model(**collated).last_hidden_state.shape[:2] == batch["input_ids"].shape


def test_overflowing_tokens_are_the_python_tokenizers(exported: dict[str, tuple[Any, Any]]) -> None:
    """With ``return_overflowing_tokens`` the source (a fast tokenizer) gives a row per window; the export's
    Python tokenizer gives the first window and the ids cut off, as transformers' Python tokenizers do."""
    tokenizer, source = exported["bert"]
    got = tokenizer(LONG, truncation=True, max_length=9, stride=2, return_overflowing_tokens=True)
    expected = source(LONG, truncation=True, max_length=9, stride=2, return_overflowing_tokens=True)
    assert len(got["input_ids"]) == len(expected["input_ids"][0]) == len(got["word_characters"]) == 9
    assert len(got["overflowing_tokens"]) == len(tokenizer.tokenize(LONG)) - 7 + 2  # the rest, with the stride
    assert all(type(index) is int for index in [*got["input_ids"], *got["overflowing_tokens"]])


# Everyday English, punctuation, digits, accents, emoji, CJK, runes, control and zero-width characters, long words,
# special tokens written in the text, empty and blank texts.
MIXED = [
    "The cat sat on the mat, and the dog ran in the house.", "It's 3:45 p.m. on 2024-01-05; it costs $1,234.56!",
    "Café naïve résumé Ångström façade jalapeño Straße", "I ❤️ emoji 😀👍🏽 and flags 🇫🇷🇯🇵",
    "中文字符和日本語のテキスト 한국어",
    "ᚠᚢᚦᚨᚱᚲ runes ᛗᛁᚾ", "pneumonoultramicroscopicsilicovolcanoconiosis " + "walking" * 20, "", " \t\n  ",
    "the greenestlessnessable dog, the readable city!", "tab\tnon\u00a0breaking zero\u200bwidth control\x00\x07",
    "the [MASK] walked to [SEP] the books", "[CLS]", "happyly walkness the cats run", "e-mail: a.b@c.de (#42) 50%",
    *(" ".join(["the old city by the river"] * count) for count in (1, 3, 9)),
]
MIXED_PAIRS = MIXED[::-1]
# (positional arguments, keywords, whether the batch is encoded at once): the shapes of call the tests above use,
# and the others the base class takes.
BATCH_CALLS: list[tuple[tuple[Any, ...], dict[str, Any], bool]] = [
    ((MIXED,), {}, True),
    ((MIXED,), {"padding": True, "truncation": True, "return_tensors": "pt"}, True),  # sentence-transformers
    ((tuple(MIXED), MIXED_PAIRS), {"padding": True}, True),
    ((MIXED, MIXED_PAIRS), {"truncation": True, "max_length": 12, "padding": "max_length", "return_tensors": "np"},
     True),
    ((MIXED, MIXED_PAIRS), {"truncation": "only_first", "max_length": 24}, True),
    ((MIXED, MIXED_PAIRS), {"truncation": "only_second", "max_length": 24, "padding": True, "padding_side": "left"},
     True),
    ((MIXED,), {"padding": "max_length", "max_length": 16}, True),  # longer rows stay longer
    ((MIXED,), {"padding": "max_length"}, True),  # to the model's length
    ((MIXED,), {"padding": True, "pad_to_multiple_of": 8, "return_length": True, "return_special_tokens_mask": True},
     True),
    ((MIXED,), {"add_special_tokens": False, "padding": True, "return_tensors": "pt"}, True),
    ((MIXED,), {"return_token_type_ids": False, "return_attention_mask": False, "return_tensors": "np",
                "padding": True}, True),
    ((MIXED,), {"truncation": "longest_first", "max_length": 9, "stride": 2, "verbose": False}, True),
    ((MIXED,), {"split_special_tokens": True, "padding": True, "padding_side": "left"}, True),
    ((["", " "],), {"add_special_tokens": False, "padding": True, "return_tensors": "pt"}, True),
    ((MIXED[0],), {}, False),
    ((MIXED[1], MIXED[2]), {"truncation": True, "max_length": 10, "return_tensors": "pt"}, True),  # a batch of one
    ((MIXED[3],), {"padding": True, "return_tensors": "pt"}, True),  # AutoModel's usual call
    ((MIXED[4],), {"padding": "max_length", "max_length": 32, "return_tensors": "np"}, True),
    ((MIXED[8],), {"return_tensors": "pt"}, True),
    ((MIXED[7],), {"return_special_tokens_mask": True, "return_offsets_mapping": True}, False),
    ((list(zip(MIXED, MIXED_PAIRS)),), {"padding": True}, False),  # a list of (a, b) pairs
    ((MIXED,), {"padding": True, "return_offsets_mapping": True}, False),
    (([text.split() for text in MIXED],), {"is_split_into_words": True, "padding": True}, False),
    # Every text overflows: where some do not, the base class refuses the batch (its rows lack overflowing_tokens).
    ((MIXED[-2:],), {"truncation": "only_first", "max_length": 9, "return_overflowing_tokens": True}, False),
]


@pytest.fixture(scope="module")
def every_splitter(exported: dict[str, tuple[Any, Any]], tiny_bert_dir: Path, tiny_roberta_dir: Path,
                   tiny_xlm_roberta_dir: Path, tiny_mpnet_dir: Path, tmp_path_factory: pytest.TempPathFactory
                   ) -> dict[str, Any]:
    """An export's tokenizer per kind of words: BERT's and DistilBERT's (segmented; BERT's also with the n-gram
    student, whose rows have a fixed width, with the source's whole-word tokens kept, and unsegmented), RoBERTa's
    byte-level words, XLM-R's ``▁`` words, MPNet's."""
    from transformers import AutoTokenizer

    root = tmp_path_factory.mktemp("splitters")
    tokenizers = {family: pair[0] for family, pair in exported.items()}
    sources = {"bert-ngrams": (tiny_bert_dir, build_student("ngrams", 32), {}),
               "bert-kept": (tiny_bert_dir, bytescnn(32), {"keep_vocabulary": True}),
               "bert-whole-words": (tiny_bert_dir, bytescnn(32), {"segment_words": False}),
               "roberta": (tiny_roberta_dir, bytescnn(32), {}),
               "xlm-roberta": (tiny_xlm_roberta_dir, bytescnn(32), {}), "mpnet": (tiny_mpnet_dir, bytescnn(32), {})}
    for family, (source, student, options) in sources.items():
        folder = export_vocabulary_free(str(source), student, root / family, **options)
        tokenizers[family] = AutoTokenizer.from_pretrained(folder, trust_remote_code=True)
    return tokenizers


def assert_identical(got: Any, expected: Any, where: str = "") -> None:
    """``got`` is ``expected``: the same keys in the same order, types, dtypes, shapes and values."""
    assert type(got) is type(expected), where
    if isinstance(expected, dict | BatchEncoding):
        assert list(got) == list(expected), where
        for key in expected:
            assert_identical(got[key], expected[key], f"{where}.{key}")
    elif isinstance(expected, list | tuple) or isinstance(expected, np.ndarray) and expected.dtype == object:
        assert len(got) == len(expected), where
        for index, (item, expected_item) in enumerate(zip(got, expected)):
            assert_identical(item, expected_item, f"{where}[{index}]")
        if isinstance(expected, np.ndarray):
            assert got.shape == expected.shape, where
    elif isinstance(expected, np.ndarray | torch.Tensor):
        assert (got.dtype, got.shape) == (expected.dtype, expected.shape), where
        assert (got == expected).all(), where
    else:
        assert got == expected, where


@pytest.mark.parametrize("family", ["bert", "distilbert", "bert-ngrams", "bert-kept", "bert-whole-words", "roberta",
                                    "xlm-roberta", "mpnet"])
@pytest.mark.parametrize(("args", "keywords", "at_once"), BATCH_CALLS,
                         ids=[f"{index}-{'-'.join(keywords) or 'plain'}"
                              for index, (_, keywords, _) in enumerate(BATCH_CALLS)])
def test_a_batch_encoded_at_once_is_what_the_base_class_gives_text_by_text(
    every_splitter: dict[str, Any], family: str, args: tuple[Any, ...], keywords: dict[str, Any], at_once: bool,
    monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue #56: each call's result equals the one made with the batch path turned off (the base class's
    encoding, text by text), for every shape of call; those the batch path does not take go to the base class."""
    tokenizer = every_splitter[family]
    batches: list[int] = []
    encode_texts = tokenizer.encode_texts
    monkeypatch.setattr(tokenizer, "encode_texts", lambda texts, *rest, **options: batches.append(len(texts))
                        or encode_texts(texts, *rest, **options))
    got = tokenizer(*args, **keywords)
    texts = 1 if isinstance(args[0], str) else len(args[0])
    assert batches == ([texts] if at_once else [])  # the whole batch (a single text: a batch of one) in one call
    monkeypatch.setattr(sys.modules[type(tokenizer).__module__], "takes_options", lambda options: False)
    expected = tokenizer(*args, **keywords)
    assert_identical(got, expected)


def test_a_batch_reads_the_tokenizers_own_split_special_tokens(every_splitter: dict[str, Any],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A batch call without ``split_special_tokens`` takes the tokenizer's setting, as the base class's call does."""
    tokenizer = every_splitter["bert"]
    kept_whole = tokenizer(MIXED, padding=True)
    monkeypatch.setattr(tokenizer, "split_special_tokens", True)
    split = tokenizer(MIXED, padding=True)
    assert_identical(split, tokenizer(MIXED, padding=True, split_special_tokens=True))
    assert split["input_ids"] != kept_whole["input_ids"]  # "[MASK]" and "[SEP]" in MIXED read as text


def splitter_words(splitter: Any, text: str) -> list[str]:
    """The words a ``tokenizers`` pipeline's normaliser and pre-tokeniser give ``text``."""
    normalized = text if splitter.normalizer is None else splitter.normalizer.normalize_str(text)
    return [word for word, _ in splitter.pre_tokenizer.pre_tokenize_str(normalized)]


def ascii_texts(count: int, seed: int = 0) -> list[str]:
    """Every ASCII character alone, inside a word and between spaces, then ``count`` random strings of ASCII
    characters, control characters and punctuation as likely as letters."""
    import random

    rng = random.Random(seed)
    characters = [chr(code) for code in range(128)]
    alone = [text for character in characters for text in (character, f"Ab{character}cD", f" {character} ")]
    return alone + ["".join(rng.choice(characters) if rng.random() < 0.5 else rng.choice("aZ9 .") for _ in
                            range(rng.randrange(16))) for _ in range(count)]


@pytest.mark.parametrize("family", ["bert", "distilbert", "bert-ngrams", "mpnet", "roberta", "xlm-roberta"])
def test_ascii_text_is_split_as_the_splitter_splits_it(every_splitter: dict[str, Any], family: str) -> None:
    """Issue #56: a BERT splitter's words of an ASCII text, found by regular expression, are the splitter's own,
    for every ASCII character; a byte-level or ``▁`` splitter has no such shortcut."""
    tokenizer = every_splitter[family]
    if family in ("roberta", "xlm-roberta"):
        assert tokenizer.ascii_words is None
        return
    assert tokenizer.ascii_words is not None
    for text in ascii_texts(3000):
        assert tokenizer.ascii_words(text) == splitter_words(tokenizer.splitter, text), repr(text)
    assert tokenizer.word_strings("Naïve café, ok?") == splitter_words(tokenizer.splitter, "Naïve café, ok?")


def test_a_cased_bert_splitter_keeps_case_and_one_that_does_not_clean_has_no_shortcut(
        every_splitter: dict[str, Any]) -> None:
    """The shortcut follows the normaliser's settings: lower-casing off keeps the case, as the splitter does; a
    normaliser that does not clean text (control characters kept) is left to the splitter."""
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers

    splitter_of = sys.modules[type(every_splitter["bert"]).__module__].ascii_word_splitter
    for clean_text in (True, False):
        splitter = Tokenizer(models.WordLevel({"[UNK]": 0}, unk_token="[UNK]"))
        splitter.normalizer = normalizers.BertNormalizer(clean_text=clean_text, lowercase=False)
        splitter.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
        words = splitter_of(splitter)
        if not clean_text:
            assert words is None
            continue
        assert words("The Cat, SAT.") == ["The", "Cat", ",", "SAT", "."]
        for text in ascii_texts(1000, seed=1):
            assert words(text) == splitter_words(splitter, text), repr(text)


@pytest.mark.parametrize("family", ["bert-ngrams", "roberta"])
def test_the_tokenizer_pickles(every_splitter: dict[str, Any], family: str) -> None:
    """A ``DataLoader``'s workers and ``datasets.map`` pickle the tokenizer: the copy encodes as the original does."""
    import pickle

    tokenizer = every_splitter[family]
    copy = pickle.loads(pickle.dumps(tokenizer))
    assert_identical(copy(MIXED, padding=True, return_tensors="pt"),
                     tokenizer(MIXED, padding=True, return_tensors="pt"))
