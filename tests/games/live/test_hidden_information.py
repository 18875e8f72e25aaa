"""Hidden information (RULES.md §10): until the reveal nobody receives another player's
cards — not over the socket (recorded message by message), not in a broadcast of the
services, not in the API, not in the event log, not in the logs."""

from __future__ import annotations

import logging
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async

from games.live import broadcast, services
from games.live.services import hooks
from games.models import Round, RoundEvent
from tests.factories import make_user, move_deadline

from tests.games.conftest import SEED, best_rows, seat_all, start_round
from tests.games.sockets import Socket
from tests.games.live.test_consumers import close_all, open_all, ready_all, rows_of, seated_table

db = database_sync_to_async


def _quoted_strings(value) -> set[str]:
    """Every string anywhere in a JSON value (card codes are whole strings)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(set(), *(_quoted_strings(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(set(), *(_quoted_strings(v) for v in value))
    return set()


def _expire(round):
    move_deadline(round, round.deadline - timedelta(hours=1))


def _others(cards_of: list[set[str]], index: int) -> set[str]:
    """The cards only other players hold: in 多三张's 65-card deck two players may each
    hold one of the twin diamonds, and a player seeing their own copy is no leak."""
    return set().union(*(c for i, c in enumerate(cards_of) if i != index)) - (
        cards_of[index] if index < len(cards_of) else set())


# 多三张 deals 16 cards (3 of them candidates) and a submission leaves 3 discards: neither
# may reach another player before the reveal.
RULE_SETS = ["standard", "extra-three"]


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
@pytest.mark.parametrize("rule_set", RULE_SETS)
async def test_no_message_before_the_reveal_holds_another_players_cards(rule_set):
    table, users = await seated_table(4, rule_set)
    sockets = await open_all(table, users)
    watcher_user = await db(make_user)(username="watcher", display_name="Watcher")
    watcher = await Socket.open(table.id, watcher_user)
    await watcher.until("state")
    hands = await ready_all(sockets)
    # one player submits by hand, the rest are submitted by the timer
    await sockets[0].send(type="submit", **rows_of(hands[0]["hints"][0]))
    await sockets[0].until("your_submission")
    for socket in sockets[1:]:
        await socket.until("submitted")
    # a reconnecting player and a resync mid-round see only their own cards too
    await sockets[1].send(type="sync")
    await sockets[1].until("state")
    round = await db(Round.objects.get)(table_id=table.id)
    await db(_expire)(round)
    await db(services.round_auto_submit)(round_id=round.id, version=round.table_version)
    for socket in [*sockets, watcher]:
        await socket.until("settled")

    cards_of = [set(h["cards"]) for h in hands]
    size = 16 if rule_set == "extra-three" else 13
    assert [len(h["cards"]) for h in hands] == [size] * 4
    for index, socket in enumerate([*sockets, watcher]):
        reveal = next(i for i, m in enumerate(socket.received) if m["type"] == "settled")
        others = _others(cards_of, index)
        for message in socket.received[:reveal]:
            text = _quoted_strings(message)
            leaked = others & text
            assert not leaked, f"{socket.name} saw {leaked} in {message['type']}"
    await close_all([*sockets, watcher])




@pytest.mark.django_db
@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_no_broadcast_before_the_reveal_holds_cards_outside_their_owners_group(
        players, committed, outbox, monkeypatch, rule_set):
    table = services.table_create(user=players[0], rule_set=rule_set, name="Felt")
    seat_all(table, players)
    round = start_round(table, players, committed)
    hand = round.hands.get(position=0)
    committed(services.round_submit, table_id=table.id, user=players[0],
              **dict(zip(("front", "middle", "back"), best_rows(hand))))
    monkeypatch.setattr(hooks, "now", lambda: round.deadline + timedelta(seconds=1))
    committed(services.round_auto_submit, round_id=round.id, version=round.table_version)
    cards = {h.user_id: set(h.dealt_cards) for h in round.hands.all()}
    for group, message in outbox:
        if message["type"] == "settled":
            break
        owners = [uid for uid in cards if group == broadcast.player_group(table.id, uid)]
        allowed = cards[owners[0]] if owners else set()
        seen = _quoted_strings(message) & set().union(*cards.values())
        if owners:  # a twin diamond another player also holds is the owner's own card
            seen -= allowed
        assert seen <= allowed, f"{message['type']} to {group} holds {seen - allowed}"
    assert SEED not in str([m for _g, m in outbox if m["type"] != "settled"])


@pytest.mark.django_db
@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_the_event_log_of_an_unsettled_round_holds_no_card_and_no_seed(players, rule_set):
    table = services.table_create(user=players[0], rule_set=rule_set, name="Felt")
    seat_all(table, players)
    round = start_round(table, players)
    hand = round.hands.get(position=0)
    services.round_submit(table_id=table.id, user=players[0],
                          **dict(zip(("front", "middle", "back"), best_rows(hand))))
    payloads = list(RoundEvent.objects.filter(round=round).values_list("payload", flat=True))
    every_card = set().union(*(set(h.dealt_cards) for h in round.hands.all()))
    assert not _quoted_strings(payloads) & every_card
    assert SEED not in str(payloads)


@pytest.mark.django_db
def test_nothing_secret_is_logged(players, caplog, monkeypatch):
    caplog.set_level(logging.DEBUG)
    table = services.table_create(user=players[0], rule_set="standard", name="Felt")
    seat_all(table, players[:2])
    round = start_round(table, players[:2])
    hand = round.hands.get(position=0)
    services.round_submit(table_id=table.id, user=players[0],
                          **dict(zip(("front", "middle", "back"), best_rows(hand))))
    with pytest.raises(services.GameError):
        services.round_submit(table_id=table.id, user=players[1], front=hand.dealt_cards[:3],
                              middle=hand.dealt_cards[3:8], back=hand.dealt_cards[8:])
    logged = caplog.text
    assert SEED not in logged
    assert not any(f"'{code}'" in logged or f'"{code}"' in logged
                   for h in round.hands.all() for code in h.dealt_cards)
