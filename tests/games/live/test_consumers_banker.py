"""十三道 over the table WebSocket (docs/protocol.md, "十三道"): a whole 2-player round with
bids, the banker's negotiation and the settlement; refusals as `error`s that change
nothing; a reconnecting player lands in the phase under way."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from games.models import Round
from tests.games.live.test_consumers import close_all, open_all, seated_table
from tests.games.sockets import Socket

pytestmark = [pytest.mark.asyncio,
              pytest.mark.django_db(transaction=True, serialized_rollback=True)]

db = database_sync_to_async


async def until_hand_with_cards(socket: Socket) -> dict:
    while True:
        hand = await socket.until("hand")
        if hand["cards"] and hand["hints"]:
            return hand


async def test_a_two_player_round_bids_arranges_negotiates_and_settles():
    table, users = await seated_table(2, "shisandao")
    sockets = await open_all(table, users)
    for socket in sockets:
        await socket.send(type="ready")
    hands = [await socket.until("hand") for socket in sockets]
    assert all(hand["cards"] == [] for hand in hands)  # no card before the bank is settled
    started = next(m for m in sockets[0].received if m["type"] == "round_started")
    assert started["round"]["phase"] == "bidding" and started["round"]["bids"] is None
    await sockets[0].send(type="bid", amount=99)
    error = await sockets[0].until("error")
    assert error["code"] == "bad_bid"
    await sockets[0].send(type="bid", amount=2)
    placed = await sockets[1].until("bid_placed")
    assert placed["position"] == 0 and "amount" not in placed
    await sockets[1].send(type="bid", amount=1)
    bank = await sockets[1].until("bank")
    assert bank["banker"] == 0 and bank["bids"] == {"0": 2, "1": 1}
    hands = [await until_hand_with_cards(socket) for socket in sockets]
    assert all(len(hand["cards"]) == 13 for hand in hands)
    for socket, hand in zip(sockets, hands):
        hint = hand["hints"][0]
        if hint["special"]:
            await socket.send(type="declare")
        else:
            await socket.send(type="submit", front=hint["front"], middle=hint["middle"],
                              back=hint["back"])
    phase = await sockets[1].until("phase")
    assert phase["phase"] == "negotiating"
    # a reconnecting player lands in the negotiation with its deadline
    again = await Socket.open(table.id, users[1])
    state = await again.until("state")
    assert state["round"]["phase"] == "negotiating" and state["round"]["deadline"]
    assert state["you"]["negotiations"] == {"1": {"status": "open", "by": None,
                                                  "amount": None}}
    await again.close()
    await sockets[1].send(type="propose", pair=1, amount=-2)
    offer = await sockets[0].until("hand")
    while offer["negotiations"]["1"]["status"] == "open":  # the hand the phase change sent
        offer = await sockets[0].until("hand")
    assert offer["negotiations"]["1"] == {"status": "proposed", "by": 1, "amount": -2}
    await sockets[0].send(type="answer", pair=1, answer="accept", amount=-5)
    assert (await sockets[0].until("error"))["code"] == "proposal_changed"
    await sockets[0].send(type="answer", pair=1, answer="accept", amount=-2)
    settled = [await socket.until("settled") for socket in sockets]
    round = settled[0]["round"]
    assert round["banker"] == 0 and round["pairs"][0]["negotiated"]
    # the pot of 3: 3 to the only player; the banker paid 2 and the player 1
    assert round["totals"] == {"0": -2 - 2, "1": 2 + 2}
    await close_all(sockets)


async def test_banker_messages_with_bad_fields_are_refused_clearly():
    table, users = await seated_table(2, "shisandao")
    sockets = await open_all(table, users)
    for kind, fields, code in (("bid", {}, "not_playing"), ("put_in", {"card": "As"},
                                                            "not_playing")):
        await sockets[0].send(type=kind, **fields)
        assert (await sockets[0].until("error"))["code"] == code
    for socket in sockets:
        await socket.send(type="ready")
    await sockets[1].until("round_started")
    await sockets[0].until("hand")
    for kind, fields, code in (("bid", {"amount": "two"}, "bad_bid"),
                               ("choose", {"take": "yes"}, "bad_request"),
                               ("put_in", {"card": "As"}, "not_exchanging"),
                               ("propose", {"pair": 1, "amount": 3}, "not_negotiating"),
                               ("answer", {"pair": 1, "answer": "accept"}, "not_negotiating"),
                               ("swap", {"accept": True}, "not_exchanging")):
        await sockets[0].send(type=kind, **fields)
        assert (await sockets[0].until("error"))["code"] == code, kind
    round = await db(Round.objects.get)(table_id=table.id)
    assert round.phase == "bidding" and round.flow["bids"] == {}
    await close_all(sockets)
