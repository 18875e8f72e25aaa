"""games.record.export: a settled round, or a player's rounds, as a plain-text hand history."""

from __future__ import annotations

from datetime import date, datetime, timezone

import pytest

from games.record.export import history_text, round_text
from games.record.history import HistoryFilter
from games.models import RoundEvent
from games.record.replays import replay_get

from tests.games.played import HOME_RUN_SEED, SCOOP_SEED, SPECIAL_SEED

pytestmark = pytest.mark.django_db


def test_a_round_reads_from_deal_to_totals(play, players):
    round = play(HOME_RUN_SEED, manual=(1,))
    replay = replay_get(round_id=round.id, user=players[0])
    text = round_text(replay)
    lines = text.splitlines()

    assert lines[0] == (f'Thirteen Water round {round.id}: table "Felt" round 1, '
                        f'rules standard ({round.rules["name"]})')
    assert f"  commitment {round.deal_commitment}" in lines
    assert f"  seed       {round.deal_seed}" in lines
    for hand in round.hands.all():
        assert f"  Seat {hand.position} Player {hand.position}  " \
               f"{' '.join(hand.dealt_cards)}" in lines
        how = "timer, first hint" if hand.auto_submitted else "by hand"
        assert f"Submit Seat {hand.position} Player {hand.position} ({how})" in lines
        assert f"  back   {' '.join(hand.back)}  {replay['hands'][hand.position]['pattern'][2]}" \
            in lines
    # The sections come in the replay's order.
    order = [lines.index(word) for word in ("Dealt", "Front", "Middle", "Back", "Totals")]
    assert order == sorted(order)
    assert "Home run Seat 2 Player 2: +" in text
    assert sum("scoops seat" in line for line in lines) == 3
    for position, points in replay["totals"].items():
        signed = f"+{points}" if points > 0 else str(points)
        assert f"  Seat {position} Player {position}  {signed}" in lines
    assert lines[-1] == "Verified: log, commitment, deal, settlement"


def test_a_declared_special_and_its_collections(play, players):
    round = play(SPECIAL_SEED, declare=(0,))
    text = round_text(replay_get(round_id=round.id, user=players[0]))
    assert "Submit Seat 0 Player 0 (by hand): declares three_straights" in text
    assert "Special Seat 0 Player 0 vs Seat 1 Player 1: seat 0 collects 4 (three_straights)" \
        in text


def test_a_tampered_round_says_its_verification_failed(play, players):
    round = play(SCOOP_SEED)
    event = RoundEvent.objects.get(round=round, type="settled")
    event.payload["result"]["totals"]["0"] += 1
    RoundEvent.objects.filter(pk=event.pk).update(payload=event.payload)
    text = round_text(replay_get(round_id=round.id, user=players[0]))
    assert text.splitlines()[-1].startswith("VERIFICATION FAILED: settlement: ")


def test_a_players_history_lists_their_rounds_newest_first(play, players):
    first = play(SCOOP_SEED, at=datetime(2026, 3, 1, 12, tzinfo=timezone.utc))
    second = play(SPECIAL_SEED, at=datetime(2026, 3, 2, 12, tzinfo=timezone.utc))
    text = history_text(user=players[1])
    assert text.startswith("Thirteen Water hand history of Player 1\n2 rounds\n\n")
    assert text.index(f"round {second.id}:") < text.index(f"round {first.id}:")

    only_first = history_text(user=players[1], filters=HistoryFilter(
        rule_set="standard", settled_to=date(2026, 3, 1)))
    assert only_first.startswith(
        "Thirteen Water hand history of Player 1 (rules standard, to 2026-03-01)\n1 round")
    assert f"round {second.id}:" not in only_first


def test_a_round_still_being_played_is_not_exported(table, players, committed):
    from tests.games.conftest import start_round

    round = start_round(table, players, committed)
    text = history_text(user=players[0])
    assert text == "Thirteen Water hand history of Player 0\n0 rounds\n"
    for hand in round.hands.all():
        assert " ".join(hand.dealt_cards) not in text
