"""``distill sweep --carry FILE`` (sweeps.carry): a study carried from machine to machine as an SQL dump of its
SQLite database, built from the dump where the database does not exist yet and the dump rewritten after every
trial."""

from __future__ import annotations

import sqlite3
import tempfile
from pathlib import Path

import optuna
import pytest
from optuna.distributions import CategoricalDistribution
from optuna.trial import create_trial
from output import without_phase_lines
from sweep_files import complete_params, load_study, sweep_runs, write_sweep

from distill.cli import main
from distill.errors import DistillError
from sweeps.carry import CarriedStudy


def finished_trials(dump: Path, name: str = "tiny") -> list[str]:
    """The states of the finished trials of study ``name`` in ``dump``, restored into a database of its own."""
    restored = Path(tempfile.mkdtemp()) / "restored.db"
    with sqlite3.connect(restored) as connection:
        connection.executescript(dump.read_text())
    study = optuna.load_study(study_name=name, storage=f"sqlite:///{restored}")
    return [trial.state.name for trial in study.trials if trial.state.is_finished()]


def study_database(path: Path, trials: int, name: str = "tiny") -> Path:
    """A SQLite study database holding ``trials`` complete trials of study ``name``."""
    study = optuna.create_study(study_name=name, storage=f"sqlite:///{path}", direction="maximize")
    for number in range(trials):
        study.add_trial(create_trial(value=float(number), params={"loss": "mse"},
                                     distributions={"loss": CategoricalDistribution(["mse", "cosine"])}))
    return path


def test_a_carried_study_follows_its_trials_and_resumes_on_another_machine(tmp_path, tiny_bert_dir, monkeypatch,
                                                                          capsys) -> None:
    """The first machine runs one trial and leaves the dump; another, with no database and a new MLflow store,
    builds the study from the dump, keeps its trial, runs the rest, and the dump follows it."""
    path = write_sweep(tmp_path, tiny_bert_dir)
    dump = tmp_path / "studies" / "tiny.sql"
    dump.parent.mkdir()
    assert main(["sweep", "--config", str(path), "--n-trials", "1", "--carry", str(dump)]) == 0
    assert f"{dump} will hold the study, rewritten after every trial" in capsys.readouterr().err
    assert finished_trials(dump) == ["COMPLETE"]
    header = dump.read_text().splitlines()[0]
    assert header.startswith("-- The Optuna study tiny of `distill sweep --config ") and "--carry" in header

    elsewhere = tmp_path / "elsewhere"
    monkeypatch.setenv("MLFLOW_TRACKING_URI", f"sqlite:///{elsewhere / 'mlflow.db'}")
    storage = f"sqlite:///{elsewhere / 'optuna.db'}"
    assert main(["sweep", "--config", str(path), "--storage", storage, "--carry", str(dump)]) == 0
    assert f"study restored from {dump} into {elsewhere / 'optuna.db'}" in capsys.readouterr().err
    assert complete_params(load_study(elsewhere)) == [(("loss", "cosine"),), (("loss", "mse"),)]
    parent, children = sweep_runs()  # the new store: its parent run, and the trial that ran there
    assert parent.info.status == "FINISHED" and len(children) == 1
    assert finished_trials(dump) == ["COMPLETE", "COMPLETE"]
    assert not [name for name in dump.parent.iterdir() if name.name.startswith(".")]  # no file left half-written
    assert dump.stat().st_mode & 0o777 == (tmp_path / "elsewhere" / "optuna.db").stat().st_mode & 0o777 == (
        path.stat().st_mode & 0o777)  # made as any file the user writes (the umask's), not private


def test_a_database_behind_its_dump_is_refused_and_the_dump_kept(tmp_path, tiny_bert_dir, capsys) -> None:
    """A database left on a machine while the study went on elsewhere: rewriting the dump from it would lose the
    trials run elsewhere."""
    dump = tmp_path / "tiny.sql"
    CarriedStudy(dump, study_database(tmp_path / "ahead.db", 3), "tiny", "distill sweep").write()
    written = dump.read_text()
    behind = study_database(tmp_path / "behind.db", 2)
    path = write_sweep(tmp_path, tiny_bert_dir)
    assert main(["sweep", "--config", str(path), "--storage", f"sqlite:///{behind}", "--carry", str(dump)]) == 2
    err = without_phase_lines(capsys.readouterr().err)
    assert f"error: {dump} holds 1 finished trial(s) of study tiny that {behind} lacks; move {behind} away" in err
    assert err.count("\n") == 1 and dump.read_text() == written


def test_a_dump_of_another_study_is_refused_and_kept(tmp_path) -> None:
    """A file carrying another study, named by mistake, would be rewritten without it."""
    dump = tmp_path / "other.sql"
    CarriedStudy(dump, study_database(tmp_path / "other.db", 2, name="other"), "other", "distill sweep").write()
    written = dump.read_text()
    for database in (tmp_path / "optuna.db", study_database(tmp_path / "tiny.db", 1)):
        with pytest.raises(DistillError, match=f"--carry {dump} holds no study tiny; name the file that carries it"):
            CarriedStudy(dump, database, "tiny", "distill sweep").open()
    assert dump.read_text() == written and not (tmp_path / "optuna.db").exists()


def test_a_database_level_with_its_dump_resumes_and_rewrites_it(tmp_path) -> None:
    dump = tmp_path / "tiny.sql"
    database = study_database(tmp_path / "optuna.db", 2)
    carried = CarriedStudy(dump, database, "tiny", "distill sweep")
    carried.write()
    assert carried.open() == f"{database} holds every finished trial of {dump}; the file follows it"
    assert finished_trials(dump) == ["COMPLETE", "COMPLETE"]


@pytest.mark.parametrize(("storage", "dump_text", "message"), [
    ("postgresql://user@localhost/studies", None, "--carry keeps a SQLite study database as SQL; --storage names "
                                                  "another database"),
    (None, "this is no SQL dump;", "is not an SQL dump of a study database: near \"this\": syntax error"),
])
def test_what_cannot_be_carried_is_one_line(tmp_path, tiny_bert_dir, capsys, storage, dump_text, message) -> None:
    path = write_sweep(tmp_path, tiny_bert_dir)
    dump = tmp_path / "tiny.sql"
    if dump_text is not None:
        dump.write_text(dump_text)
    database = tmp_path / "optuna.db"
    args = ["--storage", storage or f"sqlite:///{database}"]
    assert main(["sweep", "--config", str(path), *args, "--carry", str(dump)]) == 2
    err = without_phase_lines(capsys.readouterr().err)
    assert err.startswith("error: ") and message in err and err.count("\n") == 1, err
    assert not database.exists() and [item.name for item in tmp_path.iterdir() if item.name.startswith(".")] == []


def test_the_file_carries_its_study_alone(tmp_path) -> None:
    """Another study kept in the same database stays out of the file (and in the database)."""
    database = study_database(tmp_path / "optuna.db", 2)
    other = optuna.create_study(study_name="other", storage=f"sqlite:///{database}")
    other.add_trial(create_trial(value=1.0, params={"loss": "mse"},
                                 distributions={"loss": CategoricalDistribution(["mse", "cosine"])}))
    dump = tmp_path / "tiny.sql"
    CarriedStudy(dump, database, "tiny", "distill sweep").write()
    restored = tmp_path / "restored.db"
    with sqlite3.connect(restored) as connection:
        connection.executescript(dump.read_text())
    assert optuna.get_all_study_names(f"sqlite:///{restored}") == ["tiny"]
    assert finished_trials(dump) == ["COMPLETE", "COMPLETE"]
    assert sorted(optuna.get_all_study_names(f"sqlite:///{database}")) == ["other", "tiny"]


def test_a_dump_that_cannot_be_written_is_a_warning(tmp_path, capsys) -> None:
    """The database keeps the study; the next trial, or the same command, writes the dump."""
    database = study_database(tmp_path / "optuna.db", 1)
    unwritable = tmp_path / "a-folder.sql"
    unwritable.mkdir()
    CarriedStudy(unwritable, database, "tiny", "distill sweep").write()
    assert f"warning: {unwritable} not rewritten" in capsys.readouterr().err
    with pytest.raises(DistillError, match="is a folder"):
        CarriedStudy.checked(str(unwritable), database, "tiny", "distill sweep")
