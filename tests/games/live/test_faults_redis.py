"""A Redis restart costs no message a client needs (issue 12, 1).

Each test runs its own redis-server on a spare port (tests/config/spare_redis.py), puts
the real channel layer on it, opens sockets through the real ASGI application, kills that
Redis with SIGKILL and starts it again. Before the fix the next broadcast of the process
failed (`broadcast … failed: ConnectionError`) and its Pub/Sub connection came back
subscribed to nothing: players never saw `round_started` or their `hand`.
"""

from __future__ import annotations

import asyncio

import pytest
from channels.db import database_sync_to_async
from django.test import override_settings

from games.live import services
from games.live.services import hooks
from tests.config.spare_redis import spare_redis  # noqa: F401 — a fixture
from tests.games.live.test_consumers import _setup_table
from tests.games.sockets import Socket

pytestmark = [pytest.mark.asyncio,
              pytest.mark.django_db(transaction=True, serialized_rollback=True)]

db = database_sync_to_async


def redis_layers(url: str) -> dict:
    return {"default": {"BACKEND": "config.channel_layers.ConfirmedPubSubChannelLayer",
                        "CONFIG": {"hosts": [{"address": url}], "prefix": "faults."}}}


@pytest.fixture
def no_timers(monkeypatch):
    monkeypatch.setattr(hooks, "schedule_arrange_timeout", lambda *args: None)


async def open_seated(table, users) -> list[Socket]:
    sockets = []
    for user in users:
        socket = await Socket.open(table.id, user)
        await socket.until("state")
        sockets.append(socket)
    for socket in sockets:  # the others' "connected" seats
        while not await socket.nothing(0.3):
            await socket.receive()
    return sockets


async def test_the_deal_after_a_redis_restart_reaches_every_player(spare_redis, no_timers):
    with override_settings(CHANNEL_LAYERS=redis_layers(spare_redis.url())):
        table, users = await db(_setup_table)(2)
        sockets = await open_seated(table, users)

        await asyncio.to_thread(spare_redis.restart)
        for user in users:
            await db(services.player_ready)(table_id=table.id, user=user)

        for socket in sockets:
            started = await socket.until("round_started", timeout=15)
            hand = await socket.until("hand", timeout=5)
            assert hand["round_id"] == started["round"]["id"] and len(hand["cards"]) == 13
        for socket in sockets:
            await socket.close()


async def test_sockets_resync_when_their_process_resubscribes(spare_redis, no_timers):
    # Whatever was published while the Pub/Sub connection was down is gone: every socket
    # of the process is sent the whole state once its subscriptions are renewed.
    with override_settings(CHANNEL_LAYERS=redis_layers(spare_redis.url())):
        table, users = await db(_setup_table)(2)
        sockets = await open_seated(table, users)

        await asyncio.to_thread(spare_redis.restart, 1.0)

        for socket in sockets:
            state = await socket.until("state", timeout=15)
            assert [seat["connected"] for seat in state["seats"]] == [True, True]
        # and the renewed subscriptions carry the table's next change
        await db(services.player_ready)(table_id=table.id, user=users[0])
        for socket in sockets:
            assert (await socket.until("seats", timeout=10))["version"] > state["version"]
        for socket in sockets:
            await socket.close()
