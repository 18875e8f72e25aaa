"""多三张 at a live table (RULES.md §7.3, issue 11): 16 cards dealt — 13 and then 3
candidates, as the seed deals them — any 13 submitted in the rows, the 3 left out kept as
the discards and shown only at the reveal; the timer submits the first hint's 13."""

from __future__ import annotations

import json
from collections import Counter
from datetime import timedelta
from io import StringIO

import pytest
from django.test import Client
from django.urls import reverse

from games.live import selectors, services
from games.live.services import hooks
from games.machine import hand_hints
from games.machine.state import left_out
from games.models import Hand
from games.record.export import round_text
from games.record.replays import replay_build
from rules.engine import fairness
from rules.engine.cards import codes, sorted_for_display
from rules.engine.cli import main as engine_cli
from rules.engine.presets import PRESETS
from tests.games.conftest import seat_all, start_round
from tests.games.live.services.conftest import refused

pytestmark = pytest.mark.django_db

CONFIG = PRESETS["extra-three"]


def candidate_seed(players: int = 2) -> str:
    """A seed whose seat 0's first hint plays at least one of its candidate cards."""
    for n in range(1, 400):
        seed = f"{n:064x}"
        hand = fairness.deal_from_seed(seed, CONFIG, players)[0][0]
        hint = hand_hints(codes(hand), CONFIG)[0]
        played = hint["front"] + hint["middle"] + hint["back"]
        if not hint["special"] and set(codes(hand[13:])) & set(played):
            return seed
    raise AssertionError("no such seed in 400")


@pytest.fixture
def table(players):
    table = services.table_create(user=players[0], rule_set="extra-three", name="Extra")
    seat_all(table, players[:2])
    return table


@pytest.fixture
def seed(monkeypatch):
    seed = candidate_seed()
    monkeypatch.setattr(hooks, "deal_seed_factory", lambda: seed)
    return seed


def hint_rows(hand: Hand) -> dict[str, list[str]]:
    hint = selectors.hand_private(hand, hand.round)["hints"][0]
    return {row: hint[row] for row in ("front", "middle", "back")}


def test_each_player_gets_16_cards_and_the_last_3_the_seed_deals_are_candidates(
        table, players, seed):
    round = start_round(table, players[:2])
    dealt = fairness.deal_from_seed(seed, CONFIG, 2)[0]
    for hand in round.hands.order_by("position"):
        assert Counter(hand.dealt_cards) == Counter(codes(dealt[hand.position]))
        assert hand.candidate_cards == codes(sorted_for_display(dealt[hand.position][13:]))
        private = selectors.hand_private(hand, round)
        assert private["candidates"] == hand.candidate_cards and len(private["cards"]) == 16
        assert all(len(hint["discards"]) == 3 for hint in private["hints"])


def test_a_player_keeps_a_candidate_and_the_3_left_out_are_stored_as_discards(
        table, players, seed, committed, outbox):
    round = start_round(table, players[:2])
    hand = round.hands.get(position=0)
    rows = hint_rows(hand)
    played = rows["front"] + rows["middle"] + rows["back"]
    assert set(hand.candidate_cards) & set(played)  # a candidate card is in the rows
    committed(services.round_submit, table_id=table.id, user=players[0], **rows)
    hand.refresh_from_db()
    assert Counter(hand.discards) == Counter(left_out(hand.dealt_cards, played))
    assert len(hand.discards) == 3
    mine = [m for _g, m in outbox if m["type"] == "your_submission"]
    assert mine[-1]["discards"] == hand.discards


@pytest.mark.parametrize("change, words", [
    (lambda rows, hand: {**rows, "front": rows["front"][:2]}, "front"),
    (lambda rows, hand: {**rows, "back": rows["back"][:4] + [rows["front"][0]]}, "times"),
])
def test_a_wrong_submission_is_refused_and_changes_nothing(table, players, seed, change,
                                                           words):
    round = start_round(table, players[:2])
    hand = round.hands.get(position=0)
    error = refused("invalid_arrangement", services.round_submit, table,
                    table_id=table.id, user=players[0], **change(hint_rows(hand), hand))
    assert words in error.message


def test_a_card_from_outside_the_16_is_refused(table, players, seed):
    round = start_round(table, players[:2])
    hand = round.hands.get(position=0)
    rows = hint_rows(hand)
    stranger = next(code for code in codes(fairness.shuffled_deck("cd" * 32, CONFIG))
                    if code not in hand.dealt_cards)
    error = refused("invalid_arrangement", services.round_submit, table, table_id=table.id,
                    user=players[0], **{**rows, "front": [stranger, *rows["front"][1:]]})
    assert "not one of your cards" in error.message


def test_the_timer_submits_13_of_16_and_the_reveal_shows_candidates_and_discards(
        table, players, seed, monkeypatch, committed, outbox):
    round = start_round(table, players[:2])
    monkeypatch.setattr(hooks, "now", lambda: round.deadline + timedelta(seconds=1))
    assert committed(services.round_auto_submit, round_id=round.id,
                     version=round.table_version)
    round.refresh_from_db()
    settled = [m for _g, m in outbox if m["type"] == "settled"][-1]["round"]
    assert sum(round.result["totals"].values()) == 0
    for shown in settled["hands"]:
        hand = round.hands.get(position=shown["position"])
        assert hand.auto_submitted and len(hand.discards) == 3
        assert shown["discards"] == hand.discards
        assert shown["candidates"] == hand.candidate_cards
        played = shown["front"] + shown["middle"] + shown["back"]
        assert Counter(played + shown["discards"]) == Counter(hand.dealt_cards)


def play_out(table, players, monkeypatch, committed):
    round = start_round(table, players[:2], committed)
    hand = round.hands.get(position=0)
    committed(services.round_submit, table_id=table.id, user=players[0], **hint_rows(hand))
    monkeypatch.setattr(hooks, "now", lambda: round.deadline + timedelta(seconds=1))
    committed(services.round_auto_submit, round_id=round.id, version=round.table_version)
    round.refresh_from_db()
    return round


def test_the_replay_shows_candidates_and_discards_and_verifies_the_16_cards(
        table, players, seed, monkeypatch, committed):
    round = play_out(table, players, monkeypatch, committed)
    replay = replay_build(round)
    assert replay["verification"]["ok"], replay["verification"]
    assert replay["rules"]["hand_size"] == 16
    for shown in replay["hands"]:
        hand = round.hands.get(position=shown["position"])
        assert (shown["candidates"], shown["discards"]) == (hand.candidate_cards,
                                                            hand.discards)
    text = round_text(replay)
    assert f"discard {' '.join(round.hands.get(position=0).discards)}" in text
    assert "(candidates " in text


def test_a_discard_missing_from_the_log_fails_the_deal_check(table, players, seed, monkeypatch,
                                                        committed):
    from games.models import RoundEvent

    round = play_out(table, players, monkeypatch, committed)
    event = RoundEvent.objects.get(round=round, type="settled")
    payload = event.payload
    payload["result"]["hands"]["0"]["discards"].pop()  # a discard hidden from the log
    RoundEvent.objects.filter(pk=event.pk).update(payload=payload)
    checks = {c["check"]: c for c in replay_build(round)["verification"]["checks"]}
    assert not checks["deal"]["ok"] and "seat 0" in checks["deal"]["message"]


def test_the_replay_pages_cli_line_verifies_rows_plus_discards(table, players, seed,
                                                              monkeypatch, committed):
    round = play_out(table, players, monkeypatch, committed)
    client = Client()
    client.force_login(players[0])
    page = client.get(reverse("history:replay", args=[round.id]))
    line = json.loads(page.context["verify_line"])
    assert [len(hand) for hand in line["hands"]] == [16, 16]
    out = StringIO()
    assert engine_cli(["verify-deal"], StringIO(json.dumps(line) + "\n"), out) == 0
    assert json.loads(out.getvalue()) == {"ok": True}
    line["hands"][0] = line["hands"][0][:13]  # the rows alone are not the deal
    out = StringIO()
    assert engine_cli(["verify-deal"], StringIO(json.dumps(line) + "\n"), out) == 1
    assert "16" in out.getvalue()


def test_nobody_sees_another_players_candidates_or_discards_before_the_reveal(
        table, players, seed, committed):
    round = start_round(table, players[:2])
    mine, theirs = round.hands.get(position=0), round.hands.get(position=1)
    committed(services.round_submit, table_id=table.id, user=players[1],
              **hint_rows(theirs))
    theirs.refresh_from_db()
    state = selectors.table_state(table_id=table.id, user=players[0])
    text = json.dumps(state)
    only_theirs = Counter(theirs.dealt_cards) - Counter(mine.dealt_cards)
    assert not [code for code in only_theirs if f'"{code}"' in text]
    assert state["you"]["candidates"] == mine.candidate_cards
    client = Client()
    client.force_login(players[0])
    api = client.get(reverse("api-table-state", args=[table.id])).content.decode()
    assert not [code for code in only_theirs if f'"{code}"' in api]
