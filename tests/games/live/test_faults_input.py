"""Hostile frames on the table socket are refused with an error and change nothing
(issue 12, 4): deeply nested JSON used to kill the socket with RecursionError (close
1011) and leave the seat marked connected."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from games.live import services
from games.models import Seat
from rules.models import RuleSet
from tests.factories import make_user
from tests.games.sockets import Socket

pytestmark = [pytest.mark.asyncio,
              pytest.mark.django_db(transaction=True, serialized_rollback=True)]


def _table_with_one_player():
    user = make_user(username="nester")
    table = services.table_create(user=user, rule_set=RuleSet.objects.get(slug="standard"),
                                  name="Nested")
    return table, user


async def test_deeply_nested_frame_gets_bad_json_and_the_socket_stays_open():
    table, user = await database_sync_to_async(_table_with_one_player)()
    socket = await Socket.open(table.id, user)
    state = await socket.until("state")

    await socket.send_text("[" * 1000 + "]" * 1000)
    error = await socket.until("error")
    assert error["code"] == "bad_json" and "nested" in error["message"]
    await socket.send_text('{"type": "sit", "position": ' + "[" * 20 + "]" * 20 + "}")
    assert (await socket.until("error"))["code"] == "bad_json"

    await socket.send(type="ping")  # still open, still answering
    assert (await socket.until("pong"))["version"] == state["version"]
    seat = await database_sync_to_async(Seat.objects.get)(table=table, user=user)
    assert seat.connected
    await socket.close()
