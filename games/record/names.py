"""A seat's name on the record pages as the table showed it.

Bots' accounts are named "Bot · Normal 3" by the server (games.live.services.bot_seats);
the table calls that seat "Bot 3" in the reader's language and shows the level apart, on
the seat's badge (static/js/seat_names.js). The replay, a table's rounds, a session's
summary and the analysis say the same, so a player recognises the seat they played
against. The account's own name stays in the data (the API, the export): only what a
page shows changes. tests/js/test_seat_names_mirror.py holds this module and
seat_names.js together.
"""

from __future__ import annotations

import re

from games.vocabulary import bot_seat_strings

# The bot accounts' names, as the server makes them (seat_names.js's BOT_NAME).
BOT_NAME = re.compile(r"^Bot · (Easy|Normal|Strong) (\d+)$")


def seat_name(name: str) -> str:
    """A player's name as the pages show it: a bot's "Bot · Normal 3" is "Bot 3"."""
    bot = BOT_NAME.match(name) if isinstance(name, str) else None
    return bot_seat_strings()["felt.bot_name"].format(number=bot[2]) if bot else name


def seat_level(name: str) -> str:
    """What the table's badge says of a bot's seat ("Bot · Normal"); "" for a person."""
    bot = BOT_NAME.match(name) if isinstance(name, str) else None
    if bot is None:
        return ""
    strings = bot_seat_strings()
    return strings["felt.bot_level"].format(level=strings[f"felt.level_{bot[1].lower()}"])
