"""The folder ``distill heads`` writes: an ordinary ``BertForPreTraining`` checkpoint, its tokenizer, a record of
how it was made (``pretraining.json``) and a model card, published complete or not at all."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from huggingface_hub import ModelCardData
from transformers import BertForPreTraining, PreTrainedTokenizerBase

from distill.errors import DistillError
from distill.files.atomic import atomic_write_text
from distill.files.markdown import markdown_table
from distill.swap.packaging import MODEL_CARD, staged_folder
from teachers import quiet_transformers

RECORD = "pretraining.json"


def finished_record(out: Path) -> dict[str, Any] | None:
    """The record of the model ``distill heads`` wrote in ``out``, or None when ``out`` holds none."""
    try:
        record = json.loads((out / RECORD).read_text())
    except (OSError, ValueError):
        return None
    return record if isinstance(record, dict) and isinstance(record.get("recipe"), dict) else None


def write_model_folder(out: Path, model: BertForPreTraining, tokenizer: PreTrainedTokenizerBase,
                       record: dict[str, Any]) -> None:
    """Save ``model`` (on the CPU), ``tokenizer``, ``record`` and the card into ``out`` (absent or empty)."""
    with staged_folder(out) as staging:
        with quiet_transformers():
            model.save_pretrained(staging)
            tokenizer.save_pretrained(staging)
        atomic_write_text(staging / RECORD, json.dumps(record, indent=1, sort_keys=True))
        (staging / MODEL_CARD).write_text(model_card(record))


def reuse_or_refuse(out: Path, recipe: dict[str, Any]) -> dict[str, Any] | None:
    """The record of a model already made in ``out`` by ``recipe`` (to reuse); a folder made by another recipe is
    refused, and a non-empty folder ``distill heads`` did not write too."""
    record = finished_record(out)
    if record is None:
        if out.exists() and (not out.is_dir() or any(out.iterdir())):
            raise DistillError(f"{out} already exists and is not an empty folder; choose another --out")
        return None
    if record["recipe"] != recipe:
        changed = sorted(key for key in recipe if record["recipe"].get(key) != recipe[key])
        raise DistillError(f"{out} holds a model made with another recipe ({', '.join(changed)}); remove it to make "
                           "it again, or choose another --out")
    return record


def model_card(record: dict[str, Any]) -> str:
    """What the folder is, how it was made and what it scores, by the Hugging Face model card's conventions."""
    recipe, figures = record["recipe"], record["figures"]
    trained = ("the heads alone, on the frozen encoder" if recipe["heads_only"] else
               "the encoder with its heads (BERT's pre-training continued)")
    rows = [[dataset, f"{scores['mlm_accuracy']:.4f}", f"{scores['nsp_accuracy']:.4f}"]
            for dataset, scores in figures.items()]
    base_model = record.get("base_model")
    data = ModelCardData(base_model=base_model, license=record.get("license"), language=record.get("language"),
                         library_name="transformers", pipeline_tag="fill-mask", tags=["bert", "distill-heads"])
    return "\n".join([
        "---", data.to_yaml(), "---", "",
        f"# {record['name']}: {base_model or record['source']} with BERT's pre-training heads", "",
        f"`BertForPreTraining` made by `distill heads` (embedding distillation workbench) from {record['source']} "
        f"(revision {record['source_revision']}), which has no pre-training heads: the MLM head (a dense transform "
        "with GELU and LayerNorm, and a decoder over the vocabulary tied to the word-embedding table, with its own "
        "bias) and the NSP head (the pooler and a two-way classifier), fitted with "
        f"{trained} on `{recipe['corpus']}`: {recipe['steps']} steps of {recipe['batch_size']} sentence pairs "
        f"(BERT's objectives: 15 % of the tokens masked, 80/10/10; half the pairs random), AdamW at {recipe['lr']:g} "
        f"with {recipe['warmup_fraction']:.0%} linear warm-up and linear decay, seed {recipe['seed']}. "
        "The word-embedding table was frozen: it is the source's, row for row, so a student trained on the "
        "source's table fits this model.", "",
        f"Trained for {record['seconds'] / 60:.0f} min on {record['machine']}.", "",
        f"## Held-out accuracy ({record['eval_seeds']} seeds × {record['eval_samples']} samples per task and domain, "
        "documents never trained on)", "",
        markdown_table(["domain", "MLM top-1", "NSP accuracy"], rows), "",
        "## Use", "",
        "```python", "from transformers import BertForPreTraining", "",
        f'model = BertForPreTraining.from_pretrained("{record["name"]}")  # the path of this folder', "```", "",
        f"In the workbench, the name `{record['name']}` finds it: `distill evaluate --model {record['name']} "
        "--students RUN --tasks mlm nsp`." if record.get("cached") else
        "In the workbench, name this folder wherever a model or teacher is named (`--model`, `--teacher`).", "",
        "Its encoder is not the source's any more: use the source itself as a sentence encoder.", "",
    ])
