"""What a user sees first: help, version, fast errors, runs and experiments named for the MLflow UI (#14)."""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path
from types import SimpleNamespace

import mlflow
import pytest

from distill.cli import main
from distill.evaluation.runner import evaluation_run_name
from distill.objectives.registry import OBJECTIVES
from distill.tracking import store
from sweeps.runs import trial_run_name

ROOT = Path(__file__).resolve().parents[1]


def test_bare_distill_prints_help_and_version_is_known(capsys) -> None:
    assert main([]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: distill") and "train" in out and "robustness" in out
    try:
        main(["--version"])
    except SystemExit as exited:
        assert exited.code == 0
    assert capsys.readouterr().out.startswith("distill ")


def test_a_missing_config_is_reported_before_torch_is_imported(tmp_path) -> None:
    code = ("import sys; from distill.cli import main; code = main(['train', '--config', 'missing.yaml']); "
            "print(code, 'torch' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, check=True)
    assert result.stdout.split() == ["2", "False"]
    assert result.stderr == "error: config file missing.yaml does not exist\n"


def test_bare_help_imports_no_torch_and_train_help_lists_the_valid_names(tmp_path, capsys, monkeypatch) -> None:
    code = ("import sys; from distill.cli import main\n"
            "try:\n    main(['--help'])\nexcept SystemExit as exited:\n    print(exited.code, 'torch' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, check=True)
    assert result.stdout.startswith("usage: distill") and result.stdout.split()[-2:] == ["0", "False"]

    from distill.config.defaults import recipe_names
    from losses import loss_names
    from students import student_names

    monkeypatch.setenv("COLUMNS", "1000")
    with pytest.raises(SystemExit) as exited:
        main(["train", "--help"])
    assert exited.value.code == 0
    text = " ".join(capsys.readouterr().out.split())
    assert f"--student STUDENT student registry name (default: ngrams); one of: {', '.join(student_names())}" \
        in text
    assert f"one of: {', '.join(loss_names())}" in text and f"one of: {', '.join(recipe_names())}" in text
    assert "--alpha ALPHA loss weight" in text
    # Each objective's settings under its own title, in the order of a run (distill.objectives.registry).
    titles = [text.index(f"{listing.title} (a flag wins over the --config file):") for listing in OBJECTIVES]
    assert titles == sorted(titles) and titles[0] > text.index("training settings (a flag wins")
    words, context = text.index("--whole-word-count N how many"), text.index("--context-lr CONTEXT_LR learning rate")
    assert titles[2] < words < titles[3] < context


def test_runs_are_named_by_what_they_compare_or_vary() -> None:
    trial = SimpleNamespace(number=3, params={"loss": "cosine", "context_epochs": 3, "lr": 0.001,
                                              "student_options.embedding_dim": 64}, user_attrs={})
    assert trial_run_name(trial) == "cosine · context_epochs=3 · lr=0.001 · embedding_dim=64 · #3"
    assert evaluation_run_name("embedded", ["bytescnn-small-cosine-1a2b3c4d"]) == (
        "embedded vs bytescnn-small-cosine-1a2b3c4d")
    assert len(evaluation_run_name("/models/bert", ["x" * 80, "y" * 80])) == 120


def test_experiments_describe_themselves_and_open_the_classic_view() -> None:
    experiment_id = store.configure("evaluate")
    tags = mlflow.get_experiment(experiment_id).tags
    assert tags[store.EXPERIMENT_KIND_TAG] == "custom_model_development"
    assert tags["mlflow.note.content"].startswith("Evaluations (distill evaluate)")


def test_few_seeds_are_warned_about_and_no_difference_is_not_called_sameness() -> None:
    from distill.evaluation.report import render
    from distill.evaluation.statistics import PairedTest, ScoreKey, Summary

    key = ScoreKey("student", "pydoc", "fidelity", "sentence_cosine")
    summaries = [Summary(key, 0.5, 0.4), Summary(key._replace(model="baseline"), 1.0, 0.0)]
    text = render(summaries, [PairedTest(key, 1.2, 0.3, 0.05)], seeds=2)
    assert text.startswith("warning: 2 seeds")
    assert "0.3 n.s." in text and "none (not significantly different)" in text
    assert "same as baseline" not in text and "**" not in text
    assert not render(summaries, [PairedTest(key, 9.0, 0.001, 0.05)], seeds=5).startswith("warning")


def test_seeds_that_share_many_sentences_of_a_small_corpus_are_warned_about() -> None:
    # JFLEG's 351 spelling-corrected sentences, 256 drawn per seed: two seeds share 73 % of them.
    from distill.evaluation.report import render
    from distill.evaluation.statistics import PairedTest, ScoreKey, Summary

    key = ScoreKey("student", "essays", "fidelity", "sentence_cosine")
    summaries = [Summary(key, 0.9, 0.01), Summary(key._replace(model="baseline"), 1.0, 0.0)]
    tests = [PairedTest(key, 9.0, 0.001, 0.05)]
    text = render(summaries, tests, seeds=5, sizes={"essays": 351, "wiki": 7335}, samples=256)
    assert text.startswith("warning: essays has 351 sentences and each seed draws 256: two seeds share about 73%")
    assert "use --samples 35 or fewer" in text and "warning: wiki" not in text
    assert not render(summaries, tests, seeds=5, sizes={"essays": 351}, samples=35).startswith("warning")
    assert "share about" not in render(summaries, tests, seeds=1, sizes={"essays": 351}, samples=256)


def test_the_ui_hint_names_an_mlflow_that_runs(monkeypatch) -> None:
    from pathlib import Path

    monkeypatch.setenv("PATH", "/nonexistent")
    command = store.ui_command("sqlite:////tmp/x.db")
    executable, rest = command.split(" ", 1)
    assert Path(executable).is_file() and rest == "ui --backend-store-uri sqlite:////tmp/x.db"
    assert store.ui_command("http://host:5000") == "open http://host:5000 in a browser"
    # The experiment's page in the classic runs view, not MLflow 3.17's default GenAI view.
    assert store.ui_command("sqlite:////tmp/x.db", "7").endswith(
        "ui --backend-store-uri sqlite:////tmp/x.db   then open http://127.0.0.1:5000/#/experiments/7"
        "?workflowType=machine_learning")
    assert store.ui_command("http://host:5000/", "7") == (
        "open http://host:5000/#/experiments/7?workflowType=machine_learning")


def test_training_logged_to_a_file_is_one_plain_line_per_epoch(tmp_path, tiny_bert_dir) -> None:
    import os

    from test_training import write_config

    config = write_config(tmp_path, tiny_bert_dir, epochs=2)
    result = subprocess.run([sys.executable, "-m", "distill.cli", "train", "--config", str(config)],
                            capture_output=True, text=True, env=os.environ.copy(), check=True)
    lines = result.stderr.splitlines()
    assert "\r" not in result.stderr and "\x1b" not in result.stderr
    epochs = [line for line in lines if line.startswith("epoch ")]
    assert [line.split(":")[0] for line in epochs] == ["epoch 1/2 table", "epoch 2/2 table"]
    assert re.search(r"\(\d+ s elapsed, about \d+ s left\)$", epochs[0]), epochs[0]  # the time left (#23)
    assert re.search(r"\(\d+ s elapsed\)$", epochs[1]), epochs[1]
    phases = [line for line in lines if line.startswith("· ")]
    assert lines[0] == phases[0] and phases[0].startswith("· train: student bytescnn-small, loss")  # before torch
    assert phases[1].startswith(f"· loading teacher {tiny_bert_dir}") and phases[2].startswith("· training 2 epochs")
    assert lines.index(phases[2]) < lines.index(next(line for line in lines if line.startswith("epoch ")))


def test_a_clock_tells_the_time_elapsed_and_left() -> None:
    from distill.tracking.progress import Clock, duration

    now = iter([100.0, 160.0, 400.0, 4000.0])
    clock = Clock(4, now=lambda: next(now))
    assert clock.status(1) == "1 min 0 s elapsed, about 3 min 0 s left"
    assert clock.status(2) == "5 min 0 s elapsed, about 5 min 0 s left"
    assert clock.status(4) == "1 h 05 min elapsed"
    assert duration(0.4) == "0 s" and duration(59.6) == "1 min 0 s"


def test_the_time_left_counts_each_phase_at_its_own_pace() -> None:
    from distill.tracking.progress import Clock

    # two table epochs of 2 s, then context epochs of 30 s: once one context epoch has run, the other two
    # count 30 s each, not the 11 s mean of every epoch so far
    now = iter([0.0, 2.0, 4.0, 34.0])
    clock = Clock(5, now=lambda: next(now), kinds=["table", "table", "context", "context", "context"])
    assert clock.status(1) == "2 s elapsed, about 8 s left"  # nothing but table epochs seen yet
    assert clock.status(2) == "4 s elapsed, about 6 s left"
    assert clock.status(3) == "34 s elapsed, about 1 min 0 s left"


def test_differences_have_intervals_effect_sizes_and_holm_adjusted_tests() -> None:
    from scipy import stats

    from distill.evaluation.statistics import ScoreKey, ScoreTable, differences, holm

    assert holm([0.01, 0.04, 0.03, float("nan")])[:3] == pytest.approx([0.03, 0.06, 0.06])
    table = ScoreTable([0, 1, 2, 3, 4])
    key = ScoreKey("baseline", "pydoc", "fidelity", "sentence_cosine")
    table.values[key] = [1.0] * 5
    table.values[key._replace(model="a")] = [0.90, 0.92, 0.91, 0.93, 0.90]
    table.values[key._replace(model="b")] = [0.95, 0.96, 0.94, 0.97, 0.95]
    found = {(diff.key.model, diff.reference): diff for diff in differences(table, "baseline", 0.05)}
    assert set(found) == {("a", "baseline"), ("b", "baseline"), ("a", "b")}
    a_minus_b = found[("a", "b")]
    raw = stats.ttest_rel(table.values[key._replace(model="a")], table.values[key._replace(model="b")]).pvalue
    assert a_minus_b.mean == pytest.approx(-0.042) and a_minus_b.low < a_minus_b.mean < a_minus_b.high < 0
    assert a_minus_b.p_value == pytest.approx(raw) and a_minus_b.p_holm >= a_minus_b.p_value
    assert a_minus_b.effect_size < 0 and a_minus_b.significant


def test_table3_and_the_differences_read_one_paired_test() -> None:
    from distill.evaluation.statistics import ScoreKey, ScoreTable, differences, paired_tests

    table = ScoreTable([0, 1, 2])
    key = ScoreKey("baseline", "pydoc", "fidelity", "sentence_cosine")
    table.values[key] = [1.0, 0.75, 0.5]
    table.values[key._replace(model="shifted")] = [0.75, 0.5, 0.25]  # the same difference on every seed
    table.values[key._replace(model="same")] = [1.0, 0.75, 0.5]
    tests = {test.key.model: test for test in paired_tests(table, "baseline", 0.05)}
    diffs = {diff.key.model: diff for diff in differences(table, "baseline", 0.05) if diff.reference == "baseline"}
    for model in ("shifted", "same"):
        assert tests[model].significant == diffs[model].significant
        assert tests[model].p_value == pytest.approx(diffs[model].p_value, nan_ok=True)
    assert tests["shifted"].significant and not tests["same"].significant


def test_runs_record_the_teacher_table_and_the_evaluation_text_as_dataset_inputs(tmp_path, tiny_bert_dir) -> None:
    from test_surgery import small_bytescnn
    from test_training import write_config

    from distill.evaluation import EvaluationSettings, evaluate

    assert main(["train", "--config", str(write_config(tmp_path, tiny_bert_dir, epochs=1)), "--quiet"]) == 0
    corpus = tmp_path / "text.txt"
    corpus.write_text("\n\n".join(f"The cat {index} sat on the mat. The dog ran." for index in range(12)))
    student = small_bytescnn(32).save_pretrained(tmp_path / "student")
    settings = EvaluationSettings(model=str(tiny_bert_dir), datasets=[str(corpus)], seeds=2, samples=4,
                                  tasks=["fidelity"])
    evaluation = evaluate([str(student)], settings, quiet=True)
    runs = {run.info.run_id: run for run in mlflow.search_runs(search_all_experiments=True, output_format="list")}
    (trained,) = [run for run_id, run in runs.items() if run_id != evaluation.run_id]
    (teacher_input,) = trained.inputs.dataset_inputs
    assert teacher_input.dataset.name.endswith("embedding table") and teacher_input.tags[0].value == "teacher"
    (text_input,) = runs[evaluation.run_id].inputs.dataset_inputs
    assert text_input.dataset.name == "text" and text_input.dataset.digest


def test_a_quick_bench_never_replaces_the_measured_results() -> None:
    from distill.bench.settings import default_results

    assert default_results(quick=True) != default_results(quick=False)
    assert Path(default_results(quick=True)).is_relative_to(tempfile.gettempdir())


def test_reports_are_written_outside_the_tracked_files_unless_named() -> None:
    """Issue 42, item 2: a command run in a clone never edits the project's documents by default; every file a
    command writes unless told where goes under .distill/ in the working folder, which git ignores. The project's
    documents are written when named (--out docs/robustness.md, --results bench/RESULTS.md)."""
    from distill.bench.settings import PROJECT_RESULTS, BenchSettings
    from distill.cli.commands.robustness import StudyFiles
    from distill.config.training import TrainConfig

    defaults = {"bench --results": BenchSettings().results_file(), "robustness --out": StudyFiles.out,
                "robustness --exports": StudyFiles.exports, "train --work-dir": TrainConfig.work_dir}
    ignored = (ROOT / ".gitignore").read_text().splitlines()
    assert ".distill/" in ignored
    assert {flag: path for flag, path in defaults.items() if Path(path).parts[0] != ".distill"} == {}
    assert (ROOT / PROJECT_RESULTS).is_file() and (ROOT / "docs" / "robustness.md").is_file()


def test_a_long_epoch_says_how_far_it_is_and_how_long_it_has_left(capsys) -> None:
    """Issue 23, finding 6: within an epoch (a pass of context distillation) a log showed nothing for minutes."""
    from distill.tracking.progress import STEP_LINE_SECONDS, StepLines

    clock = [0.0]
    lines = StepLines(4, now=lambda: clock[0])
    for seconds in (10.0, STEP_LINE_SECONDS + 2, STEP_LINE_SECONDS + 3, 1000.0):  # when each step ends
        clock[0] = seconds
        lines.update(1)
    assert capsys.readouterr().err.splitlines() == [  # one line: not before STEP_LINE_SECONDS, none at the end
        f"  steps 2/4 ({STEP_LINE_SECONDS + 2:.0f} s elapsed, about {STEP_LINE_SECONDS + 2:.0f} s left in this epoch)"]
    lines.reset(total=2)  # the next epoch: a clock of its own
    assert lines.done == 0 and lines.total == 2


def test_the_context_phase_of_a_logged_run_prints_its_steps_with_the_time_left(tmp_path, tiny_bert_dir, capsys,
                                                                                 monkeypatch) -> None:
    from test_sweeps import write_corpus
    from test_training import write_config

    monkeypatch.setattr("distill.tracking.progress.STEP_LINE_SECONDS", 0.0)
    config = write_config(tmp_path, tiny_bert_dir, epochs=1, context_epochs=1, context_steps_per_epoch=3,
                          context_batch_size=4, corpus=str(write_corpus(tmp_path)))
    assert main(["train", "--config", str(config)]) == 0
    err = capsys.readouterr().err.splitlines()
    steps = [line for line in err if line.startswith("  steps ")]
    assert [line.split()[1] for line in steps[-2:]] == ["1/3", "2/3"]  # the context epoch's steps
    assert all(re.search(r"\(\d+ s elapsed, about \d+ s left in this epoch\)$", line) for line in steps), steps
    context = next(line for line in err if line.startswith("epoch 2/2 context"))
    assert err.index(steps[-1]) < err.index(context)


def test_table3_p_values_are_holm_adjusted_over_the_students_of_one_score() -> None:
    """Three students tested against the baseline on one score: Table 3 reports each p-value Holm-adjusted over
    the three (the smallest times 3, the next times 2, kept monotone), and decides significance on it."""
    from distill.evaluation.report import table3_markdown
    from distill.evaluation.statistics import ScoreKey, ScoreTable, holm, paired_tests

    table = ScoreTable([0, 1, 2, 3, 4])
    key = ScoreKey("baseline", "wiki", "mlm", "mlm_accuracy")
    table.values[key] = [0.50, 0.52, 0.49, 0.51, 0.50]
    for model, shift in (("a", [0.010, 0.012, 0.011, 0.009, 0.010]), ("b", [0.02, 0.00, 0.03, -0.01, 0.01]),
                         ("c", [0.03, 0.05, 0.01, 0.04, 0.02])):
        table.values[key._replace(model=model)] = [value + delta for value, delta in zip(table.values[key], shift)]
    tests = paired_tests(table, "baseline", 0.05)
    raw = [test.p_value for test in tests]
    assert [test.adjusted for test in tests] == pytest.approx(holm(raw)) and max(raw) < 1
    assert all(test.adjusted >= test.p_value for test in tests)
    text = table3_markdown(tests)
    assert "Holm-adjusted" in text and f"{tests[0].adjusted:.3g}" in text
