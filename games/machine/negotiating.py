"""The negotiation (谈判, RULES.md §8.4): after arranging, the banker and each player may
settle their pair privately. Either proposes a result X 道 (the banker wins X; zero and
negative are fine); the other accepts or rejects; either may withdraw their own proposal
while it is unanswered, or choose to compare. An accepted proposal settles the pair at X
without comparing; a rejection, a choice to compare or the negotiation timer sends the
pair to comparison. When every pair is decided, the round settles.

A pair is named by its player's seat (the non-banker). Accepting names the amount the
accepter saw, so a proposal withdrawn or changed meanwhile is never accepted by mistake.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from types import MappingProxyType

from games.machine.state import NEGOTIATING, Event, FlowError, Negotiation, RoundState
from games.machine.transitions import advance

# A proposal beyond this many 道 either way is a typo, not a deal.
MAX_AMOUNT = 999


@dataclass(frozen=True)
class Propose:
    position: int
    pair: int
    amount: int
    now: datetime | None = None


@dataclass(frozen=True)
class Answer:
    """`accept` (naming the amount proposed), `reject`, `withdraw` (your own proposal) or
    `compare` (no deal: compare the rows)."""

    position: int
    pair: int
    answer: str
    amount: int | None = None
    now: datetime | None = None


@dataclass(frozen=True)
class NegotiationTimeout:
    now: datetime | None = None


ANSWERS = ("accept", "reject", "withdraw", "compare")


def negotiating_step(state: RoundState, action: Propose | Answer | NegotiationTimeout
                     ) -> tuple[RoundState, list[Event]]:
    if state.phase != NEGOTIATING:
        raise FlowError("not_negotiating", "no negotiation is open at this table now")
    if isinstance(action, NegotiationTimeout):
        if state.deadline and action.now and action.now < state.deadline:
            raise FlowError("too_early", "the negotiation timer has not run out yet")
        open_pairs = [p for p, n in state.negotiations.items() if not n.decided]
        events = [Event("negotiated", {"pair": p, "result": "compare", "auto": True})
                  for p in sorted(open_pairs)]
        decided = {p: Negotiation("compare") for p in open_pairs}
        return _maybe_done(state, decided, events, action.now)
    pair = _pair(state, action)
    if state.deadline and action.now and action.now > state.deadline:
        raise FlowError("too_late", "the negotiation is over: your pair compares its rows")
    if isinstance(action, Propose):
        return _propose(state, action, pair)
    return _answer(state, action, pair)


def _pair(state: RoundState, action: Propose | Answer) -> Negotiation:
    if action.position not in state.dealt:
        raise FlowError("not_in_round", "you are not playing this round")
    pair = action.pair
    if isinstance(pair, bool) or not isinstance(pair, int) or pair not in state.negotiations:
        raise FlowError("bad_request", "name the pair by its player's seat (not the banker's)")
    if action.position not in (pair, state.banker):
        raise FlowError("not_your_pair", "only the banker and that player negotiate their pair")
    negotiation = state.negotiations[pair]
    if negotiation.decided:
        raise FlowError("pair_decided", "this pair has already "
                        + ("agreed" if negotiation.status == "agreed" else "chosen to compare"))
    return negotiation


def _propose(state: RoundState, action: Propose, negotiation: Negotiation):
    amount = action.amount
    if isinstance(amount, bool) or not isinstance(amount, int) or abs(amount) > MAX_AMOUNT:
        raise FlowError("bad_amount", f"propose a whole number of 道 from -{MAX_AMOUNT} to "
                                      f"{MAX_AMOUNT} (what the banker wins)")
    if negotiation.status == "proposed" and negotiation.by != action.position:
        raise FlowError("answer_first", "answer the proposal you have first")
    proposed = Negotiation("proposed", action.position, amount)
    state = replace(state, negotiations=MappingProxyType(
        {**state.negotiations, action.pair: proposed}))
    return state, [Event("proposal", {"pair": action.pair, "by": action.position})]


def _answer(state: RoundState, action: Answer, negotiation: Negotiation):
    if action.answer not in ANSWERS:
        raise FlowError("bad_request", f"answer with one of {', '.join(ANSWERS)}")
    event = {"pair": action.pair, "by": action.position}
    if action.answer == "compare":
        return _maybe_done(state, {action.pair: Negotiation("compare")},
                           [Event("negotiated", {**event, "result": "compare",
                                                 "auto": False})], action.now)
    if negotiation.status != "proposed":
        raise FlowError("no_proposal", "there is no proposal to answer: it was withdrawn")
    mine = negotiation.by == action.position
    if action.answer == "withdraw":
        if not mine:
            raise FlowError("not_your_proposal", "only who proposed may withdraw it")
        state = replace(state, negotiations=MappingProxyType(
            {**state.negotiations, action.pair: Negotiation()}))
        return state, [Event("withdrawn", event)]
    if mine:
        raise FlowError("not_your_proposal", "the other side answers your proposal")
    if action.answer == "reject":
        return _maybe_done(state, {action.pair: Negotiation("compare")},
                           [Event("negotiated", {**event, "result": "rejected",
                                                 "auto": False})], action.now)
    if type(action.amount) is not int:  # missing, or not a whole number of 道
        raise FlowError("bad_request", "accept with the amount you saw, e.g. \"amount\": 2")
    if action.amount != negotiation.amount:
        raise FlowError("proposal_changed", "the proposal changed: look at it again")
    agreed = Negotiation("agreed", negotiation.by, negotiation.amount)
    return _maybe_done(state, {action.pair: agreed},
                       [Event("negotiated", {**event, "result": "agreed", "auto": False})],
                       action.now)


def _maybe_done(state: RoundState, decided: dict[int, Negotiation], events: list[Event],
                now) -> tuple[RoundState, list[Event]]:
    state = replace(state, negotiations=MappingProxyType({**state.negotiations, **decided}))
    if all(n.decided for n in state.negotiations.values()):
        return advance(state, events, now)
    return state, events
