"""Bidding for the bank (抢庄, RULES.md §8.1): every player bids a whole number of 道 in
secret; when all bids are in (or the bid timer fills in 0 for whoever has not bid) they
are revealed at once, the highest bidder is banker, and the pot of all bids is shared
equally among the other players, the remainder that cannot be split going to the banker.

A tie for the highest bid is drawn with `draw(tied positions)`, which the services make
from the round's committed deal seed (rules.engine.fairness.bank_draw), so the replay and
verify-deal can check it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from types import MappingProxyType
from typing import Callable, Sequence

from games.machine.state import BIDDING, Adjustment, Event, FlowError, RoundState
from games.machine.transitions import advance

Draw = Callable[[Sequence[int]], int]


@dataclass(frozen=True)
class Bid:
    """A player's secret bid for the bank, in 道."""

    position: int
    amount: int
    draw: Draw
    now: datetime | None = None


@dataclass(frozen=True)
class BidTimeout:
    """The bid timer ran out: whoever has not bid bids 0."""

    draw: Draw
    now: datetime | None = None


def bidding_step(state: RoundState, action: Bid | BidTimeout) -> tuple[RoundState, list[Event]]:
    if state.phase != BIDDING:
        raise FlowError("not_bidding", "nobody is bidding for the bank at this table now")
    if isinstance(action, BidTimeout):
        if state.deadline and action.now and action.now < state.deadline:
            raise FlowError("too_early", "the bid timer has not run out yet")
        missing = [p for p in state.positions if p not in state.bids]
        bids = {**state.bids, **{p: 0 for p in missing}}
        events = [Event("bid", {"position": p, "auto": True}) for p in missing]
        return _reveal(replace(state, bids=MappingProxyType(bids)), events, action)
    _check(state, action)
    bids = MappingProxyType({**state.bids, action.position: action.amount})
    state = replace(state, bids=bids)
    events = [Event("bid", {"position": action.position, "auto": False})]
    if len(bids) < len(state.positions):
        return state, events
    return _reveal(state, events, action)


def _check(state: RoundState, action: Bid) -> None:
    if action.position not in state.dealt:
        raise FlowError("not_in_round", "you are not playing this round")
    if action.position in state.bids:
        raise FlowError("already_bid", "you have already bid; bids are final")
    if state.deadline and action.now and action.now > state.deadline:
        raise FlowError("too_late", "bidding is over: the timer bid 0 for you")
    amount, cap = action.amount, state.config.max_bid
    if isinstance(amount, bool) or not isinstance(amount, int) or not 0 <= amount <= cap:
        raise FlowError("bad_bid", f"a bid is a whole number of 道 from 0 to {cap}")


def _reveal(state: RoundState, events: list[Event], action: Bid | BidTimeout
            ) -> tuple[RoundState, list[Event]]:
    top = max(state.bids.values())
    tied = sorted(p for p, bid in state.bids.items() if bid == top)
    banker = tied[0] if len(tied) == 1 else action.draw(tied)
    if banker not in tied:
        raise ValueError("the draw for the bank chose a seat that did not tie")
    pot = sum(state.bids.values())
    others = [p for p in state.positions if p != banker]
    share, remainder = divmod(pot, len(others))
    adjustments = [Adjustment(p, -bid, "bid") for p, bid in sorted(state.bids.items()) if bid]
    adjustments += [Adjustment(p, share, "pot") for p in others if share]
    if remainder:
        adjustments.append(Adjustment(banker, remainder, "pot"))
    state = replace(state, banker=banker,
                    adjustments=state.adjustments + tuple(adjustments))
    events = [*events, Event("bank", {
        "bids": {str(p): bid for p, bid in sorted(state.bids.items())}, "tied": tied,
        "banker": banker, "pot": pot, "share": share, "remainder": remainder})]
    return advance(state, events, action.now)
