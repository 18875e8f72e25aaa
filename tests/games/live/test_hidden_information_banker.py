"""Hidden information in 十三道 (RULES.md §10, issue 10), phase by phase: over the socket
(every message a player receives before the reveal) and over every REST door (the
table's state, the lobby, the replay and the history), no player sees another's cards —
dealt, put into the pool, taken or swapped — nor a bid before all are in, nor another
pair's proposal."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.test import Client
from django.urls import reverse

from games.live import services
from games.models import Hand, Round
from tests.games.live.test_consumers import close_all, open_all, seated_table
from tests.games.live.test_hidden_information import _quoted_strings
from tests.factories import move_deadline

db = database_sync_to_async


def _expire_and_fire(table_id: int) -> str:
    round = Round.objects.filter(table_id=table_id).order_by("-number").first()
    move_deadline(round, round.deadline - timedelta(hours=1))
    services.round_auto_submit(round_id=round.id, version=round.table_version)
    round.refresh_from_db()
    return round.phase


def _cards_by_user(table_id: int) -> dict[int, set[str]]:
    round = Round.objects.filter(table_id=table_id).order_by("-number").first()
    return {hand.user_id: set(hand.dealt_cards) | set(hand.held_cards or [])
            for hand in Hand.objects.filter(round=round)}


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
async def test_no_socket_hears_another_players_cards_bid_or_proposal_before_the_reveal():
    table, users = await seated_table(4, "shisandao")
    sockets = await open_all(table, users)
    for socket in sockets:
        await socket.send(type="ready")
    for socket in sockets:
        await socket.until("hand")
    await sockets[0].send(type="bid", amount=3)  # the only non-zero bid: seat 0 banks
    for socket in sockets[1:]:
        await socket.until("bid_placed")
    phases = []
    while (phase := await db(_expire_and_fire)(table.id)) != "settled":
        phases.append(phase)  # the timer: bids of 0, pool cards, passes, hints, compare
    assert phases[0] == "exchanging" and "negotiating" in phases
    for socket in sockets:
        await socket.until("settled")
    cards = await db(_cards_by_user)(table.id)
    for socket, user in zip(sockets, users):
        reveal = next(i for i, m in enumerate(socket.received) if m["type"] == "settled")
        seen_offers = {(m.get("offer") or {}).get("card") for m in socket.received[:reveal]
                       if m["type"] in ("hand", "state")}
        allowed = cards[user.id] | seen_offers
        others = set().union(*(c for uid, c in cards.items() if uid != user.id)) - allowed
        for message in socket.received[:reveal]:
            leaked = _quoted_strings(message) & others
            assert not leaked, f"{user} saw {leaked} in {message['type']}"
            if message["type"] not in ("bank",) and user != users[0]:
                assert message.get("bid") in (None, 0), message  # only your own bid
    await close_all(sockets)


@pytest.mark.django_db
def test_no_rest_door_shows_another_players_cards_in_any_phase(players, committed):
    table = services.table_create(user=players[0], rule_set="shisandao", name="Dao")
    for player in players[1:]:
        services.table_join(user=player, invite_code=table.invite_code)
    for player in players:
        committed(services.player_ready, table_id=table.id, user=player)
    clients = []
    for player in players:
        client = Client()
        client.force_login(player)
        clients.append(client)
    phase = "bidding"
    while phase != "settled":
        round = Round.objects.get(table=table)
        cards = _cards_by_user(table.id)
        for player, client in zip(players, clients):
            state = client.get(reverse("api-table-state", args=[table.id]))
            offer = (state.json()["you"].get("offer") or {}).get("card")  # yours to see
            others = set().union(*(c for uid, c in cards.items() if uid != player.id))
            others -= cards[player.id] | {offer}
            texts = [state.content,
                     client.get(reverse("api-table-list")).content,
                     client.get(reverse("api-history-rounds")).content,
                     client.get(reverse("api-round-replay", args=[round.id])).content,
                     client.get(reverse("games:table", args=[table.id])).content]
            for text in texts:
                found = {code for code in others if f'"{code}"' in text.decode()}
                assert not found, (phase, player, found)
            replay = client.get(reverse("api-round-replay", args=[round.id]))
            assert replay.status_code == 403
        phase = _expire_and_fire(table.id)
    state = json.loads(clients[1].get(reverse("api-table-state", args=[table.id])).content)
    assert state["round"]["phase"] == "settled" and state["round"]["exchange"]["put"]
