"""Damaged copies of a saved student and of a vocabulary-free export: truncated or garbled weights, weights that
hold a NaN or an infinity, configurations that are not UTF-8, lack a key, hold a NaN, a list or a size beyond any
machine (issues #25, #44); a configuration or weights file that is a folder or a link to itself (#44); and damaged
exports that transformers alone would load and run wrongly (#44)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any


def write_student_variants(root: Path, student: Path, export: Path) -> dict[str, str]:
    """Damaged copies of a saved student and of a vocabulary-free export."""
    from safetensors.torch import save_file
    from test_surgery import small_bytescnn

    variants: dict[str, str] = {}

    def variant(name: str, source: Path, config_name: str, edit, weights=None) -> None:
        folder = shutil.copytree(source, root / name)
        config_path = folder / config_name
        if edit is not None:
            data = json.loads(config_path.read_text())
            result = edit(data)
            config_path.write_bytes(result if isinstance(result, bytes) else json.dumps(result).encode())
        if weights is not None:
            weights(folder / "model.safetensors")
        variants[name] = str(folder)

    def truncate(path: Path) -> None:
        path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])

    def garble(path: Path) -> None:
        data = path.read_bytes()
        path.write_bytes(b"\x07" * 64 + data[64:])

    def non_finite(prefix: str, value: float):
        return lambda path: put_in_weights(path, prefix, value)

    def drop(key: str):
        return lambda data: {name: value for name, value in data.items() if name != key}

    def put(key: str, value: object):
        return lambda data: {**data, key: value}

    latin = lambda data: json.dumps(data).replace("bytescnn", "bytescnn\xe9").encode("latin-1")  # noqa: E731
    sconfig, econfig = "student_config.json", "config.json"
    variant("student_latin1", student, sconfig, latin)
    variant("student_truncated", student, sconfig, None, truncate)
    variant("student_garbled", student, sconfig, None, garble)
    variant("student_no_dim", student, sconfig, drop("dim"))
    variant("student_list_config", student, sconfig, lambda data: [data])
    variant("student_nan_norm", student, sconfig, lambda data: json.dumps({**data, "rescale_norm": float("nan")}
                                                                          ).encode())
    variant("student_name_number", student, sconfig, put("name", 5))
    variant("student_unknown_family", student, sconfig, put("name", "nope"))
    variant("student_huge", student, sconfig, lambda data: {**data, "hparams": {
        **data["hparams"], "filters": [[3, 10**12]]}})
    variant("student_wrong_shape", student, sconfig, None,
            lambda path: save_file({name: tensor[..., :1].contiguous() for name, tensor in
                                    small_bytescnn(32).state_dict().items()}, str(path)))
    variant("student_empty_weights", student, sconfig, None, lambda path: path.write_bytes(b""))
    variant("student_nan_weights", student, sconfig, None, non_finite("", float("nan")))
    variant("student_inf_weights", student, sconfig, None, non_finite("", float("-inf")))
    variant("export_latin1", export, econfig, latin)
    variant("export_truncated", export, econfig, None, truncate)
    variant("export_garbled", export, econfig, None, garble)
    variant("export_no_student", export, econfig, drop("student"))
    variant("export_list_config", export, econfig, lambda data: [data])
    variant("export_nan_norm", export, econfig, lambda data: json.dumps({**data, "rescale_norm": float("nan")}
                                                                        ).encode())
    variant("export_student_list", export, econfig, put("student", [1, 2]))
    variant("export_wrong_shape", export, econfig, lambda data: {**data, "student": {**data["student"], "dim": 16}})
    variant("export_nan_weights", export, econfig, None, non_finite("student.", float("nan")))

    def replaced(name: str, source: Path, file_name: str, make) -> None:
        """A copy of ``source`` whose ``file_name`` is replaced by what ``make(path)`` puts there."""
        folder = shutil.copytree(source, root / name)
        (folder / file_name).unlink()
        make(folder / file_name)
        variants[name] = str(folder)

    replaced("student_config_folder", student, sconfig, Path.mkdir)
    replaced("student_weights_folder", student, "model.safetensors", Path.mkdir)
    replaced("student_config_loop", student, sconfig, lambda path: path.symlink_to(path.name))  # a link to itself
    replaced("export_config_folder", export, econfig, Path.mkdir)
    replaced("export_weights_folder", export, "model.safetensors", Path.mkdir)
    return variants


def put_in_weights(path: Path, prefix: str, value: float) -> None:
    """``value`` in the first element of the first floating-point tensor of ``path`` whose name starts with
    ``prefix``."""
    from safetensors.torch import load_file, save_file

    tensors = load_file(str(path))
    name = next(name for name in sorted(tensors) if name.startswith(prefix) and tensors[name].is_floating_point())
    tensors[name] = tensors[name].clone()
    tensors[name].view(-1)[0] = value
    save_file(tensors, str(path), metadata={"format": "pt"})


# Damaged copies of a segmented vocabulary-free export, for transformers alone (AutoModel or AutoTokenizer with
# trust_remote_code): name → (the file edited, the edit, what loads it, words of the one-line refusal).
EXPORT_DAMAGES: dict[str, tuple[str, Any, str, str]] = {
    "nan_norm": ("config.json", lambda data: {**data, "rescale_norm": float("nan")}, "model", "rescale_norm"),
    "negative_norm": ("config.json", lambda data: {**data, "rescale_norm": -1.0}, "model", "rescale_norm"),
    "zero_norm": ("config.json", lambda data: {**data, "rescale_norm": 0}, "model", "rescale_norm"),
    "model_word_token_id": ("config.json", lambda data: {**data, "word_token_id": 0}, "model", "word_token_id"),
    "nan_student_weights": ("model.safetensors", lambda path: put_in_weights(path, "student.", float("nan")),
                            "model", "NaN"),
    "inf_encoder_weights": ("model.safetensors", lambda path: put_in_weights(path, "transformer.", float("inf")),
                            "model", "infinite"),
    "zero_max_length": ("tokenizer_config.json", lambda data: {**data, "model_max_length": 0}, "tokenizer",
                        "model_max_length"),
    "tokenizer_word_token_id": ("tokenizer_config.json", lambda data: {**data, "word_token_id": 1}, "tokenizer",
                                "word_token_id"),
    "zeroed_filter": ("segmenter.safetensors", lambda path: zero_filter(path), "tokenizer", "checksum"),
    "other_hashes": ("tokenizer_config.json", lambda data: segmenter_setting(data, hashes=4), "tokenizer",
                     "checksum"),
    "other_continuation": ("tokenizer_config.json", lambda data: segmenter_setting(data, continuation="@@"),
                           "tokenizer", "checksum"),
    "huge_filter": ("tokenizer_config.json", lambda data: segmenter_setting(data, bits=2**40), "tokenizer",
                    "filter must be"),
    # --- each value the export's code reads, checked when it loads (issue #57) ---
    "mixed_max_bytes": ("tokenizer_config.json", lambda data: student_option(data, max_bytes_per_token=4),
                        "tokenizer", "student differs from config.json's (max_bytes_per_token 4 against 12)"),
    "huge_max_bytes_tokenizer": ("tokenizer_config.json", lambda data: student_option(data, max_bytes_per_token=1e9),
                                 "tokenizer", "max_bytes_per_token 1000000000.0 against 12"),
    "huge_max_bytes_model": ("config.json", lambda data: student_option(data, max_bytes_per_token=1e9), "model",
                             "config.json: student: max_bytes_per_token must be at most 4096"),
    "negative_word_cache": ("config.json", lambda data: {**data, "word_cache_size": -1}, "model",
                            "config.json: word_cache_size must be"),
    "unknown_weight_above_one": ("config.json", lambda data: {**data, "unknown_word_weight": 2}, "model",
                                 "config.json: unknown_word_weight must be a number from 0 to 1"),
    "unknown_token_id_text": ("config.json", lambda data: {**data, "unknown_token_id": "[UNK]"}, "model",
                              "config.json: unknown_token_id must be a token id or null"),
    "unknown_token_id_past_table": ("config.json", lambda data: {**data, "unknown_token_id": 10**6}, "model",
                                    "config.json: unknown_token_id must be a row of the table"),
    "nan_unknown_word_anchor": ("model.safetensors", lambda path: put_in_weights(path, "unknown_word_anchor",
                                                                                 float("nan")), "model", "NaN"),
    "mark_unknown_words_text": ("tokenizer_config.json", lambda data: {**data, "mark_unknown_words": "yes"},
                                "tokenizer", "mark_unknown_words must be true or false"),
    "unknown_student_class": ("config.json", lambda data: {**data, "student_class": "Nope"}, "model",
                              "config.json: student_class must be one of"),
    "single_template_without_text": ("tokenizer_config.json", lambda data: {
        **data, "single_template": [item for item in data["single_template"] if item[0] != "$A"]}, "tokenizer",
        "single_template must hold $A once"),
    "pair_template_twice_a": ("tokenizer_config.json", lambda data: {
        **data, "pair_template": [["$A", 0] if item[0] == "$B" else item for item in data["pair_template"]]},
        "tokenizer", "pair_template must hold $A and $B once each"),
    "template_not_pairs": ("tokenizer_config.json", lambda data: {**data, "single_template": "[CLS] $A [SEP]"},
                           "tokenizer", "single_template must be a list of [token, token type] pairs"),
    "segmenter_config_string": ("tokenizer_config.json", lambda data: {**data, "segmenter_config": "yes"},
                                "tokenizer", "segmenter_config must be an object or null"),
    "empty_vocabulary": ("vocabulary.json", lambda data: {}, "tokenizer", "vocabulary.json lacks [CLS]"),
    "vocabulary_list": ("vocabulary.json", lambda data: list(data), "tokenizer",
                        "vocabulary.json must map tokens to non-negative integer ids"),
    "vocabulary_missing": ("vocabulary.json", "removed", "tokenizer", "vocabulary.json is missing"),
    "splitter_missing": ("word_splitter.json", "removed", "tokenizer", "word_splitter.json is missing"),
    "splitter_not_json": ("word_splitter.json", "not_json", "tokenizer", "word_splitter.json is not readable JSON"),
    "splitter_truncated": ("word_splitter.json", "truncated", "tokenizer", "word_splitter.json is not readable JSON"),
    "splitter_not_a_pipeline": ("word_splitter.json", lambda data: {"version": "1.0"}, "tokenizer",
                                "word_splitter.json is not a tokenizers pipeline"),
}
# Edits of a file as bytes rather than as JSON.
RAW_EDITS: dict[str, Any] = {
    "removed": Path.unlink,
    "not_json": lambda path: path.write_text("not JSON at all"),
    "truncated": lambda path: path.write_bytes(path.read_bytes()[: path.stat().st_size // 2]),
}


def student_option(data: dict[str, Any], **options: Any) -> dict[str, Any]:
    return {**data, "student": {**data["student"], "hparams": {**data["student"]["hparams"], **options}}}


def segmenter_setting(data: dict[str, Any], **settings: Any) -> dict[str, Any]:
    return {**data, "segmenter_config": {**data["segmenter_config"], **settings}}


def zero_filter(path: Path) -> None:
    from safetensors.torch import load_file, save_file

    save_file({name: tensor.zero_() for name, tensor in load_file(str(path)).items()}, str(path))


def write_export_damages(root: Path, export: Path) -> dict[str, str]:
    """A copy of ``export`` per :data:`EXPORT_DAMAGES` entry, damaged as it says."""
    folders = {}
    for name, (file_name, edit, _, _) in EXPORT_DAMAGES.items():
        folder = shutil.copytree(export, root / name)
        path = folder / file_name
        if isinstance(edit, str):
            RAW_EDITS[edit](path)
        elif file_name.endswith(".json"):
            path.write_text(json.dumps(edit(json.loads(path.read_text()))))
        else:
            edit(path)
        folders[name] = str(folder)
    return folders
