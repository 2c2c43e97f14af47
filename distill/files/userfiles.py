"""The one place that reads the user's files: YAML settings, JSON configurations, text corpora and
safetensors headers.

Every problem of decoding, shape or size becomes one line (:class:`DistillError`) naming the file:
files are UTF-8 only; YAML is read with a safe loader that refuses duplicate keys, non-string keys and
more than :data:`MAX_ALIASES` aliases (an alias bomb, "billion laughs", expands a few hundred bytes into
gigabytes); a safetensors header is checked against the file's size before any tensor is read.
"""

from __future__ import annotations

import codecs
import json
import math
import struct
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import yaml

from distill.errors import DistillError, first_line

MAX_ALIASES = 64  # a settings file names a few anchors at most; a bomb needs thousands of expansions
MAX_SETTINGS_BYTES = 1 << 20  # a YAML or JSON settings file larger than 1 MiB is not a settings file
CHUNK_BYTES = 1 << 20
MAX_OPTION_ITEMS = 256  # entries of a list option (a filter bank); MLflow keeps a parameter's first 6000 characters
MAX_HEADER_BYTES = 100 << 20  # the safetensors library's own cap on a header
DTYPE_BYTES = {"BOOL": 1, "U8": 1, "I8": 1, "F8_E4M3": 1, "F8_E5M2": 1, "I16": 2, "U16": 2, "F16": 2, "BF16": 2,
               "I32": 4, "U32": 4, "F32": 4, "I64": 8, "U64": 8, "F64": 8}


def read_text(path: str | Path, what: str = "file", limit: int | None = None) -> str:
    """The UTF-8 text of a user's file; one line naming it if it is missing, a folder, too large or not UTF-8."""
    path = Path(path)
    if not path.exists():
        raise DistillError(f"{what} {path} does not exist")
    if not path.is_file():
        raise DistillError(f"{what} {path} is not a file")
    try:
        if limit is not None and path.stat().st_size > limit:
            raise DistillError(f"{what} {path} is larger than {limit:,} bytes")
        data = path.read_bytes()
    except OSError as error:
        raise DistillError(f"cannot read {what} {path}: {error.strerror or first_line(error)}") from None
    return decode_utf8(data, f"{what} {path}")


def decode_utf8(data: bytes, source: str) -> str:
    """``data`` decoded as UTF-8 (a byte-order mark allowed); one line saying where it is not."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise DistillError(f"{source} is not UTF-8 text (byte 0x{data[error.start]:02x} at offset {error.start}); "
                           "save it as UTF-8") from None


def check_utf8_file(path: Path, what: str = "file") -> None:
    """The whole of a possibly large text file (a corpus) decodes as UTF-8, read a chunk at a time."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    offset = 0
    try:
        with path.open("rb") as handle:
            while chunk := handle.read(CHUNK_BYTES):
                try:
                    decoder.decode(chunk)
                except UnicodeDecodeError as error:
                    raise DistillError(f"{what} {path} is not UTF-8 text (byte 0x{chunk[error.start]:02x} at "
                                       f"offset {offset + error.start}); save it as UTF-8") from None
                offset += len(chunk)
            decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        raise DistillError(f"{what} {path} is not UTF-8 text (it ends inside a character); save it as UTF-8") from None
    except OSError as error:
        raise DistillError(f"cannot read {what} {path}: {error.strerror or first_line(error)}") from None


class SettingsLoader(yaml.SafeLoader):
    """PyYAML's safe loader that refuses duplicate keys, keys other than strings and more than
    :data:`MAX_ALIASES` aliases."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.aliases_seen = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            self.aliases_seen += 1
            if self.aliases_seen > MAX_ALIASES:
                raise yaml.YAMLError(f"more than {MAX_ALIASES} aliases (an alias bomb?)")
        return super().compose_node(parent, index)

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        self.flatten_mapping(node)
        mapping: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = self.construct_object(key_node, deep=deep)
            if not isinstance(key, str):
                raise yaml.YAMLError(f"line {key_node.start_mark.line + 1}: key {key!r} is not a name")
            if key in mapping:
                raise yaml.YAMLError(f"line {key_node.start_mark.line + 1}: duplicate key {key!r}")
            mapping[key] = self.construct_object(value_node, deep=deep)
        return mapping


SettingsLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, SettingsLoader.construct_mapping)


def parse_yaml(text: str, source: str) -> Any:
    """YAML ``text`` read with :class:`SettingsLoader`; one line naming ``source`` if it is not valid."""
    loader = SettingsLoader(text)
    try:
        return loader.get_single_data()
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f" (line {mark.line + 1})" if mark is not None else ""
        raise DistillError(f"{source} is not valid YAML{where}: {getattr(error, 'problem', None) or error}") from None
    except RecursionError:
        raise DistillError(f"{source} is not valid YAML: nested too deeply") from None
    finally:
        loader.dispose()


def read_yaml_mapping(path: str | Path, what: str = "config file") -> dict[str, Any]:
    """A YAML file that must hold a mapping (an empty file is an empty one)."""
    return yaml_mapping(read_text(path, what, MAX_SETTINGS_BYTES), str(path))


def yaml_mapping(text: str, source: str) -> dict[str, Any]:
    """YAML ``text`` that must hold a mapping (an empty text is an empty one)."""
    data = parse_yaml(text, source)
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise DistillError(f"{source} must hold a mapping of config keys, not {type(data).__name__}")
    return data


def read_json_mapping(path: str | Path, what: str = "configuration") -> dict[str, Any]:
    """A JSON file that must hold an object, without duplicate keys, NaN or infinities."""
    text = read_text(path, what, MAX_SETTINGS_BYTES)
    try:
        data = json.loads(text, object_pairs_hook=_unique_keys, parse_constant=_refuse_constant)
    except (json.JSONDecodeError, ValueError, RecursionError) as error:
        raise DistillError(f"{what} {path} is not valid JSON: {first_line(error)}") from None
    if not isinstance(data, dict):
        raise DistillError(f"{what} {path} must hold a JSON object, not {type(data).__name__}")
    return data


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    mapping: dict[str, Any] = {}
    for key, value in pairs:
        if key in mapping:
            raise ValueError(f"duplicate key {key!r}")
        mapping[key] = value
    return mapping


def _refuse_constant(name: str) -> float:
    raise ValueError(f"{name} is not a finite number")


def check_option_map(name: str, value: Any, check_value: Callable[[str, Any], None] | None = None,
                     max_items: int | None = MAX_OPTION_ITEMS) -> None:
    """A mapping of options (``student_options``...): string keys, and values of plain YAML types, finite."""
    if not isinstance(value, Mapping):
        raise DistillError(f"{name} must be a mapping, got {value!r}")
    for key, item in value.items():
        if not isinstance(key, str) or not key:
            raise DistillError(f"{name} keys must be names, got {key!r}")
        if max_items is not None and isinstance(item, list | tuple) and len(item) > max_items:
            raise DistillError(f"{name}.{key} has {len(item)} entries; at most {max_items}")
        if not plain_value(item):
            raise DistillError(f"{name}.{key} must be a finite number, string, true/false or a list of them, "
                               f"got {item!r}")
        if check_value is not None:
            check_value(f"{name}.{key}", item)


def plain_value(value: Any) -> bool:
    """A number (finite), string, boolean, null, or a list of such (nested lists too)."""
    if isinstance(value, list | tuple):
        return all(plain_value(item) for item in value)
    if isinstance(value, float):
        return math.isfinite(value)
    return value is None or isinstance(value, bool | int | str)


def safetensors_shapes(path: str | Path, what: str = "weights") -> dict[str, list[int]]:
    """Each tensor's shape in a safetensors file, after checking its header against the file's size:
    a truncated or garbled file is one line, before any tensor is read."""
    path = Path(path)
    problem = f"{what} {path} is not a readable safetensors file"
    try:
        size = path.stat().st_size
        with path.open("rb") as handle:
            prefix = handle.read(8)
            if len(prefix) < 8:
                raise DistillError(f"{problem}: it is {size} bytes long")
            (header_bytes,) = struct.unpack("<Q", prefix)
            if header_bytes > min(MAX_HEADER_BYTES, size - 8):
                raise DistillError(f"{problem}: its header claims {header_bytes:,} bytes (truncated or garbled)")
            header = json.loads(decode_utf8(handle.read(header_bytes), problem))
    except OSError as error:
        raise DistillError(f"cannot read {what} {path}: {error.strerror or first_line(error)}") from None
    except ValueError as error:
        raise DistillError(f"{problem}: {first_line(error)}") from None
    if not isinstance(header, dict):
        raise DistillError(f"{problem}: its header is not a JSON object")
    header.pop("__metadata__", None)
    return {name: _tensor_shape(entry, f"{problem}: tensor {name!r}", size - 8 - header_bytes)
            for name, entry in header.items()}


def _tensor_shape(entry: Any, problem: str, data_bytes: int) -> list[int]:
    """A header entry's shape, after checking its dtype, shape and offsets agree and lie inside the file."""
    try:
        dtype, shape, (start, end) = entry["dtype"], list(entry["shape"]), entry["data_offsets"]
        expected = DTYPE_BYTES[dtype] * math.prod(shape)
    except (KeyError, TypeError, ValueError):
        raise DistillError(f"{problem} has a malformed header entry") from None
    if not all(isinstance(number, int) and number >= 0 for number in (*shape, start, end)):
        raise DistillError(f"{problem} has a malformed header entry")
    if end - start != expected or end > data_bytes:
        raise DistillError(f"{problem} lies outside the file (truncated or garbled)")
    return shape
