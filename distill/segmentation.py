"""The word segmenter of a WordPiece tokenizer (:class:`students.segmenter.WordSegmenter`): trained on how
the tokenizer cuts general English's words, once per tokenizer, and cached.

The vocabulary-free path (:mod:`distill.evaluation.wholeword`, :mod:`distill.export`) gives each word the
positions the segmenter predicts, so that the transformer reads the layout it was trained on. The segmenter
depends on the tokenizer alone, not on the student, so every student of a teacher shares one: it is trained
on first use (6 minutes on 2 CPU cores for general English's 250,000 most frequent words; docs/defaults.md)
and kept under ``$DISTILL_CACHE_DIR/segmenters`` (else ``~/.cache/distill/segmenters``), keyed by a digest of
the tokenizer's pipeline and of the training recipe.

The examples are every word among wordfreq's most frequent (:func:`distill.data.frequencies.english_words`,
as the source's pre-tokenizer delimits them), with the pieces the tokenizer gives them, and every
vocabulary entry that is a whole word (no cut), so that the words the source keeps whole stay whole.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

import torch
from safetensors import SafetensorError
from torch import Tensor, nn
from transformers import PreTrainedTokenizerBase
from wordfreq import word_frequency

from distill.config import ENGLISH_WORD_POOL
from distill.data.frequencies import english_words
from distill.errors import DistillError
from students.segmenter import SegmenterConfig, WordSegmenter, encode_code_points
from teachers.cache import cache_root, publish_entry
from teachers.errors import TeacherError
from teachers.wordpiece import continuation_prefix, piece_lengths

# Bump when the examples, the training or the stored layout change, so that old cache entries are ignored.
FORMAT_VERSION = 2
# The parts of a tokenizer's pipeline (tokenizer.json) that decide how it cuts a word.
CUTTING_PARTS = ("normalizer", "pre_tokenizer", "model", "added_tokens")


@dataclass(frozen=True)
class SegmenterRecipe:
    """How a segmenter is trained: its examples (``words`` most frequent English words), epochs, batch and rate."""

    words: int = ENGLISH_WORD_POOL
    epochs: int = 6
    batch_size: int = 512
    lr: float = 3e-3
    # A word is drawn with probability ∝ frequency ** frequency_exponent (a word without a frequency as the rarest
    # word): running text is mostly frequent words, and a frequent word cut wrongly costs most.
    frequency_exponent: float = 0.5
    # Of the words outside the ``heldout_after`` most frequent, this share is never trained on: the accuracy is
    # measured on them. Drawn from all words, the held-out share had cut "best", "your" and "aircraft" wrongly in
    # every text (2.2 % of running words were cut wrongly, a third of them held-out words).
    heldout_share: float = 0.02
    heldout_after: int = 50_000
    seed: int = 0


@dataclass(frozen=True)
class Example:
    word: str
    cuts: list[int]  # character offsets where the tokenizer starts a new piece
    frequency: float  # general-English frequency (wordfreq's; 0 where it has none)


def examples_for(tokenizer: PreTrainedTokenizerBase, words: int) -> list[Example]:
    """How ``tokenizer`` cuts the ``words`` most frequent English words, and its whole-word vocabulary entries."""
    prefix = continuation_prefix(tokenizer)
    examples: dict[str, Example] = {}
    for text, english in english_words(tokenizer, words).items():
        lengths = piece_lengths(tokenizer.convert_ids_to_tokens(english.ids), prefix)
        if sum(lengths) == len(text):  # pieces that spell the word (not an unknown token inside it)
            examples[text] = Example(text, [sum(lengths[:index]) for index in range(1, len(lengths))],
                                     english.frequency)
    specials = set(tokenizer.all_special_tokens)
    for token in tokenizer.get_vocab():
        if token not in examples and token not in specials and not token.startswith(prefix):
            # Numbers ("22", "1999") are no entry of the word list but are frequent in text: wordfreq estimates them.
            examples[token] = Example(token, [], word_frequency(token, "en"))
    return list(examples.values())


def boundary_labels(examples: list[Example], encoded: Tensor) -> Tensor:
    """``encoded``'s shape: 1 where a piece starts (after the first character), else 0."""
    labels = torch.zeros(encoded.shape)
    for row, example in enumerate(examples):
        labels[row, example.cuts] = 1.0
    return labels


def word_accuracy(segmenter: WordSegmenter, examples: list[Example]) -> dict[str, float]:
    """Share of ``examples`` cut exactly as the tokenizer cuts them: plain, and weighted by English frequency."""
    predicted = segmenter.cuts([example.word for example in examples])
    right = torch.tensor([cuts == example.cuts for cuts, example in zip(predicted, examples)], dtype=torch.double)
    weights = torch.tensor([example.frequency for example in examples], dtype=torch.double)
    weighted = float((right * weights).sum() / weights.sum()) if weights.sum() > 0 else float(right.mean())
    return {"segment_accuracy": float(right.mean()), "segment_weighted_accuracy": weighted}


def split_heldout(examples: list[Example], recipe: SegmenterRecipe,
                  generator: torch.Generator) -> tuple[list[Example], list[Example]]:
    """The training examples and the held-out ones: :attr:`SegmenterRecipe.heldout_share` of the examples, drawn
    among those outside the :attr:`SegmenterRecipe.heldout_after` most frequent (the most frequent always
    trains)."""
    ranked = sorted(range(len(examples)), key=lambda index: -examples[index].frequency)
    rare = ranked[min(recipe.heldout_after, len(examples) - 1):]
    count = min(len(rare), max(1, round(recipe.heldout_share * len(examples))))
    held = {rare[index] for index in torch.randperm(len(rare), generator=generator)[:count].tolist()}
    return ([example for index, example in enumerate(examples) if index not in held],
            [examples[index] for index in sorted(held)])


@torch.enable_grad()  # whatever the caller's mode: an export under torch.no_grad() trains it on first use
def train_segmenter(
    examples: list[Example],
    recipe: SegmenterRecipe,
    config: SegmenterConfig,
    report: Callable[[str], None] = lambda line: None,
) -> tuple[WordSegmenter, dict[str, float]]:
    """A segmenter trained on ``examples`` (all but the held-out share), and its accuracy on the held-out words.

    Each epoch draws as many words as there are training examples, by :attr:`SegmenterRecipe.frequency_exponent`.
    """
    generator = torch.Generator().manual_seed(recipe.seed)
    training, heldout = split_heldout(examples, recipe, generator)
    frequencies = torch.tensor([example.frequency for example in training], dtype=torch.double)
    rarest = frequencies[frequencies > 0].min() if bool((frequencies > 0).any()) else torch.tensor(1.0)
    weights = frequencies.clamp_min(rarest) ** recipe.frequency_exponent
    torch.manual_seed(recipe.seed)
    segmenter = WordSegmenter(config)
    sparse = list(segmenter.substrings.parameters())
    dense = [parameter for name, parameter in segmenter.named_parameters() if not name.startswith("substrings.")]
    optimizers = [torch.optim.AdamW(dense, lr=recipe.lr), torch.optim.SparseAdam(sparse, lr=recipe.lr)]
    steps_per_epoch = math.ceil(len(training) / recipe.batch_size)
    steps = recipe.epochs * steps_per_epoch

    def cosine(step: int) -> float:
        return 0.5 * (1 + math.cos(math.pi * step / steps))

    schedules = [torch.optim.lr_scheduler.LambdaLR(optimizer, cosine) for optimizer in optimizers]
    segmenter.train()
    for epoch in range(recipe.epochs):
        total = 0.0
        for _ in range(steps_per_epoch):
            drawn = torch.multinomial(weights, recipe.batch_size, replacement=True, generator=generator).tolist()
            batch = [training[index] for index in drawn]
            encoded = encode_code_points([example.word for example in batch])
            present = (encoded > 0).float()
            losses = nn.functional.binary_cross_entropy_with_logits(
                segmenter(encoded), boundary_labels(batch, encoded), reduction="none")
            loss = (losses * present).sum() / present.sum()
            for optimizer in optimizers:
                optimizer.zero_grad(set_to_none=True)
            loss.backward()
            for optimizer, schedule in zip(optimizers, schedules):
                optimizer.step()
                schedule.step()
            total += loss.item()
        report(f"segmenter epoch {epoch + 1}/{recipe.epochs}: loss {total / steps_per_epoch:.4f}")
    segmenter.eval()
    return segmenter, word_accuracy(segmenter, heldout)


def cache_entry(tokenizer: PreTrainedTokenizerBase, recipe: SegmenterRecipe, config: SegmenterConfig) -> Path:
    """The folder of ``tokenizer``'s segmenter: a digest of the parts of its pipeline that decide the cuts
    (:data:`CUTTING_PARTS`: normaliser, pre-tokeniser, vocabulary, added tokens) and of the recipe and
    architecture. Truncation and padding are left out: calling the tokenizer with another ``max_length`` changes
    them, and a key with them trained the same segmenter again."""
    backend = getattr(tokenizer, "backend_tokenizer", None)
    pipeline = json.loads(backend.to_str()) if backend is not None else {}
    cutting = {part: pipeline.get(part) for part in CUTTING_PARTS}
    key = json.dumps([FORMAT_VERSION, cutting, asdict(recipe), asdict(config)], sort_keys=True)
    return cache_root(kind="segmenters") / hashlib.sha256(key.encode("utf-8")).hexdigest()[:16]


def segmenter_for(
    tokenizer: PreTrainedTokenizerBase,
    recipe: SegmenterRecipe = SegmenterRecipe(),
    config: SegmenterConfig | None = None,
    report: Callable[[str], None] = lambda line: None,
) -> WordSegmenter:
    """``tokenizer``'s segmenter from the cache, trained and stored there first when it is missing.

    An entry is written into a hidden sibling folder and renamed into place once complete
    (:func:`teachers.cache.publish_entry`), so a crash never leaves half a segmenter under its name. A
    tokenizer that is not WordPiece is refused in one line.
    """
    try:
        prefix = continuation_prefix(tokenizer)
    except TeacherError as error:
        raise DistillError(f"the segmented vocabulary-free path needs a WordPiece tokenizer: {error}") from None
    config = config or SegmenterConfig(continuation=prefix)
    entry = cache_entry(tokenizer, recipe, config)
    try:
        return WordSegmenter.from_pretrained(entry)
    except (OSError, ValueError, KeyError, TypeError, RuntimeError, SafetensorError):
        pass  # absent or unreadable: trained again below
    report(f"training the word segmenter of the tokenizer on {recipe.words:,} English words (once; cached)")
    segmenter, accuracy = train_segmenter(examples_for(tokenizer, recipe.words), recipe, config, report)
    report(f"word segmenter: {accuracy['segment_accuracy']:.4f} of held-out words cut as the tokenizer cuts them "
           f"({accuracy['segment_weighted_accuracy']:.4f} weighted by English frequency)")

    def write(folder: Path) -> None:
        segmenter.save_pretrained(folder)
        (folder / "accuracy.json").write_text(json.dumps(accuracy, indent=2))

    publish_entry(entry, write)
    return segmenter
