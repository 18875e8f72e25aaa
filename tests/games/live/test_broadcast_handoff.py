"""A service running in a thread of the sockets' event loop hands its messages to that
loop and goes on without waiting for them (games.live.broadcast._run); the batches are
still sent in the order they were handed over, one held up by a publish included, and a
failed send is logged, never raised into the service that committed."""

from __future__ import annotations

import asyncio
import logging

import pytest
from asgiref.sync import sync_to_async

from games.live import broadcast

pytestmark = pytest.mark.asyncio


async def test_a_service_does_not_wait_for_its_sends_and_batches_keep_their_order():
    sent: list[str] = []
    publish_done = asyncio.Event()

    async def held_up() -> None:  # a batch whose publish to Redis takes a while
        await publish_done.wait()
        sent.append("first")

    async def quick() -> None:
        sent.append("second")

    def service() -> str:
        broadcast._run(held_up)
        broadcast._run(quick)
        return "committed"

    # Were the service to wait for its sends it would never return: the first batch
    # waits for the event set below.
    result = await asyncio.wait_for(sync_to_async(service, thread_sensitive=False)(), 5)
    assert result == "committed"
    await asyncio.sleep(0.01)
    assert sent == []  # the second batch waits behind the first
    publish_done.set()
    for _ in range(100):
        if len(sent) == 2:
            break
        await asyncio.sleep(0.01)
    assert sent == ["first", "second"]


async def test_a_failed_send_is_logged_and_the_service_goes_on(monkeypatch, caplog):
    class Broken:
        async def group_send(self, group, message):
            raise ConnectionError("Redis went away")

    monkeypatch.setattr(broadcast, "get_channel_layer", lambda: Broken())
    caplog.set_level(logging.WARNING, logger="games.live.broadcast")

    def service() -> str:
        broadcast.send_many([(broadcast.table_group(7), {"type": "seats", "version": 3})])
        return "committed"

    assert await sync_to_async(service, thread_sensitive=False)() == "committed"
    for _ in range(100):
        if caplog.records:
            break
        await asyncio.sleep(0.01)
    [record] = caplog.records
    assert record.getMessage() == "broadcast of ['seats->table.7'] failed: ConnectionError"
