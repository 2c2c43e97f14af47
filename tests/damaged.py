"""Damaged copies of a saved student and of a vocabulary-free export: truncated or garbled weights,
configurations that are not UTF-8, lack a key, hold a NaN, a list or a size beyond any machine (issue #25)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path


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
    variant("export_latin1", export, econfig, latin)
    variant("export_truncated", export, econfig, None, truncate)
    variant("export_garbled", export, econfig, None, garble)
    variant("export_no_student", export, econfig, drop("student"))
    variant("export_list_config", export, econfig, lambda data: [data])
    variant("export_nan_norm", export, econfig, lambda data: json.dumps({**data, "rescale_norm": float("nan")}
                                                                        ).encode())
    variant("export_student_list", export, econfig, put("student", [1, 2]))
    variant("export_wrong_shape", export, econfig, lambda data: {**data, "student": {**data["student"], "dim": 16}})
    return variants
