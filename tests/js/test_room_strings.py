"""The table page's quick phrases are the server's: the chat drawer offers one button per
`chat.phrase_<key>` string, so the strings and games.live.services.rooms.CHAT_PHRASES must
name the same keys (a phrase the server refuses, or one nobody can send, otherwise)."""

from __future__ import annotations

import pytest

from games.live.services.rooms import CHAT_MAX_CHARACTERS, CHAT_PHRASES
from games.live.strings import table_strings


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_the_quick_phrases_are_the_servers(language):
    from django.utils import translation

    with translation.override(language):
        strings = table_strings()
    offered = {key.removeprefix("chat.phrase_") for key in strings if key.startswith("chat.phrase_")}
    assert offered == set(CHAT_PHRASES)


def test_the_chat_cap_is_the_servers():
    from pathlib import Path

    model = (Path(__file__).resolve().parents[2] / "static/js/chat_model.js").read_text()
    assert f"export const CHAT_MAX = {CHAT_MAX_CHARACTERS};" in model
