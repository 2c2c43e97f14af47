"""``distill oov``: [UNK] rate, OOV sentences and fertility of corpora, clean and noised."""

from __future__ import annotations

import argparse
import tempfile
from dataclasses import dataclass
from pathlib import Path

from distill.config.arguments import add_settings_arguments, settings_from
from distill.config.common import CommonOptions, ModelOptions
from distill.config.fields import SEEDS, Interval, setting
from distill.evaluation.settings import MAX_SAMPLES, check_names
from distill.noise.specs import GIVEN, parse_noise

HELP = "Out-of-vocabulary analysis of corpora under a model's tokenizer, clean and noised."


def _noise(specs: list[str]) -> None:
    for spec in specs:
        parse_noise(spec)


@dataclass(frozen=True)
class OovSettings:
    datasets: list[str] = setting(help="corpora, comma-separated or one per word: pydoc, wikitext, imdb, or files",
                                  factory=lambda: ["pydoc"], check=lambda names: check_names(names, "datasets"),
                                  separator=",", metavar="CORPUS")
    noise: list[str] = setting(help="noise settings to compare with clean text, e.g. drop:0.1,repeat:0.2,case:0.5 "
                               f"or a preset (hlm, retvec); '{GIVEN}': a corpus file's own noisy text "
                               "(its 'noisy' column)",
                               factory=list, check=_noise, metavar="SPEC")
    samples: int | None = setting(None, "analyse only the first N sentences of each corpus (default: all)",
                                  interval=Interval(1, MAX_SAMPLES), metavar="N")
    seed: int = setting(0, "seed of the noise", interval=SEEDS)


def configure(parser: argparse.ArgumentParser) -> None:
    add_settings_arguments(parser, ModelOptions, "model")
    add_settings_arguments(parser, OovSettings, "analysis")
    add_settings_arguments(parser, CommonOptions, "common options", only=("tracking_uri",))


def settings(args: argparse.Namespace) -> list[object]:
    return [settings_from(args, ModelOptions), settings_from(args, OovSettings), settings_from(args, CommonOptions)]


def run(args: argparse.Namespace) -> int:
    import mlflow

    from distill.data import check_given_noise, load_corpus
    from distill.evaluation.oov import CLEAN, oov_table
    from distill.evaluation.report import write_csv
    from distill.files.markdown import markdown_table
    from distill.files.paths import RUN_NAME_MAX
    from distill.tracking import store
    from teachers import load_tokenizer, quiet_transformers, resolve_model_path

    source, settings = settings_from(args, ModelOptions), settings_from(args, OovSettings)
    tracking_uri = settings_from(args, CommonOptions).tracking_uri
    store.load_settings(tracking_uri)  # a bad mlflow.yaml is refused before any work
    noises = [parse_noise(text) for text in settings.noise]
    model_path, revision = resolve_model_path(source.model, source.revision)
    corpora = [load_corpus(name) for name in settings.datasets]
    check_given_noise(corpora, noises)
    with quiet_transformers():
        tokenizer = load_tokenizer(model_path)
        stats = oov_table(tokenizer, corpora, noises, settings.seed, settings.samples)
    rows = [item.row() for item in stats]
    columns = ["corpus", "noise", "sentences", "words", "unk_rate", "oov_words", "oov_sentence_rate",
               "fertility", "split_word_rate"]
    table = markdown_table(columns, [[_cell(row[column]) for column in columns] for row in rows]) + "\n"
    print(table)
    store.configure("oov", tracking_uri)
    run_name = f"oov-{Path(source.model).name}"[:RUN_NAME_MAX]
    with mlflow.start_run(run_name=run_name) as run, tempfile.TemporaryDirectory() as folder:
        mlflow.log_params({"model": source.model, "model_revision": revision, "datasets": ",".join(settings.datasets),
                           "seed": settings.seed, "samples": settings.samples or "all"})
        labels = {CLEAN: CLEAN, **{str(noise): f"noise{index}" for index, noise in enumerate(noises, 1)}}
        mlflow.log_params({label: spec for spec, label in labels.items() if label != CLEAN})
        for item in stats:
            prefix = f"{item.corpus}.{labels[item.noise]}"
            mlflow.log_metrics({f"{prefix}.{name}": float(item.row()[name]) for name in columns[4:]})
        write_csv(Path(folder) / "oov.csv", rows)
        (Path(folder) / "oov.md").write_text(table)
        mlflow.log_artifacts(folder)
    print(f"OOV run {run.info.run_id}")
    return 0


def _cell(value: object) -> str:
    return f"{value:.4f}" if isinstance(value, float) else str(value)
