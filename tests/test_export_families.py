"""The vocabulary-free export of every encoder family: BERT, DistilBERT, RoBERTa, XLM-R and MPNet.

Each tiny model is built locally (a small configuration and a tokenizer of its family: WordPiece, byte-level
BPE trained with ``tokenizers``, SentencePiece Unigram trained with ``tokenizers``), a student is trained on
its table for one epoch, exported, and loaded by a Python that cannot import the workbench
(``tests/test_export.py``'s ``load_outside``); its states must equal the in-process vocabulary-free path's, for
texts and for pairs of texts. Bad exports are refused through the command line in one line.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import torch
from output import without_phase_lines
from test_export import assert_same_states, bytescnn, load_outside, vocabulary_free_states
from tiny_models import TABLE_ONLY_BYTESCNN

from distill.cli import main
from distill.config.training import TrainConfig
from distill.export.folder import export_vocabulary_free
from distill.training import train
from students import StudentEncoder
from teachers import load_tokenizer

FAMILIES = {"bert": "tiny_bert_dir", "distilbert": "tiny_distilbert_dir", "roberta": "tiny_roberta_dir",
            "xlm-roberta": "tiny_xlm_roberta_dir", "mpnet": "tiny_mpnet_dir"}
# Words every tiny tokenizer knows or cuts into known pieces, punctuation, and an empty text.
TEXTS = ["the cats run on the book", "the greenestlessnessable dog, the readable city!", "happyly walkness", ""]
PAIRS = ["the dog", "a tree and the old river", "", "the walkers"]


@pytest.fixture(scope="module")
def family_exports(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
                   ) -> dict[str, tuple[Path, Path, StudentEncoder]]:
    """Per family: the source model, its export, and the student (trained one epoch on the source's table)."""
    root = tmp_path_factory.mktemp("families")
    exports = {}
    for family, fixture in FAMILIES.items():
        source = request.getfixturevalue(fixture)
        config = TrainConfig(teacher=str(source), **TABLE_ONLY_BYTESCNN, loss="mse", epochs=1,
                             work_dir=str(root / "runs")).validate()
        student = train(config, tracking_uri=f"sqlite:///{root / 'mlflow.db'}", quiet=True).student.eval()
        # One position per word in every family (BERT's segmented export: tests/test_export.py).
        exports[family] = (source, export_vocabulary_free(str(source), student, root / family, segment_words=False),
                           student)
    return exports


def test_every_family_equals_the_vocabulary_free_path_outside_the_workbench(
    family_exports: dict[str, tuple[Path, Path, StudentEncoder]], tmp_path: Path
) -> None:
    folders = [folder for _, folder, _ in family_exports.values()]
    for pairs in (None, PAIRS):
        outputs = load_outside(folders, TEXTS, tmp_path, pairs=pairs)
        for (source, _, student), exported in zip(family_exports.values(), outputs):
            assert_same_states(exported, vocabulary_free_states(source, student, TEXTS, pairs))
            length = exported["single"].shape[1]
            torch.testing.assert_close(exported["single"][0], exported["states"][0, :length], atol=1e-5, rtol=1e-4)


def with_sentence_transformers_files(source: Path, folder: Path) -> Path:
    """A copy of ``source`` packaged for sentence-transformers: mean pooling, then normalisation."""
    shutil.copytree(source, folder)
    modules = [{"idx": 0, "name": "0", "path": "", "type": "sentence_transformers.models.Transformer"},
               {"idx": 1, "name": "1", "path": "1_Pooling", "type": "sentence_transformers.models.Pooling"},
               {"idx": 2, "name": "2", "path": "2_Normalize", "type": "sentence_transformers.models.Normalize"}]
    (folder / "modules.json").write_text(json.dumps(modules))
    (folder / "sentence_bert_config.json").write_text(json.dumps({"max_seq_length": 48, "do_lower_case": False}))
    (folder / "1_Pooling").mkdir()
    (folder / "1_Pooling" / "config.json").write_text(json.dumps({"word_embedding_dimension": 32,
                                                                  "pooling_mode_mean_tokens": True}))
    (folder / "2_Normalize").mkdir()
    return folder


def test_sentence_transformers_packaging_follows_the_source(
    family_exports: dict[str, tuple[Path, Path, StudentEncoder]], tmp_path: Path
) -> None:
    """A RoBERTa source with sentence-transformers files: the export is the source's pipeline (pooling,
    normalisation, max_seq_length) over the vocabulary-free states."""
    source_dir, _, student = family_exports["roberta"]
    source = with_sentence_transformers_files(source_dir, tmp_path / "source")
    folder = export_vocabulary_free(str(source), student, tmp_path / "export")
    (exported,) = load_outside([folder], TEXTS[:3], tmp_path, sentence_transformers=True)
    states, mask = vocabulary_free_states(source, student, TEXTS[:3])
    keep = mask.unsqueeze(-1).to(states.dtype)
    pooled = torch.nn.functional.normalize((states * keep).sum(1) / keep.sum(1), dim=-1)
    torch.testing.assert_close(exported["sentences"], pooled, atol=2e-5, rtol=1e-4)
    assert int(exported["max_seq_length"]) == 48 and torch.isfinite(exported["long_text"]).all()


def test_the_attention_implementation_asked_for_reaches_each_familys_encoder_as_in_its_source(
    family_exports: dict[str, tuple[Path, Path, StudentEncoder]]
) -> None:
    """``attn_implementation=`` is the encoder's: the export's encoder runs the one its source runs (eager gives
    every layer's attention weights, as the source does), and one the source's class lacks (MPNet's SDPA) is refused
    for the export as for the source."""
    from transformers import AutoModel, AutoTokenizer

    refused = set()
    for family, (source_dir, folder, _) in family_exports.items():
        for implementation in ("eager", "sdpa"):
            try:
                source = AutoModel.from_pretrained(source_dir, attn_implementation=implementation)
            except ValueError:
                refused.add(family)
                with pytest.raises(ValueError, match="does not support"):
                    AutoModel.from_pretrained(folder, trust_remote_code=True, attn_implementation=implementation)
                continue
            model = AutoModel.from_pretrained(folder, trust_remote_code=True, attn_implementation=implementation)
            assert model.transformer.config._attn_implementation == implementation, family
            if implementation == "eager":
                inputs = load_tokenizer(str(source_dir))(TEXTS[0], return_tensors="pt")
                weights = source(**inputs, output_attentions=True).attentions
                inputs = AutoTokenizer.from_pretrained(folder, trust_remote_code=True)(TEXTS[0], return_tensors="pt")
                assert len(model(**inputs, output_attentions=True).attentions) == len(weights) > 0, family
    assert refused == {"mpnet"}


def test_gradient_checkpointing_checkpoints_each_familys_encoder_where_its_source_allows_it(
    family_exports: dict[str, tuple[Path, Path, StudentEncoder]]
) -> None:
    """``gradient_checkpointing_enable()`` (a fine-tuning user's, or the Trainer's) is taken where the source takes it
    and refused where the source refuses it; taken, the encoder's layers are recomputed in the backward pass and
    every weight gets the gradient it gets without checkpointing."""
    from transformers import AutoModel, AutoTokenizer

    refused = set()
    for family, (source_dir, folder, _) in family_exports.items():
        inputs = AutoTokenizer.from_pretrained(folder, trust_remote_code=True)(TEXTS[:2], padding=True,
                                                                               return_tensors="pt")
        try:
            AutoModel.from_pretrained(source_dir).gradient_checkpointing_enable()
        except ValueError:
            refused.add(family)
            with pytest.raises(ValueError):
                AutoModel.from_pretrained(folder, trust_remote_code=True).gradient_checkpointing_enable()
            continue
        gradients = []
        for checkpointed in (False, True):
            model = AutoModel.from_pretrained(folder, trust_remote_code=True).train()
            if checkpointed:
                model.gradient_checkpointing_enable()
                assert model.transformer.is_gradient_checkpointing, family
            torch.manual_seed(0)  # the same dropout masks, recomputed alike in the backward pass
            model(**inputs).last_hidden_state.square().sum().backward()
            gradients.append({name: weight.grad for name, weight in model.named_parameters()
                              if weight.grad is not None})
        assert gradients[0].keys() == gradients[1].keys() and gradients[0], family
        for name, gradient in gradients[0].items():
            torch.testing.assert_close(gradients[1][name], gradient, msg=f"{family}: {name}")
    assert refused == {"mpnet"}


def test_each_family_keeps_its_layout_and_inputs(family_exports: dict[str, tuple[Path, Path, StudentEncoder]]
                                                 ) -> None:
    """One position per word; the source's special tokens around texts and pairs; token types only where the
    source has them."""
    from transformers import AutoTokenizer

    for family, (source_dir, folder, _) in family_exports.items():
        exported = AutoTokenizer.from_pretrained(folder, trust_remote_code=True)
        source = load_tokenizer(str(source_dir))
        got, expected = exported("the dogs, happily", "the city"), source("the dogs, happily", "the city")
        assert ("token_type_ids" in got) == (family == "bert"), family  # the tiny DistilBERT's tokenizer gives them
        specials = [exported.id_to_word.get(index) for index in got["input_ids"] if index != exported.word_token_id]
        assert specials == [token for token in source.convert_ids_to_tokens(expected["input_ids"])
                            if token in source.all_special_tokens and token != source.unk_token], family
        words = 5 if family == "xlm-roberta" else 6  # the, dogs, ",", happily, the, city (SentencePiece: "dogs,")
        assert len(got["input_ids"]) == len(specials) + words, family
    roberta = AutoTokenizer.from_pretrained(family_exports["roberta"][1], trust_remote_code=True)
    assert roberta.tokenize("The dogs, happily!") == ["The", "Ġdogs", ",", "Ġhappily", "!"]
    # RoBERTa's pairs: <s> a </s></s> b </s> (a word reads as <unk>: it has no id of its own)
    assert roberta.convert_ids_to_tokens(roberta("a", "b")["input_ids"]) == ["<s>", "<unk>", "</s>", "</s>", "<unk>",
                                                                             "</s>"]
    xlmr = AutoTokenizer.from_pretrained(family_exports["xlm-roberta"][1], trust_remote_code=True)
    assert xlmr.tokenize("The dogs, happily!") == ["▁The", "▁dogs,", "▁happily!"]


def test_bad_exports_fail_in_one_line_and_write_nothing(
    family_exports: dict[str, tuple[Path, Path, StudentEncoder]], tiny_bert_dir: Path, tiny_wordlevel_dir: Path,
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    student = bytescnn(32).save_pretrained(tmp_path / "student")
    narrow = bytescnn(16).save_pretrained(tmp_path / "narrow")
    used = tmp_path / "used"
    used.mkdir()
    (used / "notes.txt").write_text("mine")
    cases = {
        "no word splitter for TokenizersBackend (WordLevel model, pre-tokenizer Whitespace)":
            (student, tiny_wordlevel_dir, tmp_path / "out"),
        "the student's vectors have 16 dimensions but the hidden size of BertModel is 32":
            (narrow, tiny_bert_dir, tmp_path / "out"),
        "already exists and is not an empty folder": (student, tiny_bert_dir, used),
    }
    for message, (student_dir, model, out) in cases.items():
        capsys.readouterr()
        code = main(["surgery", "--student", str(student_dir), "--model", str(model), "--out", str(out),
                     "--vocabulary-free"])
        error = without_phase_lines(capsys.readouterr().err)
        assert code == 2 and error.count("\n") == 1 and message in error, error
        assert not (tmp_path / "out").exists() and [path.name for path in used.iterdir()] == ["notes.txt"]
    assert not [path for path in tmp_path.iterdir() if path.name.startswith(".out")]  # no staging folder left
    record = json.loads((family_exports["xlm-roberta"][1] / "surgery.json").read_text())
    assert record["architecture"] == "XLMRobertaModel"
