"""A room over the table socket (docs/protocol.md, "Rooms"): the host starts early, the
chat reaches players and watchers, votes and "I'm back" answer with seats, and bad room
messages come back as errors that change nothing."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from games.live import services
from games.models import ChatMessage, Round
from rules.models import RuleSet
from tests.factories import make_user
from tests.games.live.test_consumers import close_all, open_all
from tests.games.sockets import Socket

pytestmark = [pytest.mark.asyncio,
              pytest.mark.django_db(transaction=True, serialized_rollback=True)]

db = database_sync_to_async


def _room_of_four_with_three():
    users = [make_user(username=f"r{n}", display_name=f"Room {n}") for n in range(3)]
    table = services.table_create(user=users[0], rule_set=RuleSet.objects.get(slug="standard"),
                                  name="Room")
    for user in users[1:]:
        services.table_join(user=user, invite_code=table.invite_code)
    return table, users


async def test_the_host_starts_early_and_the_chat_reaches_everyone():
    table, users = await db(_room_of_four_with_three)()
    sockets = await open_all(table, users)
    watcher = await Socket.open(table.id, await db(make_user)(username="w", display_name="W"))
    await watcher.until("state")
    for socket in sockets:
        await socket.send(type="ready")
    await sockets[1].send(type="start")
    assert (await sockets[1].until("error"))["code"] == "not_host"
    await sockets[0].send(type="start")
    started = await sockets[2].until("round_started")
    assert started["round"]["players"] == [0, 1, 2]
    await watcher.send(type="chat", phrase="good_luck")
    line = await sockets[1].until("chat")
    assert line["message"]["phrase"] == "good_luck" and line["message"]["display_name"] == "W"
    await sockets[0].send(type="chat", text="x" * 500)
    assert (await sockets[0].until("error"))["code"] == "chat_too_long"
    await sockets[0].send(type="vote_end", vote="yes")
    assert (await sockets[0].until("error"))["code"] == "bad_request"
    await sockets[0].send(type="free_seat", position="one")
    assert (await sockets[0].until("error"))["code"] in ("bad_request", "round_in_progress")
    assert await db(ChatMessage.objects.count)() == 1
    assert await db(Round.objects.count)() == 1
    await close_all([*sockets, watcher])
