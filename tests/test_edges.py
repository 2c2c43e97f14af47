"""Bad input at the edges (issues #25, #44): files that are not UTF-8 or of the wrong shape, alias bombs, sizes
beyond the model or the machine, damaged student and export folders, paths that cannot be written (tests run as
root: a path in ``/proc`` cannot be made, a folder under a file neither), unreachable tracking stores, names the
file system cannot take, corpora a library cannot read, model folders with code of their own, caches that
cannot be written, resume flags, sweep options Optuna would refuse late, run names MLflow cannot store, bench
options the chosen mode would ignore, and the data converters' inputs and outputs.

Each case is a command line run in-process (``distill.cli.main``, or the converter of :data:`CONVERTERS`
named first); ``{name}`` fields are filled with the files of :func:`edge_files`, ``{out}`` with a fresh path
of the case's own; ``{env:NAME=value}`` sets an environment variable for the case. Standard input answers
``y`` to any question. For each: exit status 2, one line on stderr (phase lines aside) holding the expected
words, no warning, no MLflow run, no checkpoint, nothing written under the shared files, the case's output
path or the working folder, and an end within 30 s.
"""

from __future__ import annotations

import importlib
import io
import json
import os
import shutil
import sys
import time
import warnings
from pathlib import Path

import pytest
import yaml
from damaged import EXPORT_DAMAGES, write_export_damages, write_student_variants
from output import without_phase_lines
from test_bad_inputs import runs_recorded
from tiny_models import TABLE_ONLY_BYTESCNN, with_custom_code

from distill.cli import main

PLAIN_TRAIN = ["train", "--teacher", "{teacher}", "--quiet", "--work-dir", "{work}", "--epochs", "1"]
TRAIN = [*PLAIN_TRAIN, "--student", "bytescnn-small", "--student-options", "{small}"]
CONFIGURED = ["train", "--quiet", "--work-dir", "{work}"]  # the --config file names the teacher and student
EVALUATE = ["evaluate", "--model", "{teacher}", "--quiet", "--samples", "8", "--seeds", "2", "--max-length", "16"]
EVALUATE_STUDENT = [*EVALUATE, "--students", "{student}"]
SURGERY = ["surgery", "--model", "{teacher}", "--quiet"]
OOV = ["oov", "--model", "{teacher}", "--samples", "4"]
SWEEP = ["sweep", "--quiet", "--config"]
ROBUSTNESS = ["robustness", "--model", "{teacher}", "--quiet", "--samples", "8", "--seeds", "2",
              "--max-length", "16", "--exports", "{out}/exports"]
LONG = "x" * 300
HUGE = "s" * 5000  # a name beyond PATH_MAX: the file system cannot even look it up (ENAMETOOLONG)
BENCH = ["bench", "--results", "{out}/b.md"]
M2 = ["m2", "{m2}", "--out"]  # python -m distill.data.m2 / distill.data.listed (CONVERTERS)
LISTED = ["listed", "{word_list}", "--out"]
UNREACHABLE = "http://127.0.0.1:1"  # nothing listens on port 1
CONVERTERS = {"m2": "distill.data.m2", "listed": "distill.data.listed"}
NOT_UTF8 = os.fsdecode(b"run-\xff")  # a non-UTF-8 argument arrives as a lone surrogate
BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + level)}: &{chr(98 + level)} [{', '.join(['*' + chr(97 + level)] * 9)}]\n" for level in range(8))
TEXTS = {  # files written as they are (bytes), the bad YAML and JSON of the table
    "latin1_config": "student: bytescnn-small\nrun_name: caf\xe9\n".encode("latin-1"),
    "latin1_text": "caf\xe9 au lait, na\xefve\n".encode("latin-1") * 20,
    "bomb": BOMB.encode(),
    "duplicate": b"epochs: 1\nepochs: 2\n",
    "integer_key": b"student_options: {1: 2}\n",
    "list_options": b"student_options: [1, 2]\n",
    "nested_options": b"student_options: {filters: {a: 1}}\n",
    "scalar": b"just text\n",
    "list": b"- tracking_uri\n",
    "null_key": b"~: 3\n",
    "deep": b"student_options: " + b"[" * 5000 + b"]" * 5000 + b"\n",
    "binary": b"\x00\x01\x02\xff" * 64,
}


CONFIGS = {  # YAML training configs (dumped): wrong values the flags cannot express
    "huge_channels": {"student_options": {"filters": [[3, 10**12]]}},
    "huge_embedding": {"student_options": {"byte_embedding_dim": 10**9}},
    "huge_hidden": {"student": "retvec", "student_options": {"hidden_dims": [10**9, 10**9]}},
    "huge_hlm": {"student": "hlm-intra", "student_options": {"hidden_size": 10**6, "num_heads": 1}},
    "seed_overflow": {"seed": 2**70},
    "seed_negative": {"seed": -1},
    "nan_option": {"student_options": {"max_bytes_per_token": float("nan")}},
    "inf_loss_option": {"loss": "aec", "loss_options": {"alpha": float("inf")}},
    "mapping_option_value": {"loss_options": {"alpha": {"x": 1}}},
    "layer_past_last": {"context_epochs": 1, "context_layers": [99]},
    "layer_before_first": {"context_epochs": 1, "context_layers": [-99]},
    "context_length": {"context_epochs": 1, "context_max_length": 100000},
    "run_name_list": {"run_name": ["a"]},
    "teacher_number": {"teacher": 5},
    "corpus_list": {"corpus": ["pydoc"]},
}
SWEEPS = {  # sweep files: fixed (on top of the tiny teacher) and top-level keys
    "tpe_negative_startup": {"sampler": {"kind": "tpe", "n_startup_trials": -1}},
    "tpe_zero_candidates": {"sampler": {"kind": "tpe", "n_ei_candidates": 0}},
    "tpe_text_startup": {"sampler": {"kind": "tpe", "n_startup_trials": "many"}},
    "tpe_option_list": {"sampler": {"kind": "tpe", "n_startup_trials": [1]}},
    "hyperband_zero": {"pruner": {"kind": "hyperband", "min_resource": 0}},
    "hyperband_max_zero": {"pruner": {"kind": "hyperband", "max_resource": 0}},
    "hyperband_factor": {"pruner": {"kind": "hyperband", "reduction_factor": 1}},
    "median_negative": {"pruner": {"kind": "median", "n_warmup_steps": -1}},
    "median_interval": {"pruner": {"kind": "median", "interval_steps": 0}},
    "median_unknown": {"pruner": {"kind": "median", "patience": 3}},
    "seed_huge": {"seed": 2**70},
    "trials_huge": {"n_trials": 10**12},
    "evaluation_length": {"evaluation": {"tasks": ["fidelity"], "datasets": ["{corpus}"], "max_length": 100000}},
    "evaluation_seeds": {"evaluation": {"tasks": ["fidelity"], "datasets": ["{corpus}"], "seeds": 10**9}},
    "space_empty": {"space": {}},
    "space_integer_key": {"space": {1: [1, 2]}},
    "heartbeat_huge": {"heartbeat": {"interval": 10**12}},
    "fixed_epochs_huge": {"fixed": {"epochs": 10**12}},
    "fixed_seed_huge": {"fixed": {"seed": 2**40}},
}
SWEEP_TEXTS = {
    "space_duplicate": "fixed: {{teacher: {teacher}, epochs: 1}}\nspace:\n  loss: [mse]\n  loss: [cosine]\n",
    "study_bomb": "fixed: {{teacher: {teacher}, epochs: 1}}\nspace: {{loss: [mse]}}\n" + BOMB,
}

E = list[tuple[list[str], str]]
CASES: E = [
    # --- files that are not UTF-8 ---------------------------------------------------------------------
    ([*PLAIN_TRAIN, "--config", "{latin1_config}"], "not UTF-8"),
    ([*SWEEP, "{latin1_config}"], "not UTF-8"),
    ([*TRAIN, "--context-epochs", "1", "--corpus", "{latin1_txt}"], "not UTF-8"),
    ([*EVALUATE_STUDENT, "--datasets", "{latin1_txt}"], "not UTF-8"),
    ([*OOV, "--datasets", "{latin1_txt}"], "not UTF-8"),
    ([*EVALUATE, "--students", "{student_latin1}"], "not UTF-8"),
    ([*SURGERY, "--student", "{student_latin1}", "--out", "{out}"], "not UTF-8"),
    ([*EVALUATE, "--students", "{export_latin1}"], "not UTF-8"),
    ([*PLAIN_TRAIN, "--config", "{binary}"], "not UTF-8"),
    ([*SWEEP, "{binary}"], "not UTF-8"),
    # --- YAML of the wrong shape, duplicates, bombs --------------------------------------------------
    ([*PLAIN_TRAIN, "--config", "{bomb}"], "aliases"),
    ([*SWEEP, "{bomb}"], "aliases"),
    ([*SWEEP, "{study_bomb}"], "aliases"),
    ([*PLAIN_TRAIN, "--config", "{duplicate}"], "duplicate key 'epochs'"),
    ([*SWEEP, "{space_duplicate}"], "duplicate key 'loss'"),
    ([*PLAIN_TRAIN, "--config", "{integer_key}"], "is not a name"),
    ([*PLAIN_TRAIN, "--config", "{list_options}"], "student_options must be a mapping"),
    ([*PLAIN_TRAIN, "--config", "{nested_options}"], "student_options.filters"),
    ([*PLAIN_TRAIN, "--config", "{scalar}"], "must hold a mapping"),
    ([*PLAIN_TRAIN, "--config", "{null_key}"], "is not a name"),
    ([*PLAIN_TRAIN, "--config", "{deep}"], "nested too deeply"),
    ([*TRAIN, "--student-options", "{{1: 2}}"], "is not a name"),
    ([*TRAIN, "--student-options", "{{a: 1, a: 2}}"], "duplicate key 'a'"),
    ([*TRAIN, "--loss-options", "[1, 2]"], "loss_options must be a mapping"),
    ([*TRAIN, "--loss-options", "{{alpha: .nan}}"], "loss_options.alpha must be a finite number"),
    ([*TRAIN, "--student-options", "{{filters: *x}}"], "not valid YAML"),
    ([*SWEEP, "{scalar}"], "must hold a mapping"),
    ([*SWEEP, "{integer_key}"], "is not a name"),
    ([*SWEEP, "{space_integer_key}"], "is not a name"),
    # --- mlflow.yaml in the working folder (the {cwd:...} cases copy it there first) -----------------
    ([*TRAIN, "{cwd:latin1_config}"], "not UTF-8"),
    ([*TRAIN, "{cwd:scalar}"], "must hold a mapping"),
    ([*TRAIN, "{cwd:list}"], "must hold a mapping"),
    ([*TRAIN, "{cwd:duplicate}"], "duplicate key 'epochs'"),
    ([*TRAIN, "{cwd:bomb}"], "aliases"),
    ([*TRAIN, "{cwd:mlflow_number_uri}"], "tracking_uri must be a string"),
    ([*TRAIN, "{cwd:mlflow_experiments_list}"], "experiments must map"),
    ([*EVALUATE_STUDENT, "{cwd:list}"], "must hold a mapping"),
    ([*OOV, "{cwd:duplicate}"], "duplicate key"),
    ([*SWEEP, "{tiny_sweep}", "{cwd:integer_key}"], "is not a name"),
    # --- option maps and sizes -----------------------------------------------------------------------
    *[([*CONFIGURED, "--config", "{" + name + "}"], words) for name, words in {
        "huge_channels": "parameters", "huge_embedding": "parameters", "huge_hidden": "parameters",
        "huge_hlm": "parameters", "seed_overflow": "seed must be a non-negative integer up to 4294967295",
        "seed_negative": "seed must be a non-negative integer up to",
        "nan_option": "student_options.max_bytes_per_token must be a finite",
        "inf_loss_option": "loss_options.alpha must be a finite", "mapping_option_value": "loss_options.alpha",
        "layer_past_last": "context_layers", "layer_before_first": "context_layers",
        "context_length": "context_max_length", "run_name_list": "run_name must be a string",
        "teacher_number": "teacher must be a string", "corpus_list": "corpus must be a string",
    }.items()],
    ([*TRAIN, "--student-options", "{{filters: [[3, 1000000000000]]}}"], "parameters"),
    ([*TRAIN, "--student", "retvec", "--student-options", "{{word_length: 100000000}}"], "parameters"),
    ([*TRAIN, "--student-options", "{{max_bytes_per_token: 100000000000}}"], "max_bytes_per_token"),
    ([*TRAIN, "--seed", "100000000000000"], "seed must be a non-negative integer up to"),
    ([*TRAIN, "--seed", "-1"], "seed must be a non-negative integer up to"),
    ([*TRAIN, "--epochs", "1000000000000"], "epochs must be a non-negative integer up to"),
    ([*TRAIN, "--augment", "0.1", "--augment-copies", "1000000000"], "augment_copies must be in"),
    ([*TRAIN, "--batch-size", "100000000000000"], "batch_size must be a positive integer up to"),
    ([*TRAIN, "--vocab-sample", "100000000000000000000"], "vocab_sample must be a non-negative integer up to"),
    ([*TRAIN, "--whole-word-epochs", "1", "--whole-word-count", "10000000000000"], "whole_word_count must be"),
    ([*TRAIN, "--context-epochs", "1", "--context-max-length", "100000"], "context_max_length"),
    ([*TRAIN, "--context-epochs", "1", "--context-layers", "7"], "context_layers"),
    ([*TRAIN, "--context-epochs", "1", "--context-layers", "-9"], "context_layers"),
    ([*TRAIN, "--context-epochs", "1000000000000"], "context_epochs must be a non-negative integer up to"),
    ([*TRAIN, "--context-epochs", "1", "--context-batch-size", "1000000000000"], "context_batch_size must be"),
    ([*TRAIN, "--typo-pretrain", "1000000000000"], "typo_pretrain_epochs must be a non-negative integer up to"),
    ([*TRAIN, "--eval-every", "1000000000000"], "eval_every must be a positive integer up to"),
    ([*TRAIN, "--negative-window", "1000000000000"], "negative_window must be a positive integer up to"),
    ([*TRAIN, "--plateau-patience", "1000000000000"], "plateau_patience must be a non-negative integer up to"),
    ([*TRAIN, "--context-epochs", "1", "--context-steps-per-epoch", "1000000000000"], "context_steps_per_epoch"),
    # --- lengths beyond the model, empty lists, integers out of range (evaluate, oov, robustness) -------
    ([*EVALUATE_STUDENT, "--max-length", "1000"], "max_length must be at most 64 (the model's positions)"),
    ([*EVALUATE_STUDENT, "--datasets", ""], "datasets is empty"),
    ([*EVALUATE_STUDENT, "--datasets", ",,"], "datasets is empty"),
    ([*EVALUATE_STUDENT, "--tasks", ""], "tasks is empty"),
    ([*EVALUATE_STUDENT, "--datasets", ""], "datasets is empty"),
    ([*EVALUATE_STUDENT, "--noise", ""], "noise spec names no noise kind"),
    ([*OOV, "--datasets", ""], "datasets is empty"),
    (["heads", "--datasets", ""], "datasets is empty"),
    ([*EVALUATE, "--students", ""], "student path is empty"),
    ([*EVALUATE_STUDENT, "--tasks", "fidelity,fidelity,"], "tasks names fidelity more than once"),
    ([*EVALUATE_STUDENT, "--seeds", "1000000000"], "seeds must be in [2, 1000]"),
    ([*EVALUATE_STUDENT, "--samples", "100000000000000"], "samples must be in [4, 10000000]"),
    ([*EVALUATE_STUDENT, "--batch-size", "100000000000000"], "batch_size must be in [1, 65536]"),
    ([*EVALUATE_STUDENT, "--alpha", "nan"], "alpha must be finite"),
    ([*EVALUATE_STUDENT, "--noise", ""], "noise"),
    ([*EVALUATE, "--students", ""], "student"),
    ([*EVALUATE_STUDENT, "--run-name", "x"], "unrecognized arguments"),
    ([*OOV, "--datasets", ""], "datasets is empty"),
    ([*OOV, "--datasets", ",,"], "datasets is empty"),
    (["oov", "--model", "{teacher}", "--samples", "100000000000000000000"], "samples must be in [1, 10000000]"),
    ([*OOV, "--seed", "-1"], "seed must be a non-negative integer"),
    ([*OOV, "--seed", "100000000000000"], "seed must be a non-negative integer"),
    ([*OOV, "--noise", ""], "noise"),
    ([*ROBUSTNESS, "--students", "{student}", "--out", "{out}/r.md", "--max-length", "1000"],
     "max_length must be at most 64 (the model's positions)"),
    ([*ROBUSTNESS, "--students", "{student}", "--out", "{out}/r.md", "--seeds", "1000000000"],
     "seeds must be in [2, 1000]"),
    ([*ROBUSTNESS, "--students", "{student}", "--out", "{out}/r.md", "--samples", "0"],
     "samples must be in [4, 10000000]"),
    ([*ROBUSTNESS, "--students", "{student}", "--out", "{out}/r.md", "--noise", ""], "noise"),
    ([*PLAIN_TRAIN, "--teacher", ""], "teacher is empty"),
    (["evaluate", "--model", "", "--students", "{student}", "--quiet"], "name is empty"),
    (["oov", "--model", "", "--samples", "4"], "name is empty"),
    ([*SURGERY[:1], "--model", "", "--student", "{student}", "--out", "{out}"], "name is empty"),
    ([*TRAIN, "--tracking-uri", ""], "--tracking-uri is empty"),
    ([*TRAIN, "--tracking-uri", "sqlite:///{out}/two\nlines.db"], "newline"),
    ([*PLAIN_TRAIN, "--config", "{long_filters}"], "at most 256"),
    ([*PLAIN_TRAIN, "--config", "{tmp}"], "is not a file"),
    # --- paths ----------------------------------------------------------------------------------------
    ([*SURGERY, "--student", "{student}", "--out", "{file}/sub"], "which is a file"),
    ([*SURGERY, "--student", "{student}", "--out", "{out}/" + LONG], "longer than 255 bytes"),
    ([*SURGERY, "--student", "{student}", "--out", "{out}/two\nlines"], "newline"),
    ([*SURGERY, "--student", "{student}", "--out", ""], "empty"),
    ([*SURGERY, "--student", "{student}", "--vocabulary-free", "--out", "{file}/sub"], "which is a file"),
    ([*TRAIN, "--work-dir", "{file}/sub"], "which is a file"),
    ([*TRAIN, "--work-dir", "{out}/two\nlines"], "newline"),
    ([*TRAIN, "--work-dir", "{out}/" + LONG], "longer than 255 bytes"),
    ([*TRAIN, "--work-dir", ""], "empty"),
    ([*ROBUSTNESS, "--students", "{student}", "--out", "{file}/r.md"], "is a file"),
    ([*ROBUSTNESS, "--students", "{student}", "--out", "{out}/" + LONG + ".md"], "longer than 255 bytes"),
    ([*ROBUSTNESS, "--students", "{student}", "--out", "{tmp}"], "is a folder"),
    ([*ROBUSTNESS, "--students", "{student}", "--out", "{latin1_txt}"], "not UTF-8"),
    ([*ROBUSTNESS, "--out", "{latin1_txt}"], "not UTF-8"),  # refused before the recipe's training
    ([*ROBUSTNESS, "--students", "{student}", "--out", "{out}/r.md", "--exports", "{file}/x"], "which is a file"),
    ([*ROBUSTNESS, "--students", "{student}", "--out", "{out}/r.md", "--work-dir", "{file}/x"], "which is a file"),
    ([*SWEEP, "{tiny_sweep}", "--storage", "sqlite:///{file}/sub/optuna.db"], "which is a file"),
    ([*EVALUATE, "--students", "{out}/two\nlines"], "newline"),
    # --- damaged student and export folders ---------------------------------------------------------
    *[([*EVALUATE, "--students", "{" + name + "}"], words) for name, words in {
        "student_truncated": "truncated or garbled", "student_garbled": "safetensors",
        "student_no_dim": "dim", "student_list_config": "must hold a JSON object",
        "student_nan_norm": "NaN", "student_wrong_shape": "shape", "student_empty_weights": "safetensors",
        "student_huge": "parameters", "student_name_number": "name", "student_unknown_family": "unknown student",
        "export_truncated": "truncated or garbled", "export_garbled": "safetensors", "export_no_student": "student",
        "export_list_config": "must hold a JSON object", "export_nan_norm": "NaN",
        "export_student_list": "student", "export_wrong_shape": "shape",
    }.items()],
    *[([*EVALUATE, "--students", "{" + name + "}"], words) for name, words in {
        "student_nan_weights": "holds NaN or infinite values", "student_inf_weights": "holds NaN or infinite values",
        "export_nan_weights": "holds NaN or infinite values",
    }.items()],
    ([*SURGERY, "--student", "{student_nan_weights}", "--out", "{out}"], "NaN"),
    ([*SURGERY, "--student", "{export_nan_weights}", "--vocabulary-free", "--out", "{out}"], "NaN"),
    ([*ROBUSTNESS, "--students", "{student_nan_weights}", "--out", "{out}/r.md"], "NaN"),
    ([*ROBUSTNESS, "--students", "{export_nan_weights}", "--out", "{out}/r.md"], "NaN"),
    ([*SURGERY, "--student", "{student_truncated}", "--out", "{out}"], "truncated or garbled"),
    ([*SURGERY, "--student", "{student_nan_norm}", "--out", "{out}"], "NaN"),
    ([*SURGERY, "--student", "{export_nan_norm}", "--vocabulary-free", "--out", "{out}"], "NaN"),
    ([*SURGERY, "--student", "{student_wrong_shape}", "--out", "{out}"], "shape"),
    ([*ROBUSTNESS, "--students", "{student_garbled}", "--out", "{out}/r.md"], "safetensors"),
    ([*ROBUSTNESS, "--students", "{export_no_student}", "--out", "{out}/r.md"], "student"),
    *[([*EVALUATE, "--students", "{" + name + "}"], words) for name, words in {
        "student_config_folder": "is not a saved student", "student_weights_folder": "is not a saved student",
        "student_config_loop": "is not a saved student", "export_config_folder": "is not a saved student",
        "export_weights_folder": "cannot read export weights"}.items()],
    ([*SURGERY, "--student", "{student_config_loop}", "--out", "{out}"], "is not a saved student"),
    ([*SURGERY, "--student", "{export_weights_folder}", "--vocabulary-free", "--out", "{out}"],
     "cannot read export weights"),
    ([*SURGERY, "--student", "{student_list_config}", "--vocabulary-free", "--out", "{out}"],
     "must hold a JSON object"),
    ([*SURGERY, "--student", "{export_truncated}", "--out", "{out}"], "truncated or garbled"),
    ([*ROBUSTNESS, "--students", "{student_huge}", "--out", "{out}/r.md"], "parameters"),
    ([*ROBUSTNESS, "--students", "{export_wrong_shape}", "--out", "{out}/r.md"], "shape"),
    ([*ROBUSTNESS, "--students", "{student_config_folder}", "--out", "{out}/r.md"], "is not a saved student"),
    # --- resume -------------------------------------------------------------------------------------
    (["train", "--resume", "", "--quiet"], "--resume needs a run id"),
    (["train", "--resume", "abc", "--epochs", "9", "--quiet"], "--resume"),
    (["train", "--resume", "abc", "--teacher", "other", "--quiet"], "--resume"),
    (["train", "--resume", "abc", "--config", "{tiny_config}", "--quiet"], "--resume"),
    (["train", "--resume", "two\nlines", "--quiet"], "newline"),
    # --- sweeps -------------------------------------------------------------------------------------
    *[([*SWEEP, "{" + name + "}"], words) for name, words in {
        "tpe_negative_startup": "n_startup_trials", "tpe_zero_candidates": "n_ei_candidates",
        "tpe_text_startup": "n_startup_trials", "tpe_option_list": "n_startup_trials",
        "hyperband_zero": "min_resource", "hyperband_max_zero": "max_resource",
        "hyperband_factor": "reduction_factor", "median_negative": "n_warmup_steps",
        "median_interval": "interval_steps", "median_unknown": "patience", "seed_huge": "seed",
        "trials_huge": "n_trials", "evaluation_length": "max_length", "evaluation_seeds": "seeds",
        "space_empty": "space", "heartbeat_huge": "interval", "fixed_epochs_huge": "epochs",
        "fixed_seed_huge": "seed",
    }.items()],
    ([*SWEEP, "{tiny_sweep}", "--study", "two\nlines"], "newline"),
    ([*SWEEP, "{tiny_sweep}", "--study", ""], "study name is empty"),
    ([*SWEEP, "{tiny_sweep}", "--study", LONG], "it names the MLflow parent run"),
    ([*SWEEP, "{tiny_sweep}", "--storage", "sqlite:///:memory:", "--workers", "2"], "in-memory"),
    ([*SWEEP, "{tiny_sweep}", "--storage", "sqlite://"], "in-memory"),
    ([*SWEEP, "{tiny_sweep}", "--storage", "nosuchdb://x/y"], "storage"),
    ([*SWEEP, "{tiny_sweep}", "--storage", ""], "storage"),
    ([*SWEEP, "{tiny_sweep}", "--workers", "100000"], "--workers"),
    ([*SWEEP, "{tiny_sweep}", "--n-trials", "1000000000000"], "n_trials must be a positive integer up to"),
    # --- run names ----------------------------------------------------------------------------------
    ([*TRAIN, "--run-name", "x" * 10_000], "MLflow keeps at most 250"),
    ([*TRAIN, "--run-name", "two\nlines"], "newline"),
    ([*TRAIN, "--run-name", NOT_UTF8], "not valid UTF-8"),
    ([*TRAIN, "--run-name", ""], "run name is empty"),
    ([*CONFIGURED, "--config", "{long_run_name}"], "MLflow keeps at most 250"),
    # --- outputs that cannot be written: every command that writes, the converters, the MLflow store ---------
    ([*SURGERY, "--student", "{student}", "--out", "/proc/x"],
     "cannot write in /proc (for the output folder /proc/x): it lies on a virtual file system"),
    (["heads", "--out", "/proc/x"], "cannot write in /proc (for the output folder /proc/x): it lies on a virtual"),
    (["heads", "--steps", "0"], "steps must be"),
    ([*SURGERY, "--student", "{student}", "--vocabulary-free", "--out", "/proc/x"], "cannot write in /proc"),
    ([*SURGERY, "--student", "{student}", "--out", "{file_link}"], "is a file, not a folder"),
    ([*SURGERY, "--student", "{student}", "--vocabulary-free", "--out", "{file_link}"], "is a file, not a folder"),
    ([*SURGERY, "--student", "{student}", "--out", "{dangling}"], "symbolic link to"),
    ([*SURGERY, "--student", "{student}", "--out", "{teacher}/swapped"], "lies in the model folder"),
    ([*SURGERY, "--student", "{student}", "--out", HUGE], "longer than 4096 bytes"),
    ([*SWEEP, "{tiny_sweep}", "--storage", "sqlite:////proc/x/o.db"], "cannot write in /proc"),
    ([*SWEEP, "{tiny_sweep}", "--storage", "sqlite:///{tmp}"], "study database"),
    ([*ROBUSTNESS, "--students", "{student}", "--out", "/proc/x/r.md"], "cannot write in /proc"),
    ([*ROBUSTNESS, "--students", "{student}", "--out", "{out}/r.md", "--exports", "/proc/x"], "cannot write in /proc"),
    ([*ROBUSTNESS, "--students", "{student}", "--out", "{out}/r.md", "--exports", "{teacher}"],
     "lies in the model folder"),
    ([*ROBUSTNESS, "--students", "{student}", "--out", "{out}/r.md", "--exports", "{teacher}/exports"],
     "lies in the model folder"),
    ([*ROBUSTNESS, "--students", "{student}", "--out", "{file_link}/r.md"], "is a file"),
    ([*BENCH[:1], "--results", "/proc/x/b.md"], "cannot write in /proc"),
    ([*BENCH[:1], "--results", "{tmp}"], "is a folder"),
    ([*BENCH[:1], "--results", "{file}/b.md"], "is a file"),
    ([*BENCH[:1], "--quick", "--results", "{dangling}/b.md"], "symbolic link to"),
    ([*TRAIN, "--work-dir", "/proc/x"], "cannot write in /proc"),
    ([*TRAIN, "--tracking-uri", "sqlite:////proc/x/mlflow.db"], "cannot write in /proc"),
    ([*TRAIN, "--tracking-uri", "sqlite:///{tmp}"], "MLflow database"),
    ([*EVALUATE_STUDENT, "--tracking-uri", "sqlite:///{tmp}"], "MLflow database"),
    ([*EVALUATE_STUDENT, "--tracking-uri", "sqlite:///{file}/mlflow.db"], "is a file"),
    ([*OOV, "--tracking-uri", "{file}/mlruns"], "which is a file"),
    ([*M2, "{jsonl_folder}"], "is a folder"),
    ([*M2, "{file}/x.jsonl"], "is a file"),
    ([*M2, "/proc/x.jsonl"], "cannot write in /proc"),
    ([*M2, "/proc/x/y.jsonl"], "cannot write in /proc"),
    ([*M2, "{out}/x.txt"], ".jsonl"),
    ([*LISTED, "{jsonl_folder}"], "is a folder"),
    ([*LISTED, "{file}/x.jsonl"], "is a file"),
    ([*LISTED, "/proc/x.jsonl"], "cannot write in /proc"),
    ([*LISTED, "/proc/x/y.jsonl"], "cannot write in /proc"),
    # --- tracking stores that cannot be reached: refused before any work (MLflow retries for minutes) --------
    ([*TRAIN, "--tracking-uri", UNREACHABLE], "cannot reach the MLflow tracking server"),
    ([*EVALUATE_STUDENT, "--tracking-uri", UNREACHABLE], "cannot reach the MLflow tracking server"),
    ([*ROBUSTNESS, "--students", "{student}", "--out", "{out}/r.md", "--tracking-uri", UNREACHABLE],
     "cannot reach the MLflow tracking server"),
    ([*OOV, "--tracking-uri", UNREACHABLE], "cannot reach the MLflow tracking server"),
    ([*SWEEP, "{tiny_sweep}", "--tracking-uri", UNREACHABLE], "cannot reach the MLflow tracking server"),
    ([*SURGERY, "--student", "{student}", "--out", "{out}", "--tracking-uri", UNREACHABLE],
     "cannot reach the MLflow tracking server"),
    ([*BENCH, "--quick", "--tracking-uri", UNREACHABLE], "cannot reach the MLflow tracking server"),
    # --- options the benchmark's mode would silently ignore -----------------------------------------------
    ([*BENCH, "--quick", "--budgets", "5"], "--budgets applies to --fidelity only"),
    ([*BENCH, "--best-budgets", "5"], "--best-budgets applies to --fidelity only"),
    ([*BENCH, "--quick", "--fidelity", "--vocabulary-free"], "one at a time"),
    ([*BENCH, "--quick", "--contenders", "table"], "--contenders applies to --fidelity only"),
    ([*BENCH, "--quick", "--fidelity", "--time-cap", "5"], "--time-cap applies to the full benchmark only"),
    ([*BENCH, "--quick", "--vocabulary-free", "--budgets", "300", "900"], "--budgets applies to --fidelity only"),
    ([*BENCH, "--quick", "--vocabulary-free", "--fidelity-corpora", "wiki:heldout"],
     "--fidelity-corpora applies to --fidelity only"),
    ([*BENCH, "--quick", "--vocabulary-free", "--profile"], "--profile applies to the full benchmark only"),
    ([*BENCH, "--quick", "--fidelity", "--students", "ngrams"],
     "--students applies to the full benchmark and --vocabulary-free only, not to --fidelity"),
    # --- names the file system cannot take, newlines in file names -----------------------------------------
    ([*PLAIN_TRAIN, "--teacher", HUGE], "cannot be looked up"),
    ([*EVALUATE, "--students", HUGE], "longer than 4096 bytes"),
    ([*EVALUATE, "--students", "{tmp}/" + LONG], "longer than 255 bytes"),
    ([*EVALUATE, "--students", "{student}", "{tmp}/" + LONG], "longer than 255 bytes"),
    ([*SURGERY, "--student", HUGE, "--out", "{out}"], "longer than 4096 bytes"),
    ([*ROBUSTNESS, "--students", HUGE, "--out", "{out}/r.md"], "longer than 4096 bytes"),
    (["evaluate", "--model", HUGE, "--students", "{student}", "--quiet"], "cannot be looked up"),
    (["oov", "--model", "{tmp}/" + LONG, "--samples", "4"], "cannot be looked up"),
    ([*PLAIN_TRAIN, "--config", "{tmp}/a\nb.yaml"], "does not exist"),
    ([*SWEEP, "{tmp}/a\nb.yaml"], "not found"),
    ([*EVALUATE_STUDENT, "--datasets", "{tmp}/no\nfile.txt"], "does not exist"),
    ([*OOV, "--datasets", "{tmp}/no\nfile.txt"], "does not exist"),
    ([*TRAIN, "--context-epochs", "1", "--corpus", "{tmp}/no\nfile.txt"], "does not exist"),
    ([*M2[:1], "{tmp}/no\nfile.m2", "--out", "{out}/x.jsonl"], "does not exist"),
    # --- corpora a library cannot read (its own message is several lines) ------------------------------------
    ([*EVALUATE_STUDENT, "--datasets", "{ragged_csv}"], "Expected 2 fields"),
    ([*EVALUATE_STUDENT, "--datasets", "{bad_parquet}"], "Parquet magic bytes not found"),
    ([*OOV, "--datasets", "{ragged_csv}"], "Expected 2 fields"),
    ([*OOV, "--datasets", "{bad_parquet}"], "Parquet magic bytes not found"),
    ([*TRAIN, "--context-epochs", "1", "--corpus", "{bad_parquet}"], "Parquet magic bytes not found"),
    ([*ROBUSTNESS, "--students", "{student}", "--out", "{out}/r.md", "--datasets", "{ragged_csv}"],
     "Expected 2 fields"),
    ([*EVALUATE_STUDENT, "--datasets", "{no_given}", "--noise", "given"], "has no row with"),
    # --- model folders whose code would run (stdin answers y to any prompt: nothing may ask, nothing may run) -
    ([*EVALUATE, "--students", "{student}", "--model", "{custom_model}"], "holds model code of its own"),
    ([*ROBUSTNESS, "--students", "{student}", "--out", "{out}/r.md", "--model", "{custom_model}"],
     "holds model code of its own"),
    ([*SURGERY, "--student", "{student}", "--out", "{out}", "--model", "{custom_model}"],
     "holds model code of its own"),
    ([*SURGERY, "--student", "{student}", "--out", "{out}", "--model", "{custom_model}", "--vocabulary-free"],
     "holds model code of its own"),
    ([*TRAIN, "--teacher", "{custom_model}"], "holds model code of its own"),
    ([*EVALUATE, "--students", "{student}", "--model", "{custom_tokenizer}"],
     "declares a tokenizer of its own code (custom_code.CustomTokenizer"),
    ([*SURGERY, "--student", "{student}", "--out", "{out}", "--model", "{custom_tokenizer}"],
     "declares a tokenizer of its own code"),
    ([*TRAIN, "--teacher", "{custom_tokenizer}"], "declares a tokenizer of its own code"),
    ([*OOV, "--model", "{custom_tokenizer}"], "declares a tokenizer of its own code"),
    (["heads", "--model", "{custom_tokenizer}", "--out", "{out}"], "declares a tokenizer of its own code"),
    # --- refused by the evaluation after a robustness study would have exported its students ----------------
    ([*ROBUSTNESS, "--students", "{student}", "--out", "{out}/r.md", "--model", "{roberta}"],
     "needs a WordPiece tokenizer"),
    ([*ROBUSTNESS, "--students", "{student}", "--out", "{out}/r.md", "--datasets", "{no_given}", "--noise", "given"],
     "has no row with"),
    # --- the environment: a cache folder that cannot be written ---------------------------------------------
    ([*TRAIN, "{env:DISTILL_CACHE_DIR={file}}"], "cannot write the teacher cache"),
    ([*TRAIN, "{env:DISTILL_CACHE_DIR=/proc/x}"], "cannot write the teacher cache"),
    ([*TRAIN, "{env:DISTILL_CACHE_DIR=}", "{env:HOME=/proc/nonexistent}"], "cannot write the teacher cache"),
    ([*TRAIN, "{env:DISTILL_CACHE_DIR=}", "{env:HOME={file}}"], "cannot write the teacher cache"),
    # --- the converters' inputs -------------------------------------------------------------------------------
    ([*M2[:1], "{empty_m2}", "--out", "{out}/x.jsonl"], "is empty"),
    ([*M2[:1], "{blank_m2}", "--out", "{out}/x.jsonl"], "is empty"),
    ([*M2[:1], "{huge_word_m2}", "--out", "{out}/x.jsonl"], "no spelling edit"),
    ([*M2[:1], "{latin1_txt}", "--out", "{out}/x.jsonl"], "not UTF-8"),
    ([*M2[:1], "{tmp}", "--out", "{out}/x.jsonl"], "is not a file"),
    ([*LISTED[:1], "{long_line_list}", "--out", "{out}/x.jsonl"], "holds no misspelling"),
    ([*LISTED[:1], "{latin1_txt}", "--out", "{out}/x.jsonl"], "not UTF-8"),
    ([*LISTED, "{out}/x.jsonl", "--rate", "0"], "--rate must be in (0, 1]"),
    ([*LISTED, "{out}/x.jsonl", "--corpus", "{ragged_csv}"], "Expected 2 fields"),
]


@pytest.fixture(scope="module")
def edge_files(tmp_path_factory: pytest.TempPathFactory, tiny_bert_dir: Path, tiny_roberta_dir: Path
               ) -> dict[str, str]:
    """The files the bad command lines name (read only: shared by every case)."""
    from test_surgery import SMALL_BYTESCNN, small_bytescnn

    from distill.export.folder import export_vocabulary_free

    root = tmp_path_factory.mktemp("edges")
    files = {"tmp": str(root), "teacher": str(tiny_bert_dir), "small": json.dumps(SMALL_BYTESCNN)}
    for name, data in TEXTS.items():
        (root / f"{name}.yaml").write_bytes(data)
        files[name] = str(root / f"{name}.yaml")
    (root / "latin1.txt").write_bytes(TEXTS["latin1_text"])
    files["latin1_txt"] = str(root / "latin1.txt")
    corpus = root / "corpus.txt"
    corpus.write_text("".join(f"The cat number {index} sat on the mat. The dog ran in the park today.\n\n"
                              for index in range(300)))
    base = {"teacher": str(tiny_bert_dir), **TABLE_ONLY_BYTESCNN, "epochs": 1, "student_options": SMALL_BYTESCNN}
    for name, values in CONFIGS.items():
        data = {**base, **values, "student_options": values.get("student_options", SMALL_BYTESCNN)}
        files[name] = str(root / f"{name}.yaml")
        Path(files[name]).write_text(yaml.safe_dump(data))
    files["long_run_name"] = str(root / "long_run_name.yaml")
    Path(files["long_run_name"]).write_text(yaml.safe_dump({**base, "run_name": "n" * 400}))
    files["long_filters"] = str(root / "long_filters.yaml")
    filters = [[1, 1] for _ in range(2000)]  # distinct lists: safe_dump writes a repeated one as aliases
    Path(files["long_filters"]).write_text(yaml.safe_dump({**base, "student_options": {"filters": filters}}))
    files["tiny_config"] = str(root / "tiny_config.yaml")
    Path(files["tiny_config"]).write_text(yaml.safe_dump(base))
    sweep_base = {"fixed": base, "space": {"loss": ["mse", "cosine"]}, "objective": "mean_cosine"}
    for name, values in {"tiny_sweep": {}, **SWEEPS}.items():
        data = {**sweep_base, **values}
        if "fixed" in values:
            data["fixed"] = {**base, **values["fixed"]}
        files[name] = str(root / f"{name}.yaml")
        Path(files[name]).write_text(yaml.safe_dump(data).replace("'{corpus}'", str(corpus)))
    for name, text in SWEEP_TEXTS.items():
        files[name] = str(root / f"{name}.yaml")
        Path(files[name]).write_text(text.format(teacher=tiny_bert_dir))
    (root / "mlflow_number_uri.yaml").write_text("tracking_uri: 5\n")
    (root / "mlflow_experiments_list.yaml").write_text("experiments: [a, b]\n")
    files["mlflow_number_uri"] = str(root / "mlflow_number_uri.yaml")
    files["mlflow_experiments_list"] = str(root / "mlflow_experiments_list.yaml")
    (root / "a-file").write_text("not a folder")
    files["file"] = str(root / "a-file")
    student = small_bytescnn(32).save_pretrained(root / "student")
    export = export_vocabulary_free(str(tiny_bert_dir), small_bytescnn(32), root / "export")
    files["student"] = str(student)
    files.update(write_student_variants(root / "damaged", Path(student), Path(export)))
    files.update(write_export_damages(root / "damaged-exports", Path(export)))
    files.update(write_other_inputs(root, tiny_bert_dir, tiny_roberta_dir))
    return files


def write_other_inputs(root: Path, teacher: Path, roberta: Path) -> dict[str, str]:
    """Links, corpora a library cannot read, converter inputs and a model folder with code of its own (which, run,
    would write ``PLANTED`` into ``root``, where every case checks that nothing appeared)."""
    (root / "file-link").symlink_to(root / "a-file")
    (root / "dangling").symlink_to(root / "nowhere")
    (root / "folder.jsonl").mkdir()
    texts = {  # name → (file, text)
        "ragged_csv": ("ragged.csv", "text,noisy\na b c,a b d\none,two,three,four\n"),
        "bad_parquet": ("bad.parquet", "PAR1 not a parquet file"),
        "no_given": ("no_given.jsonl", '{"text": "a b", "noisy": "a c"}\n'),
        "m2": ("m2.m2", "S They studyed .\nA 1 2|||R:SPELL|||studied|||REQUIRED|||-NONE-|||0\n"),
        "empty_m2": ("empty.m2", ""),
        "blank_m2": ("blank.m2", "\n  \n\r\n"),
        "huge_word_m2": ("huge_word.m2",
                         f"S They {'x' * 1_000_000} .\nA 1 2|||R:SPELL|||studied|||REQUIRED|||-NONE-|||0\n"),
        "word_list": ("word_list.txt", "recieve->receive\nbecuase->because\n"),
        "long_line_list": ("long_line.txt", "x" * 100_000_000 + "->y\n"),  # a 100 MB "word" (wordfreq: MemoryError)
    }
    files = {"file_link": str(root / "file-link"), "dangling": str(root / "dangling"),
             "jsonl_folder": str(root / "folder.jsonl"), "roberta": str(roberta),
             "custom_model": str(with_custom_code(teacher, root / "custom-model", root / "PLANTED")),
             "custom_tokenizer": str(with_custom_code(teacher, root / "custom-tokenizer", root / "PLANTED",
                                                      part="tokenizer"))}
    for name, (file_name, text) in texts.items():
        (root / file_name).write_text(text)
        files[name] = str(root / file_name)
    return files


def listing(folder: Path) -> set[str]:
    return {str(path.relative_to(folder)) for path in folder.rglob("*")}


def test_there_are_at_least_280_edge_cases() -> None:
    assert len(CASES) >= 280  # 189 before the outputs, stores, names and inputs of issue #44


IDS = [f"{index}-{argv[0]}-{message[:40]}" for index, (argv, message) in enumerate(CASES)]


@pytest.mark.parametrize(("argv", "message"), CASES, ids=IDS)
def test_edge_case_is_one_line_exit_2_and_leaves_nothing(edge_files, tmp_path, capsys, monkeypatch, argv,
                                                         message) -> None:
    out = tmp_path / "out"
    arguments: list[str] = []
    for argument in argv:
        if argument.startswith("{cwd:"):  # an mlflow.yaml in the working folder
            shutil.copy(edge_files[argument[5:-1]], tmp_path / "mlflow.yaml")
            continue
        if argument.startswith("{env:"):  # {env:NAME=value}, {env:NAME=} unsets it
            name, _, value = argument[5:-1].partition("=")
            monkeypatch.setenv(name, value.format(**edge_files)) if value else monkeypatch.delenv(name, raising=False)
            continue
        arguments.append(argument.format(**edge_files, out=out, work=tmp_path / "runs"))
    command = importlib.import_module(CONVERTERS[arguments[0]]).main if arguments[0] in CONVERTERS else None
    monkeypatch.setattr(sys, "stdin", io.StringIO("y\n" * 100))  # a prompt would be answered: none may come
    before = listing(Path(edge_files["tmp"])), listing(tmp_path)
    started = time.monotonic()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with pytest.raises(SystemExit) as exited:
            raise SystemExit(main(arguments) if command is None else command(arguments[1:]))
    elapsed = time.monotonic() - started
    error = without_phase_lines(capsys.readouterr().err)
    assert exited.value.code == 2, error
    assert error.startswith("error: ") and error.count("\n") == 1 and message in error, error
    shown = [str(warning.message) for warning in caught
             if not issubclass(warning.category, DeprecationWarning | PendingDeprecationWarning | ImportWarning)]
    assert shown == [], shown
    assert runs_recorded() == 0
    print(error, end="")  # the table of messages: pytest -s tests/test_edges.py
    assert (listing(Path(edge_files["tmp"])), listing(tmp_path)) == before  # no checkpoint, output or database
    assert elapsed < 30


@pytest.mark.parametrize("name", list(EXPORT_DAMAGES))
def test_a_damaged_export_is_refused_by_its_own_code(edge_files, name) -> None:
    """A damaged export loaded with transformers alone (the folder's own code) is refused in one line naming what
    is wrong, before it could run wrongly; nothing is written into the folder."""
    from transformers import AutoModel, AutoTokenizer

    _, _, loader, words = EXPORT_DAMAGES[name]
    folder = Path(edge_files[name])
    before = listing(folder)
    started = time.monotonic()
    with pytest.raises(ValueError) as refused:
        {"model": AutoModel, "tokenizer": AutoTokenizer}[loader].from_pretrained(folder, trust_remote_code=True)
    message = str(refused.value)
    assert "\n" not in message.strip() and words in message, message
    assert listing(folder) == before and time.monotonic() - started < 30
