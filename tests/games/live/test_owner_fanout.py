"""The owner's local fan-out (issue 22): a table's messages reach the owner's own sockets
from memory, and go through Redis only when another process has sockets at the table —
which that process tells the owner (games.live.owner.watchers)."""

from __future__ import annotations

import asyncio
import time

import pytest
from channels.db import database_sync_to_async
from django.conf import settings

from config.channel_layers import ConfirmedPubSubChannelLayer
from games.live.owner import lease, watchers
from tests.games.live.owners import two_processes_test, two_seated_owned_by
from tests.games.sockets import Socket


async def _received(layer, channel: str, wait: float = 0.3):
    """The next message queued for `channel` after `wait`, or None. (A cancelled
    `receive` would drop the channel: channels_redis unsubscribes it.)"""
    await asyncio.sleep(wait)
    queue = layer._get_layer().channels[channel]
    return None if queue.empty() else layer.deserialize(queue.get_nowait())


@pytest.mark.requires_redis
@pytest.mark.asyncio
async def test_a_send_reaches_this_process_from_memory_and_others_only_when_published():
    here, there = (ConfirmedPubSubChannelLayer(hosts=[settings.REDIS_URL]) for _ in range(2))
    group = f"fanout-{time.monotonic_ns()}"
    mine, theirs = await here.new_channel(), await there.new_channel()
    await here.group_add(group, mine)
    await there.group_add(group, theirs)
    try:
        await here.group_send_here_first(group, {"type": "x", "n": 1}, publish=False)
        assert (await _received(here, mine))["n"] == 1
        assert await _received(there, theirs) is None  # no Redis round trip at all
        await here.group_send_here_first(group, {"type": "x", "n": 2})
        assert (await _received(there, theirs))["n"] == 2
        assert (await _received(here, mine))["n"] == 2
        assert await _received(here, mine) is None  # Redis's echo is not a second copy
        await there.group_send(group, {"type": "x", "n": 3})  # a plain send: everyone
        assert (await _received(here, mine))["n"] == 3
        assert (await _received(there, theirs))["n"] == 3
    finally:
        await here.flush()
        await there.flush()


@pytest.mark.requires_redis
@pytest.mark.django_db
def test_the_owner_publishes_while_it_may_not_know_its_watchers_and_then_only_for_them(
        two_processes, monkeypatch):
    a, b = two_processes
    with lease.acting_as(a):
        assert watchers.others_watch(2001)  # not ours: publish
        assert isinstance(a.take(2001), lease.Held)
        assert watchers.others_watch(2001)  # just taken over: its watchers may be anywhere
        monkeypatch.setattr(watchers, "takeover_grace", lambda: 0)
        assert not watchers.others_watch(2001)  # nobody else watches: memory only
        watchers.watch(table_id=2001, token=a.token)
        assert not watchers.others_watch(2001)  # its own sockets are reached from memory
        watchers.watch(table_id=2001, token=b.token)
        assert watchers.others_watch(2001)
        watchers._watching[2001][b.token] = time.monotonic() - 1  # b stopped saying so
        assert not watchers.others_watch(2001)


@pytest.mark.django_db
def test_one_process_never_publishes(settings):
    settings.REDIS_URL = ""
    with lease.acting_as(lease.new_leases()):
        assert not watchers.others_watch(2002)


@two_processes_test
@pytest.mark.asyncio
async def test_a_socket_at_a_table_another_process_owns_tells_that_owner_it_watches(
        two_processes):
    _a, b = two_processes
    table, players = await database_sync_to_async(two_seated_owned_by)(b)
    socket = await Socket.open(table.id, players[0])
    await socket.until("state")
    assert lease.leases().token in watchers._watching[table.id]  # recorded at b, the owner
    await socket.close()
