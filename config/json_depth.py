"""JSON decoding with a nesting limit, for every door that reads JSON from a client.

Python's json decoder recurses once per `[` or `{`: a 2,000-character frame of nested
brackets exhausts the interpreter's stack and raises RecursionError, which is not a
ValueError, so the socket died with close 1011 and the REST doors answered 500. No message
of this platform nests deeper than a few levels, so the text is measured before it is
decoded and a deeper document is refused as malformed input, like any other bad JSON.
"""

from __future__ import annotations

import json
import re
from typing import Any

# No client message or request body of this platform nests past 3 levels; the margin is
# for clients that wrap their data, not for anything the server reads.
MAX_DEPTH = 32

# A JSON string (its brackets do not nest anything) and the brackets that do.
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


class TooDeep(ValueError):
    """The document nests arrays and objects deeper than allowed."""

    def __init__(self, max_depth: int) -> None:
        super().__init__(f"JSON nested deeper than {max_depth} levels")
        self.max_depth = max_depth


def depth(text: str) -> int:
    """How deep `text` nests arrays and objects (brackets inside strings do not count).

    Malformed text still gets an answer; the decoder refuses it afterwards."""
    deepest = level = 0
    for bracket in _BRACKET.finditer(_STRING.sub('""', text)):
        if bracket.group() in "[{":
            level += 1
            deepest = max(deepest, level)
        else:
            level -= 1
    return deepest


def loads(text: str | bytes, *, max_depth: int = MAX_DEPTH, **kwargs: Any) -> Any:
    """json.loads, refusing (TooDeep, a ValueError) a document nested past `max_depth`."""
    if isinstance(text, (bytes, bytearray)):
        text = text.decode("utf-8")
    if depth(text) > max_depth:
        raise TooDeep(max_depth)
    return json.loads(text, **kwargs)
