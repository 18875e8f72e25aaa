"""A settled 十三道 round's replay (RULES.md §8, issue 10): it steps through the bank, the
exchange, the agreed pairs and the points moved outside the rows, and its checks — the
bank, the deal after the exchange, the settlement against the banker — hold, in the
replay, on the command line and in the hand-history text; a changed record is caught."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.test import Client
from django.urls import reverse

from games.live import services
from games.models import Hand, RoundEvent
from games.record.export import round_text
from games.record.replays import replay_build
from rules.engine.cli import main as engine_cli
from tests.games.live.services.test_banker import (arrange_all, current, fire_timer,
                                                   start_round, table_of)

pytestmark = pytest.mark.django_db


def play_out(players, committed, monkeypatch, count=4, bids=(1, 3, 3, 0)):
    """Bids (a tie between seats 1 and 2: the seed draws), the pool exchange with one
    take and the timer's passes, arranging, one agreed pair, the rest by the timer."""
    table = table_of(players, count)
    round = start_round(table, players[:count], committed)
    for player, amount in zip(players[:count], bids):
        committed(services.round_bid, table_id=table.id, user=player, amount=amount)
    round.refresh_from_db()
    banker = round.banker_position
    if count == 4:
        for player in players:
            hand = Hand.objects.get(round=round, user=player)
            committed(services.exchange_put, table_id=table.id, user=player,
                      card=hand.dealt_cards[3])
        committed(services.exchange_choose, table_id=table.id, user=players[banker],
                  take=True)
    else:  # 3 players: the banker swaps for the spare hand
        committed(services.exchange_swap, table_id=table.id, user=players[banker],
                  accept=True)
    while current(table).phase == "exchanging":
        fire_timer(round, monkeypatch, committed)
    arrange_all(table, players[:count], committed)
    round.refresh_from_db()
    player = next(p for p in range(count) if p != banker)
    committed(services.negotiate_propose, table_id=table.id, user=players[banker],
              pair=player, amount=2)
    committed(services.negotiate_answer, table_id=table.id, user=players[player],
              pair=player, answer="accept", amount=2)
    while current(table).phase != "settled":
        fire_timer(round, monkeypatch, committed)
    round.refresh_from_db()
    return round


def test_the_replay_steps_through_bank_exchange_agreements_and_adjustments(
        players, committed, monkeypatch):
    round = play_out(players, committed, monkeypatch)
    replay = replay_build(round)
    assert replay["verification"]["ok"], replay["verification"]
    kinds = [step["kind"] for step in replay["steps"]]
    assert kinds[:2] == ["deal", "bank"] and "exchange" in kinds and "negotiated" in kinds
    assert kinds[-2:] == ["adjustments", "totals"]
    assert replay["steps"][-1]["running"] == {str(k): v for k, v in
                                             replay["totals"].items()}
    bank = replay["steps"][1]
    assert bank["tied"] == [1, 2] and bank["banker"] == replay["banker"]
    takes = [s for s in replay["steps"] if s["kind"] == "exchange" and s["step"] == "take"]
    assert takes and all(s["card"] for s in takes)  # the cards show after the reveal
    assert replay["exchange"]["held"] and replay["bids"] == {"0": 1, "1": 3, "2": 3, "3": 0}


def test_the_command_line_verifies_the_bank_and_the_rows_after_the_exchange(
        players, committed, monkeypatch):
    round = play_out(players, committed, monkeypatch)
    client = Client()
    client.force_login(players[0])
    line = json.loads(client.get(reverse("history:replay", args=[round.id]))
                      .context["verify_line"])
    assert "exchange" in line and "bank" in line
    out = StringIO()
    assert engine_cli(["verify-deal"], StringIO(json.dumps(line) + "\n"), out) == 0, \
        out.getvalue()
    line["bank"]["banker"] = 3 - line["bank"]["banker"]  # the other tied seat, or seat 0
    out = StringIO()
    assert engine_cli(["verify-deal"], StringIO(json.dumps(line) + "\n"), out) == 1
    assert "bank" in out.getvalue()


def test_a_changed_exchange_or_bid_or_agreement_is_caught(players, committed, monkeypatch):
    round = play_out(players, committed, monkeypatch)

    def failed_after(change):
        event = RoundEvent.objects.get(round=round, type="settled")
        original = json.loads(json.dumps(event.payload))
        payload = json.loads(json.dumps(original))
        change(payload["result"])
        RoundEvent.objects.filter(pk=event.pk).update(payload=payload)
        checks = {c["check"]: c["ok"] for c in replay_build(round)["verification"]["checks"]}
        RoundEvent.objects.filter(pk=event.pk).update(payload=original)
        return {name for name, ok in checks.items() if not ok}

    def swap_takes(result):
        takes = result["exchange"]["takes"]
        takes[0][1], takes[1][1] = takes[1][1], takes[0][1]

    def raise_agreement(result):
        for negotiation in result["negotiations"].values():
            if negotiation["status"] == "agreed":
                negotiation["amount"] += 10

    def change_bid(result):
        result["bids"]["0"] = 9

    assert "deal" in failed_after(swap_takes)
    assert "settlement" in failed_after(raise_agreement)
    assert "deal" in failed_after(change_bid)


def test_a_three_player_swap_replays_and_verifies(players, committed, monkeypatch):
    round = play_out(players, committed, monkeypatch, count=3, bids=(0, 2, 0))
    replay = replay_build(round)
    assert replay["verification"]["ok"], replay["verification"]
    assert replay["exchange"]["swapped_by"] == replay["banker"] == 1
    text = round_text(replay)
    assert "Bank seat 1 (bids: seat 0 0, seat 1 2, seat 2 0; pot 2)" in text
    assert "Exchange Seat 1 Player 1 swaps for the spare hand" in text
    assert "Agreed Seat 1 Player 1 vs Seat 0 Player 0: +2" in text
    assert "Outside the rows" in text
