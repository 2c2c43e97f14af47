"""The hashed character n-gram student: its grams, its sum, its sparse steps, save/load."""

from __future__ import annotations

import random
import zlib
from pathlib import Path

import mlflow
import pytest
import torch

from distill.objectives.base import sparse_parameters
from students import StudentError, build_student, load_student, rows
from students.ngram_ids import BULK_TOKENS, WHOLE_TOKEN_SEED, encode_ngrams, most_grams, token_buckets, token_grams
from students.rows import StoredRows

BUCKETS = 1009


def test_a_token_is_its_bracketed_whole_and_its_n_grams() -> None:
    assert token_grams("cat", 3, 4, 50) == [b"<ca", b"cat", b"at>", b"<cat", b"cat>"]
    assert token_grams("naïve", 6, 6, 50) == ["<naïve".encode(), "naïve>".encode()]
    assert token_grams("abcdef", 3, 3, 2) == [b"<ab", b"ab>"]  # characters past max_chars are cut
    for token in ("cat", "naïve", "漢字ab", "abcdefgh"):  # one byte per character (sliced as bytes) or not
        buckets = token_buckets(token, BUCKETS, 3, 4, 5)
        assert buckets[0] == zlib.crc32(f"<{token[:5]}>".encode(), WHOLE_TOKEN_SEED) % BUCKETS
        assert buckets[1:] == tuple(zlib.crc32(gram) % BUCKETS for gram in token_grams(token, 3, 4, 5))


def test_the_whole_token_and_the_equal_n_gram_hash_apart() -> None:
    # <the> is both the whole token and a 5-gram: two hash families, two buckets.
    buckets = token_buckets("the", 2**20, 5, 5, 50)
    assert len(buckets) == 2 and buckets[0] != buckets[1]


def test_many_tokens_hashed_at_once_get_each_grams_crc() -> None:
    # Above BULK_TOKENS the n-grams are hashed with numpy over the joined bytes: every row must still be zlib's CRC
    # of each gram, for tokens of one byte per character or not, cut at max_chars, empty or one lone surrogate.
    random.seed(0)
    alphabet = "abcXYZ09_-.'<>éñß漢字€😀Жω\udc80"
    tokens = ["", "a", "x" * 70, "漢字" * 30, *("".join(random.choices(alphabet, k=random.randint(0, 60)))
                                                for _ in range(300))]
    assert len(tokens) >= BULK_TOKENS
    for buckets, min_n, max_n, max_chars in ((BUCKETS, 3, 6, 50), (97, 1, 3, 10), (2**20, 5, 5, 2)):
        encoded = encode_ngrams(tokens, buckets, min_n, max_n, max_chars)
        for token, row in zip(tokens, encoded.tolist()):
            whole = zlib.crc32(f"<{token[:max_chars]}>".encode("utf-8", "surrogateescape"), WHOLE_TOKEN_SEED)
            grams = [whole % buckets, *(zlib.crc32(gram) % buckets for gram in token_grams(token, min_n, max_n,
                                                                                                max_chars))]
            assert row == grams + [buckets] * (len(row) - len(grams))
        width = most_grams(min_n, max_n, max_chars)
        one_by_one = torch.cat([encode_ngrams(tokens[start : start + BULK_TOKENS - 1], buckets, min_n, max_n,
                                              max_chars, width=width)
                                for start in range(0, len(tokens), BULK_TOKENS - 1)])
        assert torch.equal(encode_ngrams(tokens, buckets, min_n, max_n, max_chars, width=width), one_by_one)


def test_encoding_pads_rows_with_the_padding_bucket() -> None:
    encoded = encode_ngrams(["a", "hello", ""], BUCKETS, 3, 6, 50)
    assert encoded.dtype == torch.long
    assert encoded.shape == (3, 1 + len(token_grams("hello", 3, 6, 50)))
    assert encoded[0].tolist()[2:] == [BUCKETS] * (encoded.shape[1] - 2)  # "<a>": whole + one 3-gram
    assert (encoded[2] != BUCKETS).sum() == 1  # "<>": the whole token only
    assert encode_ngrams([], BUCKETS, 3, 6, 50).shape == (0, 1)


def test_the_vector_is_the_sum_of_the_grams_rows_whatever_the_padding() -> None:
    torch.manual_seed(0)
    student = build_student("ngrams", 8, buckets=BUCKETS)
    vectors = student(["hello", "a"])
    rows = student.grams.weight
    expected = rows[list(token_buckets("hello", BUCKETS, 3, 6, 50))].sum(dim=0)
    torch.testing.assert_close(vectors[0], expected)
    encoded = student.encode(["hello", "a"])
    padded = torch.cat([encoded, torch.full((2, 7), BUCKETS)], dim=1)
    torch.testing.assert_close(student(padded), vectors)
    assert torch.equal(rows[BUCKETS], torch.zeros(8))


def test_steps_are_sparse_and_touch_only_the_batchs_grams() -> None:
    torch.manual_seed(0)
    student = build_student("ngrams", 8, buckets=BUCKETS)
    assert sparse_parameters(student) == [student.grams.weight]
    optimizer = torch.optim.SparseAdam(sparse_parameters(student), lr=0.1)
    before = student.grams.weight.detach().clone()
    student(["cat"]).sum().backward()
    assert student.grams.weight.grad is not None and student.grams.weight.grad.is_sparse
    optimizer.step()
    changed = (student.grams.weight.detach() != before).any(dim=1).nonzero().flatten().tolist()
    assert changed == sorted(set(token_buckets("cat", BUCKETS, 3, 6, 50)))


def test_a_dense_student_has_no_sparse_parameters() -> None:
    assert sparse_parameters(build_student("ngrams", 8, buckets=BUCKETS, sparse=False)) == []
    assert sparse_parameters(build_student("retvec-raw", 8)) == []


def test_save_and_load_give_the_same_vectors(tmp_path: Path) -> None:
    torch.manual_seed(0)
    student = build_student("ngrams", 8, buckets=BUCKETS, min_n=2, max_n=4)
    student.save_pretrained(tmp_path / "student")
    loaded = load_student(tmp_path / "student")
    assert loaded.config.buckets == BUCKETS and loaded.config.min_n == 2
    torch.testing.assert_close(loaded(["teh", "the"]), student(["teh", "the"]))


def test_training_steps_the_n_gram_student_with_sparse_adam(tmp_path: Path, tiny_bert_dir: Path) -> None:
    from distill.config.training import TrainConfig
    from distill.training import train

    config = TrainConfig(teacher=str(tiny_bert_dir), student="ngrams", student_options={"buckets": 4096},
                         loss="cosine", epochs=8, batch_size=32, lr=3e-2, whole_word_epochs=0, context_epochs=0,
                         eval_every=1, work_dir=str(tmp_path / "runs")).validate()
    result = train(config, quiet=True)  # plain Adam would refuse the sparse gradients
    history = mlflow.MlflowClient().get_metric_history(result.run_id, "mean_cosine")
    assert history[-1].value > history[0].value + 0.2
    assert result.metrics["mean_cosine"] > 0.7  # a hashed gram table memorises the tiny teacher's rows


def test_distill_train_alone_runs_every_default_phase_of_the_ngrams_student(tmp_path: Path, tiny_bert_dir: Path,
                                                                            capsys) -> None:
    """The defaults, shrunk only in size: table alignment, then denoising context distillation at the tokenizer's
    pieces with its joint table batch, both stepping the sparse student (the context phase through the frozen
    model)."""
    import random

    from tiny_models import WORDS

    from distill.cli import main
    from distill.config.training import TrainConfig

    rng = random.Random(0)
    corpus = tmp_path / "corpus.txt"
    corpus.write_text("\n\n".join(" ".join(" ".join(rng.choices(WORDS, k=7)).capitalize() + "." for _ in range(3))
                                  for _ in range(40)))
    argv = ["train", "--teacher", str(tiny_bert_dir), "--corpus", str(corpus), "--epochs", "2",
            "--whole-word-count", "50", "--context-steps-per-epoch", "2", "--student-options", "{buckets: 4096}",
            "--work-dir", str(tmp_path / "runs"), "--quiet"]
    assert main(argv) == 0, capsys.readouterr().err
    (run,) = mlflow.search_runs(search_all_experiments=True, output_format="list")
    defaults = TrainConfig()
    assert run.data.params["student"] == "ngrams" and run.data.params["context_one_position"] == "False"
    assert run.data.params["context_noise"] == defaults.context_noise and "human" in defaults.context_noise
    client = mlflow.MlflowClient()
    context_losses = client.get_metric_history(run.info.run_id, "context_loss")
    assert len(context_losses) == defaults.context_epochs and all(point.value > 0 for point in context_losses)
    last = client.get_metric_history(run.info.run_id, "mean_cosine")[-1].step
    assert last == 2 + defaults.whole_word_epochs + defaults.context_epochs


@pytest.mark.parametrize(("precision", "dtype", "tolerance"),
                         [("fp16", torch.float16, 1e-3), ("int8", torch.uint8, 2e-2), ("int4", torch.uint8, 1e-1),
                          ("nf4", torch.uint8, 1e-1)])
def test_a_stored_student_gives_the_trained_vectors_from_a_smaller_table(tmp_path: Path, precision: str,
                                                                        dtype: torch.dtype, tolerance: float) -> None:
    trained = build_student("ngrams", 24, buckets=BUCKETS).eval()
    stored = trained.at_precision(precision)
    tokens = ["cat", "catalogue", "naïve", "##ing", "a"]
    assert stored.grams.weight.dtype == dtype and not list(stored.parameters())
    assert stored.grams.weight.element_size() * stored.grams.weight.nelement() < trained.grams.weight.nbytes
    with torch.no_grad():
        expected, found = trained(tokens), stored(tokens)
    assert torch.nn.functional.cosine_similarity(found, expected).min() > 1 - tolerance
    stored.save_pretrained(tmp_path / "stored")
    reloaded = load_student(tmp_path / "stored")
    assert reloaded.hparams["precision"] == precision
    torch.testing.assert_close(reloaded(tokens), found, rtol=0, atol=0)


@pytest.mark.parametrize(("precision", "row_bytes", "tolerance"),
                         [("int8", 16 + 8, 0.05), ("int4", 8 + 4, 0.6), ("nf4", 8 + 2, 0.6)])
def test_packed_rows_sum_as_the_float_rows_on_the_cpu_and_off_it(precision: str, row_bytes: int,
                                                                   tolerance: float) -> None:
    """The fused CPU kernel (int8, int4) and the path used without it (off the CPU, and for nf4 everywhere: each row
    named made float32 once, then summed) read the same packed rows as the rows dequantised bag by bag, and a zero
    (padding) row stays zero."""
    weight = torch.randn(50, 16, generator=torch.Generator().manual_seed(0))
    weight[49] = 0
    table = StoredRows(50, 16, precision).store(weight)
    assert table.weight.dtype == torch.uint8 and table.weight.shape == (50, row_bytes)
    bags = torch.tensor([[1, 2, 49], [3, 49, 49], [49, 49, 49]])
    expected = torch.nn.functional.embedding_bag(bags, weight, mode="sum")
    found, unfused = table(bags), table.summed(*table.packed_bags(bags))
    each_bag = table.dequantized(table.weight[bags]).sum(dim=1)
    torch.testing.assert_close(found, expected, rtol=0, atol=tolerance)
    torch.testing.assert_close(unfused, each_bag, rtol=0, atol=1e-5)
    torch.testing.assert_close(found, each_bag, rtol=0, atol=1e-5)
    assert found[2].abs().max() == 0 and unfused[2].abs().max() == 0
    empty = torch.zeros(0, 3, dtype=torch.long)
    assert table(empty).shape == table.summed(*table.packed_bags(empty)).shape == (0, 16)


@pytest.mark.parametrize("precision", ["fp32", "fp16", "int8", "int4", "nf4"])
def test_a_table_that_knows_its_padding_row_leaves_it_out_and_sums_the_same_to_the_bit(precision: str) -> None:
    """Words' rows of grams are padded to the batch's longest word: with ``padding_idx`` the fused kernels are given
    the named rows alone (the padding entries, most of a batch of words', left out), and every sum is what the table
    without it gives, to the bit, a bag of padding alone and a bag of no entries included."""
    weight = torch.randn(50, 16, generator=torch.Generator().manual_seed(0))
    weight[49] = 0
    padded, plain = (StoredRows(50, 16, precision, padding_idx=index).store(weight) for index in (49, None))
    bags = torch.tensor([[1, 2, 49, 49], [3, 49, 49, 49], [49, 49, 49, 49], [4, 5, 6, 7]])
    assert torch.equal(padded(bags), plain(bags))
    assert padded(bags)[2].abs().max() == 0
    indices, offsets = padded.packed_bags(bags)
    assert indices.tolist() == [1, 2, 3, 4, 5, 6, 7] and offsets.tolist() == [0, 2, 3, 3]
    for empty in (torch.zeros(0, 4, dtype=torch.long), torch.zeros(2, 0, dtype=torch.long)):
        assert torch.equal(padded(empty), torch.zeros(len(empty), 16))


@pytest.mark.parametrize("precision", ["fp32", "fp16", "int8", "int4", "nf4"])
def test_bags_left_out_by_a_selection_sum_to_zeros_and_the_others_as_without_it(precision: str) -> None:
    """A vocabulary-free export reads every position's row and selects its words' (``vectors_where``): the bags
    ``selected`` leaves out are packed empty and sum to zeros, the others to the sums of the whole table to the bit;
    a table without a padding row refuses a selection, in one line."""
    weight = torch.randn(50, 16, generator=torch.Generator().manual_seed(0))
    weight[49] = 0
    table = StoredRows(50, 16, precision, padding_idx=49).store(weight)
    bags = torch.tensor([[1, 2, 49, 49], [3, 49, 49, 49], [8, 9, 10, 11], [4, 5, 6, 7]])
    selected = torch.tensor([True, False, True, False])
    found = table(bags, selected)
    assert torch.equal(found[selected], table(bags)[selected])
    assert not found[~selected].any()
    indices, offsets = table.packed_bags(bags, selected)
    assert indices.tolist() == [1, 2, 8, 9, 10, 11] and offsets.tolist() == [0, 2, 2, 6]
    with pytest.raises(ValueError, match="padding_idx"):
        StoredRows(50, 16, precision).store(weight)(bags, selected)


def test_int4_rows_keep_the_clipped_range_with_the_least_squared_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """With 16 levels, spanning a heavy-tailed row's whole range coarsens every step for a few outlying values; each
    row keeps the range with the least squared error, never more than FBGEMM's whole-range packing gives, which is
    the packing of the whole range alone, byte for byte."""
    generator = torch.Generator().manual_seed(0)
    weight = torch.randn(64, 32, generator=generator) / torch.rand(64, 32, generator=generator).add(0.05).sqrt()
    clipped = StoredRows(64, 32, "int4").store(weight)
    whole_range = torch.ops.quantized.embedding_bag_4bit_prepack(weight)
    error = (clipped.dequantized(clipped.weight) - weight).square().sum(dim=1)
    whole_range_error = (clipped.dequantized(whole_range) - weight).square().sum(dim=1)
    assert bool((error <= whole_range_error + 1e-6).all()) and error.sum() < 0.97 * whole_range_error.sum()
    monkeypatch.setattr(rows, "CLIP_RATIOS", (1.0,))
    assert torch.equal(rows.pack_int4(weight), whole_range)
    with pytest.raises(ValueError, match="needs an even width"):
        StoredRows(4, 7, "int4")


def test_nf4_rows_are_normalfloat_levels_nearer_wide_normal_rows_than_int4(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each nf4 value is one of QLoRA's 16 levels times its row's scale. On rows as wide as a student's (384
    values, normally distributed as a trained table's are), they sit nearer the values than int4's evenly spaced
    levels, in two bytes less a row; the clipped scale is never further from a row than its largest magnitude."""
    weight = torch.randn(64, 384, generator=torch.Generator().manual_seed(0))
    nf4, int4 = StoredRows(64, 384, "nf4").store(weight), StoredRows(64, 384, "int4").store(weight)
    assert nf4.weight.shape[1] == int4.weight.shape[1] - 2 == 384 // 2 + 2
    scales = nf4.weight[:, 192:].contiguous().view(torch.float16).float()
    levels = nf4.dequantized(nf4.weight) / scales
    nearest = (levels.unsqueeze(-1) - torch.tensor(rows.NF4_LEVELS)).abs().amin(dim=-1)
    assert nearest.max() < 1e-6

    def error(table: StoredRows) -> torch.Tensor:
        return (table.dequantized(table.weight) - weight).square().sum(dim=1)

    assert error(nf4).sum() < 0.9 * error(int4).sum()
    monkeypatch.setattr(rows, "CLIP_RATIOS", (1.0,))
    largest_magnitude = StoredRows(64, 384, "nf4").store(weight)
    assert bool((error(nf4) <= error(largest_magnitude) + 1e-6).all())
    assert torch.allclose(largest_magnitude.weight[:, 192:].contiguous().view(torch.float16).float(),
                          weight.abs().amax(dim=1, keepdim=True), rtol=1e-3)
    with pytest.raises(ValueError, match="needs an even width"):
        StoredRows(4, 7, "nf4")


def test_only_a_float32_student_is_stored_smaller() -> None:
    with pytest.raises(StudentError, match="already stored at int8"):
        build_student("ngrams", 8, buckets=BUCKETS).at_precision("int8").at_precision("fp16")
    with pytest.raises(StudentError, match="precision must be one of"):
        build_student("ngrams", 8, buckets=BUCKETS).at_precision("int2")
    with pytest.raises(StudentError, match="stored in float32 only"):
        build_student("retvec", 8).at_precision("int8")
