"""The round machine's vocabulary: the phase names, the state a step reads and returns,
the events it emits and the error it refuses with. Every phase module imports from here
and from nowhere else in the machine, so the phases never import each other.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Mapping, Sequence

from rules.engine.arrangement import Arrangement
from rules.engine.cards import codes
from rules.engine.config import RuleConfig

BIDDING = "bidding"          # 十三道 抢庄 (config.bidding)
EXCHANGING = "exchanging"    # 十三道 换牌 (config.exchange)
ARRANGING = "arranging"      # every preset
NEGOTIATING = "negotiating"  # 十三道 谈判 (config.negotiation)
SETTLED = "settled"


def config_of(rules: dict[str, Any]) -> RuleConfig:
    """A round's frozen rules (Round.rules) as the engine's config. Parsed once per
    distinct rules (a dozen rule sets, each round a copy): a RuleConfig is immutable, and
    parsing one costs several times what keying the cache does."""
    return _parsed(json.dumps(rules, sort_keys=True))


@lru_cache(maxsize=256)
def _parsed(rules: str) -> RuleConfig:
    return RuleConfig.from_dict(json.loads(rules))


def rules_of_config(config: RuleConfig) -> dict[str, Any]:
    """The rules a round freezes (Round.rules): `config.to_dict()`, a fresh copy each
    time, made once per config (each deal's dataclasses.asdict costs several times more)."""
    return json.loads(_frozen(config))


@lru_cache(maxsize=256)
def _frozen(config: RuleConfig) -> str:
    return json.dumps(config.to_dict())


class FlowError(Exception):
    """An action the round refuses; `code` is a docs/protocol.md error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Submission:
    """A player's accepted rows (codes), with the special declared and how it came."""

    front: tuple[str, ...]
    middle: tuple[str, ...]
    back: tuple[str, ...]
    special: str | None = None
    foul: bool = False
    auto: bool = False
    discards: tuple[str, ...] = ()

    @classmethod
    def from_arrangement(cls, arrangement: Arrangement, auto: bool,
                         dealt: Sequence[str] = ()) -> "Submission":
        """The accepted rows; in 多三张 the `dealt` cards the rows leave out are the
        discards (none when the rows hold every dealt card)."""
        rows = (tuple(codes(arrangement.front)), tuple(codes(arrangement.middle)),
                tuple(codes(arrangement.back)))
        return cls(*rows, arrangement.special.code if arrangement.special else None,
                   arrangement.foul, auto, left_out(dealt, [c for row in rows for c in row]))

    def to_dict(self) -> dict[str, Any]:
        return {"front": list(self.front), "middle": list(self.middle),
                "back": list(self.back), "special": self.special, "foul": self.foul,
                "auto": self.auto, "discards": list(self.discards)}


def left_out(dealt: Sequence[str], played: Sequence[str]) -> tuple[str, ...]:
    """The dealt codes the rows do not use, as a multiset (the 65-card deck holds two of
    each diamond, so one `Ad` played leaves the other), in the order they were dealt."""
    unplayed = Counter(played)
    rest = []
    for code in dealt:
        if unplayed[code]:
            unplayed[code] -= 1
        else:
            rest.append(code)
    return tuple(rest)


@dataclass(frozen=True)
class Adjustment:
    """Points that move outside the rows (十三道): a share of the bidding pot, a bid paid
    into it, 1 道 paid for the spare hand. A round's adjustments sum to 0."""

    position: int
    points: int
    reason: str  # "bid" | "pot" | "swap"

    def to_dict(self) -> dict[str, Any]:
        return {"position": self.position, "points": self.points, "reason": self.reason}


@dataclass(frozen=True)
class Negotiation:
    """One banker–player pair's 谈判 (§8.4): `open`, a pending proposal (`proposed`, by
    whom, the banker winning `amount`), `agreed` on `amount`, or sent to `compare`."""

    status: str = "open"
    by: int | None = None
    amount: int | None = None

    @property
    def decided(self) -> bool:
        return self.status in ("agreed", "compare")


def _empty() -> Mapping:
    return MappingProxyType({})


@dataclass(frozen=True)
class RoundState:
    """What the rules need to know about a round: its config, phase, the cards dealt to
    each seat position, the deadline and the accepted submissions; in 十三道 also the
    banker, the bids, the exchange under way, the cards held after it, the negotiations
    and the points moved outside the rows.

    Seat positions in increasing order are the clockwise order of play."""

    config: RuleConfig
    phase: str
    dealt: Mapping[int, tuple[str, ...]]
    deadline: datetime | None = None
    submissions: Mapping[int, Submission] = field(default_factory=_empty)
    result: Mapping[str, Any] | None = None
    banker: int | None = None
    bids: Mapping[int, int] = field(default_factory=_empty)
    held: Mapping[int, tuple[str, ...]] = field(default_factory=_empty)
    spare: tuple[str, ...] = ()
    put: Mapping[int, str] = field(default_factory=_empty)
    pool: Mapping[int, str] = field(default_factory=_empty)
    takes: tuple[tuple[int, int], ...] = ()
    swapped_by: int | None = None
    chosen: tuple[int, ...] = ()
    chooser: int | None = None
    offers: tuple[int, ...] = ()
    swap_turn: int | None = None
    negotiations: Mapping[int, Negotiation] = field(default_factory=_empty)
    adjustments: tuple[Adjustment, ...] = ()

    @property
    def positions(self) -> tuple[int, ...]:
        return tuple(sorted(self.dealt))

    @property
    def waiting_for(self) -> tuple[int, ...]:
        return tuple(p for p in self.positions if p not in self.submissions)

    def cards_of(self, position: int) -> tuple[str, ...]:
        """The cards a seat holds now: as dealt, or as the exchange left them."""
        return self.held.get(position, self.dealt[position])

    def clockwise_from(self, position: int) -> tuple[int, ...]:
        """Every other seat, clockwise, starting at the one after `position`."""
        order = self.positions
        start = order.index(position)
        return order[start + 1:] + order[:start]


@dataclass(frozen=True)
class Event:
    """Something that happened, as the RoundEvent log stores it. Events hold no card of
    an unsettled round: the deal's cards live in Hand rows, the rows in `settled`."""

    type: str
    payload: Mapping[str, Any]
