"""The messages a round machine step sends (docs/protocol.md), queued on the broadcast
after the step's transaction commits.

Public messages go to the table's group and hold no card: `submitted`, `settled`, and in
十三道 `phase`, `bid_placed`, `bank`, `exchange` (a step of the exchange: seats only) and
`negotiated` (a pair is decided: no amount). A player whose private view changed — their
cards, the pool card offered to them, their bid, their pair's proposal — gets a fresh
`hand` with their whole private part (games.live.selectors.hand_private), and the player
who submitted gets `your_submission`.
"""

from __future__ import annotations

from games import machine
from games.live import broadcast, selectors
from games.live.banker_views import banker_private
from games.models import Hand, Round, Seat, Table

# Events of the 十三道 exchange, told to the table as `exchange` steps (seats, no cards).
EXCHANGE_STEPS = ("put_in", "offer", "take", "pass", "keep", "swap", "decline")


def send(table: Table, round: Round, old: machine.RoundState, new: machine.RoundState,
         events: list[machine.Event], version: int, hands: dict[int, Hand],
         seats: list[Seat] | None = None) -> None:
    """`seats`: the table's seats with their users, read at settlement (the settled
    message shows them, and the players' names come from them)."""
    deadline = selectors.iso(new.deadline)

    def public(message: dict) -> None:
        broadcast.to_table(table.id, {**message, "version": version, "round_id": round.id,
                                      "deadline": deadline})

    added = [p for p in new.submissions if p not in old.submissions]
    for event in events:
        payload = dict(event.payload)
        if event.type == "phase":
            public({"type": "phase", "phase": payload["phase"],
                    "banker": payload.get("banker")})
        elif event.type == "bid":
            public({"type": "bid_placed", **payload})
        elif event.type == "bank":
            public({"type": "bank", **payload})
        elif event.type in EXCHANGE_STEPS:
            public({"type": "exchange", "step": event.type, **payload})
        elif event.type == "negotiated":
            public({"type": "negotiated", "pair": payload["pair"]})
    for position in added:
        hand = hands[position]
        broadcast.to_table(table.id, {"type": "submitted", "version": version,
                                      "round_id": round.id, "position": position,
                                      "auto": new.submissions[position].auto})
        broadcast.to_player(table.id, hand.user_id, {
            "type": "your_submission", "version": version, "round_id": round.id,
            **selectors.submission_private(hand)})
    if new.phase == machine.SETTLED:
        broadcast.to_table(table.id, {"type": "settled", "version": version,
                                      "round": selectors.settled_payload(
                                          round, _with_users(hands, seats)),
                                      "seats": selectors.seats_public(
                                          table.id, seats=seats, host_id=table.host_id,
                                          rating_family=table.rating_family),
                                      "next_commitment": table.next_commitment})
    elif new.config.mode == "banker":
        _private_changes(table, round, old, new, version, hands)


def _with_users(hands: dict[int, Hand], seats: list[Seat] | None) -> list[Hand] | None:
    """The hands with their players from the seats' users (no query), or None when a
    player has no seat any more (settled_payload then reads them)."""
    users = {seat.user_id: seat.user for seat in seats or ()}
    if any(hand.user_id not in users for hand in hands.values()):
        return None
    for hand in hands.values():
        hand.user = users[hand.user_id]
    return list(hands.values())


def _private_changes(table: Table, round: Round, old: machine.RoundState,
                     new: machine.RoundState, version: int, hands: dict[int, Hand]) -> None:
    """A fresh `hand` to each player whose private view the step changed."""
    for position, hand in sorted(hands.items()):
        if _private_key(old, position) == _private_key(new, position):
            continue
        broadcast.to_player(table.id, hand.user_id, {
            "type": "hand", "version": version,
            **selectors.hand_private(hand, round, state=new)})


def _private_key(state: machine.RoundState, position: int) -> tuple:
    """What a player's private view depends on, cheap to compare (no hints computed):
    the phase, the cards they hold and their part of the bidding, exchange and
    negotiation, as games.live.banker_views shows it."""
    return (state.phase, state.cards_of(position), banker_private(state, position))
