"""A table's messages go out in the order their changes committed (games.live.broadcast).

A service run for a socket leaves its messages queued for the sockets' event loop, and
the socket's coroutine sends them once the service returns (`sent_on_return`): no thread
hop to the loop and back while the service waits. A service run anywhere else in the
process (a forwarded command, the API) still sends before it returns, and first sends
whatever committed before it. These tests stand in a recording channel layer for the
real one, and run the services in threads of the test's own event loop as daphne does."""

from __future__ import annotations

import asyncio

import pytest
import pytest_asyncio
from asgiref.sync import sync_to_async

from games.live import broadcast


class Recorder:
    """A channel layer that records what it delivers; a message of type `slow` waits on
    its publish as one to Redis would."""

    def __init__(self) -> None:
        self.log: list[str] = []

    async def group_send_here_first(self, group, sealed, *, publish) -> None:
        kind = sealed["text"].split('"type": "')[1].split('"')[0]
        self.log.append(f"{kind} start")
        if kind == "slow":
            await asyncio.sleep(0.05)
        self.log.append(f"{kind} sent")


@pytest_asyncio.fixture
async def layer(monkeypatch):
    recorder = Recorder()
    monkeypatch.setattr(broadcast, "get_channel_layer", lambda: recorder)
    monkeypatch.setattr(broadcast.watchers, "others_watch", lambda table_id: False)
    monkeypatch.setattr(broadcast, "_serving", asyncio.get_running_loop())  # as a socket's connect
    yield recorder
    assert not broadcast._unsent  # nothing left behind for the next test


def committed(kind: str):
    """A service whose change committed the message `kind`: what its on-commit callback
    does (broadcast._Batch.send)."""
    def service():
        broadcast.send_many([(broadcast.table_group(1), {"type": kind, "version": 1})])
    return service


def in_thread(service):
    return sync_to_async(service, thread_sensitive=False)


@pytest.mark.asyncio
async def test_a_sockets_service_leaves_its_messages_for_the_socket_to_send(layer):
    await in_thread(broadcast.sent_on_return(committed("ready")))()
    assert layer.log == []  # the service's thread did not cross to the loop
    await broadcast.send_unsent()
    assert layer.log == ["ready start", "ready sent"]


@pytest.mark.asyncio
async def test_a_change_committed_later_elsewhere_is_sent_after_the_sockets_one(layer):
    """The socket's service commits first and returns; before its coroutine sends, a
    forwarded command on another thread commits and sends: the socket's message first."""
    await in_thread(broadcast.sent_on_return(committed("submitted")))()
    await in_thread(committed("hint_values"))()
    assert layer.log == ["submitted start", "submitted sent", "hint_values start", "hint_values sent"]
    await broadcast.send_unsent()  # the socket's turn: nothing is sent twice
    assert len(layer.log) == 4


@pytest.mark.asyncio
async def test_a_batch_waiting_on_its_publish_is_not_overtaken(layer):
    await in_thread(broadcast.sent_on_return(committed("slow")))()
    await in_thread(broadcast.sent_on_return(committed("next")))()
    await asyncio.gather(broadcast.send_unsent(), broadcast.send_unsent())
    assert layer.log == ["slow start", "slow sent", "next start", "next sent"]


@pytest.mark.asyncio
async def test_a_failed_batch_is_logged_and_the_next_one_still_sent(layer, monkeypatch, caplog):
    async def failing(group, sealed, *, publish):
        if '"broken"' in sealed["text"]:
            raise ConnectionError("Redis went away")
        layer.log.append("fine sent")

    monkeypatch.setattr(layer, "group_send_here_first", failing)
    await in_thread(broadcast.sent_on_return(committed("broken")))()
    await in_thread(broadcast.sent_on_return(committed("fine")))()
    await broadcast.send_unsent()
    assert layer.log == ["fine sent"]
    assert "broadcast of ['broken->table.1'] failed: ConnectionError" in caplog.text
