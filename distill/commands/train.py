"""``distill train``: align a student to a teacher's embedding table, tracked in MLflow."""

from __future__ import annotations

import argparse

from distill.config import DEVICES, RECIPES, load_config

HELP = "Train a vocabulary-free student to reproduce a teacher's word-embedding table."


def configure(parser: argparse.ArgumentParser) -> None:
    # Every flag defaults to None so that only flags given explicitly override the YAML file.
    parser.add_argument("--config", help="YAML file of training settings (keys as in distill.config.TrainConfig)")
    parser.add_argument("--teacher", help="hub name, local model folder, or 'embedded' (default)")
    parser.add_argument("--student", help="student registry name (default bytescnn-small)")
    parser.add_argument("--loss", help="loss registry name (default cosine)")
    parser.add_argument("--alpha", type=float, help="loss weight α (aec, mec, triplet margins, multi-similarity)")
    parser.add_argument("--recipe", choices=RECIPES, help="optimisation defaults: paper (§3) or fast")
    parser.add_argument("--epochs", type=int)
    parser.add_argument("--batch-size", type=int)
    parser.add_argument("--lr", type=float)
    parser.add_argument("--seed", type=int)
    parser.add_argument("--device", choices=DEVICES)
    parser.add_argument("--bf16", action="store_true", default=None,
                        help="run the student's forward under bfloat16 autocast (fp32 weights and loss)")
    parser.add_argument("--compile", action="store_true", default=None, help="torch.compile the student's forward")
    parser.add_argument("--holdout", type=float, help="fraction of the vocabulary kept out of training")
    parser.add_argument("--vocab-sample", type=int, help="train on a seeded sample of this many rows")
    parser.add_argument("--augment", type=float, metavar="RATE",
                        help="also train on typo variants (RETVec's families at RATE per character)")
    parser.add_argument("--typo-pretrain", type=int, metavar="EPOCHS", dest="typo_pretrain_epochs",
                        help="first pre-train on typo pairs with Multi-Similarity loss for EPOCHS (RETVec §3)")
    parser.add_argument("--typo-rate", type=float, metavar="RATE", dest="typo_pretrain_rate",
                        help="per-character typo rate of the pre-training variants (default 0.1)")
    parser.add_argument("--frequency-exponent", type=float, metavar="EXP",
                        help="draw table rows in proportion to (count on the training text + 1) ** EXP (0: uniform)")
    parser.add_argument("--keep-special-rows", action=argparse.BooleanOptionalAction, default=None,
                        help="special tokens keep the teacher's rows instead of the student's")
    parser.add_argument("--corpus", help="text for context distillation and row counts (default pydoc; "
                        "its training documents train, its held-out documents evaluate)")
    parser.add_argument("--context-epochs", type=int, metavar="EPOCHS",
                        help="after table alignment, train through the frozen transformer for EPOCHS passes "
                        "over the corpus's training sentences")
    parser.add_argument("--context-lr", type=float, help="learning rate of context distillation (default 5e-4)")
    parser.add_argument("--context-loss", choices=("cosine", "mse"), help="context distillation loss (default cosine)")
    parser.add_argument("--whole-word-epochs", type=int, metavar="EPOCHS",
                        help="after table alignment, train the split words of the corpus's training text towards "
                        "the mean of their pieces' rows for EPOCHS")
    parser.add_argument("--whole-word-count", type=int, metavar="N",
                        help="how many of the most frequent split words (default 20000)")
    parser.add_argument("--context-noise", metavar="SPECS",
                        help="denoising context distillation: the student reads sentences noised with one of these "
                        "';'-separated distill.noise specs or presets (e.g. 'typo:0.1;hlm'), the untouched model "
                        "the clean ones")
    parser.add_argument("--context-noise-share", type=float, metavar="SHARE",
                        help="share of the sentences of a context batch that are noised (default 0.5)")
    parser.add_argument("--context-whole-words", action=argparse.BooleanOptionalAction, default=None,
                        help="in context distillation the student embeds whole words, as the vocabulary-free export")
    parser.add_argument("--eval-every", type=int, help="epochs between alignment evaluations")
    parser.add_argument("--checkpoint-every", type=int, help="epochs between checkpoints")
    parser.add_argument("--work-dir", help="where checkpoints are written (default .distill/runs)")
    parser.add_argument("--run-name")
    parser.add_argument("--tracking-uri", help="MLflow tracking URI (overrides MLFLOW_TRACKING_URI and mlflow.yaml)")
    parser.add_argument("--resume", metavar="RUN", help="continue the killed MLflow run RUN from its last checkpoint")
    parser.add_argument("--quiet", action="store_true", help="no progress bars")


def run(args: argparse.Namespace) -> int:
    from distill.tracking import load_settings, ui_command

    if args.resume:
        from distill import training  # heavy imports only once the command line is checked

        result = training.resume(args.resume, tracking_uri=args.tracking_uri, quiet=args.quiet)
    else:
        overrides = {
            "teacher": args.teacher, "student": args.student, "loss": args.loss, "epochs": args.epochs,
            "batch_size": args.batch_size, "lr": args.lr, "seed": args.seed, "device": args.device,
            "bf16": args.bf16, "compile": args.compile,
            "holdout": args.holdout, "vocab_sample": args.vocab_sample, "augment": args.augment,
            "typo_pretrain_epochs": args.typo_pretrain_epochs, "typo_pretrain_rate": args.typo_pretrain_rate,
            "frequency_exponent": args.frequency_exponent, "keep_special_rows": args.keep_special_rows,
            "corpus": args.corpus, "context_epochs": args.context_epochs, "context_lr": args.context_lr,
            "context_loss": args.context_loss, "context_noise": args.context_noise,
            "context_noise_share": args.context_noise_share, "whole_word_epochs": args.whole_word_epochs,
            "whole_word_count": args.whole_word_count, "context_whole_words": args.context_whole_words,
            "recipe": args.recipe, "eval_every": args.eval_every, "checkpoint_every": args.checkpoint_every,
            "work_dir": args.work_dir, "run_name": args.run_name,
        }
        config = load_config(args.config, overrides)
        if args.alpha is not None:
            config.loss_options = {**config.loss_options, "alpha": args.alpha}
        from distill import training  # after the configuration is read: a bad one is reported at once

        result = training.train(config, tracking_uri=args.tracking_uri, quiet=args.quiet)
    summary = ", ".join(f"{name} {value:.4f}" for name, value in result.metrics.items() if name != "lr")
    print(f"run {result.run_id}: {summary}")
    print(f"student saved in {result.student_dir} and as artifact 'student' of run {result.run_id}")
    print(f"next: distill surgery --student {result.run_id} --out swapped/   (or --vocabulary-free)")
    print(f"browse: {ui_command(load_settings(args.tracking_uri).tracking_uri)}")
    return 0


