"""Presence that expires when a server dies, a cap on one player's sockets, and nothing
sent on a socket after it closed (issue 12, 7 and 8).

A seat's `connected` flag used to be trusted until the player came back: after a daphne
died its players showed connected. Now each process renews a presence lease per open
socket (games.live.consumers) and the presence sweep (games.live.tasks) marks a seat whose
lease lapsed at two sweeps running as disconnected. "A server dies" is played here by
forgetting this process's sockets without closing them: nothing renews their leases and
no disconnect runs, as when the process is killed.
"""

from __future__ import annotations

import asyncio

import pytest
from channels.db import database_sync_to_async
from django.core.cache import cache
from django.test import override_settings

from games.live import consumers
from games.live.consumers import CLOSE_TOO_MANY_SOCKETS, TableConsumer
from games.live.tasks import presence_lease_key, sweep_stale_presence
from games.models import Seat
from tests.games.live.test_consumers import _setup_table
from tests.games.sockets import Socket

pytestmark = [pytest.mark.asyncio,
              pytest.mark.django_db(transaction=True, serialized_rollback=True)]

db = database_sync_to_async


@pytest.fixture(autouse=True)
def clean_presence():
    cache.clear()
    yield
    cache.clear()


def connected_flags(table) -> list[bool]:
    return list(Seat.objects.filter(table=table).order_by("position")
                .values_list("connected", flat=True))


async def _deaf(self, event) -> None:
    """A dead server's socket: it hears nothing the table says."""


async def test_a_dead_servers_players_are_marked_disconnected_after_two_sweeps(monkeypatch):
    table, users = await db(_setup_table)(2)
    sockets = [await Socket.open(table.id, user) for user in users]
    for socket in sockets:
        await socket.until("state")
    assert await db(connected_flags)(table) == [True, True]
    assert cache.get(presence_lease_key(table.id, users[0].id)) is not None

    # The server dies: its sockets' leases are no longer renewed and lapse, and they hear
    # nothing (alive, they would see their seats marked gone and say they are here).
    monkeypatch.setattr(consumers.TableConsumer, "table_message", _deaf)
    loop = asyncio.get_running_loop()
    alive = consumers._registers[loop]
    consumers._registers[loop] = consumers._OpenSockets()
    cache.delete_many([presence_lease_key(table.id, user.id) for user in users])
    try:
        assert await db(sweep_stale_presence)() == 0  # one miss may be a Redis restart
        assert await db(connected_flags)(table) == [True, True]
        assert await db(sweep_stale_presence)() == 2
        assert await db(connected_flags)(table) == [False, False]
    finally:
        consumers._registers[loop] = alive
        for socket in sockets:
            await socket.close()


async def test_a_live_socket_keeps_its_seat_through_a_lost_lease():
    # Redis restarted and the cache is empty: the next heartbeat writes the lease again
    # before the second sweep, so the seat never shows disconnected.
    table, users = await db(_setup_table)(2)
    socket = await Socket.open(table.id, users[0])
    await socket.until("state")
    cache.clear()

    assert await db(sweep_stale_presence)() == 0
    await consumers.open_sockets().renew()  # the heartbeat
    assert await db(sweep_stale_presence)() == 0
    assert await db(sweep_stale_presence)() == 0
    assert (await db(connected_flags)(table))[0] is True
    await socket.close()


async def test_a_socket_that_sees_itself_marked_gone_says_it_is_here():
    table, users = await db(_setup_table)(2)
    alice = await Socket.open(table.id, users[0])
    await alice.until("state")
    bob = await Socket.open(table.id, users[1])
    await bob.until("state")
    await db(Seat.objects.filter(table=table, user=users[0]).update)(connected=True)

    # A sweep that wrongly found no lease (a busy server) marks alice gone...
    from games.live import services
    await db(services.player_connection)(table_id=table.id, user=users[0], connected=False)
    # ...and her open socket puts her back.
    for _ in range(20):
        if (await db(connected_flags)(table))[0]:
            break
        await asyncio.sleep(0.05)
    assert (await db(connected_flags)(table))[0] is True
    await alice.close()
    await bob.close()


@override_settings(MAX_SOCKETS_PER_USER=2)
async def test_one_player_may_hold_only_so_many_sockets():
    table, users = await db(_setup_table)(2)
    tabs = [await Socket.open(table.id, users[0]) for _ in range(2)]
    for tab in tabs:
        await tab.until("state")

    third = await Socket.open(table.id, users[0])
    assert await third.closed_with() == CLOSE_TOO_MANY_SOCKETS
    assert third.received[-1]["code"] == "too_many_sockets"
    other = await Socket.open(table.id, users[1])  # other players are not affected
    assert (await other.until("state"))["type"] == "state"

    await tabs[0].close()
    again = await Socket.open(table.id, users[0])  # a closed tab frees its place
    assert (await again.until("state"))["type"] == "state"
    for socket in (tabs[1], other, again):
        await socket.close()


async def test_nothing_is_sent_after_a_flood_closed_the_socket():
    table, users = await db(_setup_table)(2)
    flooder = await Socket.open(table.id, users[0])
    await flooder.until("state")
    for _ in range(TableConsumer.RATE_BURST + 20):
        await flooder.send(type="ping")
    assert await flooder.closed_with() == 4429
    # The frames queued behind the one that closed it are dropped, not answered.
    assert await flooder.nothing(0.5)


async def test_a_seat_is_marked_connected_only_once_its_lease_is_written(monkeypatch):
    # A presence sweep between the two would find the seat connected without a lease,
    # and after a second sweep mark a player who is here disconnected.
    from games.live import services

    table, users = await db(_setup_table)(2)
    leases_when_connected = []
    connection = services.player_connection

    def player_connection(**kwargs):
        if kwargs["connected"]:
            key = presence_lease_key(kwargs["table_id"], kwargs["user"].id)
            leases_when_connected.append(cache.get(key))
        return connection(**kwargs)

    monkeypatch.setattr(services, "player_connection", player_connection)
    socket = await Socket.open(table.id, users[0])
    try:
        await socket.until("state")
        assert leases_when_connected == [1]
        assert await db(connected_flags)(table) == [True, False]
    finally:
        await socket.close()
