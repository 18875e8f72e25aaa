"""The leaderboard page and API: people only (bots left out), opening on the standard
rule set, and numbers written the way players read them (−5, not -5.00)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from accounts.models import User
from games.record.history import leaderboard
from games.templatetags.history_tags import signed_number
from tests.games.played import SCOOP_SEED

pytestmark = pytest.mark.django_db


def test_bots_are_left_out_of_the_leaderboard(play, players, client):
    play(SCOOP_SEED)
    User.objects.filter(pk=players[1].pk).update(bot_level="normal")
    board = leaderboard(rule_set="standard")
    assert players[1].id not in [row["user_id"] for row in board]
    assert {row["user_id"] for row in board} == {p.id for p in players if p != players[1]}
    client.force_login(players[0])
    api = client.get(reverse("api-history-leaderboard", args=["standard"])).json()
    assert players[1].id not in [row["user_id"] for row in api]
    page = client.get(reverse("history:leaderboard_rule_set", args=["standard"])).content.decode()
    assert "Player 1" not in page and "Player 2" in page


def test_the_leaderboard_opens_on_the_standard_rule_set(play, players, client):
    client.force_login(players[0])
    response = client.get(reverse("history:leaderboard"))
    assert response.status_code == 302
    assert response.url == reverse("history:leaderboard_rule_set", args=["standard"])


def test_the_leaderboard_writes_a_true_minus_without_trailing_zeros(play, players, client):
    play(SCOOP_SEED)
    client.force_login(players[0])
    page = client.get(reverse("history:leaderboard_rule_set", args=["standard"])).content.decode()
    assert ".00<" not in page and not re.search(r">\s*-\d", page)
    assert re.search(r">\s*−\d", page)  # someone lost: a true minus sign


@pytest.mark.parametrize("value, text", [(-5.0, "−5"), (-1.5, "−1.5"), (2.25, "2.25"),
                                         (0.0, "0"), (-0.001, "0"), (3, "3")])
def test_signed_number(value, text):
    assert signed_number(value) == text
