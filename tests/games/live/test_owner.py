"""One owner per live table (issue 22): a lease says which process applies a table's
changes, the epoch in the table's row fences a process whose lease moved, and a command
reaching another process is forwarded to the owner and answered from there. Two
processes are played in this one (tests/games/live/owners.py)."""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from django.test import override_settings

from accounts.models import User
from games.live import services
from games.live.owner import door, forwarding, lease
from games.live.services import GameError
from games.models import Seat, Table
from tests.factories import make_table, make_user
from tests.games.live.owners import lapse, owned_by, two_processes_test, two_seated_owned_by
from tests.games.sockets import Socket


def test_the_first_change_takes_the_table_and_writes_its_epoch(db):
    table = make_table()
    alice = make_user()
    services.seat_take(table_id=table.id, user=alice)
    first = Table.objects.get(pk=table.id).owner_epoch
    assert first >= 1
    services.player_ready(table_id=table.id, user=alice)
    assert Table.objects.get(pk=table.id).owner_epoch == first  # the same owner


def test_one_process_owns_every_table_without_redis(db, settings):
    settings.REDIS_URL = ""
    alone = lease.new_leases()
    assert isinstance(alone.store, lease.LocalStore)
    with lease.acting_as(alone):
        table = make_table()
        services.seat_take(table_id=table.id, user=make_user())
        assert alone.held[table.id].epoch == Table.objects.get(pk=table.id).owner_epoch


@two_processes_test
def test_a_stale_owner_writes_nothing_once_its_lease_moved(two_processes):
    a, b = two_processes
    table, alice, epoch_a = owned_by(a)
    bob = User.objects.get(username="bob")
    lapse(a, table.id)
    with lease.acting_as(b):  # b takes the table over: one past a's epoch
        services.seat_take(table_id=table.id, user=alice)
    assert Table.objects.get(pk=table.id).owner_epoch == epoch_a + 1
    version = Table.objects.get(pk=table.id).version
    # a still believes it holds the lease; the row's epoch refuses it before any write.
    with lease.acting_as(a), pytest.raises(forwarding.NotOwner):
        door.run_here("games.live.services.tables.player_ready",
                      {"table_id": table.id, "user": bob})
    assert Table.objects.get(pk=table.id).version == version
    assert not Seat.objects.get(table=table, user=bob).ready
    assert table.id not in a.held  # it forgot the lease


@two_processes_test
def test_a_command_elsewhere_is_forwarded_to_the_owner_and_answered(two_processes):
    a, b = two_processes
    table, alice, epoch = owned_by(b)
    with lease.acting_as(a):
        seat = services.seat_take(table_id=table.id, user=alice)  # runs at b, comes back
        assert isinstance(seat, Seat) and seat.user_id == alice.id
        with pytest.raises(GameError) as refused:  # a refusal comes back as itself
            services.seat_take(table_id=table.id, user=alice, position=seat.position + 9)
        assert refused.value.code == "bad_request"
    assert table.id not in a.held
    assert Table.objects.get(pk=table.id).owner_epoch == epoch  # b kept the table


@two_processes_test
def test_a_dead_owners_table_is_taken_over_when_its_lease_lapses(two_processes, monkeypatch):
    monkeypatch.setattr(forwarding, "WAIT_SECONDS", 0.5)
    a, b = two_processes
    table, alice, epoch = owned_by(b)
    b.stopped = True  # b dies: no more renewals, no more answers
    door.stop_listening(b.token)
    with lease.acting_as(a):
        services.seat_take(table_id=table.id, user=alice)  # waits out b's lease, then here
    assert a.held[table.id].epoch == epoch + 1 == Table.objects.get(pk=table.id).owner_epoch
    assert Seat.objects.filter(table=table).count() == 2


@two_processes_test
def test_an_owner_that_never_answers_gives_a_clear_error(two_processes, monkeypatch):
    monkeypatch.setattr(forwarding, "WAIT_SECONDS", 0.2)
    a, b = two_processes
    table, alice, _epoch = owned_by(b)
    door.stop_listening(b.token)  # alive (its lease renewed) but deaf
    with lease.acting_as(a), override_settings(OWNER_FORWARD_SECONDS=1.0):
        with pytest.raises(GameError) as refused:
            services.seat_take(table_id=table.id, user=alice)
    assert refused.value.code == "table_unavailable"
    assert Seat.objects.filter(table=table).count() == 1


@pytest.mark.requires_redis
@pytest.mark.django_db
def test_idle_leases_are_let_go_and_lost_ones_forgotten(two_processes, settings):
    a, b = two_processes
    assert isinstance(a.take(1001), lease.Held)
    assert a.take(1001) is a.held[1001]
    assert b.take(1001) == a.token  # held: b is told who holds it
    lapse(a, 1001)
    a.renew_all()
    assert 1001 not in a.held  # lost, forgotten
    assert isinstance(a.take(1002), lease.Held)
    settings.OWNER_IDLE_SECONDS = 0
    a.renew_all()
    assert 1002 not in a.held
    assert b.take(1002) is b.held[1002]  # let go: the next process takes it


@pytest.mark.requires_redis
@pytest.mark.django_db
def test_a_process_that_lets_go_owns_nothing_and_the_next_one_takes_its_tables(two_processes):
    a, b = two_processes
    with lease.acting_as(a):
        assert isinstance(a.take(1003), lease.Held)
        door.let_go()  # a harness that set the tables up, before the servers start
    assert a.held == {} and a.token not in door._inboxes
    assert b.take(1003) is b.held[1003]


@two_processes_test
@pytest.mark.asyncio
async def test_sockets_on_a_process_that_does_not_own_the_table_play_a_round_there(
        two_processes):
    """The sockets land on this process; b owns the table: every action goes to b, and
    b's messages come back to the sockets here."""
    _a, b = two_processes
    table, players = await database_sync_to_async(two_seated_owned_by)(b)
    sockets = [await Socket.open(table.id, player) for player in players]
    for socket in sockets:
        await socket.until("state")
    for socket in sockets:
        await socket.send(type="ready")
    hands = [await socket.until("hand") for socket in sockets]
    for socket, hand in zip(sockets, hands):
        hint = hand["hints"][0]
        await socket.send(type="submit", front=hint["front"], middle=hint["middle"],
                          back=hint["back"])
    settled = [await socket.until("settled", timeout=10) for socket in sockets]
    assert settled[0]["round"] == settled[1]["round"]
    assert table.id in b.held and table.id not in lease.leases().held  # b applied it all
    for socket in sockets:
        await socket.close()


@pytest.mark.django_db
def test_a_forwarded_command_carries_models_by_reference_and_a_clients_look_alike_as_data():
    alice = make_user()
    sent = {"user": alice, "front": {"__model__": "games.RoundSecret", "pk": 1},
            "rows": [{"__dict__": 1}, ("Ah", "Kd")]}
    text = forwarding.dumps(sent)
    assert forwarding.marked(text) and forwarding.marked(text.encode())
    got = forwarding.decode(json.loads(text))
    assert got["user"] == alice
    assert got["front"] == {"__model__": "games.RoundSecret", "pk": 1}  # data, not a row
    assert got["rows"] == [{"__dict__": 1}, ["Ah", "Kd"]]


def test_plain_arguments_travel_as_their_own_json_and_need_no_decoding():
    sent = {"values": [[7, {"hints": [{"front": ["Ah", "Kd", "2c"], "ev": 1.5}]}]],
            "rows": ("Ah", "Kd"), "note": "good luck!"}
    text = forwarding.dumps(sent)
    assert text == json.dumps(sent)  # one pass of the encoder, nothing escaped
    assert not forwarding.marked(text)
    assert json.loads(text) == {**sent, "rows": ["Ah", "Kd"]}
    # A line that only names a marker takes the walk, and arrives as it was sent.
    chat = {"text": 'say "__model__"', "data": {"__model__": "x"}}
    assert forwarding.marked(forwarding.dumps(chat))
    assert forwarding.decode(json.loads(forwarding.dumps(chat))) == chat
