"""Sweep files: the shipped ones resolve by name, a declared metric is optimisable, bad files and command lines
are refused in one line before any trial."""

from __future__ import annotations

import dataclasses

import optuna
import pytest
import yaml
from output import without_phase_lines
from sweep_files import SHIPPED_SWEEPS, free_port, load_study, tiny_evaluation, write_corpus, write_sweep

from distill.cli import main
from distill.config.training import TrainConfig
from students import build_student
from sweeps import load_spec, shipped_configs
from sweeps.spec import GRID, after_surgery, probe_points, trial_config
from sweeps.study import fingerprint, grid, trial_budget
from sweeps.trial_record import TrialRecord


def test_the_config_options_help_names_every_shipped_sweep(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["sweep", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert all(name in help_text for name in shipped_configs()), help_text


def test_shipped_sweeps_validate_and_resolve_by_name(tmp_path) -> None:
    assert shipped_configs() == ["paper", "paper-bert-base", "paper-families", "quick", "search",
                                 "students-bytescnn", "students-hlm-intra", "students-retvec"]
    published = load_spec("paper-bert-base")
    assert published.sampler.kind == GRID and grid(published) == {
        "student": ["bytescnn-small", "bytescnn-big"],
        "loss": ["mse", "cosine", "aec", "mec", "triplet-euclidean", "triplet-angular"],
    }
    config = trial_config(published.fixed, {"student": "bytescnn-big", "loss": "aec"}, published.source)
    assert (config.teacher, config.epochs, config.batch_size, config.lr, config.plateau_factor, config.schedule) == \
        ("bert-base-uncased", 10_000, 100, 1e-3, 0.9, "plateau")
    assert (config.keep_special_rows, config.whole_word_epochs, config.context_epochs) == (False, 0, 0)  # table only
    assert published.evaluation.tasks == ["mlm", "nsp"] and published.evaluation.datasets == ["wikitext", "imdb"]
    # offline: the same grid with Multi-Similarity, on the embedded MiniLM with heads, the other families beside it
    paper = load_spec("paper")
    assert grid(paper) == {"student": ["bytescnn-small", "bytescnn-big"], "loss": [*grid(published)["loss"],
                                                                                  "multi-similarity"]}
    assert trial_budget(paper) == 14 + 4 and paper.published == "paper"
    assert {point.params["student"] for point in paper.points} == {"ngrams", "retvec", "hlm-intra-small"}
    config = trial_config(paper.fixed, {"student": "bytescnn-big", "loss": "aec"}, paper.source)
    assert (config.teacher, config.keep_special_rows, config.whole_word_epochs, config.context_epochs) == \
        ("embedded-pretraining", False, 0, 0)
    default = trial_config({**paper.fixed, **paper.points[-1].settings}, paper.points[-1].params, paper.source)
    shipped = TrainConfig().validate()
    assert (default.student, default.epochs, default.context_epochs, default.keep_special_rows) == (
        shipped.student, shipped.epochs, shipped.context_epochs, shipped.keep_special_rows)
    assert paper.evaluation.model == "embedded-pretraining" and paper.evaluation.tasks == ["mlm", "nsp"]
    assert paper.evaluation.datasets == ["wiki:heldout", "pydoc+stdlib:heldout"] and paper.evaluation.vocabulary_free
    assert paper.evaluation.noise == ["clean", "typo:0.1", "human"]
    # each family at its point below half the table, distill train's recipe for it within 15 minutes, scored as
    # the paper's grid is
    families = load_spec("paper-families")
    assert grid(families) == {"student": ["ngrams", "bytescnn-tiny", "retvec-w1344", "hlm-intra-1k-h384"]}
    assert families.seconds_per_trial == 15 * 60 and not families.fill_time and families.evaluation == paper.evaluation
    for student in grid(families)["student"]:
        trial = trial_config(families.fixed, {"student": student}, families.source)
        recipe = TrainConfig(student=student, teacher="embedded-pretraining").validate()
        assert (trial.lr, trial.loss, trial.epochs, trial.context_epochs, trial.keep_special_rows) == (
            recipe.lr, recipe.loss, recipe.epochs, recipe.context_epochs, recipe.keep_special_rows)
    for spec in (paper, published, families):
        assert spec.evaluation.seeds == 5 and spec.objective.metric == "mlm_accuracy"
    quick = load_spec("quick")
    assert quick.sampler.kind == GRID and len(grid(quick)["loss"]) >= 2 and quick.evaluation.tasks == ["fidelity"]
    assert grid(quick) == {"loss": ["mse", "cosine"]}  # every trial is denoised, as distill train's recipe
    trial = trial_config(quick.fixed, {"loss": "cosine"}, quick.source)
    # distill train's student, its recipe shortened; no whole-word phase (the segmented layout reads the pieces)
    assert (trial.student, trial.epochs, trial.whole_word_epochs, trial.context_epochs) == ("ngrams", 30, 0, 2)
    assert trial.context_noise == TrainConfig().context_noise != ""
    assert trial.teacher == "embedded" and trial.vocab_sample == 0  # the whole vocabulary
    # judged on held-out documents of general English and of a domain training never reads, vocabulary-free
    assert quick.evaluation.datasets == ["wiki:heldout", "pydoc+stdlib:heldout"] and trial.corpus == "wiki"
    assert quick.evaluation.vocabulary_free and quick.evaluation.segment_words and trial.frequency_source == "wordfreq"
    assert not trial.context_one_position  # context on the tokenizer's pieces, the layout the segmenter predicts
    search = load_spec("search")
    assert search.sampler.kind != GRID and search.pruner.kind == "median" and trial_budget(search) == 20
    assert {parameter.name for parameter in search.space} == {"lr", "batch_size", "loss_options.alpha"}
    # each family's recipe searched at its point below half the table's bytes, 15 minutes of training a trial
    for family, student in (("bytescnn", "bytescnn-tiny"), ("retvec", "retvec-w1344"),
                            ("hlm-intra", "hlm-intra-1k-h384")):
        students = load_spec(f"students-{family}")
        assert students.fixed["student"] == student and students.seconds_per_trial == 15 * 60 and students.fill_time
        assert students.sampler.kind == "tpe" and students.pruner.metric == "mean_cosine"
        space = {parameter.name: parameter for parameter in students.space}
        assert {"lr", "warmup_fraction", "batch_size", "loss", "frequency_exponent"} <= set(space)
        assert list(space["loss"].values) == ["cosine", "mse", "aec", "mec", "triplet-euclidean", "triplet-angular",
                                          "multi-similarity"]
        assert students.objective.metric == "sentence_cosine" and students.evaluation.vocabulary_free
        assert students.evaluation.datasets == ["wiki:heldout", "pydoc+stdlib:heldout"]
        # the first trial is the student's recipe today: what distill train gives it without options
        (today,) = students.points
        first = trial_config({**students.fixed, **today.settings}, today.params, students.source)
        default = trial_config(students.fixed, {}, students.source)
        for key in ("lr", "warmup_fraction", "batch_size", "loss", "frequency_exponent"):
            assert getattr(first, key) == getattr(default, key), (family, key)
        preset = build_student(student, 384).config.to_dict()
        assert build_student(student, 384, **first.student_options).config.to_dict() == preset
    for name in ("quick.yaml", "sweeps/quick.yaml"):
        assert fingerprint(load_spec(name)) == fingerprint(quick)


def test_a_later_evaluation_setting_binds_a_study_only_away_from_its_default() -> None:
    """A setting added to the evaluation after studies were shipped leaves their fingerprint as it was while it stays
    at its default (tests/test_pruning.py resumes them), and binds a study that changes it."""
    spec = load_spec("students-bytescnn")
    assert not spec.evaluation.correct_spelling
    corrected = dataclasses.replace(spec, evaluation=dataclasses.replace(spec.evaluation, correct_spelling=True))
    more_seeds = dataclasses.replace(spec, evaluation=dataclasses.replace(spec.evaluation,
                                                                          seeds=spec.evaluation.seeds + 1))
    assert len({fingerprint(spec), fingerprint(corrected), fingerprint(more_seeds)}) == 3


def test_denoising_settings_are_searchable(tmp_path, tiny_bert_dir) -> None:
    space = {"context_noise": ["", "typo:0.1; hlm"], "context_one_position": [False, True],
             "context_noise_share": [0.25, 0.5]}
    spec = load_spec(str(write_sweep(tmp_path, tiny_bert_dir, space=space)))
    configs = [trial_config(spec.fixed, point, spec.source) for point in probe_points(spec)]
    assert len(configs) == 8
    assert {(config.context_noise, config.context_one_position) for config in configs} == {
        ("", False), ("", True), ("typo:0.1; hlm", False), ("typo:0.1; hlm", True)}


# --- bad sweep files: one line, exit 2, nothing started --------------------------------------------------

BAD_SWEEPS = [
    ({"samplr": "grid"}, "unknown key(s) samplr"),
    ({"space": {"learning_rate": [0.1]}}, "unknown space key 'learning_rate'"),
    ({"space": {"student": ["bytescnn-huge"]}}, "unknown student 'bytescnn-huge'; valid students: bytescnn-big"),
    ({"space": {"loss": ["mse", "hinge"]}}, "unknown loss 'hinge'; valid losses: aec"),
    ({"fixed": {"teacher": "embedded", "epoch": 3}}, "unknown key(s) epoch"),
    ({"space": {"loss": []}}, "space.loss is an empty list"),
    ({"space": {"loss": ["mse", "mse"]}}, "lists a value twice"),
    ({"sampler": "tpe", "n_trials": 3, "space": {"warmup_fraction": {"low": 0.2, "high": 1e-4}}},
     "space.warmup_fraction: empty range, low 0.2 must be below high 0.0001"),
    ({"sampler": "tpe", "n_trials": 3, "space": {"negative_window": {"low": 64, "high": 64}}}, "empty range"),
    ({"sampler": "tpe", "n_trials": 3, "space": {"warmup_fraction": {"low": 0, "high": 1, "log": True}}},
     "a log range needs low > 0"),
    ({"sampler": "tpe", "n_trials": 3, "space": {"warmup_fraction": {"low": 0.1}}}, "needs both low and high"),
    ({"space": {"warmup_fraction": {"low": 0.0, "high": 0.2}}}, "a grid needs lists of values; warmup_fraction is"),
    ({"sampler": "tpe", "space": {"warmup_fraction": {"low": 0.0, "high": 0.2}}}, "a tpe search needs n_trials"),
    ({"sampler": "annealing"}, "unknown kind 'annealing'; valid kinds: grid, tpe"),
    ({"objective": "accuracy"}, "unknown metric 'accuracy'; alignment metrics: recall_at_1"),
    ({"objective": {"metric": "recall_at_1", "direction": "up"}}, "direction must be one of maximize, minimize"),
    ({"objective": "mlm_accuracy"}, "mlm_accuracy is measured after surgery; add an evaluation section"),
    ({"objective": "holdout_recall_at_1"}, "holdout_recall_at_1 needs fixed.holdout > 0"),
    ({"objective": "holdout_sentence_cosine"}, "unknown metric 'holdout_sentence_cosine'"),  # heldout_: context's
    ({"pruner": "patient"}, "unknown kind 'patient'; valid kinds: none, median, median-by-share, hyperband"),
    ({"pruner": {"kind": "median", "n_warmup_step": 1}}, "unexpected keyword argument 'n_warmup_step'"),
    ({"pruner": {"kind": "median", "metric": "train_loss"}}, "pruning needs one direction"),
    ({"space": {"loss": ["mse"], "loss_options.alpha": [1.0]}}, "loss 'mse' has no parameter alpha"),
    ({"space": {"loss": ["aec"], "student_options.width": [3]}}, "unknown options width"),
    ({"space": {"loss": ["mse"], "epochs": [2]}}, "epochs is both fixed and searched"),
    ({"space": {"loss": ["mse"], "epochs": [-1]}, "fixed": {"teacher": "embedded"}},
     "epochs must be a non-negative integer up to 1000000, got -1"),
    ({"fixed": {"teacher": "embedded", "betas": [0.9]}}, "bad.yaml: betas must be a list of 2 numbers, got [0.9]"),
    ({"sampler": "tpe", "n_trials": 3, "space": {"context_lr": {"low": 1e-3, "high": float("inf")}}},
     "bad.yaml: space.context_lr.high must be a finite number, got inf"),
    ({"space": {"loss": ["mse"], "student_options.embedding_dim": [-5, 16]}}, "student_options.embedding_dim=-5"),
    ({"space": {"loss": ["mse"], "context_noise": ["", "typo:0.1; smudge:0.1"]}}, "unknown noise kind 'smudge'"),
    ({"evaluation": {"tasks": ["mlm", "ner"]}}, "unknown task 'ner'; valid tasks: mlm, nsp, fidelity, mlm-meant"),
    ({"evaluation": {"tasks": ["mlm"], "seeds": 1}}, "evaluation: seeds must be in [2, 1000], got 1"),
    # the names given up for one name per concept (issue 42): refused, with the valid keys
    ({"evaluation": {"tasks": ["fidelity"], "whole_words": True}}, "unknown key(s) whole_words; valid keys: "),
    ({"fixed": {"teacher": "embedded", "context_whole_words": False}}, "unknown key(s) context_whole_words; valid"),
    ({"space": {"context_whole_words": [False, True]}}, "unknown space key 'context_whole_words'"),
    ({"heartbeat": {"interval": 5, "grace_period": 5}}, "grace_period (5) must exceed interval (5)"),
    ({"fixed": {"epochs": 2}, "space": {"teacher": ["embedded", "bert-base-uncased"]},
      "evaluation": {"tasks": ["fidelity"]}}, "a sweep that searches 'teacher' must name evaluation.model"),
]


@pytest.mark.parametrize(("change", "message"), BAD_SWEEPS, ids=[message for _, message in BAD_SWEEPS])
def test_bad_sweep_file_is_refused_before_any_trial(tmp_path, tiny_bert_dir, capsys, change, message) -> None:
    data = yaml.safe_load(write_sweep(tmp_path, tiny_bert_dir).read_text())
    data.update(change)
    if "student" in (data.get("space") or {}):
        del data["fixed"]["student"]  # the tiny BytesCNN's fixed name gives way to the searched one
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(data))
    assert main(["sweep", "--config", str(path)]) == 2
    err = without_phase_lines(capsys.readouterr().err)
    assert err.startswith("error: ") and err.count("\n") == 1 and message in err, err
    assert not (tmp_path / "optuna.db").exists() and not (tmp_path / "mlflow.db").exists()


@pytest.mark.parametrize(("metric", "direction"), [("heldout_sentence_cosine", "maximize"),
                                                  ("english_weighted_cosine", "maximize"), ("words_loss", "minimize")])
def test_a_sweep_optimises_any_metric_an_objective_declares(tmp_path, tiny_bert_dir, metric, direction) -> None:
    data = yaml.safe_load(write_sweep(tmp_path, tiny_bert_dir).read_text())
    path = tmp_path / "declared.yaml"
    path.write_text(yaml.safe_dump({**data, "objective": metric}))
    objective = load_spec(str(path)).objective
    assert (objective.metric, objective.direction, after_surgery(objective.metric)) == (metric, direction, False)


@pytest.mark.parametrize(("argv", "message"), [
    (["--config", "nowhere"], "sweep file nowhere not found; shipped sweeps: "
     + ", ".join(sorted(path.stem for path in SHIPPED_SWEEPS.glob("*.yaml"))) + "\n"),
    (["--config", "quick", "--workers", "0"], "workers must be a positive integer"),
    (["--config", "quick", "--n-trials", "0"], "n_trials must be a positive integer"),
    (["--config", "quick", "--storage", "not a url"], "is not a database URL"),
    (["--config", "quick", "--storage", "mysql://u@127.0.0.1/db"], "no database driver for mysql://u@127.0.0.1/db"),
    (["--config", "quick", "--storage", "postgresql+psycopg2://u@127.0.0.1:{port}/db"],
     "cannot open the study storage postgresql+psycopg2://u@127.0.0.1:{port}/db"),
])
def test_bad_command_line_is_one_line(tmp_path, capsys, argv, message) -> None:
    port = free_port()  # nothing listens there
    assert main(["sweep", *(arg.format(port=port) for arg in argv)]) == 2
    err = without_phase_lines(capsys.readouterr().err)
    assert err.startswith("error: ") and err.count("\n") == 1 and message.format(port=port) in err, err
    assert not (tmp_path / "mlflow.db").exists()


def test_a_sweep_refused_before_its_first_trial_leaves_no_study(tmp_path, tiny_bert_dir, capsys) -> None:
    """The evaluation corpus is only found missing once the study is open (the preflight): the study is deleted
    again, and so is the database file when the refused sweep created it, but not a database that holds others."""
    offline_corpus = {**tiny_evaluation(write_corpus(tmp_path)), "datasets": ["wikitext"]}
    refused = write_sweep(tmp_path, tiny_bert_dir, name="refused", evaluation=offline_corpus)
    assert main(["sweep", "--config", str(refused)]) == 2
    assert "cannot load corpus 'wikitext'" in capsys.readouterr().err
    assert not (tmp_path / "optuna.db").exists()
    assert main(["sweep", "--config", str(write_sweep(tmp_path, tiny_bert_dir)), "--quiet"]) == 0
    assert main(["sweep", "--config", str(refused)]) == 2
    assert optuna.get_all_study_names(f"sqlite:///{tmp_path / 'optuna.db'}") == ["tiny"]


def test_invalid_yaml_and_resuming_with_another_file_are_refused(tmp_path, tiny_bert_dir, capsys) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("space: [loss\n")
    assert main(["sweep", "--config", str(broken)]) == 2
    assert "is not valid YAML" in capsys.readouterr().err
    path = write_sweep(tmp_path, tiny_bert_dir, space={"loss": ["cosine"]})
    assert main(["sweep", "--config", str(path), "--quiet"]) == 0
    write_sweep(tmp_path, tiny_bert_dir, space={"loss": ["mse"]})  # same file, another search
    assert main(["sweep", "--config", str(path), "--quiet"]) == 2
    assert "was started from a different sweep" in capsys.readouterr().err


def test_a_file_that_appends_points_resumes_its_study_and_runs_only_them(tmp_path, tiny_bert_dir, capsys) -> None:
    """A grid run with one point, then its file given a second point: the resumed study runs that point alone and
    keeps the others' trials. Refused in one line: an appended point that gives a parameter a value the study never
    had (Optuna cannot store it), and a file whose earlier point changed (another sweep)."""
    grid = {"space": {"loss": ["mse"]}, "fixed": {**yaml.safe_load(write_sweep(tmp_path, tiny_bert_dir).read_text())[
        "fixed"], "epochs": 1}}
    path = write_sweep(tmp_path, tiny_bert_dir, points=[{"loss": "cosine"}], **grid)
    assert main(["sweep", "--config", str(path), "--quiet"]) == 0
    first = [(trial.number, trial.datetime_complete) for trial in load_study(tmp_path).trials]
    write_sweep(tmp_path, tiny_bert_dir, points=[{"loss": "cosine"}, {"loss": "aec"}], **grid)
    assert main(["sweep", "--config", str(path), "--quiet"]) == 2
    assert "give loss the value 'aec', which its trials never had" in capsys.readouterr().err
    assert len(load_study(tmp_path).trials) == 2
    write_sweep(tmp_path, tiny_bert_dir, points=[{"loss": "cosine"}, {"loss": "mse", "epochs": 2}], **grid)
    assert main(["sweep", "--config", str(path), "--quiet"]) == 0
    trials = load_study(tmp_path).trials
    assert [(trial.number, trial.datetime_complete) for trial in trials[:2]] == first
    assert len(trials) == 3 and trials[2].params == {"loss": "mse"} and trials[2].state.name == "COMPLETE"
    assert TrialRecord.from_trial(trials[2]).config["epochs"] == 2
    write_sweep(tmp_path, tiny_bert_dir, points=[{"loss": "mse", "epochs": 2}, {"loss": "cosine"}], **grid)
    assert main(["sweep", "--config", str(path), "--quiet"]) == 2
    assert "was started from a different sweep" in capsys.readouterr().err


# --- workers that die, trials that all fail ---------------------------------------------------------------
