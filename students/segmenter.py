"""Where a word's pieces start, read from its characters alone: the vocabulary-free stand-in for a
WordPiece tokenizer's cuts.

A transformer learnt its tokenizer's layout: a word WordPiece cuts into three pieces took three
positions. Embedding such a word whole, at one position, is a layout the transformer never read, and
a frozen transformer stays below 0.95 sentence cosine on it even after context distillation on the very
sentences it is judged on (the workbench's ``docs/defaults.md``, "Where the loss is"). The segmenter
keeps the source's positions without its vocabulary: it learns, from characters, where the source
tokenizer cuts each word, and the student embeds every piece from its characters (a continuation spelt
with its prefix, ``##ing``, as the table rows the student learnt are spelt).

The model tags each character "a piece starts here". Its input at a character is the character's embedding
(code points hashed into ``buckets``) plus the embeddings of the strings that end just before it and start at
it (up to ``substring_length`` characters each, marked where they reach the word's edge, hashed into
``substring_buckets``): whether a tokenizer cuts there is a fact about which strings its vocabulary holds,
which hashed strings memorise, as the workbench's n-gram student does. Residual dilated 1-D convolutions read
the word around it (no position embeddings, so a word of any length is read), and a linear layer gives one
logit. Neither CharacterBERT (El Boukkouri et al., COLING 2020) nor RETVec (Bursztein et al., 2023) segments
words, and HLM (Sun et al., ACL 2023) gives a word one position while training the transformer with it; this
module is the workbench's own, for a transformer that stays frozen.

This module imports only torch, safetensors and the standard library: the vocabulary-free export
carries it for its tokenizer.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path

import torch
from safetensors.torch import load_file, save
from torch import Tensor, nn

CONFIG_NAME = "segmenter_config.json"
WEIGHTS_NAME = "segmenter.safetensors"


@dataclass
class SegmenterConfig:
    """The segmenter's architecture and the prefix its continuation pieces carry.

    Args:
        width: channels of the character embeddings and of every convolution.
        kernel_size: characters each convolution reads (odd).
        dilations: one residual convolution per entry, with that dilation; the default reads
            ``1 + (kernel_size - 1) * sum(dilations)`` = 33 characters around each one.
        buckets: code points are hashed into ``buckets - 1`` ids (0 pads).
        substring_length: the longest string before and after a character whose embedding it adds (0: none).
        substring_buckets: those strings are hashed into ``substring_buckets - 1`` ids (0: no string).
        continuation: the prefix of a piece that continues a word (WordPiece's ``##``).
    """

    width: int = 128
    kernel_size: int = 5
    dilations: list[int] = field(default_factory=lambda: [1, 2, 4, 1])
    buckets: int = 1024
    substring_length: int = 6
    substring_buckets: int = 65536
    continuation: str = "##"

    def __post_init__(self) -> None:
        if self.kernel_size % 2 == 0 or self.kernel_size < 1:
            raise ValueError(f"kernel_size must be odd and positive, got {self.kernel_size}")
        if self.width < 1 or self.buckets < 2 or not self.dilations or min(self.dilations) < 1:
            raise ValueError("width ≥ 1, buckets ≥ 2 and at least one dilation ≥ 1 are needed")
        if self.substring_length < 0 or self.substring_buckets < 2:
            raise ValueError("substring_length ≥ 0 and substring_buckets ≥ 2 are needed")


CUT_CHUNK = 256  # words per forward pass when cutting, grouped by length (WordSegmenter.cuts)

# Polynomial string hashing modulo a 31-bit prime: every product stays below 2**62, inside int64.
MODULUS = 2_147_483_647
BASE = 1_000_003
MIX = 2_654_435_761  # Knuth's multiplicative constant, to spread (string, length, side, edge) over the buckets


def encode_code_points(words: list[str]) -> Tensor:
    """``(len(words), longest)`` code points plus one; 0 pads."""
    width = max((len(word) for word in words), default=0)
    rows = [[ord(character) + 1 for character in word] + [0] * (width - len(word)) for word in words]
    return torch.tensor(rows, dtype=torch.long).reshape(len(words), width)


def substring_ids(encoded: Tensor, longest: int, buckets: int) -> Tensor:
    """``(B, L, 2 * longest)``: at each character, the hashed ids of the strings of 1 .. ``longest`` characters
    ending just before it and starting at it (0 where the string would leave the word)."""
    batch, width = encoded.shape
    lengths = (encoded > 0).sum(dim=1, keepdim=True).unsqueeze(-1)
    offsets = torch.arange(width, device=encoded.device).view(1, width, 1)
    padded = nn.functional.pad(encoded, (longest, longest))  # zeros beyond both ends
    # Both sides' strings grow one character per size, in one (2, B, L) tensor: the character before the string
    # ending just before each one (side 0), the string's next character from it (side 1).
    hashed = encoded.new_zeros((2, batch, width))
    grown = []
    for length in range(1, longest + 1):
        before, after = longest - length, longest + length - 1
        hashed = (hashed * BASE + torch.stack([padded[:, before : before + width], padded[:, after : after + width]])
                  ) % MODULUS
        grown.append(hashed)
    strings = torch.stack(grown, dim=-1).permute(1, 2, 0, 3).reshape(batch, width, 2 * longest)  # side 0's first
    side = torch.arange(2, device=encoded.device).repeat_interleave(longest)
    size = torch.arange(1, longest + 1, device=encoded.device).repeat(2)
    reach = torch.where(side == 0, offsets - size, lengths - offsets - size)  # characters left beyond the string
    key = (strings * 4 + (reach == 0).long() * 2 + side) % MODULUS
    key = (key * MIX + size) % MODULUS
    return torch.where((reach >= 0) & (encoded > 0).unsqueeze(-1), 1 + key % (buckets - 1), 0)


class WordSegmenter(nn.Module):
    """Encoded words ``(B, L)`` → ``(B, L)`` logits of "a piece starts at this character"."""

    def __init__(self, config: SegmenterConfig) -> None:
        super().__init__()
        self.config = config
        self.characters = nn.Embedding(config.buckets, config.width, padding_idx=0)
        # Sparse gradients: a step touches a few thousand rows (distill.segmentation steps them with SparseAdam).
        self.substrings = nn.Embedding(config.substring_buckets, config.width, padding_idx=0, sparse=True)
        self.convolutions = nn.ModuleList(
            nn.Conv1d(config.width, config.width, config.kernel_size,
                      padding=dilation * (config.kernel_size - 1) // 2, dilation=dilation)
            for dilation in config.dilations
        )
        self.boundary = nn.Linear(config.width, 1)

    def forward(self, encoded: Tensor) -> Tensor:
        """``encoded``: :func:`encode_code_points` of the words."""
        config = self.config
        present = (encoded > 0).unsqueeze(1).to(self.characters.weight.dtype)
        characters = torch.where(encoded > 0, 1 + (encoded - 1) % (config.buckets - 1), 0)
        hidden = self.characters(characters)
        if config.substring_length:
            hidden = hidden + self.substrings(
                substring_ids(encoded, config.substring_length, config.substring_buckets)).sum(dim=2)
        hidden = hidden.transpose(1, 2)
        for convolution in self.convolutions:
            hidden = hidden + nn.functional.gelu(convolution(hidden * present))
        return self.boundary(hidden.transpose(1, 2)).squeeze(-1)

    @torch.no_grad()
    def cuts(self, words: list[str], chunk: int = CUT_CHUNK) -> list[list[int]]:
        """For each word, the character offsets (after the first) where a new piece starts.

        The words run shortest first, ``chunk`` at a time, so that one long word pads only its own chunk: on
        the export's speed bench (512 held-out Wikipedia sentences, batches of 64) this cut the segmenter's
        time by a third. Padding never changes a cut (the convolutions read padding as zeros).
        """
        device = self.characters.weight.device
        order = sorted((index for index, word in enumerate(words) if word), key=lambda index: len(words[index]))
        found: list[list[int]] = [[] for _ in words]
        for start in range(0, len(order), chunk):
            rows = order[start : start + chunk]
            encoded = encode_code_points([words[row] for row in rows]).to(device)
            starts = (self(encoded) > 0) & (encoded > 0)  # not in the padding
            starts[:, 0] = False  # the first piece starts at the first character: not a cut
            for position, offset in starts.nonzero().tolist():  # row-major: each word's offsets in order
                found[rows[position]].append(offset)
        return found

    def segment(self, words: list[str]) -> list[list[str]]:
        """Each word as pieces: the first as it is spelt, the others with the continuation prefix."""
        pieces = []
        for word, cuts in zip(words, self.cuts(words)):
            bounds = [0, *cuts, len(word)]
            parts = [word[start:end] for start, end in zip(bounds, bounds[1:])]
            pieces.append([parts[0], *(self.config.continuation + part for part in parts[1:])])
        return pieces

    def save_pretrained(self, folder: str | os.PathLike[str]) -> Path:
        """``segmenter_config.json`` and ``segmenter.safetensors`` in ``folder`` (created if missing)."""
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        state = {key: value.detach().contiguous().cpu() for key, value in self.state_dict().items()}
        (folder / WEIGHTS_NAME).write_bytes(save(state))
        (folder / CONFIG_NAME).write_text(json.dumps(asdict(self.config), indent=2))
        return folder

    @classmethod
    def from_pretrained(cls, folder: str | os.PathLike[str]) -> WordSegmenter:
        """The segmenter ``save_pretrained`` wrote into ``folder``, in eval mode on the CPU."""
        folder = Path(folder)
        segmenter = cls(SegmenterConfig(**json.loads((folder / CONFIG_NAME).read_text())))
        segmenter.load_state_dict(load_file(str(folder / WEIGHTS_NAME)))
        return segmenter.eval()
