"""The record pages name a bot's seat as the table did: "Bot 3", not its account's
"Bot · Normal 3" (static/js/seat_names.js names the seat at the table and in the replay's
script; games.record.names for the pages the server draws), so a player recognises the
seat they played against. The account's name stays in the data the pages embed."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from accounts.models import User
from games.models import Session
from games.record.names import seat_level, seat_name
from games.record.sessions import session_summary
from games.record.strings import replay_strings
from tests.games.played import SCOOP_SEED

pytestmark = pytest.mark.django_db


@pytest.fixture
def bot_round(play, players, table):
    """A round settled where seat 1 is the bot account "Bot · Normal 3"."""
    User.objects.filter(pk=players[1].pk).update(display_name="Bot · Normal 3",
                                                 bot_level="normal")
    return play(SCOOP_SEED)


def shown(html: str) -> str:
    """The page as read: without its embedded data (json_script) and its tags."""
    html = re.sub(r'<script[^>]*type="application/json"[^>]*>.*?</script>', "", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


def page(players, name: str, *args) -> str:
    client = Client()
    client.force_login(players[0])
    response = client.get(reverse(name, args=args))
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize("language, bot", [("en", "Bot 3"), ("zh-hans", "机器人 3")])
def test_a_bots_seat_is_named_as_at_the_table(language, bot):
    with translation.override(language):
        assert seat_name("Bot · Normal 3") == bot
        assert seat_level("Bot · Strong 12").endswith(replay_strings()["felt.level_strong"])
        assert seat_name("Player 1") == "Player 1" and seat_level("Player 1") == ""
    # Only the names the server gives its bot accounts: a person's look-alike stays as typed.
    assert seat_name("Bot · normal 3") == "Bot · normal 3"


def test_the_replay_names_the_bot_seat_as_the_table_did(bot_round, players):
    html = page(players, "history:replay", bot_round.id)
    text = shown(html)
    assert "Bot 3" in text and "Bot · Normal 3" not in text
    # The round's data keeps the account's name; the replay's script names the seat
    # with the table's own words (tests/js/test_seat_names_mirror.py).
    data = json.loads(re.search(r'id="replay-data"[^>]*>(.*?)</script>', html, re.S)[1])
    assert "Bot · Normal 3" in {hand["display_name"] for hand in data["hands"]}
    strings = json.loads(re.search(r'id="replay-strings"[^>]*>(.*?)</script>', html, re.S)[1])
    assert strings["felt.bot_name"] == "Bot {number}"


def test_a_tables_rounds_and_the_session_name_the_bot_seat_as_the_table_did(bot_round, players,
                                                                            table):
    text = shown(page(players, "history:table", table.id))
    assert "Bot 3" in text and "Bot · Normal 3" not in text
    session = Session.objects.get(table=table)
    # Ended as games.live.services.sessions ends one: its summary is kept with it.
    session.summary, session.ended_at = session_summary(session), timezone.now()
    session.save(update_fields=["summary", "ended_at"])
    text = shown(page(players, "history:session", session.share_code))
    assert "Bot 3" in text and "Bot · Normal 3" not in text
