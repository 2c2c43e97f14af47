"""``distill evaluate``: the untouched model against its swapped students, over seeds, tracked in MLflow."""

from __future__ import annotations

import argparse

from distill.config import DEVICES
from distill.data import JUDGED_DOMAINS
from distill.noise import PRESETS

HELP = "Compare a transformer with its swapped students on MLM/NSP or fidelity over seeds (paired t-tests)."


def _names(text: str) -> list[str]:
    return [name.strip() for name in text.split(",") if name.strip()]


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--students", nargs="+", required=True, metavar="RUN_OR_FOLDER",
                        help="MLflow run ids with a 'student' artifact, student folders, or vocabulary-free "
                             "exports (distill surgery --vocabulary-free)")
    parser.add_argument("--model", default="embedded", metavar="NAME|PATH",
                        help="hub name, local model folder, or 'embedded' (default)")
    parser.add_argument("--revision", help="hub revision, or the hash a local folder must still have")
    parser.add_argument("--tasks", type=_names, metavar="mlm,nsp,fidelity",
                        help="comma-separated tasks (default: every task the model supports)")
    parser.add_argument("--datasets", type=_names, default=list(JUDGED_DOMAINS),
                        metavar="wiki:heldout,pydoc+stdlib:heldout,wikitext,imdb,FILE",
                        help="comma-separated corpora, each judged on its own: wiki, pydoc, stdlib (offline; "
                             ":heldout for their held-out documents), wikitext, imdb, or .txt/.csv/.jsonl/.parquet "
                             f"files (default: {','.join(JUDGED_DOMAINS)})")
    parser.add_argument("--seeds", type=int, default=5,
                        help="number of seeds (samples per seed are shared by all models)")
    parser.add_argument("--samples", type=int, default=512, help="samples per seed, task and dataset")
    parser.add_argument("--max-length", type=int,
                        help="tokens per sample (default 128, or the model's positions if fewer)")
    parser.add_argument("--batch-size", type=int, default=16)
    parser.add_argument("--alpha", type=float, default=0.05, help="level of the paired t-tests")
    parser.add_argument("--noise", nargs="+", metavar="SPEC|PRESET",
                        help="noise the evaluation text only, seeded per seed; several settings are each "
                             "reported as a dataset, 'clean' for the text as it is: 'kind:rate,...' "
                             "(e.g. drop:0.1,repeat:0.2,case:0.5) or a preset "
                             f"({', '.join(PRESETS)}); see distill.noise")
    parser.add_argument("--whole-words", action="store_true",
                        help="also run each student on the vocabulary-free path: words the tokenizer splits "
                             "are embedded whole by the student (reported as <student>-wholeword)")
    parser.add_argument("--device", choices=DEVICES, default="auto")
    parser.add_argument("--tracking-uri", help="MLflow tracking URI (overrides MLFLOW_TRACKING_URI and mlflow.yaml)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def run(args: argparse.Namespace) -> int:
    from distill.progress import announce

    announce(f"evaluate: {len(args.students)} student(s) swapped into {args.model}; loading torch and transformers",
          quiet=args.quiet)
    from distill.evaluation import evaluate  # heavy imports only once the command line parsed
    from distill.tracking import load_settings, run_experiment, ui_command

    result = evaluate(
        args.students, model=args.model, revision=args.revision, tasks=args.tasks, datasets=args.datasets,
        seeds=args.seeds, samples=args.samples, max_length=args.max_length, alpha=args.alpha,
        batch_size=args.batch_size, device=args.device, noise=args.noise, whole_words=args.whole_words,
        quiet=args.quiet, tracking_uri=args.tracking_uri,
    )
    print(result.report)
    if result.run_id is None:  # not recorded: the warning above said why
        return 0
    print(f"evaluation run {result.run_id}: tables and chart logged as its artifacts")
    print(f"browse: {ui_command(load_settings(args.tracking_uri).tracking_uri, run_experiment(result.run_id))}")
    return 0
