"""``distill oov``: [UNK] rate, OOV sentences and fertility of corpora, clean and noised."""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

HELP = "Out-of-vocabulary analysis of corpora under a model's tokenizer, clean and noised."


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--model", default="embedded", metavar="NAME|PATH",
                        help="hub name, local model folder, or 'embedded' (default)")
    parser.add_argument("--datasets", default="pydoc", metavar="pydoc,wikitext,imdb,FILE",
                        help="comma-separated corpora (default: the offline pydoc corpus)")
    parser.add_argument("--noise", action="append", default=[], metavar="SPEC",
                        help="noise setting to compare with clean text, e.g. drop:0.1,repeat:0.2,case:0.5 "
                             "or a preset (hlm, retvec); repeat the flag for several")
    parser.add_argument("--samples", type=int, help="analyse only the first N sentences of each corpus")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--tracking-uri", help="MLflow tracking URI (overrides MLFLOW_TRACKING_URI and mlflow.yaml)")


def run(args: argparse.Namespace) -> int:
    import mlflow

    from distill import tracking
    from distill.data import load_corpus
    from distill.errors import DistillError
    from distill.evaluation.report import markdown_table, write_csv
    from distill.evaluation.runner import MAX_SAMPLES, check_names
    from distill.noise import NoiseSpec
    from distill.oov import CLEAN, oov_table
    from distill.paths import RUN_NAME_MAX
    from distill.settings import SEEDS
    from teachers import load_tokenizer, quiet_transformers, resolve_model_path

    if args.samples is not None and not 1 <= args.samples <= MAX_SAMPLES:
        raise DistillError(f"--samples must be a positive number of sentences up to {MAX_SAMPLES:,} "
                           f"(omit it for all), got {args.samples}")
    if args.seed not in SEEDS:
        raise DistillError(f"--seed must be {SEEDS.describe(integer=True)}, got {args.seed}")
    names = [name.strip() for name in args.datasets.split(",") if name.strip()]
    check_names(names, "--datasets")
    tracking.load_settings(args.tracking_uri)  # a bad mlflow.yaml is refused before any work
    noises = [NoiseSpec.parse(text) for text in args.noise]
    model_path, revision = resolve_model_path(args.model)
    corpora = [load_corpus(name) for name in names]
    with quiet_transformers():
        tokenizer = load_tokenizer(model_path)
        stats = oov_table(tokenizer, corpora, noises, args.seed, args.samples)
    rows = [item.row() for item in stats]
    columns = ["corpus", "noise", "sentences", "words", "unk_rate", "oov_words", "oov_sentence_rate",
               "fertility", "split_word_rate"]
    table = markdown_table(columns, [[_cell(row[column]) for column in columns] for row in rows])
    print(table)
    tracking.configure("oov", args.tracking_uri)
    run_name = f"oov-{Path(args.model).name}"[:RUN_NAME_MAX]
    with mlflow.start_run(run_name=run_name) as run, tempfile.TemporaryDirectory() as folder:
        mlflow.log_params({"model": args.model, "model_revision": revision, "datasets": args.datasets,
                           "seed": args.seed,
                           "samples": args.samples or "all"})
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
