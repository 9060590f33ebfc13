"""JSON at the storage boundary (orjson): compact bytes in, plain JSON values out.

A stored state is wrapped in an envelope ``{"type": "<kind>/state", "schema": 1, "data": ...}``
so a future format change can be recognised and migrated.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

import orjson

from engine.core import JSON

STATE_SCHEMA = 1


class CodecError(Exception):
    """A stored payload is not what this version of the code can read."""


def dumps(value: JSON) -> bytes:
    """Encode a JSON value (tuples become lists; dict keys must be strings)."""
    return orjson.dumps(value)


def loads(data: bytes | str) -> JSON:
    return orjson.loads(data)


def normalise(value: JSON) -> JSON:
    """The value as it comes back from storage (tuples as lists), for comparisons."""
    return orjson.loads(orjson.dumps(value))


def encode_state(kind: str, state_json: Mapping[str, JSON]) -> bytes:
    return orjson.dumps({"type": f"{kind}/state", "schema": STATE_SCHEMA, "data": state_json})


def decode_state(kind: str, data: bytes | str) -> dict[str, JSON]:
    envelope = orjson.loads(data)
    if not isinstance(envelope, dict) or envelope.get("type") != f"{kind}/state":
        raise CodecError(f"not a stored {kind} state")
    if envelope.get("schema") != STATE_SCHEMA:
        raise CodecError(f"unknown state schema {envelope.get('schema')!r} for {kind}")
    return cast(dict[str, Any], envelope["data"])
