"""BytesCNN: the paper's parameter counts, byte ids, string/tensor equivalence, save/load."""

from fractions import Fraction

import pytest
import torch

from students import StudentError, build_student, load_student, student_names
from students.byte_vocab import BEGIN_WORD, END_WORD, NUM_BYTE_IDS, PADDING, encode_bytes


def count(module: torch.nn.Module) -> int:
    return sum(parameter.numel() for parameter in module.parameters())


@pytest.mark.parametrize(("name", "expected"), [("bytescnn-small", 18_562_416), ("bytescnn-big", 70_674_288)])
def test_parameter_counts_match_paper_table_1(name: str, expected: int) -> None:
    assert count(build_student(name, dim=768)) == expected


@pytest.mark.parametrize(("name", "share", "parameters"), [
    ("bytescnn-tiny", Fraction(1, 2), 4_695_792), ("bytescnn-c768", Fraction(3, 8), 2_736_560),
    ("bytescnn-c320", Fraction(5, 32), 569_472)])
def test_the_smaller_sizes_are_the_small_filter_bank_with_a_share_of_its_channels(name, share, parameters) -> None:
    small, smaller = build_student("bytescnn-small", dim=384), build_student(name, dim=384)
    scaled = [[width, int(channels * share)] for width, channels in small.config.filters]
    assert smaller.config.filters == scaled and count(smaller) == parameters and count(small) == 17_775_600


def test_state_dict_keeps_one_conv1d_per_filter() -> None:
    """Saved students stay CharacterBERT-shaped: the one-matmul forward pass changed no parameter."""
    student = build_student("bytescnn-small", dim=768)
    state = student.state_dict()
    for index, (width, channels) in enumerate([(1, 32), (2, 32), (3, 64), (4, 128), (5, 256), (6, 512), (7, 1024)]):
        assert state[f"convolutions.{index}.weight"].shape == (channels, 16, width)
        assert state[f"convolutions.{index}.bias"].shape == (channels,)
    assert "channel_widths" not in state and state["byte_embedding.weight"].shape == (NUM_BYTE_IDS, 16)


def test_byte_ids_follow_character_bert() -> None:
    ids = encode_bytes(["ab", "##é"], max_bytes_per_token=8)
    assert NUM_BYTE_IDS == 263 and ids.shape == (2, 8)
    assert ids[0].tolist() == [BEGIN_WORD, ord("a") + 1, ord("b") + 1, END_WORD] + [PADDING] * 4
    # '#' is kept and 'é' is two UTF-8 bytes (0xC3 0xA9).
    assert ids[1, :6].tolist() == [BEGIN_WORD, ord("#") + 1, ord("#") + 1, 0xC3 + 1, 0xA9 + 1, END_WORD]
    assert int(ids.max()) < NUM_BYTE_IDS


def test_long_tokens_are_cut_to_the_byte_limit() -> None:
    ids = encode_bytes(["x" * 100], max_bytes_per_token=10)
    assert ids.shape == (1, 10)
    assert ids[0, 0] == BEGIN_WORD and ids[0, -1] == END_WORD and (ids[0, 1:-1] == ord("x") + 1).all()


def test_strings_and_pre_encoded_tensor_give_the_same_vectors() -> None:
    torch.manual_seed(0)
    student = build_student("bytescnn-small", dim=24, max_bytes_per_token=12).eval()
    tokens = ["hello", "##ing", "[CLS]", "naïve"]
    from_strings = student(tokens)
    from_tensor = student(student.encode(tokens))
    assert from_strings.shape == (4, 24)
    assert torch.equal(from_strings, from_tensor)


def test_save_and_load_round_trip(tmp_path) -> None:
    torch.manual_seed(0)
    student = build_student("bytescnn-big", dim=16, filters=[[1, 4], [3, 8]], max_bytes_per_token=9).eval()
    student.rescale_norm = 1.41
    student.save_pretrained(tmp_path)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["model.safetensors", "student_config.json"]
    loaded = load_student(tmp_path).eval()
    assert loaded.registry_name == "bytescnn-big" and loaded.rescale_norm == 1.41
    tokens = ["zebra", "##s"]
    assert torch.equal(student(tokens), loaded(tokens))
    norms = loaded.embed(tokens).norm(dim=-1)
    assert torch.allclose(norms, torch.full_like(norms, 1.41), atol=1e-5)


def test_unknown_student_lists_the_valid_names() -> None:
    with pytest.raises(StudentError, match="valid students: .*bytescnn-small"):
        build_student("bytes-cnn", dim=8)
    assert {"bytescnn-small", "bytescnn-big"} <= set(student_names())


def test_unknown_student_option_is_a_one_line_error() -> None:
    with pytest.raises(StudentError, match="bytescnn-small.*kernel"):
        build_student("bytescnn-small", dim=8, kernel=3)


def test_missing_student_folder(tmp_path) -> None:
    with pytest.raises(StudentError, match="not a saved student"):
        load_student(tmp_path)
