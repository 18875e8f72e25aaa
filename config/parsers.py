"""The API's request parsers: DRF's, with a nesting limit on JSON bodies.

DRF's JSONParser turns a ValueError into a 400, but a deeply nested body makes Python's
decoder raise RecursionError instead, which became a 500 on every door (registration,
tables, join). config.json_depth measures the nesting first and refuses it as a
ValueError, so a hostile body gets the same clear 400 as any other malformed JSON.
"""

from __future__ import annotations

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser, get_encoding
from rest_framework.utils.json import strict_constant

from config import json_depth


class ShallowJSONParser(JSONParser):
    """application/json bodies nested at most config.json_depth.MAX_DEPTH levels."""

    def parse(self, stream, media_type=None, parser_context=None):
        encoding = get_encoding(parser_context or {})
        try:
            text = stream.read().decode(encoding) if stream is not None else ""
            return json_depth.loads(
                text, parse_constant=strict_constant if self.strict else None)
        except ValueError as error:  # UnicodeDecodeError and TooDeep are ValueErrors
            raise ParseError(f"JSON parse error - {error}") from error
