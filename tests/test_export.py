"""Vocabulary-free export: loads without the workbench and computes the vocabulary-free path's states.

The exported folders are loaded in a separate Python (``python -S`` with only the
virtualenv's site-packages on ``sys.path``, from a folder outside the repository), in
which ``import distill`` and ``import students`` fail: transformers and
sentence-transformers run the folder's own code.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import sysconfig
from collections import OrderedDict
from pathlib import Path
from typing import Any

import pytest
import torch
from output import without_phase_lines
from safetensors.torch import load_file
from torch import Tensor

from distill.cli import main
from distill.errors import DistillError
from distill.export.code import code_files, family_module
from distill.export.folder import export_vocabulary_free
from distill.export.reading import load_exported_student
from distill.export.unknown_words import UNKNOWN_WORD_WEIGHT
from distill.swap.segmentation import segmenter_for
from distill.swap.surgery import SPECIAL_ROWS_KEY, SURGERY_RECORD, StudentEmbedding, load_transformer
from distill.swap.vocabulary_free import VocabularyFreePath
from students import StudentEncoder, build_student
from students.segmenter import WordSegmenter
from teachers import load_tokenizer

# Texts the tiny BERT splits into known pieces only: words it has, and unseen ones it cuts
# into pieces (one longer than the student's 12 bytes), punctuation and an empty text.
TINY_TEXTS = [
    "the cats run on the book",
    "the greenestlessnessable dog, the readable city!",
    "happyly walkness",
    "",
]
# Misspelt and unseen words, a word longer than the students' byte limit, accents, punctuation.
TEXTS = [
    "the cat sat on the mat",
    "teh catt sat on teh matt!",
    "Unbelievably, the Zyxqwerty café was naïve.",
    "pneumonoultramicroscopicsilicovolcanoconiosisandthensomemorelettersontop ran",
    "",
]
LOADER = r"""
import importlib.util, json, sys
from pathlib import Path
import torch
from safetensors.torch import save_file
for name in ("distill", "students", "teachers"):
    assert importlib.util.find_spec(name) is None, f"{name} is importable"
from transformers import AutoModel, AutoTokenizer
request = json.loads(Path(sys.argv[1]).read_text())
for folder, out in request["folders"].items():
    model = AutoModel.from_pretrained(folder, trust_remote_code=True).eval()
    tokenizer = AutoTokenizer.from_pretrained(folder, trust_remote_code=True)
    texts, pairs = request["texts"], request["pairs"]
    batch = tokenizer(texts, pairs, padding=True, truncation=True, return_tensors="pt")
    with torch.no_grad():
        states = model(**batch).last_hidden_state
        first = tokenizer(texts[:1], pairs[:1] if pairs else None, truncation=True, return_tensors="pt")
        single = model(**first).last_hidden_state
    tensors = {"states": states, "attention_mask": batch["attention_mask"], "single": single}
    if request["sentence_transformers"]:
        from sentence_transformers import SentenceTransformer
        encoder = SentenceTransformer(folder, trust_remote_code=True, device="cpu")
        tensors["sentences"] = encoder.encode(request["texts"], convert_to_tensor=True)
        tensors["max_seq_length"] = torch.tensor(encoder.max_seq_length)
        tensors["long_text"] = encoder.encode(" ".join(["wrod"] * 400), convert_to_tensor=True)
    save_file({key: value.contiguous() for key, value in tensors.items()}, out)
"""


def load_outside(folders: list[Path], texts: list[str], tmp_path: Path, *, pairs: list[str] | None = None,
                 sentence_transformers: bool = False) -> list[dict[str, Tensor]]:
    """Each folder's outputs on ``texts`` (pairs of ``texts`` and ``pairs``), computed by a Python that cannot
    import the workbench."""
    outputs = [tmp_path / f"outputs-{index}.safetensors" for index in range(len(folders))]
    request = tmp_path / "request.json"
    request.write_text(json.dumps({
        "folders": {str(folder): str(out) for folder, out in zip(folders, outputs)},
        "texts": texts, "pairs": pairs, "sentence_transformers": sentence_transformers,
    }))
    (tmp_path / "loader.py").write_text(LOADER)
    environment = {"PYTHONPATH": sysconfig.get_paths()["purelib"], "HF_HUB_OFFLINE": "1",
                   "HF_HOME": str(tmp_path / "hf-home"), "PATH": "/usr/bin:/bin"}
    result = subprocess.run([sys.executable, "-S", "loader.py", str(request)], cwd=tmp_path, env=environment,
                            capture_output=True, text=True, timeout=600, check=False)
    assert result.returncode == 0, result.stderr[-3000:]
    return [load_file(str(out)) for out in outputs]


def vocabulary_free_states(model_dir: Path, student: StudentEncoder, texts: list[str],
                      pairs: list[str] | None = None, segmenter: WordSegmenter | None = None) -> tuple[Tensor, Tensor]:
    """The in-process vocabulary-free path (``distill evaluate --vocabulary-free``): states and mask."""
    loaded = load_transformer(str(model_dir))
    tokenizer = load_tokenizer(loaded.path)
    live = StudentEmbedding.from_model(loaded.model, student, tokenizer)
    batch = dict(tokenizer(texts, pairs, padding=True, return_tensors="pt"))
    # A word the tokenizer makes [UNK] stays [UNK] there, while the export embeds it.
    assert tokenizer.unk_token_id not in batch["input_ids"]
    words = VocabularyFreePath(live.eval(), live.baked(), tokenizer, segmenter).inputs(batch)
    inputs = {key: words[key] for key in ("attention_mask", "token_type_ids") if key in words}
    with torch.no_grad():
        states = loaded.model.base_model(inputs_embeds=words["inputs_embeds"], **inputs).last_hidden_state
    return states, words["attention_mask"]


def assert_same_states(exported: dict[str, Tensor], reference: tuple[Tensor, Tensor]) -> None:
    states, mask = reference
    width = int(mask.sum(dim=1).max())
    assert torch.equal(exported["attention_mask"][:, :width], mask[:, :width])
    keep = mask[:, :width].bool()
    torch.testing.assert_close(exported["states"][:, :width][keep], states[:, :width][keep], atol=2e-5, rtol=1e-4)


def bytescnn(dim: int) -> StudentEncoder:
    torch.manual_seed(0)
    student = build_student("bytescnn-small", dim, filters=[[1, 8], [2, 8], [3, 16]], max_bytes_per_token=12)
    student.rescale_norm = 1.5
    return student.eval()


def student_named(name: str) -> StudentEncoder:
    """A fresh student of width 32; the ngrams one keeps the special tokens' rows, as ``distill train``'s
    default student does (its export then asks the student for no row at all)."""
    torch.manual_seed(0)
    student = build_student(name, 32).eval()
    if name == "ngrams":
        student.provenance = {**student.provenance, SPECIAL_ROWS_KEY: True}
    return student


@pytest.fixture(scope="module")
def tiny_exports(tiny_bert_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("exports")
    folders = {}
    one_position = {"segment_words": False}  # one position per word; the segmented export is tested on its own
    for name in ("retvec", "hlm-intra-small", "ngrams"):
        folders[name] = export_vocabulary_free(str(tiny_bert_dir), student_named(name), root / name, **one_position)
    folders["bytescnn"] = export_vocabulary_free(str(tiny_bert_dir), bytescnn(32), root / "bytescnn", **one_position)
    folders["keep"] = export_vocabulary_free(str(tiny_bert_dir), bytescnn(32), root / "keep", keep_vocabulary=True,
                                             **one_position)
    return folders


def test_exported_code_is_the_repositorys_own_files_importing_no_workbench_module(
    tiny_exports: dict[str, Path]
) -> None:
    """As transformers' ``custom_object_save`` does, the export copies its code: every Python file of it is a file
    of the repository, byte for byte, and none imports anything but the standard library, torch, safetensors,
    tokenizers, transformers and numpy (its siblings relatively). It carries its student's family alone: the
    other families' modules are absent (and every export here loads outside the workbench, ``load_outside``)."""
    from students.families import FAMILIES

    allowed = {*sys.stdlib_module_names, "__future__", "torch", "safetensors", "tokenizers", "transformers",
               "numpy"}  # numpy: a requirement of transformers itself
    families = {"bytescnn.py", "hlm.py", "ngrams.py", "retvec.py"}
    sources = code_files("bytescnn")
    assert {"families.py", "base.py", "config.py", "errors.py", "bytescnn.py", "byte_vocab.py",
            "segmenter.py"} <= set(sources) and "registry.py" not in sources
    assert len({family_module(family) for family in FAMILIES.values()}) == len(families) == 4
    for folder in tiny_exports.values():
        family = family_module(FAMILIES[json.loads((folder / "config.json").read_text())["student_class"]])
        code = {path.name: path.read_bytes() for path in folder.glob("*.py")}
        assert code == {name: source.read_bytes() for name, source in code_files(family).items()}
        assert families & set(code) == {f"{family}.py"}
        for name, text in code.items():
            for node in ast.walk(ast.parse(text)):
                if isinstance(node, ast.ImportFrom) and node.level:
                    assert f"{node.module}.py" in code, (name, node.module)
                elif isinstance(node, ast.ImportFrom | ast.Import):
                    names = [node.module] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
                    assert {module.partition(".")[0] for module in names} <= allowed, (name, names)
        assert not list(folder.glob("*.bin")) and not list(folder.glob("*.pt")) and not list(folder.glob("*.pkl"))


def test_a_student_class_the_export_does_not_carry_is_refused(tiny_bert_dir: Path, tmp_path: Path) -> None:
    from test_surgery import lookup_student

    with pytest.raises(DistillError, match="LookupStudent is not one"):
        export_vocabulary_free(str(tiny_bert_dir), lookup_student(tiny_bert_dir), tmp_path / "export")
    assert not (tmp_path / "export").exists()


def test_tiny_exports_equal_the_vocabulary_free_path_outside_the_workbench(
    tiny_exports: dict[str, Path], tiny_bert_dir: Path, tmp_path: Path
) -> None:
    names = ["bytescnn", "retvec", "hlm-intra-small", "ngrams"]
    outputs = load_outside([tiny_exports[name] for name in names], TINY_TEXTS, tmp_path)
    shipped = {name: load_exported_student(tiny_exports[name]) for name in names}  # as the evaluation reads them
    for name, exported in zip(names, outputs):
        assert_same_states(exported, vocabulary_free_states(tiny_bert_dir, shipped[name], TINY_TEXTS))
    # The n-gram student ships its table in int8, one scale per row; the others as trained.
    assert [shipped[name].hparams.get("precision") for name in names] == [None, None, None, "int8"]
    assert shipped["ngrams"].grams.weight.dtype == torch.uint8
    # A text alone gives the states it has in a padded batch.
    first = outputs[0]
    length = first["single"].shape[1]
    torch.testing.assert_close(first["single"][0], first["states"][0, :length], atol=1e-5, rtol=1e-4)


def test_segmented_export_equals_the_segmented_vocabulary_free_path_outside_the_workbench(
    tiny_bert_dir: Path, tmp_path: Path
) -> None:
    """The export's tokenizer cuts words where the tokenizer's segmenter predicts, as ``distill evaluate
    --vocabulary-free`` does in process: same positions, same states."""
    texts = [*TINY_TEXTS, "the players walked to the books"]
    folder = export_vocabulary_free(str(tiny_bert_dir), bytescnn(32), tmp_path / "export")
    segmenter = segmenter_for(load_tokenizer(str(tiny_bert_dir)))  # the one the export built
    assert (folder / "segmenter.safetensors").is_file() and (folder / "segmenter.py").is_file()
    assert json.loads((folder / SURGERY_RECORD).read_text())["options"]["segment_words"] is True
    (exported,) = load_outside([folder], texts, tmp_path)
    reference = vocabulary_free_states(tiny_bert_dir, bytescnn(32), texts, segmenter=segmenter)
    assert int(reference[1].sum()) > sum(len(text.split()) + 2 for text in texts)  # words cut into pieces
    assert_same_states(exported, reference)


def test_the_segmented_tokenizer_cuts_each_word_once_and_reads_the_filter_once(
    tiny_bert_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Speed (#22): the segmenter cuts each distinct word of a batch once (words cut before come from the
    tokenizer's cache), the Bloom filter is read once per tokenizer, not per call, and each text gets the ids it
    gets alone."""
    from transformers import AutoTokenizer

    texts = [*TINY_TEXTS, "the players walked to the books"]
    folder = export_vocabulary_free(str(tiny_bert_dir), bytescnn(32), tmp_path / "export")
    tokenizer = AutoTokenizer.from_pretrained(folder, trust_remote_code=True)
    alone = [tokenizer(text)["input_ids"] for text in texts]
    tokenizer.piece_cache.clear()
    cut: list[str] = []
    segment = tokenizer.segmenter.segment
    tokenizer.segmenter.segment = lambda words, is_piece: cut.extend(words) or segment(words, is_piece)
    tokenizer.segmenter.membership = lambda *args: pytest.fail("the filter was read again")
    batch = tokenizer(texts, padding=True)
    assert [ids[: len(one)] for ids, one in zip(batch["input_ids"], alone)] == alone
    assert [sum(mask) for mask in batch["attention_mask"]] == [len(one) for one in alone]  # the rest is padding
    assert len(cut) == len(set(cut)) and any(len(tokenizer.tokenize(word)) > 1 for word in cut)  # split words too
    assert tokenizer(texts, padding=True)["input_ids"] == batch["input_ids"] and len(cut) == len(set(cut))
    tokenizer.piece_cache.clear()
    assert tokenizer(texts, padding=True)["input_ids"] == batch["input_ids"] and len(cut) == 2 * len(set(cut))
    monkeypatch.setattr(sys.modules[type(tokenizer).cut.__module__], "PIECE_CACHE_SIZE", 2)  # tokenization_words.py
    assert tokenizer(texts, padding=True)["input_ids"] == batch["input_ids"] and len(tokenizer.piece_cache) == 2


class UnwalkableCache(OrderedDict):
    """A piece cache that fails when something walks through all of it instead of looking its words up."""

    def keys(self):  # type: ignore[override]
        raise AssertionError("the whole piece cache was walked")

    def __iter__(self):  # type: ignore[override]
        raise AssertionError("the whole piece cache was walked")


def test_the_segmented_tokenizer_looks_its_words_up_in_the_piece_cache(tiny_bert_dir: Path, tmp_path: Path) -> None:
    """Speed: a text's words are looked up in the cache of cut words one by one. The set difference with the
    cache's keys walked all of it: with 45,041 words cached (wiki's training text), 512 sentences one at a
    time took 2.87 s to tokenise instead of 0.22 s."""
    from transformers import AutoTokenizer

    folder = export_vocabulary_free(str(tiny_bert_dir), bytescnn(32), tmp_path / "export")
    tokenizer = AutoTokenizer.from_pretrained(folder, trust_remote_code=True)
    expected = tokenizer(TINY_TEXTS, padding=True)["input_ids"]
    tokenizer.piece_cache = UnwalkableCache(tokenizer.piece_cache)
    assert tokenizer(TINY_TEXTS, padding=True)["input_ids"] == expected  # cut again, from the cache
    tokenizer.piece_cache = UnwalkableCache()
    assert tokenizer(TINY_TEXTS, padding=True)["input_ids"] == expected  # cut afresh
    assert len(tokenizer.piece_cache) > 0


@pytest.mark.parametrize("family", ["ngrams", "retvec"])
def test_the_tokenizer_encodes_each_word_once_across_calls(tiny_exports: dict[str, Path], family: str,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Speed at batch 1 (#56): the words' encoded characters are kept across calls (the last ``ROW_CACHE_SIZE``
    words), so a word seen before is not encoded again, and the inputs are those of a tokenizer that never saw
    the text, to the last value, with the cache full or bounded below a text's words."""
    from transformers import AutoTokenizer

    folder = tiny_exports[family]
    texts = ["the cat and the dog", "the dog by the river", "a cat by the dog"]
    afresh = [AutoTokenizer.from_pretrained(folder, trust_remote_code=True)([text], return_tensors="pt")
              for text in texts]
    tokenizer = AutoTokenizer.from_pretrained(folder, trust_remote_code=True)
    encoded: list[str] = []
    encode = tokenizer.encode_words
    tokenizer.encode_words = lambda words, **options: encoded.extend(words) or encode(words, **options)

    def same_inputs() -> None:
        for text, expected in zip(texts, afresh):
            inputs = tokenizer([text], return_tensors="pt")
            assert inputs.keys() == expected.keys()
            for name, value in inputs.items():
                assert torch.equal(value, expected[name]), name

    same_inputs()
    assert sorted(encoded) == sorted({word for text in texts for word in text.split()})  # each word once
    encoded.clear()
    same_inputs()
    assert encoded == []  # every word from the cache
    alone, single = AutoTokenizer.from_pretrained(folder, trust_remote_code=True)(texts[0]), tokenizer(texts[0])
    assert encoded == []  # a single text, through the base class: the same cache
    assert single["input_ids"] == alone["input_ids"]
    assert (single["word_characters"] == alone["word_characters"]).all()
    monkeypatch.setattr(sys.modules[type(tokenizer).word_rows.__module__], "ROW_CACHE_SIZE", 2)
    same_inputs()
    assert len(tokenizer.row_cache) == 2 and encoded


def test_the_segmented_tokenizer_splits_each_text_once_and_keeps_special_tokens_whole(tiny_bert_dir: Path,
                                                                                    tmp_path: Path) -> None:
    """Speed (#22): a batch's texts are normalised and split into words once each (they were twice: once to cut
    the batch's words, once to encode each text), with offsets (``words``) only where a special token written in
    the text is kept whole, one position, and the text read around it (issue #56: the batch path)."""
    from transformers import AutoTokenizer

    folder = export_vocabulary_free(str(tiny_bert_dir), bytescnn(32), tmp_path / "export")
    tokenizer = AutoTokenizer.from_pretrained(folder, trust_remote_code=True)
    split: list[str] = []
    words, word_strings = tokenizer.words, tokenizer.word_strings
    tokenizer.words = lambda text: split.append(text) or words(text)
    tokenizer.word_strings = lambda text: split.append(text) or word_strings(text)
    texts = ["the players walked", "to the books", "the [MASK] walked"]
    batch = tokenizer(texts, padding=True)
    assert split == ["the players walked", "to the books", "the ", " walked"]  # [MASK] is not split
    masked = batch["input_ids"][2]
    assert masked[:4] == [tokenizer.cls_token_id, tokenizer.word_token_id, tokenizer.mask_token_id,
                          tokenizer.word_token_id]
    assert tokenizer.tokenize("the [MASK] walked") == ["the", "[MASK]", *tokenizer.tokenize("walked")]
    for text, ids in zip(texts, batch["input_ids"]):  # one position per piece that tokenize gives
        assert sum(index != tokenizer.pad_token_id for index in ids) == len(tokenizer.tokenize(text)) + 2


def test_one_tokenizer_shared_by_threads_gives_each_text_its_own_inputs(
    tiny_bert_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server's threads may share one tokenizer, as they share the source's: with caches small enough that every
    call evicts what another may be reading, and threads switching as often as they can, 8 threads encoding 600
    texts give each the inputs that a tokenizer of its own gives it, and no call fails."""
    import random
    from concurrent.futures import ThreadPoolExecutor

    from tiny_models import WORDS
    from transformers import AutoTokenizer

    folder = export_vocabulary_free(str(tiny_bert_dir), student_named("ngrams"), tmp_path / "export")
    rng = random.Random(0)
    words = [*WORDS, *(word + rng.choice(["ly", "ness", "ed", "zz"]) for word in WORDS)]
    texts = [" ".join(rng.choices(words, k=rng.randint(1, 12))) for _ in range(600)]
    alone = AutoTokenizer.from_pretrained(folder, trust_remote_code=True)
    expected = [alone([text], return_tensors="pt") for text in texts]
    shared = AutoTokenizer.from_pretrained(folder, trust_remote_code=True)
    module = sys.modules[type(shared).word_rows.__module__]
    monkeypatch.setattr(module, "ROW_CACHE_SIZE", 4)
    monkeypatch.setattr(module, "PIECE_CACHE_SIZE", 4)
    shared.is_piece.cache_size = 4
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        with ThreadPoolExecutor(8) as pool:
            encoded = list(pool.map(lambda text: shared([text], return_tensors="pt"), texts))
    finally:
        sys.setswitchinterval(interval)
    for text, inputs, reference in zip(texts, encoded, expected):
        assert inputs.keys() == reference.keys(), text
        assert all(torch.equal(inputs[key], reference[key]) for key in inputs), text


def test_one_model_shared_by_threads_gives_each_text_its_own_vectors(tiny_exports: dict[str, Path]) -> None:
    """The model's word cache too (students that reuse their words' vectors): with a cache of 4 words and threads
    switching as often as they can, 8 threads embedding 300 texts through one model give each text the input vectors
    that a model with no cache gives it, no call fails, and the cache keeps its bound and the order of every key it
    holds (an OrderedDict changed by two threads at once can lose keys from its order; four rounds, as one round
    does not always show it)."""
    import random
    from concurrent.futures import ThreadPoolExecutor

    from tiny_models import WORDS
    from transformers import AutoModel, AutoTokenizer

    folder = tiny_exports["bytescnn"]
    tokenizer = AutoTokenizer.from_pretrained(folder, trust_remote_code=True)
    rng = random.Random(0)
    inputs = [tokenizer([" ".join(rng.choices(WORDS, k=rng.randint(1, 12)))], return_tensors="pt")
              for _ in range(300)]
    model = AutoModel.from_pretrained(folder, trust_remote_code=True).eval()
    assert model.student.reuses_word_vectors

    def embedded(encoded: dict[str, Tensor]) -> Tensor:
        with torch.no_grad():
            return model.embed_inputs(encoded["input_ids"], encoded["word_characters"])

    model.config.word_cache_size = 0
    expected = [embedded(encoded) for encoded in inputs]
    model.config.word_cache_size = 4
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        with ThreadPoolExecutor(8) as pool:
            for _ in range(4):
                shared = list(pool.map(embedded, inputs))
                assert len(model.word_cache) == len(list(model.word_cache)) <= 4
                for vectors, reference in zip(shared, expected):
                    torch.testing.assert_close(vectors, reference, atol=1e-6, rtol=0)
    finally:
        sys.setswitchinterval(interval)


def test_the_student_runs_once_per_distinct_word_and_cached_words_are_unchanged(
    tiny_exports: dict[str, Path]
) -> None:
    """Speed without a change of output (#22): a batch's repeated words are embedded once, words of earlier
    batches come from the bounded cache, and the states equal those computed without any cache."""
    from transformers import AutoModel, AutoTokenizer

    folder = tiny_exports["bytescnn"]
    model = AutoModel.from_pretrained(folder, trust_remote_code=True).eval()
    tokenizer = AutoTokenizer.from_pretrained(folder, trust_remote_code=True)
    rows_embedded: list[int] = []
    model.student.register_forward_hook(lambda module, inputs, output: rows_embedded.append(len(output)))
    texts = ["the cat and the dog and the book", "the city by the river", "the red dog"]

    def states(batch: list[str]) -> Tensor:
        with torch.no_grad():
            return model(**tokenizer(batch, padding=True, return_tensors="pt")).last_hidden_state

    distinct = len({word for text in texts for word in text.split()})  # 9 of 16 words
    model.config.word_cache_size = 0
    uncached = states(texts)
    assert rows_embedded == [distinct]
    model.config.word_cache_size = 1000
    rows_embedded.clear()
    torch.testing.assert_close(states(texts), uncached, atol=1e-6, rtol=0)
    alone = states(texts[2:])  # every word of it was seen: the student does not run
    torch.testing.assert_close(alone[0], uncached[2, : alone.shape[1]], atol=1e-5, rtol=1e-4)
    assert rows_embedded == [distinct]
    assert all(len(key) == 16 for key in model.word_cache)  # a key of 16 bytes a word, not the word's row
    model.config.word_cache_size = 4  # fewer than a batch's distinct words: the oldest are dropped
    torch.testing.assert_close(states(texts), uncached, atol=1e-6, rtol=0)
    assert len(model.word_cache) == 4
    model.train()
    assert not model.word_cache  # training would make the cached vectors stale


def test_a_batchs_distinct_words_are_found_by_hashing_their_rows(tiny_exports: dict[str, Path],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Speed: without the word cache (training, gradients) the export finds a batch's distinct words by sorting one
    hash per row of their encoded characters (0.62 ms instead of torch.unique's 5.6 ms for 3,195 rows of 55 n-gram
    ids, the words of a batch of 64 wiki sentences; level with it for 14 rows); rows that share a hash but differ are
    left to torch.unique."""
    from transformers import AutoModel

    model = AutoModel.from_pretrained(tiny_exports["bytescnn"], trust_remote_code=True)
    module = sys.modules[type(model).__module__]
    generator = torch.Generator().manual_seed(0)
    rows = torch.randint(0, 4, (300, 3), generator=generator)  # 64 possible rows: most repeat
    for _ in range(2):
        distinct, occurrence = module.distinct_rows(rows)
        assert torch.equal(distinct[occurrence], rows)
        assert len(distinct) == len(torch.unique(rows, dim=0))
        monkeypatch.setattr(module, "row_weights", lambda width, device: torch.zeros(width, dtype=torch.long))
        # every row now hashes to 0: the second round takes the fallback


def test_an_ngram_export_reads_each_word_where_it_lies_as_the_cached_path_reads_it(tiny_bert_dir: Path,
                                                                                   tmp_path: Path) -> None:
    """Speed: the n-gram student sums a word's rows faster than the word cache finds them, so its export reads every
    position's row where it lies (``vectors_where``: no gathering of the words, no cache, no putting back). On a
    padded batch of pieces, special tokens, a written ``[UNK]`` and words of characters the source never saw, and on
    one without unknown words (where inference adds the words' vectors to the table's rows), the vectors are the
    cached path's to the bit, with and without ``rescale_norm``, in inference and with gradients."""
    from transformers import AutoModel, AutoTokenizer

    folder = export_vocabulary_free(str(tiny_bert_dir), student_named("ngrams"), tmp_path / "ngrams")
    model = AutoModel.from_pretrained(folder, trust_remote_code=True).eval()
    tokenizer = AutoTokenizer.from_pretrained(folder, trust_remote_code=True)
    assert not model.student.reuses_word_vectors and model.config.unknown_token_id is not None
    encoded = tokenizer(["the dog 🍕 and ᚠᚢᚦ walk", "the [UNK] dog", "walking", ""], padding=True,
                        return_tensors="pt")
    inputs = encoded["input_ids"], encoded["word_characters"]
    assert (inputs[0] == model.config.unknown_token_id).any() and not encoded["attention_mask"].all()
    rows = inputs[1].reshape(-1, inputs[1].shape[-1])
    selected = inputs[0].reshape(-1) == model.config.word_token_id
    with torch.no_grad():
        words = model.student.vectors_where(rows, selected)
        assert torch.equal(words[selected], model.student(rows[selected])) and not words[~selected].any()

    def both_paths(inputs: tuple[Tensor, Tensor]) -> tuple[Tensor, Tensor]:
        in_place = model.embed_inputs(*inputs)
        model.student.reuses_word_vectors = True  # this instance alone: the word cache's path
        try:
            return in_place, model.embed_inputs(*inputs)
        finally:
            del model.student.reuses_word_vectors

    known = tokenizer(["the dog walks", "walking"], padding=True, return_tensors="pt")
    assert not (known["input_ids"] == model.config.unknown_token_id).any()
    for batch in (inputs, (known["input_ids"], known["word_characters"])):
        for rescale_norm in (None, 2.0):
            model.config.rescale_norm = rescale_norm
            with torch.no_grad():
                in_place, cached = both_paths(batch)
            assert torch.equal(in_place, cached) and model.word_cache
            model.word_cache.clear()
            with torch.no_grad():
                model.embed_inputs(*batch)
            assert not model.word_cache
            in_place, uncached = both_paths(batch)  # gradients on: neither path keeps vectors
            assert torch.equal(in_place, uncached)
    specials = tokenizer([""], return_tensors="pt")
    assert torch.equal(model.embed_inputs(specials["input_ids"], torch.zeros(0, dtype=torch.long)),
                       model.get_input_embeddings()(specials["input_ids"]))


def test_the_words_are_found_alike_with_numpy_and_with_torch(tiny_bert_dir: Path, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """On the CPU the export finds its words with numpy (``host_view``); on a device the same expressions run on the
    tensors. Run on the CPU, the tensors' path gives the same flat positions of words and of unknown words as numpy's,
    on a padded batch with a written ``[UNK]`` and words of characters the source never saw, and on one with none."""
    from transformers import AutoModel, AutoTokenizer

    folder = export_vocabulary_free(str(tiny_bert_dir), student_named("ngrams"), tmp_path / "ngrams")
    model = AutoModel.from_pretrained(folder, trust_remote_code=True).eval()
    tokenizer = AutoTokenizer.from_pretrained(folder, trust_remote_code=True)
    batches = [tokenizer(texts, padding=True, return_tensors="pt")
               for texts in (["the dog 🍕 and ᚠᚢᚦ walk", "the [UNK] dog", ""], ["the dog walks"])]
    with_numpy = [model.word_positions(batch["input_ids"], batch["word_characters"]) for batch in batches]
    monkeypatch.setattr(sys.modules[type(model).__module__], "host_view", lambda tensor: tensor)
    with_torch = [model.word_positions(batch["input_ids"], batch["word_characters"]) for batch in batches]
    (words, unknown), (known_words, no_unknown) = with_numpy
    assert unknown is not None and unknown.any() and no_unknown is None and known_words.any()
    assert words.shape == (batches[0]["input_ids"].numel(),) and words.dtype == torch.bool
    assert bool((words & ~unknown).any()) and torch.equal(unknown, unknown & words)
    ids, characters = batches[0]["input_ids"].reshape(-1), batches[0]["word_characters"]
    written = (ids == model.config.unknown_token_id) & (characters.reshape(len(ids), -1) == 0).all(dim=-1)
    assert written.any() and not (unknown & written).any()  # a written [UNK] is the table's row, no word
    for numpy_found, torch_found in zip(with_numpy, with_torch):
        assert torch.equal(numpy_found[0], torch_found[0])
        assert (numpy_found[1] is None) == (torch_found[1] is None)
        assert numpy_found[1] is None or torch.equal(numpy_found[1], torch_found[1])


def test_the_word_cache_keys_tell_rows_apart_that_differ_in_one_place(tiny_exports: dict[str, Path]) -> None:
    """The word cache keys a word by two 64-bit hashes of its row: equal rows share a key, and rows one id apart in
    any column (the rows of two n-gram words that differ in one gram) get different keys."""
    from transformers import AutoModel

    model = AutoModel.from_pretrained(tiny_exports["ngrams"], trust_remote_code=True)
    module = sys.modules[type(model).__module__]
    generator = torch.Generator().manual_seed(0)
    row = torch.randint(0, 57_001, (195,), generator=generator)
    rows = row.repeat(196, 1)
    rows[torch.arange(1, 196), torch.arange(195)] += 1  # row i + 1 differs from row 0 in column i alone
    keys = module.row_keys(torch.cat([rows, row[None]]).numpy())
    assert len(set(keys)) == 196 and keys[-1] == keys[0]
    assert all(isinstance(key, bytes) and len(key) == 16 for key in keys)


def test_keep_vocabulary_gives_the_source_model_on_clean_text(
    tiny_exports: dict[str, Path], tiny_bert_dir: Path, tmp_path: Path
) -> None:
    clean = ["the cat is on the book", "the old dog is in the city"]
    (exported,) = load_outside([tiny_exports["keep"]], clean, tmp_path)
    loaded = load_transformer(str(tiny_bert_dir))
    batch = dict(load_tokenizer(loaded.path)(clean, padding=True, return_tensors="pt"))
    with torch.no_grad():
        source = loaded.model.base_model(**batch).last_hidden_state
    assert exported["states"].shape == source.shape
    torch.testing.assert_close(exported["states"], source, atol=1e-6, rtol=1e-6)


@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16])
def test_an_export_loads_in_the_dtype_asked_for_as_its_source_does(tiny_exports: dict[str, Path],
                                                                    tiny_bert_dir: Path, dtype: torch.dtype) -> None:
    """``from_pretrained(..., dtype=...)`` (a GPU user's float16 or bfloat16) builds every floating weight of the
    export in that dtype, the transformer's and the student's, as it builds the source's; the states keep a cosine of
    at least 0.99 to float32's at every position."""
    from transformers import AutoModel, AutoTokenizer

    source = AutoModel.from_pretrained(tiny_bert_dir, dtype=dtype)
    assert {parameter.dtype for parameter in source.parameters()} == {dtype}
    for name, folder in tiny_exports.items():
        encoded = AutoTokenizer.from_pretrained(folder, trust_remote_code=True)(
            ["the cats run on the book", "happyly walkness"], padding=True, return_tensors="pt")
        with torch.no_grad():
            reference = AutoModel.from_pretrained(folder, trust_remote_code=True)(**encoded).last_hidden_state
            model = AutoModel.from_pretrained(folder, trust_remote_code=True, dtype=dtype)
            states = model(**encoded).last_hidden_state
        weights = [*model.parameters(), *model.buffers()]
        assert {weight.dtype for weight in weights if weight.is_floating_point()} == {dtype}, name
        assert states.dtype == dtype, name
        cosines = torch.nn.functional.cosine_similarity(states.float(), reference, dim=-1)
        assert cosines[encoded["attention_mask"].bool()].min() > 0.99, name


def test_an_export_takes_its_output_settings_from_its_configuration_as_its_source_does(
    tiny_exports: dict[str, Path], tiny_bert_dir: Path
) -> None:
    """``output_hidden_states``, ``output_attentions`` and ``return_dict`` given to ``from_pretrained`` or set on
    ``model.config`` shape the outputs of a call that names none of them, as they shape the source's; a call's own
    setting wins."""
    from transformers import AutoModel, AutoTokenizer

    text = "the cats run on the book"
    source_inputs = load_tokenizer(str(tiny_bert_dir))(text, return_tensors="pt")

    def described(outputs: Any) -> tuple[Any, ...]:
        if isinstance(outputs, tuple):
            return ("tuple", len(outputs))
        return tuple(None if value is None else len(value) for value in (outputs.hidden_states, outputs.attentions))

    for name, folder in tiny_exports.items():
        inputs = AutoTokenizer.from_pretrained(folder, trust_remote_code=True)(text, return_tensors="pt")
        for settings in ({"output_hidden_states": True}, {"attn_implementation": "eager", "output_attentions": True},
                         {"return_dict": False}):
            source = AutoModel.from_pretrained(tiny_bert_dir, **settings)
            model = AutoModel.from_pretrained(folder, trust_remote_code=True, **settings)
            expected = described(source(**source_inputs))
            assert expected != (None, None) and described(model(**inputs)) == expected, (name, settings)
        model.config.return_dict = True
        model.config.output_hidden_states = True
        assert described(model(**inputs))[0] == described(source(**source_inputs, return_dict=True,
                                                                 output_hidden_states=True))[0] > 0, name
        assert described(model(**inputs, output_hidden_states=False)) == (None, None), name


def test_a_token_beyond_the_vocabulary_is_refused_not_given_the_words_id(tiny_exports: dict[str, Path]) -> None:
    """``add_tokens`` and ``add_special_tokens`` with a new token would give it the id after the vocabulary's count:
    the words' id (a row of the source's table, with ``--keep-vocabulary``). It is refused in one line and the
    tokenizer left as it was; a token of the vocabulary is taken as the base class takes it."""
    from transformers import AutoTokenizer

    for name, folder in tiny_exports.items():
        tokenizer = AutoTokenizer.from_pretrained(folder, trust_remote_code=True)
        before = tokenizer("the [E1] cats run", return_tensors="pt")
        for method, argument in (("add_tokens", ["[E1]"]),
                                 ("add_special_tokens", {"additional_special_tokens": ["[E1]"]})):
            with pytest.raises(ValueError, match="takes no token beyond its vocabulary.json") as refused:
                getattr(tokenizer, method)(argument)
            assert "\n" not in str(refused.value), name
        after = tokenizer("the [E1] cats run", return_tensors="pt")
        assert after.keys() == before.keys() and all(torch.equal(after[key], before[key]) for key in after), name
        assert tokenizer.add_special_tokens({"cls_token": tokenizer.cls_token}) == 0, name


def test_truncates_at_the_position_limit(tiny_exports: dict[str, Path], tmp_path: Path) -> None:
    config = json.loads((tiny_exports["bytescnn"] / "config.json").read_text())
    long_text = " ".join(["word"] * (config["max_position_embeddings"] + 20))
    (exported,) = load_outside([tiny_exports["bytescnn"]], [long_text, "a cat"], tmp_path)
    assert exported["states"].shape[1] == config["max_position_embeddings"]
    assert exported["attention_mask"][1].sum() == 4  # [CLS] a cat [SEP]


@pytest.mark.slow
def test_minilm_export_equals_the_vocabulary_free_path_in_sentence_transformers(
    embedded_dir: Path, tmp_path: Path
) -> None:
    student = bytescnn(384)
    folder = export_vocabulary_free(None, student, tmp_path / "minilm")  # each word at MiniLM's positions
    assert (folder / "1_Pooling" / "config.json").is_file()
    (exported,) = load_outside([folder], TEXTS, tmp_path, sentence_transformers=True)
    states, mask = vocabulary_free_states(embedded_dir, student, TEXTS, segmenter=segmenter_for(load_tokenizer(
        str(embedded_dir))))
    assert_same_states(exported, (states, mask))
    # sentence-transformers: the source's mean pooling and normalisation over the same states.
    keep = mask.unsqueeze(-1).to(states.dtype)
    pooled = torch.nn.functional.normalize((states * keep).sum(1) / keep.sum(1), dim=-1)
    torch.testing.assert_close(exported["sentences"], pooled, atol=2e-5, rtol=1e-4)
    assert int(exported["max_seq_length"]) == 256  # the source's sentence_bert_config.json
    assert torch.isfinite(exported["long_text"]).all()


def test_cli_exports_and_refuses_a_decoder(
    tiny_bert_dir: Path, tiny_gpt2_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    student_dir = bytescnn(32).save_pretrained(tmp_path / "student")
    out = tmp_path / "export"
    assert main(["surgery", "--student", str(student_dir), "--model", str(tiny_bert_dir), "--out", str(out),
                 "--vocabulary-free"]) == 0
    record = json.loads((out / "surgery.json").read_text())
    assert record["options"] == {"vocabulary_free": True, "keep_vocabulary": False, "rescale": True,
                                 "segment_words": True, "precision": "fp32",
                                 "unknown_word_weight": UNKNOWN_WORD_WEIGHT}
    assert (out / "segmenter.safetensors").is_file()
    assert "trust_remote_code=True" in (out / "README.md").read_text()
    assert (out / "model.safetensors").stat().st_mode & 0o777 == 0o666 & ~current_umask()
    capsys.readouterr()
    refused = tmp_path / "refused"
    assert main(["surgery", "--student", str(student_dir), "--model", str(tiny_gpt2_dir), "--out", str(refused),
                 "--vocabulary-free"]) == 2
    error = without_phase_lines(capsys.readouterr().err)
    assert error.count("\n") == 1 and "GPT2Model (gpt2) is not one" in error and not refused.exists()
    assert main(["surgery", "--student", str(student_dir), "--model", str(tiny_bert_dir), "--out", str(refused),
                 "--keep-vocabulary"]) == 2
    one_position = tmp_path / "one-position"
    assert main(["surgery", "--student", str(student_dir), "--model", str(tiny_bert_dir), "--out",
                 str(one_position), "--vocabulary-free", "--no-segment-words", "--quiet"]) == 0
    assert json.loads((one_position / "surgery.json").read_text())["options"]["segment_words"] is False
    assert not (one_position / "segmenter.safetensors").exists()


def test_the_n_gram_student_ships_int8_by_default_and_each_precision_on_request(
    tiny_bert_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    student_dir = student_named("ngrams").save_pretrained(tmp_path / "student")
    surgery = ["surgery", "--student", str(student_dir), "--model", str(tiny_bert_dir), "--quiet"]
    sizes = {}
    for precision in ("default", "fp32", "fp16", "int8", "int4", "nf4"):
        out = tmp_path / precision
        assert main([*surgery, "--out", str(out), "--vocabulary-free",
                     *([] if precision == "default" else ["--precision", precision])]) == 0
        record = json.loads((out / "surgery.json").read_text())
        assert record["options"]["precision"] == ("int8" if precision == "default" else precision)
        sizes[precision] = (out / "model.safetensors").stat().st_size
        assert load_exported_student(out).hparams["precision"] == record["options"]["precision"]
    assert sizes["default"] == sizes["int8"] < sizes["fp16"] < sizes["fp32"]
    assert sizes["nf4"] < sizes["int4"] < sizes["int8"]
    capsys.readouterr()
    for refused, line in (
        (["--vocabulary-free", "--precision", "int2"], "precision must be one of fp32, fp16, int8, int4"),
        (["--precision", "int8"], "--precision needs --vocabulary-free"),
    ):
        assert main([*surgery, "--out", str(tmp_path / "refused"), *refused]) == 2
        error = capsys.readouterr().err
        assert error.count("\n") == 1 and line in error and not (tmp_path / "refused").exists()
    bytes_student = bytescnn(32).save_pretrained(tmp_path / "bytescnn")
    assert main(["surgery", "--student", str(bytes_student), "--model", str(tiny_bert_dir), "--quiet", "--out",
                 str(tmp_path / "refused"), "--vocabulary-free", "--precision", "int8"]) == 2
    error = without_phase_lines(capsys.readouterr().err)
    assert error.count("\n") == 1 and "stored in float32 only" in error and not (tmp_path / "refused").exists()


@pytest.mark.parametrize("module_path", ["../x/payload", "/tmp/payload", "1_Pooling/../../x"])
def test_a_module_path_outside_the_model_folder_is_refused(
    embedded_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], module_path: str
) -> None:
    """A ``modules.json`` path leading out of the source model folder neither reads nor writes outside."""
    import shutil

    source = tmp_path / "source"
    shutil.copytree(embedded_dir, source)
    (tmp_path / "x" / "payload").mkdir(parents=True)
    (tmp_path / "x" / "payload" / "secret.txt").write_text("outside")
    modules = json.loads((source / "modules.json").read_text())
    modules[1]["path"] = module_path
    (source / "modules.json").write_text(json.dumps(modules))
    student_dir = bytescnn(384).save_pretrained(tmp_path / "student")
    out = tmp_path / "outdir" / "model"
    for mode in ([], ["--vocabulary-free"]):
        capsys.readouterr()
        assert main(["surgery", "--student", str(student_dir), "--model", str(source), "--out", str(out), *mode]) == 2
        assert "leads outside the model folder" in without_phase_lines(capsys.readouterr().err)
        assert not out.exists() and not (tmp_path / "outdir" / "x").exists()


def current_umask() -> int:
    from distill.files.atomic import current_umask as umask

    return umask()


def test_baked_minilm_is_the_source_sentence_transformers_pipeline(embedded_dir: Path, tmp_path: Path) -> None:
    from sentence_transformers import SentenceTransformer

    from distill.swap.surgery import save_swapped, swap_student

    student = bytescnn(384)
    out = save_swapped(None, student, tmp_path / "baked")
    assert {"modules.json", "sentence_bert_config.json", "1_Pooling", "README.md"} <= {p.name for p in out.iterdir()}
    umask = current_umask()
    assert out.stat().st_mode & 0o777 == 0o777 & ~umask
    assert {path.stat().st_mode & 0o777 for path in out.rglob("*") if path.is_file()} == {0o666 & ~umask}
    card = (out / "README.md").read_text()
    assert "bytescnn-small" in card and "embedded" in card and "rescale" in card

    long_text = " ".join(["reimbursement"] * 400)  # past the source's max_seq_length of 256
    texts = ["the quick brown fox", "teh quikc borwn fox", long_text]
    baked = SentenceTransformer(str(out), device="cpu")
    source = SentenceTransformer(str(embedded_dir), device="cpu")
    assert baked.max_seq_length == source.max_seq_length == 256
    swap_student(source[0].model, student, load_tokenizer(str(embedded_dir)), mode="baked")
    torch.testing.assert_close(baked.encode(texts, convert_to_tensor=True),
                               source.encode(texts, convert_to_tensor=True), atol=1e-6, rtol=0)


def test_model_card_shows_the_students_evaluation(tiny_bert_dir: Path, tmp_path: Path) -> None:
    import mlflow

    from distill.swap.surgery import save_swapped
    from distill.tracking import store

    student = bytescnn(32)
    student.provenance = {"run_id": "abcdef0123456789", "loss": "cosine"}
    store.configure("evaluate")
    with mlflow.start_run():
        mlflow.set_tag("distill.student_runs", "abcdef0123456789")
        mlflow.log_metrics({"bytescnn-small_cosine_abcdef01/wiki/token_cosine/mean": 0.625,
                            "baseline/wiki/token_cosine/mean": 1.0, "someone-else/wiki/token_cosine/mean": 0.1})
    card = (save_swapped(str(tiny_bert_dir), student, tmp_path / "baked") / "README.md").read_text()
    assert "| bytescnn-small_cosine_abcdef01/wiki/token_cosine | 0.6250 |" in card
    assert "| baseline/wiki/token_cosine | 1.0000 |" in card and "someone-else" not in card
    assert "training run: `abcdef0123456789`" in card


def test_a_student_from_elsewhere_is_exported_without_making_a_store(tiny_bert_dir: Path, tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A student folder copied from another machine names a training run that no store here holds: the card says
    nothing was measured, and no MLflow store is made where the settings point."""
    from distill.swap.surgery import save_swapped

    database = tmp_path / "never-made.db"
    monkeypatch.setenv("MLFLOW_TRACKING_URI", f"sqlite:///{database}")
    student = bytescnn(32)
    student.provenance = {"run_id": "abcdef0123456789", "loss": "cosine"}
    card = (save_swapped(str(tiny_bert_dir), student, tmp_path / "baked") / "README.md").read_text()
    assert "training run: `abcdef0123456789`" in card and "| baseline/" not in card
    assert not database.exists()


def test_tokenizer_gives_one_position_per_word(tiny_exports: dict[str, Path]) -> None:
    from transformers import AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(tiny_exports["bytescnn"], trust_remote_code=True)
    assert tokenizer.tokenize("Naïve, UNSEENword!") == ["naive", ",", "unseenword", "!"]
    single = tokenizer("the cat")
    word = tokenizer.word_token_id
    assert single["input_ids"] == [tokenizer.cls_token_id, word, word, tokenizer.sep_token_id]
    assert len(single["word_characters"]) == 4 and single["word_characters"][0].tolist() == [0] * 12
    padded = tokenizer(["a", "a b c"], padding="max_length", max_length=6, return_tensors="pt")
    assert padded["input_ids"].shape == (2, 6) and padded["attention_mask"].sum(dim=1).tolist() == [3, 5]
    assert padded["word_characters"].shape == (2, 6, 12)
    keep = AutoTokenizer.from_pretrained(tiny_exports["keep"], trust_remote_code=True)
    ids = keep("the zebra")["input_ids"]
    assert ids[1] == keep.vocabulary["the"] and ids[2] == keep.word_token_id


def test_pairs_take_the_source_layout(tiny_exports: dict[str, Path], tiny_bert_dir: Path) -> None:
    """``tokenizer(a, b)`` gives ``[CLS] a [SEP] b [SEP]`` with the source's token types, truncating the
    longer text first, so NSP, cross-encoders and pair classification run on the export (#22)."""
    from transformers import AutoModel, AutoTokenizer

    keep = AutoTokenizer.from_pretrained(tiny_exports["keep"], trust_remote_code=True)
    source = load_tokenizer(str(tiny_bert_dir))
    firsts, seconds = ["the cat", "the big red dog and the cat"], ["the dog and the book", "a tree"]
    for options in ({}, {"truncation": True, "max_length": 7}):
        for first, second in zip(firsts, seconds):
            expected, got = source(first, second, **options), keep(first, second, **options)
            assert [keep.id_to_word[index] for index in got["input_ids"]] == source.convert_ids_to_tokens(
                expected["input_ids"])
            assert got["token_type_ids"] == expected["token_type_ids"]
    batch = keep(firsts, seconds, padding=True, return_tensors="pt")
    reference = source(firsts, seconds, padding=True, return_tensors="pt")
    assert torch.equal(batch["token_type_ids"], reference["token_type_ids"])
    assert torch.equal(batch["attention_mask"], reference["attention_mask"])
    model = AutoModel.from_pretrained(tiny_exports["keep"], trust_remote_code=True).eval()
    with torch.no_grad():
        assert model(**batch).last_hidden_state.shape[:2] == batch["input_ids"].shape
    with pytest.raises(ValueError, match="must also be a batch of the same length"):
        keep(firsts, seconds[:1])


def test_model_card_follows_the_hubs_conventions(embedded_dir: Path, tmp_path: Path) -> None:
    """The export's card parses with huggingface_hub's ModelCard: base_model the source's hub name, its licence,
    library and pipeline; it says what the student is against the table, the figures measured of it (here the
    training run's held-out fidelity, no evaluation having named it), and loads the folder by its name."""
    import mlflow
    from huggingface_hub import ModelCard

    from distill.tracking import store

    store.configure("train")
    with mlflow.start_run() as run:
        mlflow.log_metrics({"heldout_sentence_cosine": 0.75, "heldout_sentence_cosine/wiki_heldout": 0.8,
                            "train_loss": 0.1})
    student = bytescnn(384)
    student.provenance = {"run_id": run.info.run_id, "loss": "cosine"}
    out = export_vocabulary_free(None, student, tmp_path / "minilm-vf")
    card = ModelCard.load(str(out / "README.md"))
    assert card.data.base_model == "sentence-transformers/all-MiniLM-L6-v2" and card.data.license == "apache-2.0"
    assert card.data.library_name == "sentence-transformers" and card.data.pipeline_tag == "sentence-similarity"
    assert {"distill", "vocabulary-free", "bytescnn-small"} <= set(card.data.tags)
    parameters = sum(parameter.numel() for parameter in student.parameters())
    assert f"The student has {parameters / 1e6:.2f} M parameters" in card.text
    assert "the 45.4 MB fp32 table of the 29,528 rows it replaces" in card.text
    assert "| training run's heldout_sentence_cosine | 0.7500 |" in card.text and "train_loss" not in card.text
    assert "from_pretrained('minilm-vf', trust_remote_code=True)" in card.text and str(tmp_path) not in card.text
