"""The README as a tested contract (issue 23): every ``distill …`` command in its code blocks runs here.

Each command keeps its sub-command and options; what would take minutes or the network is made tiny: the
tiny BERT for every teacher and model, local corpora for hub corpora, placeholders (``RUN_ID``, ``EXPORT_DIR``)
filled from runs trained once per module, sweep files copied with tiny training and evaluation settings,
``--quick`` for the benchmark, and a working folder and MLflow store per test. A command added to the README
is run with the same substitutions; one the substitutions cannot run fails here, not in a user's hands.
"""

from __future__ import annotations

import json
import random
import re
import shlex
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import mlflow
import pytest
import tiny_models
import yaml
from sweep_files import SHIPPED_SWEEPS
from tiny_models import write_corpus

from distill.cli import main
from distill.evaluation.report import TABLE2, TABLE3
from students.base import CONFIG_NAME, WEIGHTS_NAME
from students.registry import STUDENTS

README = Path(__file__).resolve().parents[1] / "README.md"
TINY_STUDENT = {"filters": [[1, 16], [2, 16], [3, 32]], "max_bytes_per_token": 16}
HUB_ONLY = ("wikitext", "imdb", "wiki", "pydoc", "stdlib")  # corpora a tiny evaluation reads from local files


def readme_commands(text: str) -> list[str]:
    """Every ``distill`` command line of the README's bash blocks, once each, in order (continuation lines
    joined, comments dropped, ``a && distill b`` giving ``distill b``)."""
    commands: list[str] = []
    for block in re.findall(r"```bash\n(.*?)```", text, flags=re.S):
        for line in block.replace("\\\n", " ").splitlines():
            words = shlex.split(line, comments=True)
            segments = " ".join(words).split(" && ")
            for segment in segments:
                argv = segment.split()
                if argv and Path(argv[0]).name == "distill":
                    command = shlex.join(["distill", *shlex.split(segment)[1:]])
                    if command not in commands:
                        commands.append(command)
    return commands


COMMANDS = readme_commands(README.read_text(encoding="utf-8"))


def write_paired_corpus(path: Path) -> Path:
    """Rows of tiny-vocabulary sentences (``text``) beside a misspelt version (``noisy``): a README's own file."""
    rng = random.Random(0)
    rows = []
    for _ in range(12):
        words = rng.choices(tiny_models.WORDS, k=rng.randint(5, 9))
        noisy = [word[::-1] if rng.random() < 0.3 else word for word in words]
        rows.append(json.dumps({"text": " ".join(words) + ".", "noisy": " ".join(noisy) + "."}))
    path.write_text("\n".join(rows) + "\n")
    return path


class Sandbox:
    """What the README's commands need, made once per module: the tiny teacher, local corpora, trained runs,
    a killed run and a vocabulary-free export, in one MLflow store."""

    def __init__(self, folder: Path, teacher: Path) -> None:
        self.folder, self.teacher = folder, teacher
        self.encoder = tiny_models.build_tiny_bert_encoder(folder / "encoder")  # no heads: what distill heads fits
        self.tracking_uri = f"sqlite:///{folder / 'mlflow.db'}"
        self.corpora = {name: write_corpus(folder / f"{name}.txt", seed=index) for index, name in enumerate(HUB_ONLY)}
        self.corpora["learners.jsonl"] = write_paired_corpus(folder / "learners.jsonl")
        self.placeholders: dict[str, str] = {}
        self.killed = ""  # a run stopped after its first epoch: what `--resume RUN_ID` continues
        self.finished: dict[tuple[str, ...], tuple[int, str]] = {}  # tiny argv → exit status and output, run once

    def train_settings(self, **values: Any) -> dict[str, Any]:
        return {"teacher": str(self.teacher), "student": "bytescnn-small", "student_options": TINY_STUDENT,
                "epochs": 1, "batch_size": 32,
                "work_dir": str(self.folder / "runs"), "corpus": str(self.corpora["wiki"]),
                "context_steps_per_epoch": 2, "whole_word_count": 50, **values}

    def corpus(self, name: str) -> str:
        """A corpus name with each hub or packaged corpus replaced by a local file (``+`` and ``:heldout``
        kept, so that joined and split names are exercised)."""
        base, colon, part = name.rpartition(":") if ":" in name else (name, "", "")
        joined = "+".join(str(self.corpora[piece]) if piece in self.corpora else piece for piece in base.split("+"))
        return f"{joined}{colon}{part}"

    def evaluation(self, values: dict[str, Any]) -> dict[str, Any]:
        """A sweep file's evaluation block made tiny: the tiny model, local corpora, 3 seeds of 8 samples."""
        datasets = [self.corpus(name) for name in values.get("datasets", ["wiki:heldout"])]
        return {**values, "model": str(self.teacher), "datasets": datasets, "seeds": 3, "samples": 8,
                "max_length": 16, "batch_size": 8}

    def sweep_file(self, name: str, target: Path, trials: int = 1) -> Path:
        """A shipped sweep file (``my_sweep.yaml``: the quick one) with tiny training and evaluation, cut to
        ``trials`` trials."""
        shipped = SHIPPED_SWEEPS / f"{name if (SHIPPED_SWEEPS / f'{name}.yaml').is_file() else 'quick'}.yaml"
        spec = yaml.safe_load(shipped.read_text())
        fixed = {key: value for key, value in spec["fixed"].items() if key not in ("vocab_sample", "bf16")}
        searched = {name.partition(".")[0] for name in spec["space"]}  # student_options.pooling: student_options
        tiny = {key: value for key, value in self.train_settings().items() if key not in searched}
        if "student_options" in searched:  # options of the file's student are searched: it keeps its student
            del tiny["student"]
        if len({STUDENTS[name][1] for name in spec["space"].get("student", [])}) > 1:
            del tiny["student_options"]  # students of several families: each with its own options
        spec["fixed"] = {**fixed, **tiny, "eval_every": 1}
        spec["n_trials"] = trials
        if "time_per_trial" in spec:  # seconds, not the file's minutes, which fill_time would fill with tiny epochs
            spec["time_per_trial"] = "2s"
        if "points" in spec:  # the trials beside a grid, made tiny: each student with its own default options
            tiny_points = [{**{key: point[key] for key in spec["space"]}, "student_options": {}}
                           for point in spec["points"]]
            spec["points"] = [point for index, point in enumerate(tiny_points) if point not in tiny_points[:index]]
        if "evaluation" in spec:
            spec["evaluation"] = self.evaluation(spec["evaluation"])
        spec.setdefault("heartbeat", {"interval": 1, "grace_period": 3})
        target.write_text(yaml.safe_dump(spec, sort_keys=False))
        return target


# --- what each option and sub-command becomes ------------------------------------------------------------------

def _sweep_config(sandbox: Sandbox, value: str) -> str:
    return str(sandbox.sweep_file(Path(value).stem, Path.cwd() / f"{Path(value).stem}.yaml"))


def _train_config(sandbox: Sandbox, value: str) -> str:
    """The config file a README command names, written with the tiny settings; ``best.yaml`` holds the keys
    its comment documents (fewer steps)."""
    documented = {"context_steps_per_epoch": 2, "context_lr": 1.0e-3, "context_table_weight": 1.0}
    values = sandbox.train_settings(**(documented if value == "best.yaml" else {}))
    path = Path.cwd() / value
    path.write_text(yaml.safe_dump(values))
    return str(path)


VALUES: dict[str, Callable[[Sandbox, str, str], str]] = {  # option → its tiny value, given the sub-command
    "--teacher": lambda sandbox, command, value: str(sandbox.teacher),
    "--model": lambda sandbox, command, value: str(sandbox.teacher),
    "--datasets": lambda sandbox, command, value: sandbox.corpus(value),
    "--config": lambda sandbox, command, value: (_train_config if command == "train" else _sweep_config)(
        sandbox, value),
    "--storage": lambda sandbox, command, value: f"sqlite:///{Path.cwd() / 'optuna-shared.db'}",
    "--carry": lambda sandbox, command, value: str(Path.cwd() / Path(value).name),
    "--n-trials": lambda sandbox, command, value: "2",
    "--epochs": lambda sandbox, command, value: "1",
    "--context-epochs": lambda sandbox, command, value: "1",
    "--seeds": lambda sandbox, command, value: "2",
    "--budgets": lambda sandbox, command, value: "0.5",
    "--best-budgets": lambda sandbox, command, value: "0.5",
}
ADDED: dict[str, Callable[[Sandbox], dict[str, list[str]]]] = {  # sub-command → options added unless given
    "train": lambda sandbox: {"--config": [_train_config(sandbox, "tiny.yaml")]},
    "surgery": lambda sandbox: {"--model": [str(sandbox.teacher)]},
    "evaluate": lambda sandbox: {"--model": [str(sandbox.teacher)], "--datasets": [sandbox.corpus("wiki:heldout")],
                                 "--samples": ["8"], "--max-length": ["16"], "--seeds": ["2"]},
    "robustness": lambda sandbox: {"--model": [str(sandbox.teacher)], "--datasets": [sandbox.corpus("wiki:heldout")],
                                   "--samples": ["8"], "--seeds": ["2"], "--max-length": ["16"],
                                   "--exports": ["exports"], "--out": ["robustness.md"]},
    "oov": lambda sandbox: {"--model": [str(sandbox.teacher)], "--datasets": [sandbox.corpus("pydoc")],
                            "--samples": ["40"]},
    "bench": lambda sandbox: {"--quick": [], "--teacher": [str(sandbox.teacher)],
                              "--results": [str(sandbox.folder / "RESULTS.md")]},
    "sweep": lambda sandbox: {},
    "quickstart": lambda sandbox: {},
    "heads": lambda sandbox: {"--model": [str(sandbox.encoder)], "--out": [str(Path.cwd() / "with-heads")],
                              "--corpus": [sandbox.corpus("wiki:train")], "--steps": ["2"], "--batch-size": ["4"],
                              "--datasets": [sandbox.corpus("wiki:heldout")], "--eval-seeds": ["1"],
                              "--eval-samples": ["4"]},
}


def tiny_argv(command: str, sandbox: Sandbox) -> list[str]:
    """The README's ``command`` as arguments of ``distill.cli.main``, made tiny (see the module's docstring)."""
    _, subcommand, *words = shlex.split(command)
    argv, option = [subcommand], ""
    for word in words:
        if word.startswith("--"):
            option = word
            argv.append(word)
            continue
        value = sandbox.killed if option == "--resume" else sandbox.placeholders.get(word, word)
        argv.append(VALUES[option](sandbox, subcommand, value) if option in VALUES else value)
    if "--help" in argv or "--resume" in argv:
        return argv
    added = ADDED[subcommand](sandbox)
    if "--fidelity" in argv:  # the options only time to fidelity reads (any other mode refuses them)
        added |= {"--fidelity-corpora": [sandbox.corpus("wiki:heldout")], "--contenders": ["table"]}
    for flag, values in added.items():
        if flag not in argv:
            argv.extend([flag, *values])
    return argv


# --- what each sub-command must leave behind ---------------------------------------------------------------------

def artifacts(run_id: str, path: str = "") -> set[str]:
    return {Path(item.path).name for item in mlflow.MlflowClient().list_artifacts(run_id, path)}


def check_outputs(argv: list[str], out: str) -> None:
    """The output files the README documents for the sub-command ``argv[0]``."""
    subcommand = argv[0]
    if "--help" in argv:
        assert out.startswith(f"usage: distill {subcommand}")
    elif subcommand == "train":
        run_id = re.search(r"^run ([0-9a-f]{32}):", out, flags=re.M).group(1)  # "prints the run id"
        assert {CONFIG_NAME, WEIGHTS_NAME} <= artifacts(run_id, "student")
    elif subcommand == "surgery":
        out_dir = Path(argv[argv.index("--out") + 1])
        assert (out_dir / "config.json").is_file() and (out_dir / "model.safetensors").is_file()
        assert (out_dir / "README.md").is_file()  # the model card
    elif subcommand == "evaluate":
        run_id = re.search(r"^evaluation run ([0-9a-f]{32})", out, flags=re.M).group(1)
        assert {f"{table}.{kind}" for table in (TABLE2, TABLE3) for kind in ("csv", "md")} <= artifacts(run_id)
    elif subcommand == "robustness":
        assert Path(argv[argv.index("--out") + 1]).read_text().startswith("#")
    elif subcommand == "oov":
        run_id = re.search(r"^OOV run ([0-9a-f]{32})", out, flags=re.M).group(1)
        assert {"oov.csv", "oov.md"} <= artifacts(run_id)
    elif subcommand == "bench":
        assert Path(argv[argv.index("--results") + 1]).is_file()
    elif subcommand == "heads":
        out_dir = Path(argv[argv.index("--out") + 1])
        assert (out_dir / "config.json").is_file() and (out_dir / "pretraining.json").is_file()
        assert f"model with heads: {out_dir}" in out
    else:  # sweep, quickstart
        run_id = re.search(r"MLflow run ([0-9a-f]{32})", out).group(1)
        failures = [run.data.tags.get("distill.failure") for run in mlflow.search_runs(
            search_all_experiments=True, filter_string=f"tags.mlflow.parentRunId = '{run_id}'", output_format="list")]
        assert {"trials.csv", "trials.md", "best.yaml", "summary.md"} <= artifacts(run_id)
        summary = mlflow.artifacts.load_text(f"runs:/{run_id}/summary.md")
        assert re.search(r"trials, [1-9]\d* complete", summary) and not any(failures), failures
        if "--carry" in argv:  # the study as SQL, written after its trial
            assert Path(argv[argv.index("--carry") + 1]).read_text().startswith("-- The Optuna study ")
        if "--results" in argv:  # Tables 1-3 of the finished study
            assert "### Table 3" in Path(argv[argv.index("--results") + 1]).read_text()


# --- fixtures and the test ---------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def sandbox(tmp_path_factory: pytest.TempPathFactory, tiny_bert_dir: Path) -> Iterator[Sandbox]:
    """Two trained runs (``RUN``, ``RUN_ID``, ``RUN_A``; ``RUN_B``), their vocabulary-free export
    (``EXPORT_DIR``) and a run killed after its first epoch (what ``--resume RUN_ID`` continues)."""
    from callbacks import RaiseAt

    from distill import training
    from distill.config.training import TrainConfig

    folder = tmp_path_factory.mktemp("readme")
    box = Sandbox(folder, tiny_bert_dir)
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(folder)
        patch.setenv("MLFLOW_TRACKING_URI", box.tracking_uri)
        runs = []
        for seed in (0, 1):
            result = training.train(TrainConfig(**box.train_settings(seed=seed)).validate(), quiet=True)
            runs.append(result.run_id)
        export = folder / "export"
        assert main(["surgery", "--student", runs[0], "--model", str(tiny_bert_dir), "--out", str(export),
                     "--vocabulary-free", "--quiet"]) == 0
        with pytest.raises(KeyboardInterrupt):
            training.train(TrainConfig(**box.train_settings(epochs=2)).validate(), quiet=True,
                           callbacks=[RaiseAt(1, KeyboardInterrupt())])
        killed = next(run.info.run_id for run in mlflow.search_runs(search_all_experiments=True,
                                                                    output_format="list")
                      if run.info.status == "KILLED")
    box.placeholders = {"RUN": runs[0], "RUN_ID": runs[0], "RUN_A": runs[0], "RUN_B": runs[1],
                        "EXPORT_DIR": str(export)}
    box.killed = killed
    yield box


def test_every_readme_command_is_found() -> None:
    """The collector sees the README's commands: the first line of every section's block, the continued train
    command, the quickstart after ``&&`` and the sweep commands with storage URLs."""
    assert COMMANDS[0] == "distill quickstart"
    assert any(command.startswith("distill train --epochs 8") and command.endswith("--config best.yaml")
               for command in COMMANDS)
    assert {command.split()[1] for command in COMMANDS} == {
        "train", "surgery", "evaluate", "robustness", "oov", "bench", "sweep", "quickstart", "heads"}
    assert len(COMMANDS) >= 20


@pytest.mark.slow
@pytest.mark.parametrize("command", COMMANDS)
def test_readme_command_runs_on_tiny_models(command: str, sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("MLFLOW_TRACKING_URI", sandbox.tracking_uri)
    monkeypatch.setattr("distill.cli.commands.quickstart.QUICK_SWEEP",
                        str(sandbox.sweep_file("quick", Path.cwd() / "quick.yaml", trials=2)))
    monkeypatch.setattr("distill.bench.runner.QUICK_ROWS", 40)  # the tiny teacher has fewer than 512 rows
    argv = tiny_argv(command, sandbox)
    if tuple(argv) not in sandbox.finished:  # `distill bench` and `distill bench --quick` are one tiny command
        try:
            code = main(argv)
        except SystemExit as exited:  # --help
            code = int(exited.code or 0)
        captured = capsys.readouterr()
        print(captured.out)  # what the user would see (shown with -s, and on a failure)
        assert code == 0, f"{shlex.join(argv)}\n{captured.err}"
        sandbox.finished[tuple(argv)] = code, captured.out
    check_outputs(argv, sandbox.finished[tuple(argv)][1])
