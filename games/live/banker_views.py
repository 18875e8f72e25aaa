"""What each viewer may see of a 十三道 round while it is played (RULES.md §8, §10): the
public part every socket at the table gets, and each player's private part. Pure functions
of the round machine's state, used by games.live.selectors, which decide hidden
information with them; the services compare a player's private part before and after a
step to know whom to tell.

Public: who is banker; during bidding only *who* has bid (never an amount, nor whether
it is zero) and, once revealed, every bid with the pot; who has put a card into the pool,
whose turn it is to choose and whose (face-down) card they are looking at; who may take
the spare hand; which pairs have finished negotiating (never an amount).
Private: your own bid, the card you put in, the pool card offered to you now, whether the
spare hand is offered to you, and your own pair's negotiation (all pairs for the banker).
"""

from __future__ import annotations

from typing import Any

from games.machine import BIDDING, EXCHANGING, NEGOTIATING, RoundState, offered, putting


def banker_public(state: RoundState) -> dict[str, Any]:
    bidding = state.phase == BIDDING
    public: dict[str, Any] = {
        "banker": state.banker,
        "bids_in": sorted(state.bids) if bidding else None,
        "bids": None if bidding or not state.bids else {
            str(p): b for p, b in sorted(state.bids.items())},
        "adjustments": [] if bidding else [a.to_dict() for a in state.adjustments],
    }
    if state.phase == EXCHANGING:
        offer = offered(state)
        public["exchange"] = {
            "kind": "spare" if len(state.positions) == 3 else "pool",
            "put": sorted(state.put) if putting(state) else None,
            "chooser": state.chooser,
            "offer_from": offer[0] if offer else None,
            "chosen": list(state.chosen),
            "swap_turn": state.swap_turn,
        }
    if state.phase == NEGOTIATING:
        public["negotiation"] = {"decided": sorted(
            p for p, n in state.negotiations.items() if n.decided)}
    return public


def banker_private(state: RoundState, position: int) -> dict[str, Any]:
    offer = offered(state)
    mine = {p: n for p, n in state.negotiations.items()
            if position == state.banker or p == position}
    return {
        "bid": state.bids.get(position),
        "pool_card": state.put.get(position) if state.phase == EXCHANGING else None,
        "offer": ({"from": offer[0], "card": offer[1]}
                  if offer and state.chooser == position else None),
        "swap_offer": state.phase == EXCHANGING and state.swap_turn == position,
        "negotiations": {str(p): {"status": n.status, "by": n.by, "amount": n.amount}
                         for p, n in sorted(mine.items())},
    }


def cards_visible(state: RoundState) -> bool:
    """Players see their cards once the bank is settled: the deal follows the bidding."""
    return state.phase != BIDDING
