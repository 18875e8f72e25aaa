"""The table WebSocket through the real ASGI application (origin check, session auth, URL
router): a whole 4-player round, every refusal as an `error`, reconnects, and the doors
that stay shut (foreign origin, no session, a flood)."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async

from games.live import services
from games.live.services import hooks
from games.live.consumers import TableConsumer
from games.models import Hand, Round, Seat
from rules.models import RuleSet
from tests.factories import make_user

from tests.games.sockets import Socket

pytestmark = [pytest.mark.asyncio,
              pytest.mark.django_db(transaction=True, serialized_rollback=True)]

db = database_sync_to_async


def _setup_table(count: int = 4, rule_set: str = "standard"):
    users = [make_user(username=f"s{n}", display_name=f"Seat {n}") for n in range(count)]
    table = services.table_create(user=users[0], rule_set=RuleSet.objects.get(slug=rule_set),
                                  name="Socket table", seats=max(count, 2))
    for user in users[1:]:
        services.table_join(user=user, invite_code=table.invite_code)
    return table, users


async def seated_table(count: int = 4, rule_set: str = "standard"):
    return await db(_setup_table)(count, rule_set)


async def open_all(table, users) -> list[Socket]:
    sockets = []
    for user in users:
        socket = await Socket.open(table.id, user)
        assert socket.connected
        state = await socket.until("state")
        assert state["you"]["position"] == len(sockets)
        sockets.append(socket)
    return sockets


async def ready_all(sockets) -> list[dict]:
    for socket in sockets:
        await socket.send(type="ready")
    hands = [await socket.until("hand") for socket in sockets]
    return hands


def rows_of(hint: dict) -> dict:
    return {"front": hint["front"], "middle": hint["middle"], "back": hint["back"]}


async def close_all(sockets) -> None:
    for socket in sockets:
        await socket.close()


async def test_a_whole_four_player_round():
    table, users = await seated_table()
    sockets = await open_all(table, users)
    hands = await ready_all(sockets)
    for socket, hand in zip(sockets, hands):
        assert len(hand["cards"]) == 13 and hand["hints"] and hand["deadline"]
    for socket, hand in zip(sockets, hands):
        hint = hand["hints"][0]
        if hint["special"]:
            await socket.send(type="declare")
        else:
            await socket.send(type="submit", **rows_of(hint))
        mine = await socket.until("your_submission")
        assert mine["auto"] is False
    settled = [await socket.until("settled") for socket in sockets]
    assert len({m["version"] for m in settled}) == 1
    payload = settled[0]["round"]
    assert all(m["round"] == payload for m in settled)
    assert payload["phase"] == "settled" and len(payload["hands"]) == 4
    assert sum(h["points"] for h in payload["hands"]) == 0
    assert all(h["front"] and h["middle"] and h["back"] for h in payload["hands"])
    for socket, hand in zip(sockets, hands):
        shown = payload["hands"][[s.name for s in sockets].index(socket.name)]
        assert sorted(shown["front"] + shown["middle"] + shown["back"]) == sorted(hand["cards"])
    # every message carries a version, and the versions never go down on one socket
    for socket in sockets:
        versions = [m["version"] for m in socket.received]
        assert all(isinstance(v, int) for v in versions)
    await close_all(sockets)


async def test_refusals_come_back_as_errors_and_change_nothing():
    table, users = await seated_table(2)
    sockets = await open_all(table, users)
    alice, bob = sockets
    await alice.send_text("{not json")
    assert (await alice.until("error"))["code"] == "bad_json"
    await alice.send_text("[1, 2]")
    assert (await alice.until("error"))["code"] == "bad_json"
    await alice.send(type="shuffle_for_me")
    assert (await alice.until("error"))["code"] == "unknown_type"
    await alice.send(front=["As"])
    assert (await alice.until("error"))["code"] == "unknown_type"
    await alice.send(type="submit", front=["As"], middle=[], back=[])
    assert (await alice.until("error"))["code"] == "not_arranging"
    await alice.send(type="sit", position="first")
    assert (await alice.until("error"))["code"] == "bad_request"

    hands = await ready_all(sockets)
    mine, theirs = hands[0], hands[1]
    hint = mine["hints"][0]
    stolen = dict(rows_of(hint), front=[theirs["cards"][0], *hint["front"][1:]])
    await alice.send(type="submit", **stolen)
    error = await alice.until("error")
    assert error["code"] == "invalid_arrangement" and theirs["cards"][0] in error["message"]
    await alice.send(type="submit", front=hint["front"], middle=hint["back"],
                     back=hint["middle"])
    error = await alice.until("error")
    assert error["code"] == "invalid_arrangement" and "foul" in error["message"]
    await alice.send(type="submit", front=hint["front"], middle=hint["middle"])
    assert (await alice.until("error"))["code"] == "bad_request"
    await alice.send(type="ready")
    assert (await alice.until("error"))["code"] == "round_in_progress"

    await alice.send(type="submit", **rows_of(hint))
    await alice.until("your_submission")
    await alice.send(type="submit", **rows_of(hint))
    assert (await alice.until("error"))["code"] == "already_submitted"

    stranger = await db(make_user)(username="stranger", display_name="Stranger")
    watcher = await Socket.open(table.id, stranger)
    state = await watcher.until("state")
    assert state["you"] is None
    await watcher.send(type="submit", **rows_of(hint))
    assert (await watcher.until("error"))["code"] == "not_seated"
    while not await bob.nothing():  # bob heard public news only, none of the refusals
        assert (await bob.receive())["type"] in ("submitted", "seats")
    hand = await db(Hand.objects.get)(round__table_id=table.id, position=0)
    assert hand.front == hint["front"]
    await close_all([*sockets, watcher])


async def test_a_submission_after_the_deadline_is_refused(monkeypatch):
    table, users = await seated_table(2)
    sockets = await open_all(table, users)
    hands = await ready_all(sockets)
    round = await db(Round.objects.get)(table_id=table.id)
    monkeypatch.setattr(hooks, "now", lambda: round.deadline + timedelta(seconds=1))
    await sockets[0].send(type="submit", **rows_of(hands[0]["hints"][0]))
    error = await sockets[0].until("error")
    assert error["code"] == "too_late"
    await close_all(sockets)


async def test_reconnecting_while_arranging_gives_back_cards_hints_and_time():
    table, users = await seated_table(2)
    sockets = await open_all(table, users)
    hands = await ready_all(sockets)
    await sockets[0].send(type="submit", **rows_of(hands[0]["hints"][0]))
    await sockets[0].until("your_submission")
    await sockets[0].close()
    seat = await db(Seat.objects.get)(table_id=table.id, position=0)
    assert seat.connected is False  # the seat is kept

    again = await Socket.open(table.id, users[0])
    state = await again.until("state")
    you = state["you"]
    assert you["cards"] == hands[0]["cards"] and you["hints"] == hands[0]["hints"]
    assert you["deadline"] == hands[0]["deadline"] == state["round"]["deadline"]
    assert you["submission"]["front"] == hands[0]["hints"][0]["front"]
    assert state["round"]["phase"] == "arranging" and state["round"]["submitted"] == [0]
    assert state["seats"][0]["connected"] is True
    assert "cards" not in str(state["round"]) and hands[1]["cards"][0] not in str(state)
    await close_all([again, sockets[1]])


async def test_closing_one_of_two_tabs_leaves_the_player_connected():
    table, users = await seated_table(2)
    first = await Socket.open(table.id, users[0])
    await first.until("state")
    second = await Socket.open(table.id, users[0])
    await second.until("state")
    await first.close()
    # The closing tab marks the seat disconnected; the open tab answers the presence
    # check and marks it connected again.
    for _attempt in range(50):
        seat = await db(Seat.objects.get)(table_id=table.id, position=0)
        if seat.connected:
            break
        await asyncio.sleep(0.05)
    assert seat.connected is True
    await second.close()
    seat = await db(Seat.objects.get)(table_id=table.id, position=0)
    assert seat.connected is False  # the last tab closed


async def test_reconnecting_after_settlement_shows_the_result_and_the_ready_button():
    table, users = await seated_table(2)
    sockets = await open_all(table, users)
    hands = await ready_all(sockets)
    for socket, hand in zip(sockets, hands):
        await socket.send(type="submit", **rows_of(hand["hints"][0]))
    settled = await sockets[1].until("settled")
    await sockets[1].close()

    again = await Socket.open(table.id, users[1])
    state = await again.until("state")
    assert state["round"] == settled["round"]
    assert state["you"] == {"position": 1, "ready": False, "client_seed": None}
    await again.send(type="ready")
    seats = await again.until("seats")
    if seats["version"] <= state["version"]:  # the reconnect's own seat change
        seats = await again.until("seats")
    assert [s["ready"] for s in seats["seats"]] == [False, True]
    await close_all([again, sockets[0]])


async def test_sit_and_stand_over_the_socket():
    table, users = await seated_table(1)
    newcomer = await db(make_user)(username="newcomer", display_name="Newcomer")
    socket = await Socket.open(table.id, newcomer)
    assert (await socket.until("state"))["you"] is None
    await socket.send(type="sit", position=1)  # the room seats two
    seats = await socket.until("seats")
    assert [(s["position"], s["connected"]) for s in seats["seats"]] == [(0, False), (1, True)]
    await socket.send(type="stand")
    seats = await socket.until("seats")
    assert [s["position"] for s in seats["seats"]] == [0]
    await socket.close()


async def test_a_socket_from_a_foreign_origin_is_refused():
    table, users = await seated_table(1)
    socket = await Socket.open(table.id, users[0], origin="https://evil.example")
    assert not socket.connected


async def test_an_anonymous_socket_is_closed_with_4401():
    table, _users = await seated_table(1)
    socket = await Socket.open(table.id)
    assert await socket.closed_with() == 4401


async def test_a_private_table_is_closed_to_strangers_and_unknown_tables_too():
    def private():
        owner = make_user(username="owner", display_name="Owner")
        table = services.table_create(user=owner, rule_set="standard", name="Secret",
                                      is_private=True)
        return table, make_user(username="nosy", display_name="Nosy")

    table, nosy = await db(private)()
    socket = await Socket.open(table.id, nosy)
    assert await socket.closed_with() == 4404
    socket = await Socket.open(table.id + 1000, nosy)
    assert await socket.closed_with() == 4404


async def test_a_flood_gets_an_error_then_the_socket_closes():
    table, users = await seated_table(2)
    flooder = await Socket.open(table.id, users[0])
    await flooder.until("state")
    calm = await Socket.open(table.id, users[1])
    await calm.until("state")
    for _ in range(TableConsumer.RATE_BURST + 20):
        await flooder.send(type="ping")
    assert await flooder.closed_with() == 4429
    assert [m["type"] for m in flooder.received].count("pong") <= TableConsumer.RATE_BURST
    assert flooder.received[-1]["code"] == "rate_limited"
    # the other player's socket is unaffected
    await calm.send(type="ping")
    assert (await calm.until("pong"))["type"] == "pong"
    await calm.close()
    await asyncio.sleep(0)


async def test_a_round_whose_timer_was_lost_is_settled_when_a_player_connects(monkeypatch):
    # An in-memory broker forgets its countdowns on a restart: the next visitor's state
    # shows the round overdue, so the owner settles it and the visitor sees the reveal.
    table, users = await seated_table(2)
    sockets = await open_all(table, users)
    await ready_all(sockets)
    await close_all(sockets)
    round = await db(Round.objects.get)(table_id=table.id)
    monkeypatch.setattr(hooks, "now", lambda: round.deadline + timedelta(seconds=4))
    early = await Socket.open(table.id, users[0])  # within the grace: the timer may yet act
    assert (await early.until("state"))["round"]["phase"] == "arranging"
    await early.close()
    monkeypatch.setattr(hooks, "now", lambda: round.deadline + timedelta(seconds=6))
    again = await Socket.open(table.id, users[0])
    state = await again.until("state")
    assert state["round"]["phase"] == "settled" and all(
        hand["auto"] for hand in state["round"]["hands"])
    assert (await db(Round.objects.get)(pk=round.pk)).phase == "settled"
    await again.close()
