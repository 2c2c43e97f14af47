"""Find a trained student by MLflow run id or by folder."""

from __future__ import annotations

import tempfile
from pathlib import Path

import torch

from distill.errors import DistillError
from distill.files.paths import check_path_name
from distill.files.studentfolders import check_export_folder, check_student_folder
from distill.tracking import store
from students import StudentEncoder, load_student

STUDENT_ARTIFACT = "student"


def load_student_from(run_or_folder: str, *, tracking_uri: str | None = None,
                      map_location: str | torch.device = "cpu") -> StudentEncoder:
    """A student saved in a folder or inside a vocabulary-free export, or logged as the ``student``
    artifact of an MLflow run."""
    check_path_name(run_or_folder, "student")
    if Path(run_or_folder).exists():
        from distill.export.reading import is_vocabulary_free_export, load_exported_student

        if is_vocabulary_free_export(Path(run_or_folder)):
            check_export_folder(Path(run_or_folder))
            return load_exported_student(run_or_folder, map_location=map_location)
        check_student_folder(Path(run_or_folder))
        return load_student(run_or_folder, map_location=map_location)
    import mlflow

    if store.configure_existing("train", tracking_uri) is None:
        raise DistillError(f"{run_or_folder!r} is neither a student folder nor an MLflow run: there is no MLflow "
                           f"store at {store.load_settings(tracking_uri).tracking_uri}")
    # Download into a folder of our own: without ``dst_path`` MLflow leaves every download (hundreds of MB
    # for an n-gram student) in a temporary folder nobody removes.
    with tempfile.TemporaryDirectory(prefix="distill-student-") as download_dir:
        try:
            mlflow.get_run(run_or_folder)
            folder = mlflow.artifacts.download_artifacts(
                run_id=run_or_folder, artifact_path=STUDENT_ARTIFACT, dst_path=download_dir
            )
        except mlflow.exceptions.MlflowException:
            raise DistillError(
                f"{run_or_folder!r} is neither a student folder nor an MLflow run with a 'student' artifact "
                f"in {mlflow.get_tracking_uri()}"
            ) from None
        check_student_folder(Path(folder))
        return load_student(folder, map_location=map_location)
