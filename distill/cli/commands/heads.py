"""``distill heads``: BERT's MLM and NSP heads fitted to an encoder that has none (the embedded MiniLM)."""

from __future__ import annotations

import argparse

from distill.config.arguments import add_settings_arguments, settings_from
from distill.config.common import CommonOptions
from distill.files.paths import check_outside
from distill.pretraining.settings import PretrainingSettings

HELP = ("Fit BERT's pre-training heads (MLM, NSP) to an encoder without them, once; the embedded MiniLM's is "
        "cached as 'embedded-pretraining'.")
COMMON = ("device", "tracking_uri", "quiet")


def configure(parser: argparse.ArgumentParser) -> None:
    add_settings_arguments(parser, PretrainingSettings, "pre-training (distill.pretraining.PretrainingSettings)")
    add_settings_arguments(parser, CommonOptions, "common options", only=COMMON)


def settings(args: argparse.Namespace) -> list[object]:
    heads = settings_from(args, PretrainingSettings)
    if heads.out is not None:
        check_outside(heads.out, heads.model, "output folder", "the source model folder")
    return [heads, settings_from(args, CommonOptions)]


def run(args: argparse.Namespace) -> int:
    from distill.tracking.progress import announce

    heads = settings_from(args, PretrainingSettings)
    announce(f"heads: BERT's pre-training heads for {heads.model}; loading torch and transformers", quiet=args.quiet)
    from distill.pretraining.run import make_pretraining_model  # heavy imports only once the command line parsed
    from distill.tracking.store import load_settings, run_experiment, ui_command

    common = settings_from(args, CommonOptions)
    result = make_pretraining_model(heads, device=common.device, quiet=common.quiet, tracking_uri=common.tracking_uri)
    for dataset, scores in result.figures.items():
        print(f"{dataset}: MLM accuracy {scores['mlm_accuracy']:.4f}, NSP accuracy {scores['nsp_accuracy']:.4f}")
    print(f"model with heads: {result.folder}")
    if result.run_id is not None:
        print(f"heads run {result.run_id}")
        print(f"browse: {ui_command(load_settings(args.tracking_uri).tracking_uri, run_experiment(result.run_id))}")
    return 0
