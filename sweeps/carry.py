"""A study carried from machine to machine in a repository (``distill sweep --carry FILE``): its SQLite database as
an SQL dump, the database built from the dump where it does not exist yet and the dump rewritten after every trial.

A study of 15-minute trials runs for hours, longer than a machine may be kept; its database is what lets the same
command resume it (the trials kept, a lost running trial run again, the first machine's pace, :mod:`sweeps.pace`).
SQL text rather than the binary file, so that a repository keeps it as lines it can diff. The dump holds every row
of the study, heartbeats included (a trial that was running where the dump was written is found lost on the next
machine and queued again, as on the first), and none of the other studies the database may keep beside it."""

from __future__ import annotations

import os
import sqlite3
import sys
import uuid
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path

import optuna
import sqlalchemy
from optuna.trial import TrialState

from distill.errors import DistillError, first_line
from distill.files.paths import check_output_file

FINISHED = (TrialState.COMPLETE, TrialState.PRUNED, TrialState.FAIL)


@dataclass(frozen=True)
class CarriedStudy:
    dump: Path  # the SQL dump, e.g. docs/studies/students-retvec.sql
    database: Path  # the study storage's SQLite file
    study_name: str
    command: str  # the command that resumes the study, for the dump's header

    @classmethod
    def checked(cls, dump: str, database: Path | None, study_name: str, command: str) -> CarriedStudy:
        """The carried study of ``--carry dump``, refused in one line where the storage is not a SQLite file or the
        dump cannot be written."""
        if database is None:
            raise DistillError("--carry keeps a SQLite study database as SQL; --storage names another database")
        return cls(check_output_file(dump, "--carry file"), database, study_name, command)

    def open(self) -> str:
        """Bring the database up to the dump before the study opens: build it from the dump where it does not
        exist; where it does, refuse it if it lacks finished trials that the dump holds (rewriting the dump from it
        would lose them). Says what it did."""
        if not self.dump.exists():
            return f"{self.dump} will hold the study, rewritten after every trial"
        with self._restored() as restored:
            carried = self._finished_in(restored)
            if carried is None:
                raise DistillError(f"--carry {self.dump} holds no study {self.study_name}; name the file that carries "
                                   "it, or a new one")
            if not self.database.exists():
                os.replace(restored, self.database)
                return f"study restored from {self.dump} into {self.database}"
        here = self._finished_in(self.database) or set()
        if carried - here:
            raise DistillError(
                f"{self.dump} holds {len(carried - here)} finished trial(s) of study {self.study_name} that "
                f"{self.database} lacks; move {self.database} away to resume from {self.dump}")
        return f"{self.database} holds every finished trial of {self.dump}; the file follows it"

    def write(self) -> None:
        """Rewrite the dump from the database, whole or not at all; a failure is a warning (the database keeps
        the study, and the next trial or the same command writes the dump)."""
        try:
            with _file_beside(self.database) as copy:
                with (closing(sqlite3.connect(f"{self.database.as_uri()}?mode=ro", uri=True)) as source,
                      closing(sqlite3.connect(copy)) as target):
                    source.backup(target)
                self._keep_only_the_study(copy)
                with closing(sqlite3.connect(copy)) as connection:
                    text = "\n".join(connection.iterdump())
            with _file_beside(self.dump) as written:
                written.write_text(self._header() + text + "\n", encoding="utf-8")
                os.replace(written, self.dump)
        except (OSError, sqlite3.Error, sqlalchemy.exc.SQLAlchemyError) as error:
            print(f"warning: {self.dump} not rewritten ({first_line(error)}); {self.database} keeps the study",
                  file=sys.stderr)

    def _keep_only_the_study(self, database: Path) -> None:
        """Delete from ``database`` (a copy) every study but this one, with its trials (Optuna's own deletion)."""
        storage = optuna.storages.RDBStorage(f"sqlite:///{database}")
        try:
            for name in optuna.get_all_study_names(storage):
                if name != self.study_name:
                    optuna.delete_study(study_name=name, storage=storage)
        finally:
            storage.engine.dispose()

    def _header(self) -> str:
        return (f"-- The Optuna study {self.study_name} of `{self.command}`, as SQL: its rows of the SQLite\n"
                "-- database, every trial's parameters, configuration, learning curve and scores (its MLflow runs "
                "are not\n-- kept). The same command resumes it on any machine: it builds the study database from "
                "this file\n-- where the database does not exist yet, and rewrites this file after every trial.\n")

    @contextmanager
    def _restored(self) -> Iterator[Path]:
        """The dump executed into a new SQLite file beside the database (deleted afterwards unless moved)."""
        with _file_beside(self.database) as restored:
            try:
                with closing(sqlite3.connect(restored)) as connection:
                    connection.executescript(self.dump.read_text(encoding="utf-8"))
            except (sqlite3.Error, UnicodeDecodeError) as error:
                raise DistillError(f"--carry {self.dump} is not an SQL dump of a study database: "
                                   f"{first_line(error)}") from None
            yield restored

    def _finished_in(self, database: Path) -> set[int] | None:
        """The numbers of the study's finished trials in ``database``; ``None`` where it lacks the study."""
        storage = optuna.storages.RDBStorage(f"sqlite:///{database}")
        try:
            study = optuna.load_study(study_name=self.study_name, storage=storage)
            return {trial.number for trial in study.get_trials(deepcopy=False, states=FINISHED)}
        except KeyError:
            return None
        finally:
            storage.engine.dispose()


@contextmanager
def _file_beside(path: Path) -> Iterator[Path]:
    """A name for a new file in ``path``'s folder (so that :func:`os.replace` onto ``path`` is atomic), not yet
    created (whoever creates it does so with the user's usual permissions), removed on exit unless it was moved."""
    name = path.with_name(f".{path.name}.{uuid.uuid4().hex}.part")
    try:
        yield name
    finally:
        name.unlink(missing_ok=True)
