"""teachers: table extraction, row selection, byte-level mapping, cache and errors."""

from __future__ import annotations

import math
import os
import shutil
from pathlib import Path

import huggingface_hub.constants
import pytest
import torch
from safetensors import safe_open
from tiny_models import BPE_SPECIAL_TOKENS, SPECIAL_TOKENS, build_tiny_bert, wordpiece_vocabulary
from transformers import AutoTokenizer

import teachers.cache
import teachers.loading
from teachers import TeacherTable, load_teacher, load_tokenizer, resolve_model_path
from teachers.cache import TENSORS_NAME, TOKENS_NAME, cache_entry, cache_root
from teachers.errors import TeacherError
from teachers.vocabulary import byte_level_to_text, is_reserved
from teachers.wordpiece import continuation_prefix
from teachers.words import WordSplitter

BERT_SPECIALS = set(SPECIAL_TOKENS)


def saved_embeddings(folder: Path, key: str) -> torch.Tensor:
    with safe_open(str(folder / "model.safetensors"), framework="pt") as weights:
        return weights.get_tensor(key)


def forbid_model_loading(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the teacher model was instantiated although its table is cached")

    monkeypatch.setattr(teachers.loading, "load_model", refuse)


def assert_same_table(first: TeacherTable, second: TeacherTable) -> None:
    assert torch.equal(first.table, second.table)
    assert torch.equal(first.ids, second.ids)
    assert torch.equal(first.is_special, second.is_special)
    assert (first.tokens, first.vocab_tokens) == (second.tokens, second.vocab_tokens)
    assert (first.name, first.revision, first.vocab_size) == (
        second.name,
        second.revision,
        second.vocab_size,
    )


# --- the embedded teacher -------------------------------------------------------------


def test_embedded_teacher_has_bert_vocabulary_without_unused_rows(embedded_dir: Path) -> None:
    teacher = load_teacher("embedded")
    assert teacher.table.shape == (29_528, 384)  # paper §3: 30,522 → 29,528 rows
    assert teacher.table.dtype == torch.float32
    assert (teacher.vocab_size, teacher.dim, len(teacher)) == (30_522, 384, 29_528)
    assert teacher.name == "embedded"
    assert teacher.model_path == str(embedded_dir.resolve())
    assert len(teacher.revision) == 12


def test_embedded_teacher_stats_are_finite(embedded_dir: Path) -> None:
    stats = load_teacher("embedded").stats()
    norm_keys = {f"norm_{name}" for name in ("mean", "std", "var", "min", "max")}
    assert set(stats) == norm_keys | {"rows", "dim"}
    assert all(math.isfinite(value) for value in stats.values())
    assert 0 < stats["norm_min"] < stats["norm_mean"] < stats["norm_max"]
    assert stats["norm_std"] ** 2 == pytest.approx(stats["norm_var"])
    assert (stats["rows"], stats["dim"]) == (29_528, 384)


def test_embedded_rows_are_aligned_with_the_vocabulary(embedded_dir: Path) -> None:
    teacher = load_teacher("embedded")
    tokenizer = AutoTokenizer.from_pretrained(embedded_dir)
    assert (
        tokenizer.convert_ids_to_tokens(teacher.ids.tolist())
        == teacher.vocab_tokens
        == teacher.tokens
    )
    assert bool((teacher.ids[1:] > teacher.ids[:-1]).all())
    assert not any(is_reserved(token) for token in teacher.tokens)
    assert {"##ing", "##able", "the"} <= set(teacher.tokens)  # WordPiece '##' kept (paper §3)
    specials = {
        token for token, special in zip(teacher.tokens, teacher.is_special.tolist()) if special
    }
    assert specials == BERT_SPECIALS
    weight = saved_embeddings(embedded_dir, "embeddings.word_embeddings.weight")
    assert torch.equal(teacher.table, weight[teacher.ids])


def test_none_loads_the_embedded_teacher() -> None:
    assert_same_table(load_teacher(None), load_teacher("embedded"))


# --- tiny architectures ---------------------------------------------------------------


def test_bert_drops_unused_rows_and_keeps_them_on_request(tiny_bert_dir: Path) -> None:
    vocabulary = wordpiece_vocabulary()
    weight = saved_embeddings(tiny_bert_dir, "bert.embeddings.word_embeddings.weight")

    teacher = load_teacher(str(tiny_bert_dir))
    assert teacher.tokens == [token for token in vocabulary if not token.startswith("[unused")]
    assert teacher.ids.tolist() == [vocabulary.index(token) for token in teacher.tokens]
    assert torch.equal(teacher.table, weight[teacher.ids])
    assert teacher.vocab_size == len(vocabulary)
    assert teacher.table.shape == (len(vocabulary) - 5, 32)
    assert {
        token for token, special in zip(teacher.tokens, teacher.is_special.tolist()) if special
    } == BERT_SPECIALS

    everything = load_teacher(str(tiny_bert_dir), keep_reserved=True)
    assert everything.tokens == vocabulary
    assert torch.equal(everything.table, weight)
    assert not everything.is_special[everything.tokens.index("[unused0]")]


def test_rows_past_the_tokenizer_vocabulary_are_dropped(tmp_path: Path) -> None:
    vocabulary = wordpiece_vocabulary()
    teacher = load_teacher(
        str(build_tiny_bert(tmp_path / "padded", extra_rows=4)), keep_reserved=True
    )
    assert teacher.vocab_size == len(vocabulary) + 4
    assert teacher.tokens == vocabulary
    assert int(teacher.ids.max()) == len(vocabulary) - 1


def test_distilbert_loads(tiny_distilbert_dir: Path) -> None:
    teacher = load_teacher(tiny_distilbert_dir)  # a Path works as well as a str
    assert teacher.table.shape == (len(wordpiece_vocabulary()) - 5, 32)
    assert "##ing" in teacher.tokens
    weight = saved_embeddings(tiny_distilbert_dir, "embeddings.word_embeddings.weight")
    assert torch.equal(teacher.table, weight[teacher.ids])


def test_roberta_byte_level_tokens_become_text(tiny_roberta_dir: Path) -> None:
    teacher = load_teacher(str(tiny_roberta_dir))
    tokenizer = AutoTokenizer.from_pretrained(tiny_roberta_dir)
    row = dict(zip(teacher.vocab_tokens, teacher.tokens))
    assert row["Ġthe"] == " the"
    assert row["Ã©"] == "é"
    assert {" café", " naïve"} <= set(teacher.tokens)
    assert not any("Ġ" in token for token in teacher.tokens)
    specials = {
        token for token, special in zip(teacher.tokens, teacher.is_special.tolist()) if special
    }
    assert specials == set(BPE_SPECIAL_TOKENS)
    # Every row keeps its own bytes (partial UTF-8 characters as lone surrogates) ...
    raw = [token.encode("utf-8", "surrogateescape") for token in teacher.tokens]
    assert len(set(raw)) == len(raw) == teacher.vocab_size
    # ... and every whole-text row reads as the tokenizer itself decodes it.
    for vocab_token, token in zip(teacher.vocab_tokens, teacher.tokens):
        if token.isprintable() and token not in BPE_SPECIAL_TOKENS:
            assert tokenizer.convert_tokens_to_string([vocab_token]) == token


def test_byte_level_mapping_is_lossless() -> None:
    assert byte_level_to_text("Ġthe") == " the"
    assert byte_level_to_text("ĠcafÃ©") == " café"
    assert byte_level_to_text("Ã") == "\udcc3"  # first byte of "é" alone
    assert byte_level_to_text("Ã").encode("utf-8", "surrogateescape") == "é".encode()[:1]


# --- cache ----------------------------------------------------------------------------


def test_second_load_reads_the_cache_without_instantiating_the_model(
    tiny_bert_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = load_teacher(str(tiny_bert_dir), cache_dir=tmp_path)
    entry = cache_entry(str(tiny_bert_dir), first.revision, False, tmp_path)
    assert (entry / TENSORS_NAME).is_file() and (entry / TOKENS_NAME).is_file()

    forbid_model_loading(monkeypatch)
    second = load_teacher(str(tiny_bert_dir), cache_dir=tmp_path)
    assert_same_table(first, second)
    assert second.model_path == first.model_path
    with pytest.raises(AssertionError, match="instantiated"):  # keep_reserved is part of the key
        load_teacher(str(tiny_bert_dir), cache_dir=tmp_path, keep_reserved=True)


def test_cache_root_defaults_to_distill_cache_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DISTILL_CACHE_DIR", str(tmp_path))
    assert cache_root() == tmp_path / "teachers"
    monkeypatch.delenv("DISTILL_CACHE_DIR")
    assert cache_root() == Path.home() / ".cache" / "distill" / "teachers"


def test_changed_folder_is_extracted_again(tiny_bert_dir: Path, tmp_path: Path) -> None:
    folder = shutil.copytree(tiny_bert_dir, tmp_path / "model")
    before = load_teacher(str(folder), cache_dir=tmp_path / "cache")
    (folder / "README.md").write_text("fine-tuned\n")
    after = load_teacher(str(folder), cache_dir=tmp_path / "cache")
    assert after.revision != before.revision
    assert len(list((tmp_path / "cache").iterdir())) == 2


def test_unreadable_cache_entry_is_rebuilt(tiny_bert_dir: Path, tmp_path: Path) -> None:
    first = load_teacher(str(tiny_bert_dir), cache_dir=tmp_path)
    entry = cache_entry(str(tiny_bert_dir), first.revision, False, tmp_path)
    (entry / TENSORS_NAME).write_bytes(b"not safetensors")
    assert_same_table(first, load_teacher(str(tiny_bert_dir), cache_dir=tmp_path))


def test_a_cache_write_that_fails_leaves_no_entry(
    tiny_bert_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def write_half(folder: Path, table: TeacherTable) -> None:
        (folder / TENSORS_NAME).write_bytes(b"half a table")
        raise OSError("disk full")

    monkeypatch.setattr(teachers.cache, "write_entry_files", write_half)
    with pytest.raises(TeacherError, match="cannot write the teacher cache .*: disk full; set DISTILL_CACHE_DIR"):
        load_teacher(str(tiny_bert_dir), cache_dir=tmp_path)
    assert list(tmp_path.iterdir()) == []  # neither an entry nor the folder it was staged in
    monkeypatch.undo()
    table = load_teacher(str(tiny_bert_dir), cache_dir=tmp_path)
    assert [path.name for path in tmp_path.iterdir()] == [cache_entry(str(tiny_bert_dir), table.revision, False,
                                                                      tmp_path).name]


def test_cache_entries_follow_the_umask(tiny_bert_dir: Path, tmp_path: Path) -> None:
    previous = os.umask(0o022)
    try:
        table = load_teacher(str(tiny_bert_dir), cache_dir=tmp_path)
    finally:
        os.umask(previous)
    entry = cache_entry(str(tiny_bert_dir), table.revision, False, tmp_path)
    assert entry.stat().st_mode & 0o777 == 0o755
    assert {path.stat().st_mode & 0o777 for path in entry.iterdir()} == {0o644}


# --- resolution -----------------------------------------------------------------------


def test_resolve_local_folder_and_embedded(tiny_bert_dir: Path, embedded_dir: Path) -> None:
    path, revision = resolve_model_path(str(tiny_bert_dir))
    assert (path, revision) == (
        str(tiny_bert_dir.resolve()),
        load_teacher(str(tiny_bert_dir)).revision,
    )
    assert resolve_model_path(str(tiny_bert_dir), revision) == (path, revision)
    assert (
        resolve_model_path("embedded")[0]
        == resolve_model_path(None)[0]
        == str(embedded_dir.resolve())
    )


def test_local_folder_with_another_revision_is_refused(tiny_bert_dir: Path) -> None:
    with pytest.raises(TeacherError, match="has changed"):
        resolve_model_path(str(tiny_bert_dir), revision="0123456789ab")


def test_hub_id_is_read_from_the_local_hub_cache_offline(
    tiny_bert_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    commit = "0123456789abcdef0123456789abcdef01234567"
    repo = tmp_path / "models--tiny-org--tiny-bert"
    shutil.copytree(tiny_bert_dir, repo / "snapshots" / commit)
    (repo / "refs").mkdir()
    (repo / "refs" / "main").write_text(commit)
    monkeypatch.setattr(huggingface_hub.constants, "HF_HUB_CACHE", str(tmp_path))

    assert resolve_model_path("tiny-org/tiny-bert") == (str(repo / "snapshots" / commit), commit)
    teacher = load_teacher("tiny-org/tiny-bert", revision=commit)
    assert (teacher.name, teacher.revision) == ("tiny-org/tiny-bert", commit)
    local = load_teacher(str(tiny_bert_dir))
    assert torch.equal(teacher.table, local.table) and teacher.tokens == local.tokens


def test_a_commit_in_the_hub_cache_is_read_offline_where_the_hub_asks_for_its_file_list_first(
    tiny_bert_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Offline, huggingface_hub 1.x (which transformers 5 admits) asks the hub for a commit's file list before it
    # reads the cache, and fails; the cached snapshot is then read alone (seen with 1.33 on the GPU machine).
    from huggingface_hub.errors import OfflineModeIsEnabled

    import teachers.loading

    commit = "0123456789abcdef0123456789abcdef01234567"

    def hub_1x(repo_id: str, *, revision: str | None, allow_patterns: list[str], local_files_only: bool) -> str:
        if not local_files_only:
            raise OfflineModeIsEnabled("offline mode is enabled")
        return str(tiny_bert_dir.parent / commit)

    monkeypatch.setattr(teachers.loading, "snapshot_download", hub_1x)
    assert resolve_model_path("tiny-org/tiny-bert", commit) == (str(tiny_bert_dir.parent / commit), commit)


# --- errors ---------------------------------------------------------------------------


def assert_one_line_error(
    error: pytest.ExceptionInfo[TeacherError], capfd: pytest.CaptureFixture[str]
) -> str:
    message = str(error.value)
    assert "\n" not in message
    assert capfd.readouterr() == ("", "")  # no warning, progress bar or traceback
    return message


def test_unreachable_hub_name_names_the_local_alternative(
    capfd: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(TeacherError) as error:
        load_teacher("bert-base-uncased")
    message = assert_one_line_error(error, capfd)
    assert "'bert-base-uncased'" in message and "Hugging Face hub" in message
    assert "save_pretrained()" in message and "'embedded'" in message


def test_missing_local_folder(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(TeacherError, match="does not exist") as error:
        load_teacher(str(tmp_path / "missing" / "model"))
    assert_one_line_error(error, capfd)


def test_model_without_input_embeddings(
    tiny_no_embeddings_dir: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    capfd.readouterr()
    with pytest.raises(TeacherError, match="ResNetModel has no input word embeddings") as error:
        load_teacher(str(tiny_no_embeddings_dir))
    assert_one_line_error(error, capfd)


def test_folder_that_is_not_a_model(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "notes").mkdir()
    with pytest.raises(TeacherError, match="cannot build a transformers model") as error:
        load_teacher(str(tmp_path / "notes"))
    assert_one_line_error(error, capfd)


def test_loading_prints_nothing(
    tiny_bert_dir: Path, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    capfd.readouterr()
    # AutoModel leaves the MLM and NSP heads unused, which transformers reports by default.
    load_teacher(str(tiny_bert_dir), cache_dir=tmp_path)
    assert capfd.readouterr() == ("", "")


def test_word_splitters_read_words_back_from_each_familys_pieces(tiny_roberta_dir, tiny_xlm_roberta_dir,
                                                                 tiny_mpnet_dir) -> None:
    """The family table (teachers/words.py): a WordPiece ``##`` continues a word; byte-level ``Ġ`` and
    SentencePiece ``▁`` start one, and byte-level words are also cut where GPT-2's pre-tokenizer cuts
    (punctuation), the student reading the text they stand for; special tokens are words of their own."""
    def merged(folder, text: str) -> list[str | None]:
        tokenizer = load_tokenizer(str(folder))
        pieces = tokenizer.convert_ids_to_tokens(tokenizer(text)["input_ids"])
        words = WordSplitter.for_tokenizer(tokenizer).group(pieces, [False] * len(pieces))
        assert [position for word in words for position in word.positions] == list(range(len(pieces)))
        return [word.text for word in words if word.text is not None]

    assert merged(tiny_roberta_dir, "the dogs!") == [" dogs"]  # Ġdog + s, then "!" on its own
    assert merged(tiny_xlm_roberta_dir, "the dogs!")[-1] == "▁dogs!"  # whitespace words
    assert merged(tiny_mpnet_dir, "the dogs!") == ["dogs"]
    assert continuation_prefix(load_tokenizer(str(tiny_mpnet_dir))) == "##"
    with pytest.raises(TeacherError, match="whole words need a WordPiece tokenizer"):
        continuation_prefix(load_tokenizer(str(tiny_roberta_dir)))
