"""Builders of tiny, randomly initialised transformers saved with ``save_pretrained``.

Each builder writes a model folder (weights as safetensors, config, tokenizer) that
``from_pretrained`` and ``teachers.load_teacher`` read like a hub checkpoint, in well
under a second. ``tests/conftest.py`` turns them into session fixtures; tests that
need a variant (padded embedding matrix, other sizes) call a builder directly.
"""

from __future__ import annotations

import json
from pathlib import Path

import torch
from tokenizers import ByteLevelBPETokenizer, SentencePieceUnigramTokenizer, Tokenizer, pre_tokenizers
from tokenizers.models import WordLevel
from transformers import (
    BertConfig,
    BertForPreTraining,
    BertModel,
    BertTokenizer,
    DistilBertConfig,
    DistilBertModel,
    GPT2Config,
    GPT2Model,
    GPT2TokenizerFast,
    MPNetConfig,
    MPNetModel,
    MPNetTokenizer,
    PreTrainedModel,
    PreTrainedTokenizerFast,
    ResNetConfig,
    ResNetModel,
    RobertaConfig,
    RobertaModel,
    RobertaTokenizer,
    XLMRobertaConfig,
    XLMRobertaModel,
    XLMRobertaTokenizer,
)

HIDDEN = 32
LAYERS = 2
HEADS = 2
INTERMEDIATE = 64
MAX_POSITIONS = 64

# A tiny BytesCNN trained on every row by the table phase alone (the paper's objective) and evaluated after
# every epoch: what most training tests exercise. The defaults keep the special rows, add the whole-word and
# context phases to the ngrams student and evaluate every 5th epoch; the tests of those ask for them.
TABLE_ONLY_BYTESCNN = {"student": "bytescnn-small", "whole_word_epochs": 0, "context_epochs": 0, "eval_every": 1,
                       "keep_special_rows": False,
                       "student_options": {"filters": [[1, 16], [2, 16], [3, 32]], "max_bytes_per_token": 16}}

SPECIAL_TOKENS = ("[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]")
UNUSED_TOKENS = tuple(f"[unused{index}]" for index in range(5))
WORDS = (
    "the", "an", "and", "of", "to", "in", "is", "it", "that", "was", "for", "on", "with", "he",
    "she", "they", "we", "you", "cat", "dog", "house", "tree", "car", "book", "city",
    "river", "run", "walk", "play", "read", "write", "talk", "make", "good", "new", "old", "big",
    "small", "happy", "sad", "red", "blue", "green", "day", "night", "time", "year", "word",
)  # fmt: skip
PIECES = ("##s", "##ed", "##ing", "##er", "##ly", "##able", "##ness", "##est", "##y", "##less")
# Single letters come first: "a" and "i" are words too, and a vocabulary holds each string once.
CHARACTERS = tuple("abcdefghijklmnopqrstuvwxyz") + tuple(".,!?'-")

# Sentences the byte-level BPE of the tiny RoBERTa is trained on; accented words give
# merged multi-byte characters, and single bytes of them remain in the alphabet.
BPE_CORPUS = (
    "the cat sat on the mat and the dog ran in the house",
    "a new book about the old city by the river",
    "they walk to the café every day and read the menu",
    "she is naïve about the big green tree",
    "the children played happily while the weather was good",
) * 4
BPE_SPECIAL_TOKENS = ("<s>", "<pad>", "</s>", "<unk>", "<mask>")
# The SentencePiece model knows only the characters it was trained on: punctuation too.
UNIGRAM_CORPUS = BPE_CORPUS + ("the city's cat, the dog and the book! a word-less tree? yes.",) * 4
# MPNet's WordPiece vocabulary: its own special tokens in place of BERT's.
MPNET_SPECIAL_TOKENS = ("<s>", "<pad>", "</s>", "<unk>", "[UNK]", "<mask>")


def write_corpus(path: Path, documents: int = 40, seed: int = 0) -> Path:
    """Documents of five sentences in the tiny BERT's words (so they tokenize without [UNK]): enough for held-out
    parts of a few dozen sentences."""
    import random

    rng = random.Random(seed)
    paragraphs = []
    for _ in range(documents):
        sentences = [" ".join(rng.choices(WORDS, k=rng.randint(5, 9))) for _ in range(5)]
        paragraphs.append(" ".join(sentence.capitalize() + "." for sentence in sentences))
    path.write_text("\n\n".join(paragraphs) + "\n")
    return path


def wordpiece_vocabulary() -> list[str]:
    """100 WordPiece tokens laid out like BERT's: ``[PAD]``, reserved rows, specials, the rest.

    As in bert-base-uncased the reserved ``[unused*]`` rows sit both before and after
    the other special tokens.
    """
    pad, *specials = SPECIAL_TOKENS
    return [pad, *UNUSED_TOKENS[:3], *specials, *UNUSED_TOKENS[3:], *CHARACTERS, *WORDS, *PIECES]


def save_wordpiece_tokenizer(folder: Path) -> BertTokenizer:
    """Write ``vocab.txt`` into ``folder`` and save a ``BertTokenizer`` built from it beside it."""
    folder.mkdir(parents=True, exist_ok=True)
    vocab_file = folder / "vocab.txt"
    vocab_file.write_text("\n".join(wordpiece_vocabulary()) + "\n", encoding="utf-8")
    tokenizer = BertTokenizer(vocab=str(vocab_file))
    tokenizer.save_pretrained(folder)
    return tokenizer


def save_byte_level_tokenizer(folder: Path) -> RobertaTokenizer:
    """Train a small byte-level BPE on ``BPE_CORPUS`` and save it as a RoBERTa tokenizer."""
    folder.mkdir(parents=True, exist_ok=True)
    bpe = ByteLevelBPETokenizer()
    bpe.train_from_iterator(
        BPE_CORPUS, vocab_size=400, min_frequency=2, special_tokens=list(BPE_SPECIAL_TOKENS)
    )
    bpe.save_model(str(folder))
    tokenizer = RobertaTokenizer.from_pretrained(folder)
    tokenizer.save_pretrained(folder)
    return tokenizer


def save_unigram_tokenizer(folder: Path) -> XLMRobertaTokenizer:
    """Train a small SentencePiece Unigram model on ``UNIGRAM_CORPUS`` and save it as an XLM-R tokenizer (``▁``)."""
    folder.mkdir(parents=True, exist_ok=True)
    unigram = SentencePieceUnigramTokenizer()
    unigram.train_from_iterator(UNIGRAM_CORPUS, vocab_size=150, special_tokens=["<s>", "<pad>", "</s>", "<unk>"],
                                unk_token="<unk>")
    pieces = json.loads(unigram.to_str())["model"]["vocab"]
    tokenizer = XLMRobertaTokenizer(vocab=[(piece, score) for piece, score in pieces] + [("<mask>", 0.0)])
    tokenizer.save_pretrained(folder)
    return tokenizer


def save_mpnet_tokenizer(folder: Path) -> MPNetTokenizer:
    """MPNet's tokenizer (WordPiece, ``<s> a </s></s> b </s>``) over the tiny BERT's words and pieces."""
    folder.mkdir(parents=True, exist_ok=True)
    vocab_file = folder / "vocab.txt"
    vocabulary = [*MPNET_SPECIAL_TOKENS, *CHARACTERS, *WORDS, *PIECES]
    vocab_file.write_text("\n".join(vocabulary) + "\n", encoding="utf-8")
    tokenizer = MPNetTokenizer(vocab=str(vocab_file))
    tokenizer.save_pretrained(folder)
    return tokenizer


def _save(model: PreTrainedModel, folder: Path, seed: int) -> Path:
    """Redraw the input embeddings from ``seed``, so that every build is identical, and save."""
    generator = torch.Generator().manual_seed(seed)
    embeddings = model.get_input_embeddings()
    with torch.no_grad():
        embeddings.weight.copy_(torch.randn(embeddings.weight.shape, generator=generator) * 0.05)
    model.save_pretrained(folder)
    return folder


def build_tiny_bert(folder: str | Path, *, extra_rows: int = 0, seed: int = 0) -> Path:
    """``BertForPreTraining`` (MLM and NSP heads) with a WordPiece vocabulary of about 100 tokens.

    ``extra_rows`` pads the embedding matrix beyond the tokenizer's vocabulary, as
    checkpoints padded to a multiple of 8 are.
    """
    folder = Path(folder)
    tokenizer = save_wordpiece_tokenizer(folder)
    config = BertConfig(
        vocab_size=len(tokenizer) + extra_rows,
        hidden_size=HIDDEN,
        num_hidden_layers=LAYERS,
        num_attention_heads=HEADS,
        intermediate_size=INTERMEDIATE,
        max_position_embeddings=MAX_POSITIONS,
    )
    return _save(BertForPreTraining(config), folder, seed)


def build_tiny_bert_encoder(folder: str | Path, *, seed: int = 0) -> Path:
    """``BertModel``, the encoder alone (no MLM or NSP head, as all-MiniLM-L6-v2), over ``build_tiny_bert``'s
    vocabulary."""
    folder = Path(folder)
    tokenizer = save_wordpiece_tokenizer(folder)
    config = BertConfig(vocab_size=len(tokenizer), hidden_size=HIDDEN, num_hidden_layers=LAYERS,
                        num_attention_heads=HEADS, intermediate_size=INTERMEDIATE,
                        max_position_embeddings=MAX_POSITIONS)
    return _save(BertModel(config), folder, seed)


def build_tiny_distilbert(folder: str | Path, *, seed: int = 0) -> Path:
    """``DistilBertModel`` over the same WordPiece vocabulary as ``build_tiny_bert``."""
    folder = Path(folder)
    tokenizer = save_wordpiece_tokenizer(folder)
    config = DistilBertConfig(
        vocab_size=len(tokenizer),
        dim=HIDDEN,
        n_layers=LAYERS,
        n_heads=HEADS,
        hidden_dim=INTERMEDIATE,
        max_position_embeddings=MAX_POSITIONS,
    )
    return _save(DistilBertModel(config), folder, seed)


def build_tiny_roberta(folder: str | Path, *, seed: int = 0) -> Path:
    """``RobertaModel`` with a byte-level BPE tokenizer (``Ġ`` marks a leading space)."""
    folder = Path(folder)
    tokenizer = save_byte_level_tokenizer(folder)
    config = RobertaConfig(
        vocab_size=len(tokenizer),
        hidden_size=HIDDEN,
        num_hidden_layers=LAYERS,
        num_attention_heads=HEADS,
        intermediate_size=INTERMEDIATE,
        max_position_embeddings=MAX_POSITIONS + 2,  # RoBERTa offsets positions by pad id + 1
        type_vocab_size=1,
        pad_token_id=tokenizer.pad_token_id,
        bos_token_id=tokenizer.bos_token_id,
        eos_token_id=tokenizer.eos_token_id,
    )
    return _save(RobertaModel(config), folder, seed)


def build_tiny_xlm_roberta(folder: str | Path, *, seed: int = 0) -> Path:
    """``XLMRobertaModel`` with a SentencePiece Unigram tokenizer trained locally (``▁`` marks a word start)."""
    folder = Path(folder)
    tokenizer = save_unigram_tokenizer(folder)
    config = XLMRobertaConfig(
        vocab_size=len(tokenizer), hidden_size=HIDDEN, num_hidden_layers=LAYERS, num_attention_heads=HEADS,
        intermediate_size=INTERMEDIATE, max_position_embeddings=MAX_POSITIONS + 2, type_vocab_size=1,
        pad_token_id=tokenizer.pad_token_id, bos_token_id=tokenizer.bos_token_id, eos_token_id=tokenizer.eos_token_id,
    )
    return _save(XLMRobertaModel(config), folder, seed)


def build_tiny_mpnet(folder: str | Path, *, seed: int = 0) -> Path:
    """``MPNetModel`` (relative position buckets, no token types) with MPNet's WordPiece tokenizer."""
    folder = Path(folder)
    tokenizer = save_mpnet_tokenizer(folder)
    config = MPNetConfig(
        vocab_size=len(tokenizer), hidden_size=HIDDEN, num_hidden_layers=LAYERS, num_attention_heads=HEADS,
        intermediate_size=INTERMEDIATE, max_position_embeddings=MAX_POSITIONS + 2, pad_token_id=tokenizer.pad_token_id,
        bos_token_id=tokenizer.bos_token_id, eos_token_id=tokenizer.eos_token_id,
    )
    return _save(MPNetModel(config), folder, seed)


def build_tiny_wordlevel_bert(folder: str | Path, *, seed: int = 0) -> Path:
    """``BertModel`` whose tokenizer is a whole-word lookup (WordLevel, whitespace): no pieces to read words from."""
    folder = Path(folder)
    vocabulary = {token: index for index, token in enumerate([*SPECIAL_TOKENS, *WORDS])}
    backend = Tokenizer(WordLevel(vocabulary, unk_token="[UNK]"))
    backend.pre_tokenizer = pre_tokenizers.Whitespace()
    tokenizer = PreTrainedTokenizerFast(tokenizer_object=backend, unk_token="[UNK]", pad_token="[PAD]",
                                        cls_token="[CLS]", sep_token="[SEP]", mask_token="[MASK]")
    tokenizer.save_pretrained(folder)
    config = BertConfig(vocab_size=len(vocabulary), hidden_size=HIDDEN, num_hidden_layers=LAYERS,
                        num_attention_heads=HEADS, intermediate_size=INTERMEDIATE,
                        max_position_embeddings=MAX_POSITIONS)
    return _save(BertModel(config), folder, seed)


def build_tiny_gpt2(folder: str | Path, *, seed: int = 0) -> Path:
    """``GPT2Model`` over the byte-level BPE of ``build_tiny_roberta`` (no ``<s>``/``</s>`` added to text)."""
    folder = Path(folder)
    save_byte_level_tokenizer(folder)
    tokenizer = GPT2TokenizerFast.from_pretrained(folder)
    tokenizer.save_pretrained(folder)
    config = GPT2Config(
        vocab_size=len(tokenizer), n_embd=HIDDEN, n_layer=LAYERS, n_head=HEADS, n_positions=MAX_POSITIONS
    )
    return _save(GPT2Model(config), folder, seed)


def build_tiny_resnet(folder: str | Path) -> Path:
    """A ``ResNetModel``: loads with ``AutoModel`` but has no input embedding table."""
    folder = Path(folder)
    config = ResNetConfig(embedding_size=8, hidden_sizes=[8, 16], depths=[1, 1], layer_type="basic")
    ResNetModel(config).save_pretrained(folder)
    return folder


def drop_padding_token(folder: str | Path, **tokens: str | None) -> Path:
    """Rewrite the tokenizer of ``folder`` without a padding token (and with ``tokens`` set, e.g. GPT-2's one
    ``eos_token`` for every role): OpenAI's GPT-2 tokenizer has none, and a BERT saved without ``[PAD]`` neither."""
    path = Path(folder) / "tokenizer_config.json"
    config = {**json.loads(path.read_text()), "pad_token": None, **tokens}
    path.write_text(json.dumps(config))
    return Path(folder)


def with_custom_code(source: str | Path, folder: str | Path, planted: str | Path, *, part: str = "model") -> Path:
    """A copy of the model folder ``source`` whose ``part`` (``model`` or ``tokenizer``) names code of its own
    (``auto_map``), as hub repositories with custom code do; the code, if run, writes the file ``planted``."""
    import shutil

    folder = Path(shutil.copytree(source, folder))
    (folder / "custom_code.py").write_text(
        f"from pathlib import Path\nPath({str(planted)!r}).write_text('the folder code ran')\n"
        "from transformers import BertConfig, BertModel, BertTokenizer\n\n\n"
        "class CustomConfig(BertConfig):\n    model_type = 'custom-bert'\n\n\n"
        "class CustomModel(BertModel):\n    config_class = CustomConfig\n\n\n"
        "class CustomTokenizer(BertTokenizer):\n    pass\n")
    if part == "model":
        name = "config.json"
        entries: dict = {"AutoConfig": "custom_code.CustomConfig", "AutoModel": "custom_code.CustomModel"}
    else:
        name, entries = "tokenizer_config.json", {"AutoTokenizer": ["custom_code.CustomTokenizer", None]}
    config = json.loads((folder / name).read_text())
    config["auto_map"] = entries
    if part == "model":
        config.update(model_type="custom-bert", architectures=["CustomModel"])
    else:
        config["tokenizer_class"] = "CustomTokenizer"
    (folder / name).write_text(json.dumps(config))
    return folder
