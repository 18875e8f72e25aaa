"""十三道 rounds in the history, statistics and leaderboard (issue 10): counted in 道
against the banker, apart from water; the history line says who held the bank and what
each bid."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.record import history
from games.models import Hand
from tests.games.record.test_banker_replay import play_out

pytestmark = pytest.mark.django_db


def test_a_banker_round_is_counted_in_dao_with_the_bank_and_the_bids(
        players, committed, monkeypatch):
    round = play_out(players, committed, monkeypatch)
    banker = round.banker_position
    for hand in Hand.objects.filter(round=round):
        line = history.round_line(hand)
        assert line["unit"] == "dao" and line["banker"] == (hand.position == banker)
        assert line["bid"] == {0: 1, 1: 3, 2: 3, 3: 0}[hand.position]
    stats = history.player_statistics(user=players[banker])
    points = Hand.objects.get(round=round, position=banker).points
    assert (stats["dao_rounds"], stats["total_dao"], stats["banker_rounds"]) == (1, points, 1)
    assert stats["total_water"] == 0 and stats["water_over_time"] == []
    board = history.leaderboard(rule_set="shisandao")
    assert {row["unit"] for row in board} == {"dao"}


def test_the_history_page_and_api_show_the_bank_and_the_unit(players, committed,
                                                             monkeypatch):
    round = play_out(players, committed, monkeypatch)
    client = Client()
    client.force_login(players[round.banker_position])
    page = client.get(reverse("history:rounds")).content.decode()
    assert "banker (庄)" in page and "道" in page
    api = client.get(reverse("api-history-rounds")).json()["results"][0]
    assert api["unit"] == "dao" and api["banker"] is True and api["bid"] == 3
    board = client.get(reverse("history:leaderboard_rule_set", args=["shisandao"])).content.decode()
    assert "Total 道" in board
