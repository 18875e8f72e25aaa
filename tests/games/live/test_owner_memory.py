"""games.live.owner.memory: the table's owner keeps the table's seats and the round being
played with its hands between commands. A command after a committed one reads no seat,
round or hand rows; the memory counts only at the version and epoch the locked row holds;
a refusal or a rollback leaves nothing behind; what the owner keeps is what the database
holds; a player's new name is shown at once."""

from __future__ import annotations

from contextlib import nullcontext

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.services import user_update_profile
from games.live import selectors, services
from games.live.owner import memory
from games.live.services import advice, round_messages
from games.models import Hand, Round, Table
from tests.factories import make_user
from tests.games.conftest import assert_owner_memory_matches_rows, best_rows, start_round

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
    assert memory.take(table).round is None  # a settled round is read from its rows


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
    assert memory.take(table) is memory.NOTHING


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
    kept_hands = memory.take(table).hands
    assert next(h for h in kept_hands if h.pk == hand.pk).hint_values == values[0][1]
    assert all(h.hint_values is None for h in kept_hands if h.pk != hand.pk)


def test_what_the_owner_keeps_is_what_the_database_holds(table, players, committed):
    # (tests/games/conftest.py checks the same after every committed service call)
    round = start_round(table, players, committed)
    _submit(committed, table, players[0], round)
    table.refresh_from_db()
    kept = memory.take(table)
    assert kept.round.pk == round.pk and len(kept.hands) == 4 and len(kept.seats) == 4
    memory.keep(table, seats=kept.seats, round=kept.round, hands=kept.hands)
    assert_owner_memory_matches_rows()


# --- the seats ------------------------------------------------------------------------------


SEAT_READ = 'FROM "games_seat"'


def _seat_reads(run, service, **kwargs) -> list[str]:
    """The SELECTs of seat rows a committed service call made."""
    return _reads_of(run, service, (SEAT_READ,), **kwargs)


def _reads_of(run, service, tables: tuple[str, ...], **kwargs) -> list[str]:
    """The SELECTs from `tables` a committed service call made (not the checks after)."""
    queries = CaptureQueriesContext(connection)

    def call(**arguments):
        with queries:
            return service(**arguments)

    run(call, **kwargs)
    return [q["sql"] for q in queries.captured_queries
            if q["sql"].lstrip().upper().startswith("SELECT")
            and any(name in q["sql"] for name in tables)]


def _settle(committed, table, players):
    round = start_round(table, players, committed)
    for user in players:
        _submit(committed, table, user, round)
    return round


def test_the_readies_and_the_deal_after_a_settlement_read_no_seat_rows(
        table, players, committed):
    _settle(committed, table, players)
    for user in players:  # the last ready deals
        assert _seat_reads(committed, services.player_ready, table_id=table.id,
                           user=user) == []
    assert Round.objects.filter(table=table, phase="arranging").exists()


def test_a_socket_opening_and_closing_is_kept_by_the_owner_with_the_round_being_played(
        table, players, committed):
    # Every socket's open and close is a command: it reads no seat, round or hand rows
    # after one the owner kept, and what it changed is what the next command finds.
    _settle(committed, table, players)
    assert _seat_reads(committed, services.player_connection, table_id=table.id,
                       user=players[3], connected=False) == []
    assert _seat_reads(committed, services.player_ready, table_id=table.id,
                       user=players[0]) == []
    seats = {seat["user_id"]: seat for seat in selectors.seats_public(table.id)}
    assert seats[players[3].id]["connected"] is False and seats[players[0].id]["ready"]
    round = start_round(table, players, committed)
    assert _reads_of(committed, services.player_connection, (SEAT_READ, *HAND_OR_ROUND),
                     table_id=table.id, user=players[3], connected=True) == []
    assert _reads_of_a_submission(committed, table, players[0], round) == []


def test_a_new_name_is_shown_at_the_table_at_once_and_not_forgotten_by_the_owner(
        table, players, committed, outbox):
    _settle(committed, table, players)
    table.refresh_from_db()
    before = table.version
    outbox.clear()
    committed(user_update_profile, user=players[1], display_name="Renamed")
    [seats] = [m for m in outbox if m[1]["type"] == "seats"]
    assert seats[1]["version"] == before + 1
    assert {s["user_id"]: s["display_name"] for s in seats[1]["seats"]}[players[1].id] == \
        "Renamed"
    outbox.clear()
    committed(services.player_ready, table_id=table.id, user=players[0])
    [ready] = [m for m in outbox if m[1]["type"] == "seats"]
    assert {s["user_id"]: s["display_name"] for s in ready[1]["seats"]}[players[1].id] == \
        "Renamed"


def test_votes_cleared_when_the_session_ends_at_a_settlement_are_cleared_in_memory(
        table, players, committed):
    round = start_round(table, players, committed)
    for user in players:  # everyone votes during the round: it ends as the round settles
        committed(services.vote_end, table_id=table.id, user=user)
    for user in players:
        _submit(committed, table, user, round)  # each call checks memory against rows
    table.refresh_from_db()
    kept = memory.take(table)
    assert kept.seats is not None and not any(seat.end_vote for seat in kept.seats)


def test_a_name_the_staff_change_in_the_admin_is_shown_at_the_table_at_once(
        table, players, committed, outbox, client, django_capture_on_commit_callbacks):
    _settle(committed, table, players)
    staff = make_user(username="staff", display_name="Staff", is_staff=True,
                      is_superuser=True)
    client.force_login(staff)
    player = players[2]
    outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/admin/accounts/user/{player.pk}/change/", {
            "username": player.username, "display_name": "Renamed by staff",
            "email": "", "is_active": "on", "last_login_0": "", "last_login_1": "",
            "date_joined_0": "2026-01-01", "date_joined_1": "00:00:00"})
    assert response.status_code == 302, response.content[:2000]
    [seats] = [m for m in outbox if m[1]["type"] == "seats"]
    assert {s["user_id"]: s["display_name"] for s in seats[1]["seats"]}[player.id] == \
        "Renamed by staff"



def _refers_back(start) -> bool:
    """Whether `start` is reached again through the model instances its cached relations
    (Django's fields cache) lead to: a reference cycle only the garbage collector frees."""
    seen, stack = set(), [start]
    while stack:
        for related in stack.pop()._state.fields_cache.values():
            for item in related if isinstance(related, list) else [related]:
                if item is start:
                    return True
                if item is not None and id(item) not in seen:
                    seen.add(id(item))
                    stack.append(item)
    return False


def test_the_round_the_owner_keeps_is_in_no_reference_cycle(table, players, committed):
    """When the owner lets go of a round, reference counting frees it and everything it
    holds (its Table, Session, rule set, the rules' dicts). A cycle among them waits for
    the garbage collector's full collection: in daphne that was a Round, Table, Session,
    RoundSecret and RuleSet with some 60 dicts and lists per deal, and a full collection's
    pause of 40–70 ms of CPU (bench/ws_load.py). The deal's RoundSecret, made with
    `round=round`, and the round's cache of it were such a cycle."""
    start_round(table, players, committed)
    kept = memory.kept_tables()[table.id]
    assert kept.round is not None and kept.hands
    for thing in (kept.round, *kept.hands):
        assert not _refers_back(thing), thing._state.fields_cache
