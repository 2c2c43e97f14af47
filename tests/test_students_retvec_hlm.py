"""RETVec and HLM-intra students: encodings, sizes, pooling, masking, save/load."""

from __future__ import annotations

import pytest
import torch

import students.base
from students import StudentError, build_student, load_student, student_names
from students.codepoints import REPLACEMENT_CODEPOINT, binarize, integerize
from students.hlm import NUM_SPECIAL_IDS, PAD, UNK, WORD_CLS, encode_characters

# Small character vocabulary for HLM tests: the BMP default allocates a 65,542-row table.
SMALL_HLM = {"char_vocab_size": 1024}


def bits_of(value: int, width: int = 24) -> list[float]:
    return [float(bit) for bit in format(value, f"0{width}b")]


def test_students_are_registered():
    assert {"retvec", "retvec-raw", "hlm-intra", "hlm-intra-small", *SIZE_POINTS} <= set(student_names())


def test_codepoints_become_msb_first_bit_rows():
    codepoints = integerize(["A€😀"], 4)
    assert codepoints.dtype == torch.int32
    assert codepoints.tolist() == [[65, 0x20AC, 0x1F600, 0]]
    bits = binarize(codepoints)
    assert bits.shape == (1, 4, 24)
    assert bits[0, 0].tolist() == [0.0] * 17 + [1, 0, 0, 0, 0, 0, 1]  # 'A' = 0b1000001
    assert bits[0, 1].tolist() == bits_of(0x20AC)
    assert bits[0, 2].tolist() == bits_of(0x1F600)
    assert bits[0, 3].tolist() == [0.0] * 24


def test_undecodable_input_becomes_replacement_character():
    from_bytes = integerize([b"a\xffb"], 4)
    from_surrogate = integerize(["a\udcffb"], 4)  # what surrogateescape makes of b"\xff"
    expected = [[97, REPLACEMENT_CODEPOINT, 98, 0]]
    assert from_bytes.tolist() == expected
    assert from_surrogate.tolist() == expected


def test_integerize_truncates_and_pads():
    codepoints = integerize(["abcdefghijklmnopqrstuvwxyz", "", "##ing"], 16)
    assert codepoints.shape == (3, 16)
    assert codepoints[0].tolist() == [ord(c) for c in "abcdefghijklmnop"]
    assert codepoints[1].tolist() == [0] * 16
    assert codepoints[2, :5].tolist() == [ord(c) for c in "##ing"]


def test_retvec_mlp_has_the_papers_230144_parameters():
    student = build_student("retvec", dim=32)
    assert sum(p.numel() for p in student.encoder.parameters()) == 230_144
    assert student.projection.in_features == 256
    assert student.encode(["hello"]).shape == (1, 16)
    assert student(["hello", "##ing", ""]).shape == (3, 32)


def test_retvec_raw_is_the_projection_of_the_384_bits():
    student = build_student("retvec-raw", dim=8)
    assert list(student.encoder.parameters()) == []
    assert sum(p.numel() for p in student.parameters()) == 384 * 8 + 8
    encoded = student.encode(["A", "naïve"])
    expected = student.projection(binarize(encoded).flatten(1))
    torch.testing.assert_close(student(encoded), expected)


def test_retvec_spatial_dropout_drops_whole_characters_in_training_only():
    student = build_student("retvec", dim=8, spatial_dropout=0.5)
    bits = torch.ones(64, 16, 24)
    student.train()
    dropped = student.spatial_dropout(bits)
    per_character = dropped.amin(dim=-1) == dropped.amax(dim=-1)
    assert per_character.all()  # a character row is all kept or all zero
    assert (dropped == 0).any() and (dropped > 0).any()
    encoded = student.encode(["tokenization"])
    assert not torch.equal(student(encoded.expand(32, -1)), student(encoded.expand(32, -1)))
    student.eval()
    torch.testing.assert_close(student(encoded), student(encoded))


def test_hlm_encoding_follows_hlm_tokenizer():
    encoded = encode_characters(["Ab", "##中", "x" * 30], max_length=20, char_vocab_size=1024)
    assert encoded.shape == (3, 20)
    assert encoded[0, :4].tolist() == [WORD_CLS, NUM_SPECIAL_IDS + 65, NUM_SPECIAL_IDS + 98, PAD]
    assert encoded[1, :4].tolist() == [WORD_CLS, NUM_SPECIAL_IDS + 35, NUM_SPECIAL_IDS + 35, UNK]
    assert (encoded[2, 1:] == NUM_SPECIAL_IDS + ord("x")).all()  # 19 characters after [WORD_CLS]
    bmp = encode_characters(["中"], max_length=20, char_vocab_size=0x10000)
    assert bmp[0, 1].item() == NUM_SPECIAL_IDS + ord("中")


def test_hlm_hashed_characters_tell_apart_what_the_codepoint_table_has_no_row_for():
    encoded = encode_characters(["ab", "ᚠᚢᚦ", "ᚨᚱᚲ", "中文"], max_length=6, char_vocab_size=1024, hashed_chars=1024)
    assert encoded[0, 1:3].tolist() == [NUM_SPECIAL_IDS + 97, NUM_SPECIAL_IDS + 98]  # rows of their own, as before
    past = encoded[1:, 1:3]
    assert ((past >= NUM_SPECIAL_IDS + 1024) & (past < NUM_SPECIAL_IDS + 2048)).all()
    assert len({tuple(row) for row in encoded[1:, 1:4].tolist()}) == 3  # UNK would make the runic words one
    assert torch.equal(encoded, encode_characters(["ab", "ᚠᚢᚦ", "ᚨᚱᚲ", "中文"], 6, 1024, hashed_chars=1024))
    student = build_student("hlm-intra-1k-h128", dim=8).eval()
    assert student.char_embedding.num_embeddings == NUM_SPECIAL_IDS + 2048
    with torch.no_grad():
        runic = student.embed(["ᚠᚢᚦ", "ᚨᚱᚲ"])
    assert not torch.allclose(runic[0], runic[1])


# The fp32 bytes of a 384-wide table of BERT's 29,528 kept rows, and the fraction of it each size point is meant to
# take (issue #55: points near 0.05x, 0.25x and 0.5x, none above 0.5x).
TABLE_VALUES = 29_528 * 384
SIZE_POINTS = {"hlm-intra-1k-h128": 0.05, "hlm-intra-1k-h256": 0.25, "hlm-intra-1k-h384": 0.5,
               "retvec-w448": 0.05, "retvec-w1024": 0.25, "retvec-w1344": 0.5,
               "bytescnn-c320": 0.05, "bytescnn-c768": 0.25, "bytescnn-tiny": 0.5}


@pytest.mark.parametrize(("name", "fraction"), SIZE_POINTS.items())
def test_size_points_take_their_share_of_the_table(name, fraction):
    student = build_student(name, dim=384)
    share = sum(parameter.numel() for parameter in student.parameters()) / TABLE_VALUES
    assert 0.8 * fraction <= share <= min(1.2 * fraction, 0.5), share


def test_the_size_points_drop_nothing_where_the_papers_designs_keep_their_dropout():
    """Reproducing a fixed table, the size points learn more without dropout (docs/defaults.md); the papers' own
    designs keep theirs (HLM's 0.1, RETVec's spatial 1/16)."""
    for name in (name for name in SIZE_POINTS if not name.startswith("bytescnn")):  # BytesCNN has no dropout
        hparams = build_student(name, dim=8).hparams
        assert hparams["dropout" if name.startswith("hlm") else "spatial_dropout"] == 0.0, name
    assert build_student("hlm-intra-small", dim=8).hparams["dropout"] == 0.1
    assert build_student("retvec", dim=8).hparams["spatial_dropout"] == 1 / 16


def test_hlm_paper_preset_sizes():
    student = build_student("hlm-intra", dim=768, **SMALL_HLM)
    assert len(student.encoder.layers) == 4
    # 768 hidden, 12 heads, FFN 1536: ≈4.73M per layer (HLM, Sun et al., ACL 2023, the intra-word module).
    assert sum(p.numel() for p in student.encoder.layers[0].parameters()) == 4_727_040
    assert student.encoder.layers[0].self_attn.num_heads == 12
    assert student.hparams["char_vocab_size"] == 1024
    assert build_student("hlm-intra-small", dim=8).hparams["char_vocab_size"] == 0x10000


def test_hlm_output_shape_and_pooling_choices_differ():
    torch.manual_seed(0)
    reference = build_student("hlm-intra-small", dim=16, **SMALL_HLM).eval()
    encoded = reference.encode(["hello", "##ing", "Zebra"])
    outputs = {}
    for pooling in ("word_cls", "mean", "max"):
        student = build_student("hlm-intra-small", dim=16, pooling=pooling, **SMALL_HLM).eval()
        student.load_state_dict(reference.state_dict())
        outputs[pooling] = student(encoded)
        assert outputs[pooling].shape == (3, 16)
    assert not torch.allclose(outputs["word_cls"], outputs["mean"])
    assert not torch.allclose(outputs["word_cls"], outputs["max"])
    assert not torch.allclose(outputs["mean"], outputs["max"])


@pytest.mark.parametrize("pooling", ["word_cls", "mean", "max"])
def test_hlm_padding_does_not_change_a_tokens_vector(pooling):
    torch.manual_seed(0)
    student = build_student("hlm-intra-small", dim=16, pooling=pooling, **SMALL_HLM).eval()
    alone = student(["cat"])
    batched = student(["cat", "extraordinarily"])[:1]
    trimmed = student.forward_encoded(student.encode(["cat"])[:, :4])  # [WORD_CLS] c a t
    torch.testing.assert_close(alone, batched, rtol=1e-5, atol=1e-5)
    torch.testing.assert_close(alone, trimmed, rtol=1e-5, atol=1e-5)


def test_hlm_computes_a_batch_up_to_its_longest_word_on_the_cpu():
    student = build_student("hlm-intra-small", dim=16, **SMALL_HLM).eval()
    widths = []
    student.char_embedding.register_forward_hook(lambda module, inputs, output: widths.append(inputs[0].shape[1]))
    encoded = student.encode(["cat", "mouse"])
    assert encoded.shape[1] == student.config.max_length > 6
    student.forward_encoded(encoded)
    assert widths == [6]  # [WORD_CLS] m o u s e: the padding after it is never computed
    assert student.matmul_flops(encoded) == student.matmul_flops(encoded[:, :6]) < student.matmul_flops(
        torch.ones_like(encoded))


def test_hlm_attends_by_plain_matrix_products_on_the_cpu_and_leaves_the_global_choice_alone():
    """Over a word's few characters the CPU flash-attention kernel costs more than the math path, so training on the
    CPU takes the math path; PyTorch's own choice is back once the forward is done. (Without dropout, as the `1k`
    sizes train, PyTorch would choose the flash kernel.)"""
    from torch.profiler import ProfilerActivity, profile

    student = build_student("hlm-intra-small", dim=16, dropout=0.0, **SMALL_HLM).train()
    with profile(activities=[ProfilerActivity.CPU]) as profiler:
        student(["cat", "mouse"]).sum().backward()
    kernels = {event.key for event in profiler.key_averages() if "scaled_dot_product" in event.key}
    assert "aten::_scaled_dot_product_attention_math" in kernels
    assert not any("flash" in kernel for kernel in kernels)
    assert torch.backends.cuda.flash_sdp_enabled()


def test_hlm_embeds_a_vocabulary_in_blocks_of_like_length_and_returns_it_in_order():
    torch.manual_seed(0)
    student = build_student("hlm-intra-small", dim=16, **SMALL_HLM).eval()
    tokens = ["a", "extraordinarily", "cat", "##ing", "mouse", "b", "understanding", "of"]
    encoded = student.encode(tokens)
    assert student.input_lengths(encoded).tolist() == [len(token) + 1 for token in tokens]  # [WORD_CLS] too
    widths = []
    student.char_embedding.register_forward_hook(lambda module, inputs, output: widths.append(inputs[0].shape[1]))
    vectors = student.embed_vocabulary(encoded, batch_size=4)
    assert widths == [4, 16]  # "a", "b", "of", "cat" (the four shortest, wherever they stand), then the rest
    one_by_one = torch.cat([student.embed([token]) for token in tokens])
    torch.testing.assert_close(vectors, one_by_one, rtol=1e-5, atol=1e-5)


def test_hlm_runs_a_batch_of_mixed_lengths_in_blocks_of_like_length_with_the_same_vectors_and_gradients(monkeypatch):
    """A batch of sentences' distinct words (the context phase's, the export's) runs in blocks of like length, each
    padded to its own longest word; a batch of like length (a table step's) runs whole."""
    monkeypatch.setattr(students.base, "LENGTH_BLOCK_ROWS", 4)
    torch.manual_seed(0)
    student = build_student("hlm-intra-small", dim=16, dropout=0.0, **SMALL_HLM).train()
    tokens = ["extraordinarily", "a", "cat", "understanding", "of", "b", "mouse", "is", "##ing", "to"]
    widths = []
    student.char_embedding.register_forward_hook(lambda module, inputs, output: widths.append(inputs[0].shape[1]))
    vectors = student(tokens)
    assert widths == [3, 6, 16]  # the four shortest, the next four, the two longest
    one_by_one = torch.cat([student([token]) for token in tokens])
    torch.testing.assert_close(vectors, one_by_one, rtol=1e-5, atol=1e-5)
    vectors.square().sum().backward()
    blocked = [parameter.grad.clone() for parameter in student.parameters()]
    student.zero_grad()
    one_by_one.square().sum().backward()
    for from_blocks, alone in zip(blocked, (parameter.grad for parameter in student.parameters())):
        torch.testing.assert_close(from_blocks, alone, rtol=1e-4, atol=1e-5)
    widths.clear()
    student(["cat", "dog", "ant", "owl", "bee", "eel"])
    assert widths == [4]


def test_hlm_rejects_unknown_pooling():
    with pytest.raises(StudentError, match="valid poolings: word_cls, mean, max"):
        build_student("hlm-intra-small", dim=8, pooling="sum", **SMALL_HLM)


@pytest.mark.parametrize(
    "name, overrides",
    [
        ("retvec", {}),
        ("retvec-raw", {}),
        ("hlm-intra-small", {**SMALL_HLM, "pooling": "max", "norm_first": True}),
    ],
)
def test_save_and_load_round_trip(tmp_path, name, overrides):
    torch.manual_seed(0)
    student = build_student(name, dim=12, **overrides).eval()
    student.save_pretrained(tmp_path)
    loaded = load_student(tmp_path).eval()
    assert loaded.registry_name == name
    assert loaded.hparams == student.hparams
    tokens = ["hello", "##ing", "naïve", ""]
    torch.testing.assert_close(loaded(tokens), student(tokens))
