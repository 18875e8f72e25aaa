"""games.live.owner.memory: the table's owner keeps the round being played and its hands
between commands. A command after a committed one reads no round or hand rows; the
memory counts only at the version and epoch the locked row holds; a refusal or a rollback
leaves nothing behind; what the owner keeps is what the database holds."""

from __future__ import annotations

from contextlib import nullcontext

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.live import services
from games.live.owner import memory
from games.live.services import advice, round_messages
from games.models import Hand, Round, Table
from tests.games.conftest import best_rows, start_round

pytestmark = pytest.mark.django_db

HAND_OR_ROUND = ('FROM "games_hand"', 'FROM "games_round"')


def _reads_of_the_round(queries) -> list[str]:
    return [q["sql"] for q in queries.captured_queries
            if q["sql"].lstrip().upper().startswith("SELECT")
            and any(name in q["sql"] for name in HAND_OR_ROUND)]


def _submit(committed, table, user, round, queries=None):
    """`user` submits their first hint's rows; `queries`: record the service's SQL."""
    hand = Hand.objects.get(round=round, user=user)
    front, middle, back = best_rows(hand)

    def submit(**rows):
        with queries if queries is not None else nullcontext():
            return services.round_submit(table_id=table.id, user=user, **rows)

    return committed(submit, front=front, middle=middle, back=back)


def _reads_of_a_submission(committed, table, user, round) -> list[str]:
    """The round's and hands' rows a submission read (their SELECTs)."""
    queries = CaptureQueriesContext(connection)
    _submit(committed, table, user, round, queries)
    return _reads_of_the_round(queries)


def test_a_submission_after_the_deal_reads_no_round_or_hand_rows(table, players, committed):
    round = start_round(table, players, committed)
    assert _reads_of_a_submission(committed, table, players[0], round) == []
    hand = Hand.objects.get(round=round, user=players[0])
    assert [hand.front, hand.middle, hand.back] == list(best_rows(hand))


def test_the_settling_submission_reads_none_either_and_the_round_is_not_kept(
        table, players, committed):
    round = start_round(table, players, committed)
    for user in players[:3]:
        _submit(committed, table, user, round)
    assert _reads_of_a_submission(committed, table, players[3], round) == []
    round.refresh_from_db()
    assert round.phase == "settled"
    table.refresh_from_db()
    assert memory.take(table) is None  # a settled round is read from its rows


def test_a_change_made_elsewhere_moves_the_version_and_the_rows_are_read_again(
        table, players, committed):
    round = start_round(table, players, committed)
    _submit(committed, table, players[0], round)
    # Another process owned the table for a moment and took a submission: the version
    # moved under this one's memory.
    hand = Hand.objects.get(round=round, user=players[1])
    front, middle, back = best_rows(hand)
    Hand.objects.filter(pk=hand.pk).update(front=front, middle=middle, back=back,
                                           submitted_at=round.created_at)
    Table.objects.filter(pk=table.pk).update(version=table.version + 50)
    # read again: what it kept was too old
    assert _reads_of_a_submission(committed, table, players[2], round)
    # so player 1's submission, made elsewhere, is known: a second one is refused
    with pytest.raises(services.GameError) as error:
        _submit(committed, table, players[1], round)
    assert error.value.code == "already_submitted"


def test_a_takeover_by_another_owner_makes_the_memory_stale(table, players, committed):
    round = start_round(table, players, committed)
    Table.objects.filter(pk=table.pk).update(owner_epoch=99)  # a newer owner's epoch
    table.refresh_from_db()
    assert memory.take(table) is None


def test_a_refused_submission_leaves_nothing_kept_and_the_next_reads_the_rows(
        table, players, committed):
    round = start_round(table, players, committed)
    with pytest.raises(services.GameError):
        committed(services.round_submit, table_id=table.id, user=players[0],
                  front=["2c"], middle=[], back=[])
    assert _reads_of_a_submission(committed, table, players[0], round)
    assert Hand.objects.get(round=round, user=players[0]).submitted_at is not None


def test_a_command_that_rolls_back_keeps_nothing_of_what_it_changed(
        table, players, committed, monkeypatch):
    round = start_round(table, players, committed)

    def broken(*args, **kwargs):
        raise RuntimeError("the broadcast failed")

    monkeypatch.setattr(round_messages, "send", broken)
    with pytest.raises(RuntimeError):
        _submit(committed, table, players[0], round)
    monkeypatch.undo()
    assert Hand.objects.get(round=round, user=players[0]).submitted_at is None
    # the submission that failed is not remembered as made: the player submits again
    hand = _submit(committed, table, players[0], round)
    assert hand.submitted_at is not None


def test_hint_values_the_advisor_sends_reach_the_round_the_owner_keeps(
        table, players, committed):
    # The best-EV timer submits a missing player's stored EV-best (Hand.hint_values'
    # "best"): a round kept from before the values came must not lack them.
    round = start_round(table, players, committed)
    hand = Hand.objects.get(round=round, user=players[0])
    values = [(hand.pk, {"hints": [], "best": {"hint": 1, "front": best_rows(hand)[0]}})]
    committed(advice.hint_values_keep, table_id=table.id, round_id=round.id, values=values)
    table.refresh_from_db()
    _kept_round, kept_hands = memory.take(table)
    assert next(h for h in kept_hands if h.pk == hand.pk).hint_values == values[0][1]
    assert all(h.hint_values is None for h in kept_hands if h.pk != hand.pk)


def test_what_the_owner_keeps_is_what_the_database_holds(table, players, committed):
    round = start_round(table, players, committed)
    _submit(committed, table, players[0], round)
    table.refresh_from_db()
    kept_round, kept_hands = memory.take(table)
    stored = Round.objects.get(pk=round.pk)
    for field in ("phase", "deadline", "table_version", "banker_position", "flow"):
        assert getattr(kept_round, field) == getattr(stored, field), field
    by_id = {hand.pk: hand for hand in Hand.objects.filter(round=round)}
    for hand in kept_hands:
        for field in ("front", "middle", "back", "submitted_at", "dealt_cards",
                      "declared_special", "auto_submitted", "hint_values"):
            assert getattr(hand, field) == getattr(by_id[hand.pk], field), field
