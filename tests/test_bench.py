"""``distill bench``: a smoke run writes its table everywhere; FLOP counts and the fast BytesCNN are exact.

Timings are never asserted: only that the benchmark runs, records what it measured,
and that the quantities it divides by time (analytic FLOP counts) are right.
"""

from __future__ import annotations

import dataclasses
import json
import re
import shlex
import subprocess
import time
from collections import Counter
from itertools import permutations

import mlflow
import pytest
import torch
from tiny_models import TABLE_ONLY_BYTESCNN
from torch.utils.flop_counter import FlopCounterMode

from distill.bench.quality import QualityClock, time_to_quality
from distill.bench.runner import quality_teacher
from distill.bench.vocabfree import SOURCE, TURN_SENTENCES, batch_1_medians, median_speedups, paired_ratios
from distill.cli import main
from distill.config.training import TrainConfig
from distill.errors import DistillError
from distill.training import Trainer, TrainerCallback
from students import build_student
from students.bytescnn import BytesCNN
from teachers import load_teacher

SMOKE_STUDENTS = ["bytescnn-small", "retvec", "hlm-intra-small"]
TOKENS = ["hello", "##ing", "[CLS]", "naïve", "a", "telecommunications"]


def test_quick_bench_prints_and_records_one_table(tmp_path, tiny_bert_dir, capsys, monkeypatch) -> None:
    monkeypatch.setattr("distill.bench.runner.QUICK_ROWS", 40)  # the tiny teacher has fewer than 512 rows
    results = tmp_path / "out" / "RESULTS.md"
    argv = ["bench", "--quick", "--profile", "--teacher", str(tiny_bert_dir), "--results", str(results),
            "--students", *SMOKE_STUDENTS]
    assert main(argv) == 0
    printed = capsys.readouterr().out
    assert printed.splitlines()[0].split() == ["section", "subject", "figure", "value", "unit", "note"]
    for student in SMOKE_STUDENTS:
        assert any(line.split()[:3] == ["training", f"{student},", "batch"] for line in printed.splitlines())
    rows = len(load_teacher(str(tiny_bert_dir)))
    scope = "Quick mode, a smoke run of the full benchmark's code at a small scale: 1 round of 1 training step"
    assert scope in printed and f"time to quality on 40 of the teacher's {rows} rows" in printed
    text = results.read_text()
    assert f"Command: `distill {shlex.join(argv)}`" in text  # the command given, not the test runner's
    assert f"- torch: {torch.__version__}" in text and "- cpu: " in text and "- torch_threads: " in text
    assert re.search(r"^- date: 20\d\d-\d\d-\d\d$", text, re.M)
    assert "- commit: " in text and re.search(r"^- fp32 matmul: \d+ GFLOP/s$", text, re.M)
    assert "| machine | fp32 | matmul rate |" in text and "## Where the time goes" in text
    assert "| time to quality | paper recipe |" in text and "default recipe: " in text
    assert "| surgery | baked | throughput ÷ untouched |" in text and f"40 of the vocabulary's {rows} rows" in text
    assert f"- {scope}" in text and f"on {load_teacher(str(tiny_bert_dir)).name} (40 × 32)" in text

    (run,) = mlflow.search_runs(experiment_names=["distill-bench"], output_format="list")
    metrics = run.data.metrics
    assert metrics["machine/fp32/matmul_rate"] > 0
    for student in SMOKE_STUDENTS:
        assert metrics[f"training/{student}_batch_8/throughput"] > 0
        assert metrics[f"training/{student}_batch_8/peak_host_memory"] > 0
        assert metrics[f"surgery/{student}/live_embedding"] > 0
    assert 0 <= metrics["time_to_quality/paper_recipe/recall_at_1_at_stop"] <= 1
    curve = mlflow.MlflowClient().get_metric_history(run.info.run_id, "curve/fast_fp32/recall_at_1")
    assert [point.step for point in curve] == list(range(1, len(curve) + 1)) and curve
    assert run.data.params["machine.torch"] == torch.__version__ and run.data.params["quick"] == "True"
    logged = mlflow.artifacts.load_text(f"runs:/{run.info.run_id}/RESULTS.md")
    assert logged == text


@pytest.mark.parametrize(("arguments", "message"), [
    (["--students", "nope"], "unknown student 'nope'; valid students:"),
    (["--sizes", "--points", "ngrams:epochs=-1"], "epochs must be a non-negative integer"),
    (["--sizes", "--points", "bytescnn-tiny:lr=0"], "lr must be positive, got 0"),
])
def test_bad_input_is_one_line_exit_2(tmp_path, capsys, arguments, message) -> None:
    assert main(["bench", "--quick", "--results", str(tmp_path / "R.md"), *arguments]) == 2
    error = capsys.readouterr().err
    assert error.startswith("error:") and message in error and error.count("\n") == 1
    assert not (tmp_path / "R.md").exists()


def counted_flops(run) -> int:
    with FlopCounterMode(display=False) as counter:
        run()
    return counter.get_total_flops()


def forward_backward(forward, encoded: torch.Tensor, backward: bool):
    def run() -> None:
        output = forward(encoded)
        if backward:
            output.sum().backward()
    return run


@pytest.mark.parametrize("backward", [False, True])
@pytest.mark.parametrize(("name", "options"), [
    ("retvec", {}), ("retvec-raw", {}), ("hlm-intra-small", {"char_vocab_size": 1024}),
    ("hlm-intra", {"char_vocab_size": 64, "num_layers": 1}),
])
def test_analytic_flops_match_the_flop_counter(name, options, backward) -> None:
    torch.manual_seed(0)
    student = build_student(name, dim=24, **options)
    encoded = student.encode(TOKENS)
    assert student.matmul_flops(encoded, backward=backward) == counted_flops(
        forward_backward(student.forward_encoded, encoded, backward))


def per_filter_reference(student: BytesCNN, encoded: torch.Tensor, columns) -> torch.Tensor:
    """CharacterBERT's computation, written out: each ``Conv1d`` over the first ``columns(width)`` byte
    positions, max over time, ReLU, highway layers ``g·x + (1−g)·relu(W_h x)``, projection."""
    embedded = student.byte_embedding(encoded).transpose(1, 2)
    pooled = [conv(embedded[..., : columns(conv.kernel_size[0])]).amax(dim=-1) for conv in student.convolutions]
    hidden = torch.relu(torch.cat(pooled, dim=-1))
    for layer in student.highway.layers:
        transform, gate = layer(hidden).chunk(2, dim=-1)
        gate = torch.sigmoid(gate)
        hidden = gate * hidden + (1 - gate) * torch.relu(transform)
    return student.projection(hidden)


@pytest.mark.parametrize("tokens", [TOKENS, TOKENS + ["x" * 60]], ids=["trimmed", "full-width"])
@pytest.mark.parametrize("options", [{"num_highway": 0}, {"filters": [[3, 8], [1, 4], [5, 6], [3, 2]]}],
                         ids=["paper-filters", "unsorted-repeated-filters"])
def test_one_matmul_bytescnn_equals_per_filter_convolutions(options, tokens) -> None:
    """Values and gradients, in float64 so that only summation order could differ; and its FLOP count."""
    torch.manual_seed(0)
    student = build_student("bytescnn-small", dim=24, max_bytes_per_token=32, **options).double()
    encoded = student.encode(tokens)
    positions, trimmed = student.window_starts(encoded)
    assert trimmed == (len(tokens) == len(TOKENS))
    full_width = encoded.shape[1]

    def gradients(forward) -> list[torch.Tensor]:
        student.zero_grad()
        (forward(encoded) * torch.linspace(-1, 1, 24, dtype=torch.float64)).sum().backward()
        return [parameter.grad.clone() for parameter in student.parameters()]

    reference = per_filter_reference(student, encoded, lambda width: full_width)
    torch.testing.assert_close(student.forward_encoded(encoded), reference, rtol=1e-12, atol=1e-12)
    for fast, slow in zip(gradients(student.forward_encoded),
                          gradients(lambda x: per_filter_reference(student, x, lambda width: full_width))):
        torch.testing.assert_close(fast, slow, rtol=1e-10, atol=1e-12)

    # The analytic count is the per-filter work over the windows that matter: up to the first
    # all-padding one when trimmed (positions - 1 content columns + width), every window otherwise.
    needed = (lambda width: positions - 1 + width) if trimmed else (lambda width: full_width)
    for backward in (False, True):
        reference_step = forward_backward(lambda x: per_filter_reference(student, x, needed), encoded, backward)
        expected = counted_flops(reference_step)
        assert student.matmul_flops(encoded, backward=backward) == expected


def test_trimming_needs_room_for_the_widest_filter_after_the_content(monkeypatch) -> None:
    student = build_student("bytescnn-small", dim=8, max_bytes_per_token=16)
    short, long = student.encode(["abcdefg"]), student.encode(["abcdefgh"])  # 9 and 10 ids with BOW/EOW
    assert student.window_starts(short) == (10, True)  # 9 + 7 ≤ 16: starts 0..9
    assert student.window_starts(long) == (16, False)  # 10 + 7 > 16: every start, masked
    assert student.window_starts(short, trim=False) == (16, False)  # the GPU's path: every start, masked
    batch = student.encode(["a", "abcdefg", "hello"])
    trimmed = student.pool_windows(batch)
    every_start = BytesCNN.window_starts
    monkeypatch.setattr(student, "window_starts", lambda encoded, trim=True: every_start(student, encoded, trim=False))
    torch.testing.assert_close(student.pool_windows(batch), trimmed, rtol=1e-5, atol=1e-6)


def test_gpu_profile_counts_each_kernel_once() -> None:
    # Kineto lists a GPU kernel both as its operator's self device time and as an event of its own.
    from types import SimpleNamespace

    from torch.autograd import DeviceType

    from distill.bench.profiling import summarize

    def event(key: str, device_us: float, device_type: DeviceType) -> SimpleNamespace:
        return SimpleNamespace(key=key, count=3, self_cpu_time_total=10.0, self_device_time_total=device_us,
                               device_type=device_type)

    averages = [event("aten::mm", 600.0, DeviceType.CPU), event("aten::add_", 400.0, DeviceType.CPU),
                event("sm90_xmma_gemm_kernel", 600.0, DeviceType.CUDA),
                event("elementwise_kernel", 400.0, DeviceType.CUDA)]
    text = summarize(averages, "bytescnn-small", 256, 3, torch.device("cuda"))
    assert "60.0% of all self time" in text
    assert "| `aten::mm` | 3 | 600 | 60.0% |" in text and "gemm_kernel" not in text


def test_a_gpu_runs_training_steps_on_its_stand_in_table(tiny_bert_dir) -> None:
    # On a GPU the throughput and the profile train on a random bert-base-wide table in place of the teacher's
    # rows; the default recipe's later phases read the teacher's transformer, whose width differs (CPU here:
    # the stand-in is built the same way on any device).
    from distill.bench.profiling import profile_training
    from distill.bench.runner import STAND_IN_DIM, throughput_teacher
    from distill.bench.throughput import training_throughput
    from distill.bench.timing import Probes

    stand_in = throughput_teacher(load_teacher(str(tiny_bert_dir)), torch.device("cuda"))
    assert stand_in.table.shape[1] == STAND_IN_DIM
    cpu, student = torch.device("cpu"), "bytescnn-small"
    result = training_throughput(student, stand_in, cpu, Probes(lambda: 1.0), batch_size=8, rounds=1, steps=1)
    assert result.tokens_per_s > 0 and result.gflops > 0
    assert "self time" in profile_training(student, stand_in, cpu, batch_size=8, steps=1)


QUALITY_CONFIG = TrainConfig(**{**TABLE_ONLY_BYTESCNN, "student_options": {"filters": [[1, 8], [2, 8]],
                                                                           "max_bytes_per_token": 8}},
                             epochs=4, batch_size=32, device="cpu")


def test_time_to_quality_says_what_stopped_it(tiny_bert_dir) -> None:
    teacher = load_teacher(str(tiny_bert_dir))
    config = dataclasses.replace(QUALITY_CONFIG, epochs=2)
    finished = time_to_quality(config, teacher, torch.device("cpu"), time_cap=1e6)
    assert (finished.epochs, finished.stopped_by) == (2, "its 2 epochs ran")
    capped = time_to_quality(config, teacher, torch.device("cpu"), time_cap=1e-6)
    assert (capped.epochs, capped.stopped_by) == (1, "the 0 s cap")


def test_time_to_quality_is_the_training_loop_stopped_by_its_clock_at_the_target(tiny_bert_dir, monkeypatch) -> None:
    """The same seeded run, once to its last epoch and once with a target met on the way: the clock stops
    the trainer's own loop at the first epoch that meets it, after exactly that many epochs."""
    teacher = load_teacher(str(tiny_bert_dir))
    fits, epochs_run = [], []
    fit, run_epoch = Trainer.fit, Trainer.run_epoch

    def spied_fit(trainer, callbacks=(), *args, **kwargs):
        fits.append([type(callback) for callback in callbacks])
        return fit(trainer, callbacks, *args, **kwargs)

    def counted_run_epoch(trainer, epoch, *args, **kwargs):
        epochs_run.append(epoch)
        return run_epoch(trainer, epoch, *args, **kwargs)

    monkeypatch.setattr(Trainer, "fit", spied_fit)
    monkeypatch.setattr(Trainer, "run_epoch", counted_run_epoch)
    full = time_to_quality(QUALITY_CONFIG, teacher, torch.device("cpu"), time_cap=1e6)
    assert (full.epochs, epochs_run, fits) == (4, [1, 2, 3, 4], [[QualityClock]])
    assert full.stopped_by == "its 4 epochs ran"

    cosines = [point["mean_cosine"] for point in full.history]
    target = cosines[2]  # met at epoch 3 at the latest
    first_met = next(epoch for epoch, cosine in enumerate(cosines, 1) if cosine >= target)
    monkeypatch.setattr("distill.bench.quality.TARGETS", {"mean_cosine": target, "recall_at_1": 0.0})
    epochs_run.clear()
    stopped = time_to_quality(QUALITY_CONFIG, teacher, torch.device("cpu"), time_cap=1e6)
    assert (stopped.epochs, stopped.stopped_by, epochs_run) == (first_met, "every target met",
                                                                list(range(1, first_met + 1)))
    assert stopped.epochs_to == {"mean_cosine": first_met, "recall_at_1": 1}
    assert stopped.seconds_to["mean_cosine"] == stopped.history[first_met - 1]["seconds"] > 0
    strip = [{key: value for key, value in point.items() if key != "seconds"} for point in stopped.history]
    assert strip == [{key: value for key, value in point.items() if key != "seconds"}
                     for point in full.history[:first_met]]


def test_every_callback_sees_the_epoch_that_one_of_them_stops_at(tiny_bert_dir) -> None:
    from distill.bench.quality import new_trainer

    class Recorder(TrainerCallback):
        def __init__(self, stop_at: int | None) -> None:
            self.stop_at, self.seen = stop_at, []

        def on_epoch_end(self, trainer, epoch, metrics) -> bool:
            self.seen.append((epoch, sorted(metrics)))
            return epoch == self.stop_at

    trainer = new_trainer(QUALITY_CONFIG.validate(), load_teacher(str(tiny_bert_dir)), torch.device("cpu"))
    stopping, watching = Recorder(stop_at=2), Recorder(stop_at=None)
    metrics = trainer.fit([stopping, watching])
    assert [epoch for epoch, _ in stopping.seen] == [epoch for epoch, _ in watching.seen] == [1, 2]
    assert {"train_loss", "lr", "epoch_seconds", "recall_at_1", "mean_cosine"} <= set(watching.seen[-1][1])
    assert metrics["epoch_seconds"] > 0 and sorted(metrics) == watching.seen[-1][1]


def test_a_quick_teacher_is_a_consistent_sample_of_rows(tiny_bert_dir) -> None:
    teacher = load_teacher(str(tiny_bert_dir))
    sample = quality_teacher(teacher, 10)
    assert len(sample) == 10 and sample.dim == teacher.dim and quality_teacher(teacher, 0) is teacher
    for row, token in enumerate(sample.tokens):
        original = teacher.tokens.index(token)
        assert sample.ids[row] == teacher.ids[original] and sample.vocab_tokens[row] == teacher.vocab_tokens[original]
        assert torch.equal(sample.table[row], teacher.table[original])
    assert sample.ids.tolist() == sorted(sample.ids.tolist())


def test_the_fidelity_judge_scores_through_the_shared_evaluation_set_up(tmp_path, tiny_bert_dir) -> None:
    """The time-to-fidelity judge loads its model, tokenizer and held-out corpus with prepare_evaluation (as
    distill evaluate and the sweeps do) and scores a student against the untouched model."""
    from test_surgery import SMALL_BYTESCNN
    from test_sweeps import write_corpus

    from distill.bench.fidelity import FidelityJudge
    from distill.evaluation import EvaluationSetup

    corpus = write_corpus(tmp_path)
    other = corpus.with_name("other.txt")
    other.write_text("\n\n".join(reversed(corpus.read_text().split("\n\n"))))
    judge = FidelityJudge(str(tiny_bert_dir), [str(corpus), str(other)], torch.device("cpu"), seeds=2, samples=4,
                          max_length=16, batch_size=4)
    assert isinstance(judge.setup, EvaluationSetup) and [c.name for c in judge.corpora] == ["corpus", "other"]
    student = build_student("bytescnn-small", judge.setup.model.config.hidden_size, **SMALL_BYTESCNN)
    scores = judge(student)
    for path in ("", "/wordpiece"):  # the vocabulary-free path, and the WordPiece path beside it
        domains = [scores[f"{name}/sentence_cosine{path}"] for name in ("corpus", "other")]
        assert scores[f"sentence_cosine{path}"] == min(domains)  # the headline is the worst domain
    assert all(-1.0 <= value <= 1.0 for value in scores.values()) and student.training  # its mode is given back


def test_the_fidelity_judge_fits_its_samples_to_a_small_teachers_positions(tmp_path, tiny_bert_dir) -> None:
    """``distill bench --fidelity --teacher`` a model of 64 positions: samples of the default 128 tokens stopped at
    the position embeddings (96 tokens against 64); they are cut to the model's positions."""
    import random

    from test_surgery import SMALL_BYTESCNN
    from tiny_models import MAX_POSITIONS, WORDS

    from distill.bench.fidelity import FidelityJudge

    rng = random.Random(0)
    corpus = tmp_path / "long.txt"  # paragraphs of 3 sentences of 40 words: samples longer than 64 tokens
    corpus.write_text("\n\n".join(" ".join(" ".join(rng.choices(WORDS, k=40)).capitalize() + "." for _ in range(3))
                                   for _ in range(8)) + "\n")
    judge = FidelityJudge(str(tiny_bert_dir), [str(corpus)], torch.device("cpu"), seeds=2, samples=4, batch_size=4)
    assert judge.max_length == MAX_POSITIONS
    student = build_student("bytescnn-small", judge.setup.model.config.hidden_size, **SMALL_BYTESCNN)
    assert all(-1.0 <= value <= 1.0 for value in judge(student).values())


def test_an_exports_speed_is_paired_with_the_sources_batch_by_batch_not_taken_from_a_pass_or_a_best_round() -> None:
    """The export takes 1.1 times the source's seconds, but a slow moment of the machine falls on one of its batches
    in the first round and a fast one on two of its turns in the second: each one's best round would call it 1.36
    times as fast, the first round's pass 0.55 times; paired batch by batch, the median keeps 1/1.1."""
    rounds = [{SOURCE: [1.0, 1.0, 1.0], "export": [1.1, 1.1, 3.3]},
              {SOURCE: [1.0, 1.0, 1.0], "export": [0.55, 0.55, 1.1]},
              {SOURCE: [2.0, 2.0, 2.0], "export": [2.2, 2.2, 2.2]}]
    fastest = {label: min(sum(seconds[label]) for seconds in rounds) for label in (SOURCE, "export")}
    assert fastest[SOURCE] / fastest["export"] == pytest.approx(3.0 / 2.2)
    assert sum(rounds[0][SOURCE]) / sum(rounds[0]["export"]) == pytest.approx(3.0 / 5.5)
    ratios = [ratio for seconds in rounds for ratio in paired_ratios(seconds, "export")]
    assert median_speedups({"export": {64: ratios}}) == {"export": {64: pytest.approx(1 / 1.1)}}


def test_the_batch_1_latency_ratio_pairs_each_sentence_with_the_sources() -> None:
    """At batch 1 an export's latency against the source's is the median of its per-sentence ratios: a machine that
    slows to half speed for the second half of a pass slows both models' sentences alike and leaves the ratios at
    1.1, where the ratio of the two models' medians would read whichever half each median fell in."""
    import statistics

    source = [1.0, 1.0, 1.0, 2.0, 2.0]
    seconds = {SOURCE: source, "export": [1.1 * time for time in source]}
    seconds["export"][3:] = [2.2, 2.2]
    assert paired_ratios(seconds, "export") == pytest.approx([1.1] * 5)
    seconds["export"][2] = 2.2  # its third sentence timed in the slow half: the median ratio stays
    assert batch_1_medians({"export": {1: paired_ratios(seconds, "export"), 64: [2.0]}}) == {
        "export": pytest.approx(1.1)}
    assert statistics.median(seconds["export"]) / statistics.median(source) == pytest.approx(2.2)
    with pytest.raises(ValueError):
        paired_ratios({SOURCE: source, "export": [1.0]}, "export")


def test_an_export_read_from_empty_caches_keeps_no_answer_of_the_pass_before(tiny_bert_dir, tmp_path) -> None:
    """``Encoder.reset``, before each pass and tokenizer call timed from empty caches: the tokenizer's pieces,
    tokens and encoded words and the segmenter's answers (the filter's lookups) are gone, as in a new process, and
    the text encodes as before."""
    from distill.bench.vocabfree import load_export
    from distill.export.folder import export_vocabulary_free

    folder = export_vocabulary_free(str(tiny_bert_dir), build_student("ngrams", 32, buckets=256),
                                    tmp_path / "export")
    encoder = load_export(folder, torch.device("cpu"))
    tokenizer = encoder.tokenizer
    texts = ["the players walked to the books", "a walk"]
    first = tokenizer(texts, padding=True)["input_ids"]
    assert tokenizer.piece_cache and tokenizer.row_cache and tokenizer.is_piece.answers
    encoder.reset()
    assert not tokenizer.piece_cache and not tokenizer.row_cache and not tokenizer.token_cache
    assert not tokenizer.is_piece.answers
    assert tokenizer(texts, padding=True)["input_ids"] == first


def test_vocabulary_free_section_measures_both_exports_against_the_source(tmp_path, tiny_bert_dir, capsys) -> None:
    """``distill bench --vocabulary-free``: sentences/s of the export and of --keep-vocabulary against the source
    model, from empty caches and warm, and their tokenizers' times against the source's, in its own block of the
    results file (the rest of the file is kept, a second run replaces the block)."""
    results = tmp_path / "RESULTS.md"
    results.write_text("# `distill bench` results\n\nmeasured before\n")
    argv = ["bench", "--quick", "--vocabulary-free", "--teacher", str(tiny_bert_dir), "--results", str(results),
            "--students", "ngrams"]
    assert main(argv) == 0
    assert "batch 8 ÷ source" in capsys.readouterr().out
    text = results.read_text()
    assert text.startswith("# `distill bench` results\n\nmeasured before\n")
    assert "## Vocabulary-free export: inference speed" in text and "student `ngrams`" in text
    assert re.search(r"Machine: date 20\d\d-\d\d-\d\d, commit \w+\+?, cpu .*, fp32 matmul \d+ GFLOP/s\.", text)
    for label in ("source", "vocabulary-free", "keep-vocabulary", "source, warm", "vocabulary-free, warm",
                  "keep-vocabulary, warm"):
        assert f"| {label} | " in text
    (run,) = mlflow.search_runs(experiment_names=["distill-bench"], output_format="list")
    metrics = run.data.metrics
    for label in ("source", "vocabulary-free", "keep-vocabulary"):
        for figure in ("batch_1", "batch_8", "batch_1_warm", "batch_8_warm"):
            assert metrics[f"vocabulary-free/{label}/{figure}"] > 0
    assert metrics["vocabulary-free/vocabulary-free/batch_8_source"] > 0
    assert metrics["vocabulary-free/vocabulary-free/batch_8_warm_source"] > 0
    assert "Tokenization alone: the first 16 sentences" in text and "median of 3 calls" in text
    for label in ("source", "vocabulary-free", "keep-vocabulary"):  # the tokenizers' times (issue #56)
        assert metrics[f"vocabulary-free/{label}/tokenization"] > 0
        assert metrics[f"vocabulary-free/{label}/tokenization_from_empty_caches"] > 0
    assert metrics["vocabulary-free/vocabulary-free/tokenization_source"] > 0
    assert metrics["vocabulary-free/vocabulary-free/tokenization_from_empty_caches_source"] > 0
    tokenization = text[text.index("Tokenization alone"):]
    assert "| tokenizer | from empty caches: ms (× source) | warm: ms (× source) |" in tokenization
    assert re.search(r"\| vocabulary-free \| [\d.]+ \([\d.]+×\) \| [\d.]+ \([\d.]+×\) \|\n", tokenization)
    for label in ("source", "vocabulary-free", "keep-vocabulary"):  # each sentence alone at batch 1 (issue #56)
        assert metrics[f"vocabulary-free/{label}/batch_1_median_latency"] > 0
        assert metrics[f"vocabulary-free/{label}/batch_1_median_latency_warm"] > 0
    assert metrics["vocabulary-free/vocabulary-free/batch_1_median_latency_source"] > 0
    for label in ("source", "vocabulary-free", "keep-vocabulary"):  # the tokenizer's and input vectors' parts of it
        for kind in ("", "_warm"):
            latency = metrics[f"vocabulary-free/{label}/batch_1_median_latency{kind}"]
            tokenizer = metrics[f"vocabulary-free/{label}/batch_1_median_tokenizer_latency{kind}"]
            inputs = metrics[f"vocabulary-free/{label}/batch_1_median_input_vectors_latency{kind}"]
            assert 0 < tokenizer < latency and 0 < inputs < latency  # medians: their parts need not add up
    assert "Batch 1, each sentence alone: each model's median latency over 16 sentences × 1 rounds" in text
    latency, part = r"[\d.]+ \([\d.]+×\)", r"[\d.]+"
    assert re.search(rf"\| vocabulary-free \| {latency} \| {part} \| {part} \| {latency} \| {part} \| {part} \|", text)
    assert main(argv) == 0
    assert results.read_text().count("## Vocabulary-free export") == 1


def test_the_models_take_their_turns_in_balanced_order_none_twice_in_a_row() -> None:
    """The bench's turns (interleaved_times): each model takes each place of a round of turns equally often, follows
    each of the others equally often (rotations alone, ABC BCA CAB, put B after A in two of its three turns), and
    no model takes two turns in a row, which would give it a second turn with the machine's caches still holding its
    weights (alternating the order, ABC then CBA, gives C and then A two turns in a row)."""
    from distill.bench.vocabfree import interleaved_times, turn_order

    calls: list[str] = []

    class Recorded:
        def __init__(self, label: str) -> None:
            self.label = label

        def encode(self, batches: list[list[str]], max_length: int) -> list[float]:
            calls.append(self.label)
            return [1.0] * len(batches)

    labels = ["source", "vocabulary-free", "keep-vocabulary"]
    batches = [["a sentence"]] * (TURN_SENTENCES * 6)  # six rounds of turns at batch size 1
    seconds = interleaved_times({label: Recorded(label) for label in labels}, batches, 16)
    assert all(len(times) == len(batches) for times in seconds.values())
    assert len(calls) == 18 and all(first != second for first, second in zip(calls, calls[1:]))
    for place in range(3):
        assert sorted(calls[place::3]) == sorted(labels * 2)
    followers = Counter(zip(calls, calls[1:] + calls[:1]))  # who follows whom, the sixth round followed by the first
    assert set(followers) == set(permutations(labels, 2)) and set(followers.values()) == {3}
    assert turn_order(labels, 6) == turn_order(labels, 0) == labels


def test_each_ratio_is_given_with_the_lowest_and_highest_of_the_rounds_own_medians(tiny_bert_dir) -> None:
    """What pairing leaves from round to round is shown beside each ratio: the lowest and highest of the rounds' own
    medians of the paired ratios, as speeds over the source's at each batch size (the inverses of the latency
    ratios) and as latencies over the source's at batch 1; one round gives the ratio alone."""
    import dataclasses

    from distill.bench.vocabfree import render_vocabulary_free, vocabulary_free_throughput

    result = vocabulary_free_throughput(str(tiny_bert_dir), "ngrams", torch.device("cpu"), sentences=8, rounds=2,
                                        batch_sizes=(1, 4), tokenized_sentences=8, tokenizer_calls=1)
    for warm in (False, True):
        for label in ("vocabulary-free", "keep-vocabulary"):
            rounds = (result.warm_round_ratios if warm else result.round_ratios)[label]
            assert len(rounds[1]) == len(rounds[4]) == 2 and all(ratio > 0 for ratio in rounds[1] + rounds[4])
            assert result.spread(label, 1, warm, speed=False) == (min(rounds[1]), max(rounds[1]))
            assert result.spread(label, 4, warm) == (1 / max(rounds[4]), 1 / min(rounds[4]))
    block = render_vocabulary_free(result, {"cores": "2"}, "distill bench --vocabulary-free", 2)
    assert re.search(r"\| vocabulary-free \| [\d.]+ \(\d\.\d\d×, rounds \d\.\d\d–\d\.\d\d\) \|", block)
    assert re.search(r"\| vocabulary-free \| [\d.]+ \(\d\.\d{3}×, rounds \d\.\d{3}–\d\.\d{3}\) \|", block)
    made = dataclasses.replace(result, latency_ratios={"export": 1.05}, speedups={"export": {64: 0.97}},
                               round_ratios={"export": {1: [1.10, 1.02, 1.04], 64: [1 / 0.96, 1 / 0.99]}})
    assert made.ratio_text("export", 1, speed=False) == "1.050×, rounds 1.020–1.100"
    assert made.ratio_text("export", 64) == "0.97×, rounds 0.96–0.99"
    alone = dataclasses.replace(made, round_ratios={"export": {1: [1.05], 64: [1 / 0.97]}})
    assert alone.ratio_text("export", 1, speed=False) == "1.050×" and alone.ratio_text("export", 64) == "0.97×"


def test_the_input_vectors_are_timed_from_the_models_call_to_the_end_of_its_embeddings_layer(tiny_bert_dir) -> None:
    """At batch 1 the bench tells an export's added time apart into its tokenizer's and its input vectors': each call
    of a model records the seconds from its start to the end of its encoder's embeddings layer, which ran within them;
    a model whose encoder has no embeddings layer records nothing."""
    from transformers import AutoModel

    from distill.bench.vocabfree import input_vector_timer

    model = AutoModel.from_pretrained(tiny_bert_dir).eval()
    seconds: list[float] = []
    input_vector_timer(model, seconds)
    within: list[float] = []
    embeddings_forward = model.embeddings.forward

    def timed_embeddings(*args, **kwargs):
        started = time.perf_counter()
        output = embeddings_forward(*args, **kwargs)
        within.append(time.perf_counter() - started)
        return output

    model.embeddings.forward = timed_embeddings
    ids = torch.tensor([[2, 5, 6, 3]])
    with torch.no_grad():
        for _ in range(3):
            started = time.perf_counter()
            model(input_ids=ids)
            whole = time.perf_counter() - started
            assert within[-1] <= seconds[-1] < whole
    assert len(seconds) == 3

    class NoEmbeddings(torch.nn.Module):
        base_model = None

    bare: list[float] = []
    no_embeddings = NoEmbeddings()
    input_vector_timer(no_embeddings, bare)
    assert not bare and not no_embeddings._forward_pre_hooks


def test_the_models_take_turns_every_few_sentences_each_encoding_every_batch_once() -> None:
    """A machine whose speed drifts within seconds slows the models alike: they take turns every ``TURN_SENTENCES``
    sentences (at least a batch), in the order of ``turn_order`` (for two models AB, BA, BA, AB: the bench times
    three, where none takes two turns in a row), each encoding every batch once."""
    from distill.bench.vocabfree import TURN_SENTENCES, interleaved_times

    turns: list[tuple[str, int]] = []

    class Recorder:
        def __init__(self, label: str) -> None:
            self.label = label

        def encode(self, batches: list[list[str]], max_length: int) -> list[float]:
            turns.append((self.label, sum(map(len, batches))))
            return [float(len(turns))] * len(batches)

    for batch_size in (1, 8, 2 * TURN_SENTENCES):
        turns.clear()
        batches = [["a sentence"] * batch_size for _ in range(4 * TURN_SENTENCES // batch_size + 1)]
        encoders = {label: Recorder(label) for label in ("source", "export")}
        seconds = interleaved_times(encoders, batches, 16)  # type: ignore[arg-type]
        assert seconds.keys() == encoders.keys()
        assert all(len(times) == len(batches) for times in seconds.values())  # a time per batch, in their order
        assert seconds["source"][0] == 1.0 and seconds["export"][0] == 2.0 and seconds["export"][-1] >= 3.0
        sentences = sum(map(len, batches))
        for label in encoders:
            assert sum(count for name, count in turns if name == label) == sentences
        assert all(count == max(TURN_SENTENCES, batch_size) for _, count in turns[:-2])
        assert [name for name, _ in turns[:4]] == ["source", "export", "export", "source"]


def test_fidelity_contenders_train_every_row_and_unseen_rows_measures_what_an_unseen_row_gets(
        tmp_path, tiny_bert_dir) -> None:
    """``distill bench --fidelity``: the contenders train the whole table, as ``distill train`` does (a held-out row
    would sit untrained at its own position on the segmented path and cap the fidelity); the unseen-rows contender
    alone holds rows out, and only it reports their cosine."""
    from sweep_files import write_corpus

    from distill.bench.fidelity import HOLDOUT, EpochSeconds, contenders

    configs = {contender.name: contender.config("teacher", "cpu", "wiki")
               for contender in contenders(300.0, EpochSeconds(1.0, 3.0, 30.0))}
    assert {name: config.holdout for name, config in configs.items()} == {
        "table": 0.0, "table+frequency": 0.0, "table+context": 0.0, "best": 0.0, "unseen-rows": HOLDOUT}
    results = tmp_path / "RESULTS.md"
    argv = ["bench", "--quick", "--fidelity", "--teacher", str(tiny_bert_dir), "--results", str(results),
            "--fidelity-corpora", str(write_corpus(tmp_path)), "--contenders", "table", "unseen-rows",
            "--budgets", "0.5"]
    assert main(argv) == 0
    unseen_cells: dict[str, list[str]] = {"table": [], "unseen-rows": []}
    for line in results.read_text().splitlines():
        cells = [cell.strip() for cell in line.strip("| ").split(" | ")]
        if cells[0] in unseen_cells and cells[1].endswith(" min"):  # the summary row, then one per judgement
            # The summary row ends with what stopped the run ("… (0 s)"), a judgement row with the unseen cell.
            unseen_cells[cells[0]].append(cells[-2] if cells[-1].endswith(" s)") else cells[-1])
    assert len(unseen_cells["table"]) >= 2 and set(unseen_cells["table"]) == {"—"}  # the summary and each judgement
    assert len(unseen_cells["unseen-rows"]) >= 2
    assert all(-1.0 <= float(cell) <= 1.0 for cell in unseen_cells["unseen-rows"])
    (run,) = mlflow.search_runs(experiment_names=["distill-bench"], output_format="list")
    never_trained = {name for name in run.data.metrics if "never_trained" in name or "rows_never" in name}
    assert never_trained and all("unseen" in name for name in never_trained)
    assert re.search(r"measured first: table \d+\.\d s, whole-word targets \d+\.\d s, context distillation "
                     r"\d+\.\d s\.", results.read_text())


def test_size_table_measures_each_point_and_resumes_where_it_stopped(tmp_path, tiny_bert_dir, capsys,
                                                                     monkeypatch) -> None:
    """``distill bench --sizes``: every point trained, exported at each precision it stores and measured; the table,
    the plot and one MLflow run per point; a second run reuses what the first measured. The quick scale probes each
    memory figure once (the full table keeps the median of three)."""
    from distill.bench import sizes

    probes_asked: list[int] = []
    probe = sizes.peak_memory

    def counted_probe(folder, texts_file, probes=sizes.MEMORY_PROBES):
        probes_asked.append(probes)
        return probe(folder, texts_file, probes)

    monkeypatch.setattr(sizes, "peak_memory", counted_probe)
    results = tmp_path / "out" / "RESULTS.md"
    argv = ["bench", "--sizes", "--quick", "--teacher", str(tiny_bert_dir), "--results", str(results),
            "--points", "ngrams:buckets=97,precision=int4", "retvec-raw", "ngrams:buckets=97,precision=fp32",
            "--point-budget", "5"]
    assert main(argv) == 0
    text = results.read_text()
    assert "## Size against fidelity" in text and "fp32 matmul" in text and "commit " in text and "date 20" in text
    row = {line.split("|")[1].strip(): line for line in text.splitlines() if line.startswith("| ")}
    assert all(precision in row["ngrams buckets=97 precision=int4"] for precision in ("fp32", "int8", "int4"))
    assert any(line.startswith("| retvec-raw |") and "int8" not in line for line in text.splitlines())
    assert (results.parent / "sizes.png").stat().st_size > 0
    kept = sorted((results.parent / "sizes").glob("*.json"), key=lambda path: "int4" not in path.name)
    assert len(kept) == 3  # the third loads its fp32 export after retvec-raw's: each family's code answers for it
    figures = json.loads(kept[0].read_text())
    stored = {precision: sizes["student"] for precision, sizes in figures["bytes"].items()}
    assert stored["int4"] < stored["int8"] < stored["fp16"] < stored["fp32"]
    assert figures["shipped"] == "int4"  # the precision the point names, trained in fp32
    assert 0 < figures["fidelity"]["segmented"]["sentence_cosine"] <= 1 and figures["memory"]["source"] > 0
    assert figures["measured"].startswith("20") and ", commit " in figures["measured"]
    assert " cores, fp32 matmul " in figures["machine"] and figures["machine"].endswith(" GFLOP/s")
    assert figures["epoch_seconds"]["table"] > 0 and figures["epoch_seconds"]["context"] > 0
    for point in (json.loads(path.read_text()) for path in kept):
        assert row[point["label"]].rstrip().endswith(f"| {point['measured']}; {point['machine']} |")
        table_epoch = f"{point['epoch_seconds']['table']:.1f} s"
        assert f"| {point['epochs']['table']}, {point['epochs']['context']} ({table_epoch}, " in row[point["label"]]
    points = mlflow.search_runs(experiment_names=["distill-bench"], output_format="list",
                                filter_string="tags.mlflow.runName LIKE 'size %'")
    assert len(points) == 3 and all(run.data.metrics["size/parameters"] > 0 for run in points)
    assert probes_asked == [1, 1, 1, 1]  # the source's and each point's export, once each
    assert all(run.data.tags["mlflow.parentRunId"] for run in points)
    capsys.readouterr()
    recorded_before = {key: value for key, value in figures.items() if key not in ("machine", "epoch_seconds")}
    kept[0].write_text(json.dumps({**recorded_before, "measured": "2000-01-01, commit abc1234"}))
    assert main(argv) == 0  # every point measured before: nothing is trained again
    rows = [line for line in results.read_text().splitlines() if line.startswith(f"| {figures['label']} |")]
    # A point kept from before its machine was recorded says when it was measured, and no more.
    assert len(rows) == 1 and rows[0].endswith(f"| {figures['epochs']['table']}, {figures['epochs']['context']} "
                                               "| 2000-01-01, commit abc1234 |")
    assert len(mlflow.search_runs(experiment_names=["distill-bench"], output_format="list",
                                  filter_string="tags.mlflow.runName LIKE 'size %'")) == 3


def test_each_familys_frontier_keeps_the_points_that_beat_every_smaller_one_of_the_family() -> None:
    """The size plot's lines: a family is the student's class (two HLM-intra sizes are one family, a point's
    options do not make another), and its frontier runs through its points, smallest first, that keep more than
    every smaller point of the family."""
    from distill.bench.sizes import PointResult
    from distill.bench.sizes_report import family_frontiers, student_family

    def point(label: str, megabytes: float, cosine: float) -> PointResult:
        return PointResult(label=label, run_id="", parameters=1, epochs={"table": 1, "context": 0},
                           bytes={"fp32": {"student": int(megabytes * 1e6), "weights": 1}}, shipped="fp32",
                           memory={}, speed={}, fidelity={"segmented": {"sentence_cosine": cosine}}, robustness={})

    points = [point("hlm-intra-1k-h384", 20.4, 0.92), point("hlm-intra-1k-h128", 2.3, 0.67),
              point("hlm-intra-small", 34.8, 0.37), point("hlm-intra-1k-h256", 11.0, 0.90),
              point("ngrams buckets=16384", 6.4, 0.88), point("ngrams", 22.3, 0.99), point("my-student", 1.0, 0.5)]
    assert [student_family(result.label) for result in points[4:]] == ["NGramStudent", "NGramStudent", "my-student"]
    frontiers = family_frontiers(points)
    assert {family: [result.label for result in frontier] for family, frontier in frontiers.items()} == {
        "my-student": ["my-student"], "HLMIntra": ["hlm-intra-1k-h128", "hlm-intra-1k-h256", "hlm-intra-1k-h384"],
        "NGramStudent": ["ngrams buckets=16384", "ngrams"]}


def test_fill_budget_stretches_a_recipe_that_ends_early(tmp_path, tiny_bert_dir, monkeypatch, capsys) -> None:
    """``--fill-budget``: a point whose recipe would end before the budget trains more epochs, one share more of
    each phase; its figures are kept apart from the same point's at-most-the-budget run, and the page says so. The
    log says what other processes took while its epochs were timed."""
    import dataclasses

    from distill.bench import sizes
    from distill.training import budget

    recipe = sizes.SizePoint.config
    monkeypatch.setattr(sizes.SizePoint, "config",  # a short recipe: 2 table epochs, no context
                        lambda point, *args: dataclasses.replace(recipe(point, *args), epochs=2, context_epochs=0))
    monkeypatch.setattr(budget, "epoch_seconds", lambda config, device: (0.5, 0.0))  # the recipe takes 1 s of 4
    results = tmp_path / "RESULTS.md"
    argv = ["bench", "--sizes", "--quick", "--fill-budget", "--teacher", str(tiny_bert_dir), "--results",
            str(results), "--points", "ngrams:buckets=97,precision=fp32", "--point-budget", "4"]
    assert main(argv) == 0
    (kept,) = (tmp_path / "sizes").glob("*.json")
    assert "_filled_" in kept.name
    assert json.loads(kept.read_text())["epochs"] == {"table": 8, "context": 0}
    assert "training 8 table and 0 context epochs (other processes kept " in capsys.readouterr().err
    assert "recipe for 0.0666667 min (a recipe that ends earlier stretched to fill them)" in results.read_text()


def test_a_point_may_fix_its_recipe() -> None:
    """``NAME:epochs=E,context_epochs=C,lr=R,batch_size=B,frequency_exponent=F``: the recipe's settings replace
    distill train's, not the student's options; the precision stays the export's."""
    from distill.bench.sizes import SizePoint

    point = SizePoint.parse("bytescnn-tiny:epochs=106,context_epochs=7,lr=1e-3,batch_size=128,frequency_exponent=1,"
                            "precision=fp32")
    config = point.config("embedded", "cpu")
    assert (config.epochs, config.context_epochs, config.lr, config.batch_size) == (106, 7, 1e-3, 128)
    assert config.frequency_exponent == 1
    assert config.student_options == {} and point.shipped == "fp32"
    assert SizePoint.parse("bytescnn-tiny").config("embedded", "cpu").epochs != 106


def test_fidelity_contenders_are_sized_by_the_measured_seconds_per_epoch() -> None:
    """The epochs of each contender follow the seconds an epoch took on the machine, not a machine's constant."""
    from distill.bench.fidelity import EpochSeconds, contenders

    def epochs(per_epoch: EpochSeconds) -> dict[str, tuple[int, int]]:
        return {contender.name: (contender.settings["epochs"], contender.settings.get("context_epochs", -1))
                for contender in contenders(600.0, per_epoch)}

    fast, slow = epochs(EpochSeconds(1.0, 5.0, 20.0)), epochs(EpochSeconds(2.0, 10.0, 40.0))
    assert fast["table"] == (600, 0) and slow["table"] == (300, 0)
    assert slow["table+context"][1] < fast["table+context"][1] and slow["best"][1] < fast["best"][1]


def test_the_memory_probe_measures_its_own_python_not_the_bench_that_starts_it(tmp_path, tiny_bert_dir) -> None:
    """The bench trains students before it probes their exports: its own resident memory must not show up as the
    probe's peak (``ru_maxrss`` carries a forked parent's peak across ``exec``)."""
    from distill.bench.footprint import peak_memory

    texts = tmp_path / "texts.txt"
    texts.write_text("a short sentence\nand another, a little longer than the first\n", encoding="utf-8")
    alone = peak_memory(tiny_bert_dir, texts, probes=1)
    ballast = bytearray(b"\x01") * (2 * alone)  # written, so resident in this process
    assert peak_memory(tiny_bert_dir, texts, probes=1) < 1.5 * alone < len(ballast)


def test_the_memory_probe_keeps_the_median_of_its_runs(tmp_path, monkeypatch) -> None:
    """One probe's peak varies with the allocator: the median of the runs is kept, and a failed run is one line."""
    from distill.bench import footprint

    peaks = iter(["300\n", "100\n", "200\n"])
    runs = []

    def probe(command, **_):
        runs.append(command)
        return subprocess.CompletedProcess(command, 0, stdout=next(peaks), stderr="")

    monkeypatch.setattr(footprint.subprocess, "run", probe)
    assert footprint.peak_memory(tmp_path, tmp_path / "texts.txt") == 200 and len(runs) == footprint.MEMORY_PROBES == 3
    monkeypatch.setattr(footprint.subprocess, "run", lambda command, **_: subprocess.CompletedProcess(
        command, 1, stdout="", stderr="Traceback\nMemoryError: out of memory\n"))
    with pytest.raises(DistillError, match=r"^the memory probe of .* failed: MemoryError: out of memory$"):
        footprint.peak_memory(tmp_path, tmp_path / "texts.txt")


def test_figures_name_the_commit_the_run_started_from(monkeypatch) -> None:
    """A long run's figures name the code it imported, not what the checkout holds by the time it writes them."""
    from distill.bench import machine

    heads = iter(["1111111", "", "2222222", ""])  # rev-parse, then status, at each read of the checkout
    monkeypatch.setattr(machine.subprocess, "run",
                        lambda *args, **kwargs: subprocess.CompletedProcess(args, 0, stdout=next(heads)))
    machine.running_commit.cache_clear()
    try:
        assert machine.running_commit() == "1111111"  # read as the run starts
        assert machine.provenance()["commit"] == "1111111"  # a commit made since is not the one it ran
    finally:
        machine.running_commit.cache_clear()
