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


async def test_a_mute_holds_for_the_account_and_the_muted_lines_never_reach_the_muter():
    """Issue 25, item 9: a mute was a page filter; now it is kept on the server for the
    muter's account (every socket, device and reload) and filters what is delivered."""
    table, users = await db(_room_of_four_with_three)()
    sockets = await open_all(table, users)
    second_tab = await Socket.open(table.id, users[0])
    assert (await second_tab.until("state"))["muted"] == []
    await sockets[0].send(type="mute", user_id=users[1].id, muted=True)
    told = await second_tab.until("muted")
    assert told["muted"] == [{"user_id": users[1].id, "display_name": "Room 1"}]
    assert (await sockets[0].until("muted"))["muted"] == told["muted"]
    await sockets[1].send(type="chat", phrase="hello")
    assert (await sockets[2].until("chat"))["message"]["user_id"] == users[1].id
    assert await sockets[0].nothing() and await second_tab.nothing()
    await sockets[2].send(type="chat", phrase="bye")  # an unmuted player still gets through
    assert (await sockets[0].until("chat"))["message"]["phrase"] == "bye"
    # a new socket (a reload, another device) starts muted, with the line left out
    reloaded = await Socket.open(table.id, users[0])
    state = await reloaded.until("state")
    assert [entry["user_id"] for entry in state["muted"]] == [users[1].id]
    assert [line["phrase"] for line in state["chat"]] == ["bye"]
    await reloaded.send(type="mute", user_id=users[1].id, muted=False)
    assert (await sockets[0].until("muted"))["muted"] == []
    await sockets[1].send(type="chat", phrase="sorry")
    assert (await sockets[0].until("chat"))["message"]["phrase"] == "sorry"
    await close_all([*sockets, second_tab, reloaded])


@pytest.mark.parametrize("message", [
    {"user_id": "2", "muted": True}, {"muted": True}, {"user_id": 10**9, "muted": True},
    {"user_id": "self", "muted": True}, {"user_id": "other", "muted": "yes"},
])
async def test_bad_mutes_are_refused_and_change_nothing(message):
    from accounts.models import ChatMute
    table, users = await db(_room_of_four_with_three)()
    [socket] = await open_all(table, users[:1])
    names = {"self": users[0].id, "other": users[1].id}
    message = {**message, "user_id": names.get(message.get("user_id"), message.get("user_id"))}
    if message["user_id"] is None:
        del message["user_id"]
    await socket.send(type="mute", **message)
    assert (await socket.until("error"))["code"] == "bad_request"
    assert not await db(ChatMute.objects.exists)()
    await close_all([socket])
