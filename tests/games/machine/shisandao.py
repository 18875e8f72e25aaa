"""A 十三道 round in the pure machine, for the phase tests: dealt from a seed, started as
the services start it, and played through a phase with the first hints."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta, timezone

from games import machine
from games.machine import RoundState
from rules.engine import fairness
from rules.engine.cards import codes, parse_cards, sorted_for_display
from rules.engine.hints import first_hint
from rules.engine.presets import PRESETS

NOW = datetime(2026, 1, 1, tzinfo=timezone.utc)
CONFIG = PRESETS["shisandao"]
SEED = "ab" * 32


def later(seconds: float) -> datetime:
    return NOW + timedelta(seconds=seconds)


def first_draw(tied):
    return tied[0]


def dealt(players: int = 4, seed: str = SEED, config=CONFIG, banker=None) -> RoundState:
    """The round as dealt, in its first phase (bidding, when the rule set bids)."""
    hands, rest = fairness.deal_from_seed(seed, config, players)
    state = RoundState(config=config, phase="dealt",
                       dealt={p: tuple(codes(sorted_for_display(h))) for p, h in enumerate(hands)},
                       spare=tuple(codes(rest[:13])) if players == 3 else ())
    state, _events = machine.start(state, NOW, banker=banker)
    return state


def without(config=CONFIG, **options):
    return replace(config, **options)


def bid_all(state: RoundState, bids: dict[int, int]) -> tuple[RoundState, list]:
    events = []
    for position, amount in bids.items():
        state, more = machine.apply(state, machine.Bid(position, amount, first_draw, NOW))
        events += more
    return state, events


def hint_submit(state: RoundState, position: int):
    hint = first_hint(parse_cards(state.cards_of(position)), state.config)
    return machine.apply(state, machine.Submit(
        position, codes(hint.front), codes(hint.middle), codes(hint.back),
        declare=hint.special is not None, now=NOW))


def arrange_all(state: RoundState) -> tuple[RoundState, list]:
    events = []
    for position in state.positions:
        state, more = hint_submit(state, position)
        events += more
    return state, events
