"""games.rows: the hot path's reads and writes give exactly what the ORM
gives (issue 15 made them cheap, not different), on SQLite and on PostgreSQL; and the
deal's parsed rule set follows every edit of the rule set."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games import machine
from games import rows
from games.live.services.round_state import log
from games.live.services.table_row import playable_config, playing_round_hands, seats_of
from games.models import Hand, Round, RoundEvent, RoundPhase, Seat, Table
from rules.models import RowBonus, RuleSet

from tests.games.conftest import best_rows, start_round
from tests.games.live.services.conftest import standard

pytestmark = pytest.mark.django_db


def fields_of(instance) -> dict:
    return {field.attname: getattr(instance, field.attname)
            for field in instance._meta.concrete_fields}


def test_select_reads_every_column_as_the_orm_does_json_dates_and_booleans_included(
        table, players):
    start_round(table, players)
    by_orm = list(Hand.objects.filter(round__table=table).select_related("round")
                  .order_by("position"))
    by_rows = rows.select(Hand, "t1.table_id = %s", [table.id], related=(("round", None),),
                          order_by="t0.position")
    assert [fields_of(hand) for hand in by_rows] == [fields_of(hand) for hand in by_orm]
    assert [fields_of(hand.round) for hand in by_rows] == [fields_of(h.round) for h in by_orm]
    assert isinstance(by_rows[0].dealt_cards, list) and isinstance(by_rows[0].round.rules, dict)
    assert by_rows[0].round.deadline.tzinfo is not None


def test_select_caches_related_rows_so_reading_them_makes_no_query(table, players):
    start_round(table, players)
    round, hands = playing_round_hands(table)
    with CaptureQueriesContext(connection) as queries:
        assert {hand.round.id for hand in hands} == {round.id}
        assert round.session.rounds_planned == table.rounds_planned
    assert len(queries) == 0


def test_a_missing_related_row_is_none_as_with_select_related(table, players):
    start_round(table, players)
    Round.objects.filter(table=table).update(session=None)
    [hand, *_] = rows.select(Hand, "t1.table_id = %s", [table.id],
                             related=(("round", None), ("round__session", None)))
    with CaptureQueriesContext(connection) as queries:
        assert hand.round.session is None
    assert len(queries) == 0


def test_seats_read_the_players_names_and_load_other_user_fields_only_when_asked(table, players):
    seats = seats_of(table)
    assert [seat.position for seat in seats] == sorted(seat.position for seat in seats)
    with CaptureQueriesContext(connection) as queries:
        names = [str(seat.user) for seat in seats]
    assert len(queries) == 0 and names == [str(player) for player in players]
    assert seats[0].user.email == players[0].email  # a field not read: loaded on use


def test_save_fields_writes_those_fields_and_nothing_else(table, players):
    seat = Seat.objects.get(table=table, user=players[0])
    Seat.objects.filter(pk=seat.pk).update(connected=True)  # changed behind its back
    seat.ready, seat.client_seed, seat.connected = True, "ab" * 16, False
    rows.save_fields(seat, ("ready", "client_seed"))
    stored = Seat.objects.get(pk=seat.pk)
    assert (stored.ready, stored.client_seed, stored.connected) == (True, "ab" * 16, True)


def test_save_fields_and_save_many_store_json_and_dates_as_save_does(table, players):
    start_round(table, players)
    hands = list(Hand.objects.filter(round__table=table).order_by("position"))
    moment = timezone.now() - timedelta(seconds=3)
    front, middle, back = best_rows(hands[0])
    hands[0].front, hands[0].middle, hands[0].back = front, middle, back
    hands[0].submitted_at = moment
    rows.save_fields(hands[0], ("front", "middle", "back", "submitted_at"))
    for points, hand in zip((5, -1, -4), hands):
        hand.points, hand.held_cards = points, list(reversed(hand.dealt_cards))
    rows.save_many(hands[:3], ("points", "held_cards"))
    stored = list(Hand.objects.filter(round__table=table).order_by("position"))
    assert (stored[0].front, stored[0].back, stored[0].submitted_at) == (front, back, moment)
    assert [hand.points for hand in stored] == [5, -1, -4, None]
    assert [hand.held_cards for hand in stored[:3]] == [hand.held_cards for hand in hands[:3]]


def test_save_many_writes_only_the_rows_meeting_its_condition_and_returns_them(table, players):
    start_round(table, players)
    hands = list(Hand.objects.filter(round__table=table).order_by("position"))
    Hand.objects.filter(pk=hands[0].pk).update(points=7)  # written meanwhile: kept
    for hand in hands:
        hand.points = 1
    written = rows.save_many(hands, ("points",), where="points IS NULL AND position > %s",
                             where_params=(hands[1].position,), returning=("user_id",))
    assert sorted(written) == sorted((hand.pk, hand.user_id) for hand in hands[2:])
    stored = list(Hand.objects.filter(round__table=table).order_by("position"))
    assert [hand.points for hand in stored] == [7, None, 1, 1]


def test_select_reads_only_the_fields_asked_and_the_rest_on_first_use(table, players):
    start_round(table, players)
    [hand, *_] = rows.select(Hand, "t1.table_id = %s", [table.id], fields=("position",),
                             related=(("round", ("phase",)),), order_by="t0.position")
    assert hand.get_deferred_fields() >= {"dealt_cards", "hint_values"}
    assert hand.round.get_deferred_fields() >= {"rules", "result"}
    with CaptureQueriesContext(connection) as queries:
        assert (hand.position, hand.round.phase) == (0, RoundPhase.ARRANGING)
    assert len(queries) == 0
    assert hand.dealt_cards == Hand.objects.get(pk=hand.pk).dealt_cards  # loaded on use


def test_insert_sets_primary_keys_and_auto_now_add_and_computes_a_column(table, players):
    round = start_round(table, players)
    before = timezone.now()
    [first, second] = rows.insert([
        RoundEvent(round_id=round.id, seq=7, type="chat", payload={"n": 1}),
        RoundEvent(round_id=round.id, seq=8, type="chat", payload={"n": 2})])
    assert first.pk and second.pk and not first._state.adding
    stored = RoundEvent.objects.get(pk=second.pk)
    assert (stored.seq, stored.payload) == (8, {"n": 2}) and stored.created_at >= before
    [third] = rows.insert([RoundEvent(round_id=round.id, type="chat", payload={})],
                          computed={"seq": ("SELECT MAX(seq) + 1 FROM games_roundevent "
                                            "WHERE round_id = %s", [[round.id]])})
    assert RoundEvent.objects.get(pk=third.pk).seq == 9


def test_computed_rows_of_one_insert_all_see_the_table_as_it_was_before_it(table, players):
    """What numbers a step's events in one statement: each row's subquery reads the log
    before any of the statement's rows (SQLite copies such a SELECT first, PostgreSQL
    reads its snapshot), so MAX + place numbers them on without gaps or repeats."""
    round = start_round(table, players)
    last = RoundEvent.objects.filter(round=round).count()
    made = rows.insert(
        [RoundEvent(round_id=round.id, type="chat", payload={"n": n}) for n in range(3)],
        computed={"seq": ("(SELECT MAX(seq) + 1 FROM games_roundevent WHERE round_id = %s)"
                          " + %s", [[round.id, place] for place in range(3)])})
    stored = RoundEvent.objects.filter(pk__in=[event.pk for event in made]).order_by("seq")
    assert [(event.seq, event.payload["n"]) for event in stored] == [
        (last + 1, 0), (last + 2, 1), (last + 3, 2)]


def test_a_step_of_several_events_logs_them_in_one_statement_numbered_on(table, players):
    round = start_round(table, players)
    last = RoundEvent.objects.filter(round=round).count()
    with CaptureQueriesContext(connection) as captured:
        log(round, [machine.Event("chat", {"n": 1}), machine.Event("chat", {"n": 2})])
    assert len(captured) == 1
    assert list(RoundEvent.objects.filter(round=round).order_by("seq")
                .values_list("seq", flat=True)) == list(range(1, last + 3))


# --- the deal's parsed rule set ---------------------------------------------------------


def test_the_deal_sees_a_row_bonus_changed_on_its_own(players):
    rule_set = standard()
    assert playable_config(rule_set).row_points("middle", "full_house") == 2
    bonus = RowBonus.objects.get(rule_set=rule_set, row="middle", category="full_house")
    bonus.points = 3
    bonus.save()  # rules.signals moves the rule set's updated_at
    assert playable_config(standard()).row_points("middle", "full_house") == 3
    bonus.delete()
    assert playable_config(standard()).row_points("middle", "full_house") == 1


def test_the_deal_sees_an_option_changed_behind_auto_now(players):
    assert playable_config(standard()).arrange_seconds == 30
    RuleSet.objects.filter(slug="standard").update(arrange_seconds=45)
    assert playable_config(standard()).arrange_seconds == 45


def test_a_deal_reads_no_row_bonus_or_special_table_of_an_unchanged_rule_set(players):
    playable_config(standard())
    with CaptureQueriesContext(connection) as queries:
        config = playable_config(standard())  # the rule set's row: read as a deal reads it
    tables = " ".join(query["sql"] for query in queries)
    assert "rules_rowbonus" not in tables and "rules_specialhand" not in tables
    assert config.row_points("middle", "full_house") == 2


def test_hands_of_one_round_share_one_round_instance(table, players):
    start_round(table, players)
    hands = rows.select(Hand, "t1.table_id = %s", [table.id], related=(("round", None),))
    assert len(hands) == 4 and len({id(hand.round) for hand in hands}) == 1


def test_lock_table_reads_the_whole_row_as_the_orm_does(table):
    from games.live.services.table_row import lock_table

    with transaction.atomic():
        locked = lock_table(table.id)
    assert fields_of(locked) == fields_of(Table.objects.get(pk=table.pk))
