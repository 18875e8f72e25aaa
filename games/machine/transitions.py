"""How a round moves from one phase to the next (RULES.md §7–§8), and how it starts.

A phase module calls `advance` when its phase is over; `advance` picks the next phase the
rule set plays, sets its deadline and opening state, and settles the round when nothing
is left to play. A phase that has nothing to do is skipped: an exchange with 2 players
(§8.3), a negotiation without time for it.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta
from types import MappingProxyType

from games.machine.settling import settlement
from games.machine.state import (ARRANGING, BIDDING, EXCHANGING, NEGOTIATING, SETTLED, Event,
                                 Negotiation, RoundState)
from games.machine.support import phases


def start(state: RoundState, now: datetime | None, banker: int | None = None
          ) -> tuple[RoundState, list[Event]]:
    """The dealt round's first phase. In 十三道 without bidding the bank is `banker` (the
    services rotate it clockwise, §8.1)."""
    if state.config.mode == "banker" and not state.config.bidding:
        state = replace(state, banker=banker if banker is not None else state.positions[0])
    first = phases(state.config)[0]
    return _enter(state, first, [], now)


def advance(state: RoundState, events: list[Event], now: datetime | None
            ) -> tuple[RoundState, list[Event]]:
    """The phase after `state.phase`."""
    order = phases(state.config)
    return _enter(state, order[order.index(state.phase) + 1], events, now)


def _enter(state: RoundState, phase: str, events: list[Event], now: datetime | None
           ) -> tuple[RoundState, list[Event]]:
    config = state.config
    if phase == EXCHANGING and len(state.positions) not in (3, 4):
        return _enter(replace(state, phase=EXCHANGING), ARRANGING, events, now)
    if phase == NEGOTIATING and config.negotiate_seconds < 1:
        return _enter(replace(state, phase=NEGOTIATING), SETTLED, events, now)
    if phase == SETTLED:
        state = replace(state, phase=SETTLED)
        result = settlement(state)
        return replace(state, result=result), [*events, Event("settled", {"result": result})]
    seconds = {BIDDING: config.bid_seconds, EXCHANGING: config.exchange_seconds,
               ARRANGING: config.arrange_seconds, NEGOTIATING: config.negotiate_seconds}[phase]
    deadline = deadline_after(now, seconds)
    state = replace(state, phase=phase, deadline=deadline)
    if phase == EXCHANGING:
        state = replace(state, pool=MappingProxyType({}), chosen=(), chooser=None, offers=(),
                        swap_turn=state.banker if len(state.positions) == 3 else None)
    if phase == NEGOTIATING:
        state = replace(state, negotiations=MappingProxyType(
            {p: Negotiation() for p in state.positions if p != state.banker}))
    payload = {"phase": phase, "deadline": deadline.isoformat() if deadline else None}
    if state.banker is not None:
        payload["banker"] = state.banker
    return state, [*events, Event("phase", payload)]


def deadline_after(now: datetime | None, seconds: int) -> datetime | None:
    return None if now is None else now + timedelta(seconds=seconds)
