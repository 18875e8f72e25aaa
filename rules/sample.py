"""A rule set's effect on one fixed sample round, shown in the admin.

Every rule set gets the same deal (a fixed seed through the engine's provably fair deal),
each hand is played by its first hint — exactly what the arrange timer would submit —
and the round is settled. Opening two rule sets side by side shows what their scoring
does differently with identical cards. Pure engine calls: no database, no Django.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.engine.arrangement import validate_arrangement
from rules.engine.cards import Card
from rules.engine.config import RuleConfig
from rules.engine.fairness import deal_from_seed
from rules.engine.hints import first_hint
from rules.engine.settlement import SeatHand, settle

# sha256("sample-0"): a deal where the standard rules' row bonuses come into play.
SAMPLE_SEED = "a5bb10eb6bdc95823faeb67d6545b23e0f9ab45fc9ec31eba52c13dfaff8ade7"
SAMPLE_PLAYERS = 4


@dataclass(frozen=True)
class SamplePlayer:
    seat: str
    front: tuple[Card, ...]
    middle: tuple[Card, ...]
    back: tuple[Card, ...]
    pattern: tuple[str, str, str]
    special: str | None
    foul: bool
    total: int
    # Points against each other seat, in seat order; None against itself and, in banker
    # mode, between two players who do not settle with each other.
    against: tuple[int | None, ...]


@dataclass(frozen=True)
class SampleRound:
    players: tuple[SamplePlayer, ...]
    banker: str | None
    home_run: str | None


def sample_round(config: RuleConfig) -> SampleRound:
    """Deal the sample, arrange every hand by its first hint, settle under `config`."""
    players = max(config.min_players, min(SAMPLE_PLAYERS, config.max_players))
    hands, _undealt = deal_from_seed(SAMPLE_SEED, config, players)
    seats = [str(number) for number in range(1, players + 1)]
    seat_hands = []
    for seat, cards in zip(seats, hands):
        hint = first_hint(cards, config)
        arrangement = validate_arrangement(hint.front, hint.middle, hint.back, config,
                                           declare_special=hint.special is not None)
        seat_hands.append(SeatHand(seat, arrangement))
    banker = seats[0] if config.mode == "banker" else None
    settlement = settle(seat_hands, config, banker)

    against = {(seat, other): None for seat in seats for other in seats}
    for pair in settlement.pairs:
        against[pair.a, pair.b] = pair.points
        against[pair.b, pair.a] = -pair.points
    return SampleRound(
        players=tuple(
            SamplePlayer(
                seat=hand.id, front=hand.arrangement.front, middle=hand.arrangement.middle,
                back=hand.arrangement.back, pattern=hand.arrangement.pattern,
                special=hand.arrangement.special.code if hand.arrangement.special else None,
                foul=hand.arrangement.foul, total=settlement.totals[hand.id],
                against=tuple(against[hand.id, other] for other in seats))
            for hand in seat_hands),
        banker=settlement.banker,
        home_run=settlement.home_run,
    )
