"""Surgery: live and baked swaps, the saved checkpoint, tying, rescaling, and refusals."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import mlflow
import pytest
import torch
from output import without_phase_lines
from torch import Tensor, nn
from transformers import AutoModel, AutoModelForPreTraining, AutoTokenizer, BertForPreTraining

from distill.cli import main
from distill.errors import DistillError
from distill.swap.surgery import (
    SURGERY_RECORD,
    StudentEmbedding,
    first_layers,
    layer_stack,
    load_transformer,
    save_swapped,
    swap_student,
    swapped_input_embeddings,
)
from distill.tracking import store
from students import StudentConfig, StudentEncoder, build_student, register_student, student_names
from teachers import load_teacher
from teachers.errors import TeacherError

SMALL_BYTESCNN = {"filters": [[1, 8], [2, 8], [3, 16]], "max_bytes_per_token": 12}
PAIRS = (["the cat is big", "a dog ran in the old city"], ["she is happy", "they walk to the river"])
SENTENCES = ["the quick brown fox jumps over the lazy dog", "reimbursement forms are due"]


@dataclass(kw_only=True)
class LookupConfig(StudentConfig):
    tokens: list[str] = field(default_factory=list)


class LookupStudent(StudentEncoder):
    """Test-only student: one table row per known string (row 0 for any other string)."""

    config_class = LookupConfig

    def __init__(self, config: LookupConfig) -> None:
        super().__init__(config)
        self.index = {token: row for row, token in enumerate(config.tokens)}
        self.table = nn.Parameter(torch.zeros(max(len(config.tokens), 1), config.dim))

    def encode(self, tokens: Sequence[str]) -> Tensor:
        return torch.tensor([self.index.get(token, 0) for token in tokens], dtype=torch.long).unsqueeze(1)

    def forward_encoded(self, encoded: Tensor) -> Tensor:
        return self.table[encoded[:, 0]]


if "test-lookup" not in student_names():
    register_student("test-lookup")(LookupStudent)


def lookup_student(model_dir: Path | str, noise: float = 0.0, seed: int = 0) -> StudentEncoder:
    """A student returning the teacher's own rows, plus seeded Gaussian noise of scale ``noise``."""
    teacher = load_teacher(str(model_dir))
    student = build_student("test-lookup", teacher.dim, tokens=teacher.tokens)
    generator = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        student.table.copy_(teacher.table + noise * torch.randn(teacher.table.shape, generator=generator))
    return student


def small_bytescnn(dim: int = 32) -> StudentEncoder:
    torch.manual_seed(0)
    return build_student("bytescnn-small", dim, **SMALL_BYTESCNN).eval()


def encode(model_dir: Path, first: list[str], second: list[str] | None = None) -> dict[str, Tensor]:
    tokenizer = AutoTokenizer.from_pretrained(model_dir)
    return dict(tokenizer(first, second, padding=True, return_tensors="pt"))


def tokenizer_of(model_dir: Path):
    return AutoTokenizer.from_pretrained(model_dir)


@pytest.fixture(scope="module")
def bert_with_decoder_bias(tiny_bert_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tiny BERT with a non-zero MLM decoder bias, so a bias lost on reload would show."""
    folder = tmp_path_factory.mktemp("bert-bias")
    model = BertForPreTraining.from_pretrained(tiny_bert_dir)
    with torch.no_grad():
        model.cls.predictions.bias.copy_(torch.randn(model.cls.predictions.bias.shape,
                                                     generator=torch.Generator().manual_seed(1)))
    model.save_pretrained(folder)
    tokenizer_of(tiny_bert_dir).save_pretrained(folder)
    return folder


# --- identity: a student returning the teacher's rows changes nothing --------------------------------


@pytest.mark.parametrize("mode", ["live", "baked"])
def test_identity_surgery_is_bit_identical_on_bert_with_heads(tiny_bert_dir, mode) -> None:
    model = load_transformer(str(tiny_bert_dir)).model
    inputs = encode(tiny_bert_dir, *PAIRS)
    before = model(**inputs)
    replacement = swap_student(model, lookup_student(tiny_bert_dir), tokenizer_of(tiny_bert_dir), mode=mode)
    assert model.get_input_embeddings() is replacement
    assert isinstance(replacement, StudentEmbedding if mode == "live" else nn.Embedding)
    after = model(**inputs)
    assert torch.equal(before.prediction_logits, after.prediction_logits)
    assert torch.equal(before.seq_relationship_logits, after.seq_relationship_logits)


@pytest.mark.parametrize("mode", ["live", "baked"])
def test_identity_surgery_is_bit_identical_on_embedded_minilm(embedded_dir, mode) -> None:
    model = load_transformer("embedded").model
    inputs = encode(embedded_dir, SENTENCES)
    before = model(**inputs).last_hidden_state
    swap_student(model, lookup_student(embedded_dir), tokenizer_of(embedded_dir), mode=mode)
    assert torch.equal(before, model(**inputs).last_hidden_state)


def test_identity_checkpoint_reloads_bit_identical(bert_with_decoder_bias, tmp_path) -> None:
    untouched = AutoModelForPreTraining.from_pretrained(bert_with_decoder_bias)
    out = save_swapped(str(bert_with_decoder_bias), lookup_student(bert_with_decoder_bias), tmp_path / "identity")
    reloaded = AutoModelForPreTraining.from_pretrained(out)
    inputs = encode(bert_with_decoder_bias, *PAIRS)
    before, after = untouched(**inputs), reloaded(**inputs)
    assert torch.equal(before.prediction_logits, after.prediction_logits)
    assert torch.equal(before.seq_relationship_logits, after.seq_relationship_logits)


@pytest.mark.parametrize("fixture", ["tiny_roberta_dir", "tiny_distilbert_dir"])
def test_surgery_on_roberta_and_distilbert(request, fixture, tmp_path) -> None:
    model_dir = request.getfixturevalue(fixture)
    inputs = {key: value for key, value in encode(model_dir, ["the cat sat on the mat"]).items()
              if key != "token_type_ids"}  # DistilBERT has no token types
    model = load_transformer(str(model_dir)).model
    before = model(**inputs).last_hidden_state
    swap_student(model, lookup_student(model_dir), tokenizer_of(model_dir), mode="live")
    assert torch.equal(before, model(**inputs).last_hidden_state)

    noisy = lookup_student(model_dir, noise=0.1)
    reloaded = AutoModel.from_pretrained(save_swapped(str(model_dir), noisy, tmp_path / "swapped"))
    live = load_transformer(str(model_dir)).model
    swap_student(live, noisy, tokenizer_of(model_dir), mode="live")
    assert type(reloaded) is type(live)
    expected = live(**inputs).last_hidden_state
    assert torch.allclose(reloaded(**inputs).last_hidden_state, expected, atol=1e-6)
    assert not torch.allclose(before, expected, atol=1e-3)


# --- what each row becomes -------------------------------------------------------------------------


def test_baked_rows_come_from_the_student_except_rows_the_teacher_left_out(tiny_bert_dir) -> None:
    model = load_transformer(str(tiny_bert_dir)).model
    original = model.get_input_embeddings().weight.detach().clone()
    teacher = load_teacher(str(tiny_bert_dir))
    student = lookup_student(tiny_bert_dir, noise=0.5)
    baked = swap_student(model, student, tokenizer_of(tiny_bert_dir), mode="baked").weight.detach()
    left_out = torch.ones(len(original), dtype=torch.bool)
    left_out[teacher.ids] = False
    assert int(left_out.sum()) == 5  # the [unused0..4] rows of the tiny vocabulary
    assert torch.equal(baked[left_out], original[left_out])
    assert torch.equal(baked[teacher.ids], student.table.detach())
    assert not torch.equal(baked[teacher.ids], original[teacher.ids])


def test_live_rows_match_baked_rows_and_embed_words_takes_any_string(tiny_bert_dir) -> None:
    model = load_transformer(str(tiny_bert_dir)).model
    student = small_bytescnn()
    live = StudentEmbedding.from_model(model, student, tokenizer_of(tiny_bert_dir))
    ids = torch.tensor([[5, 1, 40, 41], [2, 60, 60, 8]])  # [unused*] rows and a repeated id included
    with torch.no_grad():
        assert torch.allclose(live(ids), live.bake()[ids], atol=1e-6)
        words = ["mispeling", "reimbursement", "the"]
        vectors = live.embed_words(words)
        assert vectors.shape == (3, 32)
        assert torch.allclose(vectors, student.embed(words))


def test_cosine_student_is_rescaled_unless_told_not_to(tiny_bert_dir) -> None:
    teacher = load_teacher(str(tiny_bert_dir))
    student = small_bytescnn()
    student.rescale_norm = 2.5
    tokenizer = tokenizer_of(tiny_bert_dir)
    rescaled = swap_student(load_transformer(str(tiny_bert_dir)).model, student, tokenizer, mode="baked")
    norms = rescaled.weight.detach()[teacher.ids].norm(dim=-1)
    assert torch.allclose(norms, torch.full_like(norms, 2.5), rtol=1e-5)
    raw = swap_student(load_transformer(str(tiny_bert_dir)).model, student, tokenizer, mode="baked", rescale=False)
    with torch.no_grad():
        assert torch.allclose(raw.weight.detach()[teacher.ids], student(teacher.tokens), atol=1e-6)
    assert not torch.allclose(raw.weight.detach()[teacher.ids].norm(dim=-1), norms)


def test_decoder_keeps_the_teacher_table_unless_tied_to_the_student(tiny_bert_dir) -> None:
    tokenizer = tokenizer_of(tiny_bert_dir)
    teacher_table = load_transformer(str(tiny_bert_dir)).model.get_input_embeddings().weight.detach().clone()
    for mode in ("live", "baked"):
        model = load_transformer(str(tiny_bert_dir)).model
        swap_student(model, small_bytescnn(), tokenizer, mode=mode)
        model.tie_weights()  # must not re-tie the decoder to the new table
        assert torch.equal(model.get_output_embeddings().weight, teacher_table)

    model = load_transformer(str(tiny_bert_dir)).model
    baked = swap_student(model, small_bytescnn(), tokenizer, mode="baked", tie_output=True)
    assert model.get_output_embeddings().weight is baked.weight
    assert model.get_output_embeddings().bias is model.cls.predictions.bias  # BERT's decoder bias tie is back
    model = load_transformer(str(tiny_bert_dir)).model
    live = swap_student(model, small_bytescnn(), tokenizer, mode="live", tie_output=True)
    assert torch.equal(model.get_output_embeddings().weight, live.bake())


def test_swapped_input_embeddings_restores_the_original(tiny_bert_dir) -> None:
    model = load_transformer(str(tiny_bert_dir)).model
    original = model.get_input_embeddings()
    replacement = nn.Embedding(original.num_embeddings, original.embedding_dim)
    with swapped_input_embeddings(model, replacement):
        assert model.get_input_embeddings() is replacement
    assert model.get_input_embeddings() is original


@pytest.mark.parametrize("fixture", ["tiny_bert_dir", "tiny_distilbert_dir", "tiny_roberta_dir"])
def test_first_layers_compute_the_early_states_of_the_whole_model_and_restore_it(request, fixture) -> None:
    model = load_transformer(str(request.getfixturevalue(fixture))).model.eval()
    stack = layer_stack(model)
    blocks = list(stack)
    inputs = {"input_ids": torch.tensor([[0, 5, 6, 7, 2]]), "attention_mask": torch.ones(1, 5, dtype=torch.long)}
    with torch.no_grad():
        whole = model(**inputs, output_hidden_states=True).hidden_states
        with first_layers(model, 1):
            assert len(stack) == 1
            early = model(**inputs, output_hidden_states=True).hidden_states
    assert len(blocks) > 1 and len(early) == 2
    torch.testing.assert_close(early[1], whole[1], rtol=0, atol=0)
    assert list(layer_stack(model)) == blocks  # every block is back, in order, and found again


# --- the saved checkpoint ----------------------------------------------------------------------------


def test_saved_checkpoint_loads_with_plain_transformers_and_matches_live_mode(bert_with_decoder_bias, tmp_path):
    original = BertForPreTraining.from_pretrained(bert_with_decoder_bias)
    student = small_bytescnn()
    out = save_swapped(str(bert_with_decoder_bias), student, tmp_path / "swapped")
    for name in ("config.json", "model.safetensors", "tokenizer_config.json", "tokenizer.json", SURGERY_RECORD):
        assert (out / name).is_file(), name
    assert [path.name for path in tmp_path.iterdir()] == ["swapped"]  # no staging folder left behind
    record = json.loads((out / SURGERY_RECORD).read_text())
    assert record["student"]["name"] == "bytescnn-small" and record["tie_output"] is False

    reloaded = AutoModelForPreTraining.from_pretrained(out)
    assert type(reloaded) is BertForPreTraining and not reloaded.config.tie_word_embeddings
    assert torch.equal(reloaded.cls.predictions.decoder.weight, original.cls.predictions.decoder.weight)
    assert torch.equal(reloaded.cls.predictions.decoder.bias, original.cls.predictions.decoder.bias)
    live = load_transformer(str(bert_with_decoder_bias)).model
    swap_student(live, student, tokenizer_of(bert_with_decoder_bias), mode="live")
    inputs = encode(bert_with_decoder_bias, *PAIRS)
    expected, got = live(**inputs), reloaded(**inputs)
    assert torch.allclose(got.prediction_logits, expected.prediction_logits, atol=1e-5)
    assert torch.allclose(got.seq_relationship_logits, expected.seq_relationship_logits, atol=1e-5)
    assert not torch.allclose(got.prediction_logits, original(**inputs).prediction_logits, atol=1e-3)


def test_saved_checkpoint_with_tied_output_reloads_tied(bert_with_decoder_bias, tmp_path) -> None:
    student = small_bytescnn()
    out = save_swapped(str(bert_with_decoder_bias), student, tmp_path / "tied", tie_output=True)
    reloaded = AutoModelForPreTraining.from_pretrained(out)
    decoder, table = reloaded.cls.predictions.decoder.weight, reloaded.get_input_embeddings().weight
    assert decoder is table
    model = load_transformer(str(bert_with_decoder_bias)).model
    live = StudentEmbedding.from_model(model, student, tokenizer_of(bert_with_decoder_bias))
    assert torch.allclose(table, live.bake(), atol=1e-6)
    original_bias = BertForPreTraining.from_pretrained(bert_with_decoder_bias).cls.predictions.decoder.bias
    assert torch.equal(reloaded.cls.predictions.decoder.bias, original_bias)


# --- refusals ------------------------------------------------------------------------------------------


def test_student_of_another_width_is_refused(tiny_bert_dir) -> None:
    with pytest.raises(DistillError, match="student dim 16 differs from the model's hidden size 32"):
        swap_student(load_transformer(str(tiny_bert_dir)).model, small_bytescnn(dim=16), tokenizer_of(tiny_bert_dir))


def test_model_without_input_embeddings_is_refused(tiny_no_embeddings_dir, tiny_bert_dir, tmp_path) -> None:
    with pytest.raises(TeacherError, match="ResNetModel has no input word embeddings"):
        load_transformer(str(tiny_no_embeddings_dir))
    with pytest.raises(TeacherError, match="ResNetModel has no input word embeddings"):
        save_swapped(str(tiny_no_embeddings_dir), small_bytescnn(), tmp_path / "out")
    with pytest.raises(TeacherError, match="ResNetModel has no input word embeddings"):
        swap_student(AutoModel.from_pretrained(tiny_no_embeddings_dir), small_bytescnn(), tokenizer_of(tiny_bert_dir))


def test_unknown_mode_and_tying_without_decoder_are_refused(tiny_bert_dir, embedded_dir) -> None:
    with pytest.raises(DistillError, match="unknown surgery mode 'frozen'; valid modes: live, baked"):
        swap_student(load_transformer(str(tiny_bert_dir)).model, small_bytescnn(), tokenizer_of(tiny_bert_dir),
                     mode="frozen")
    with pytest.raises(DistillError, match="BertModel has no output embedding layer"):
        swap_student(load_transformer("embedded").model, small_bytescnn(384), tokenizer_of(embedded_dir),
                     tie_output=True)


def test_existing_output_folder_is_refused(tiny_bert_dir, tmp_path) -> None:
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "keep.txt").write_text("mine")
    with pytest.raises(DistillError, match="already exists and is not an empty folder"):
        save_swapped(str(tiny_bert_dir), small_bytescnn(), tmp_path / "out")
    assert [path.name for path in (tmp_path / "out").iterdir()] == ["keep.txt"]


# --- the command -----------------------------------------------------------------------------------------


def test_surgery_command_from_folder_and_from_run(tiny_bert_dir, tmp_path, capsys) -> None:
    student = small_bytescnn()
    student.rescale_norm = 2.5  # as a cosine-trained student has it, so that --no-rescale has something to turn off
    student_dir = student.save_pretrained(tmp_path / "student")
    assert main(["surgery", "--student", str(student_dir), "--model", str(tiny_bert_dir),
                 "--out", str(tmp_path / "from-folder"), "--device", "cpu"]) == 0
    assert str(tmp_path / "from-folder") in capsys.readouterr().out
    assert isinstance(AutoModelForPreTraining.from_pretrained(tmp_path / "from-folder"), BertForPreTraining)
    assert json.loads((tmp_path / "from-folder" / SURGERY_RECORD).read_text())["rescale"] is True

    store.configure("train")  # this test's store (another test may have pointed MLflow elsewhere)
    with mlflow.start_run() as run:
        mlflow.log_artifacts(str(student_dir), "student")
    assert main(["surgery", "--student", run.info.run_id, "--model", str(tiny_bert_dir),
                 "--out", str(tmp_path / "from-run"), "--no-rescale", "--tie-output", "--device", "cpu"]) == 0
    record = json.loads((tmp_path / "from-run" / SURGERY_RECORD).read_text())
    assert record["tie_output"] is True and record["rescale"] is False


def test_surgery_command_reports_bad_input_in_one_line(tiny_bert_dir, tiny_no_embeddings_dir, tmp_path,
                                                       capsys) -> None:
    narrow = small_bytescnn(dim=16).save_pretrained(tmp_path / "narrow")
    wide = small_bytescnn().save_pretrained(tmp_path / "wide")
    cases = [
        ([str(narrow), str(tiny_bert_dir)], "student dim 16 differs"),
        ([str(wide), str(tiny_no_embeddings_dir)], "has no input word embeddings"),
        ([str(wide), str(tmp_path / "no-such-model")], "does not exist"),
        ([str(tmp_path / "no-such-student"), str(tiny_bert_dir)], "neither a student folder nor an MLflow run"),
    ]
    for (student, model), message in cases:
        code = main(["surgery", "--student", student, "--model", model, "--out", str(tmp_path / "out")])
        error = without_phase_lines(capsys.readouterr().err)
        assert code == 2 and error.startswith("error: ") and message in error and error.count("\n") == 1
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("form", [[], ["--vocabulary-free"]], ids=["baked", "vocabulary-free"])
def test_a_full_disk_during_surgery_is_one_line_and_leaves_nothing(tiny_bert_dir, tmp_path, capsys, monkeypatch,
                                                                   form) -> None:
    """safetensors reports a full disk as its own error ("I/O error: No space left on device (os error 28)"),
    after writing part of the file: the staged folder goes, and the command says so in one line."""
    import transformers.modeling_utils
    from safetensors import SafetensorError

    def full_disk(tensors, filename, metadata=None) -> None:
        Path(filename).write_bytes(b"half a file")
        raise SafetensorError("Error while serializing: I/O error: No space left on device (os error 28)")

    monkeypatch.setattr(transformers.modeling_utils, "safe_save_file", full_disk)
    student = small_bytescnn().save_pretrained(tmp_path / "student")
    out = tmp_path / "models" / "swapped"
    (tmp_path / "models").mkdir()
    assert main(["surgery", "--student", str(student), "--model", str(tiny_bert_dir), "--out", str(out),
                 "--quiet", *form]) == 2
    error = without_phase_lines(capsys.readouterr().err)
    assert error == (f"error: could not write {out}: No space left on device (os error 28); nothing was kept\n")
    assert list((tmp_path / "models").iterdir()) == []  # neither the folder nor its staging copy


@pytest.mark.parametrize("form", [[], ["--vocabulary-free"]], ids=["baked", "vocabulary-free"])
def test_surgery_writes_through_a_link_to_an_empty_folder(tiny_bert_dir, tmp_path, form) -> None:
    student = small_bytescnn().save_pretrained(tmp_path / "student")
    (tmp_path / "models").mkdir()
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "models")
    assert main(["surgery", "--student", str(student), "--model", str(tiny_bert_dir), "--out", str(link),
                 "--quiet", *form]) == 0
    assert link.is_symlink() and (tmp_path / "models" / "config.json").is_file()
    assert AutoModel.from_pretrained(link, trust_remote_code=bool(form)) is not None
