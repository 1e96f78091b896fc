"""A tiny TOML writer for the fuzz tests (tomllib only reads): JSON-like data as top-level
``key = value`` lines with inline tables and arrays. Values TOML cannot hold (None) are written
as the empty string; integers beyond 64 bits stay as written so the loader must refuse them."""

from __future__ import annotations

import json
import math
from typing import Any


def _key(k: Any) -> str:
    return json.dumps(str(k), ensure_ascii=False)


def value(v: Any) -> str:
    """Return ``v`` as an inline TOML value."""
    if v is None:
        return '""'
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{_key(k)} = {value(x)}" for k, x in v.items()) + " }" if v else "{}"
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(value(x) for x in v) + "]"
    return json.dumps(str(v))


def dumps(data: dict[str, Any]) -> str:
    """Return a TOML document for a top-level table."""
    return "".join(f"{_key(k)} = {value(v)}\n" for k, v in data.items())
