"""A round as a phase machine: pure `(state, action) -> (state, events)` steps, no Django.

The phases a round goes through come from its rule config (RULES.md §7–§8):

    bidding     (十三道 抢庄, config.bidding)         — not built yet
    exchanging  (十三道 换牌, config.exchange)        — not built yet
    arranging   (every preset; 16 cards in 多三张)    — built (13-card hands)
    negotiating (十三道 谈判, config.negotiation)     — not built yet
    settled

`unsupported_reason(config)` names what a rule set needs that is not built, so a table
cannot be created for it; a later issue adds the missing phases as new actions on the
same `RoundState` (a `Bid`, an `Exchange`, a `Propose`...) and removes them from that
list. games.services persists what a step returns: the new state's submissions go to
Hand rows and the events to the RoundEvent log and to the players.

Every refusal is a `FlowError` with a protocol error code (docs/protocol.md) and a
message for the player; a refused action returns no state, so nothing changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime
from types import MappingProxyType
from typing import Any, Mapping, Sequence

from rules.engine.arrangement import Arrangement, ArrangementError, validate_submission
from rules.engine.cards import codes, parse_cards
from rules.engine.config import RuleConfig
from rules.engine.hints import Hint, first_hint, hints
from rules.engine.settlement import SeatHand, settle

ARRANGING = "arranging"
SETTLED = "settled"
BIDDING = "bidding"
EXCHANGING = "exchanging"
NEGOTIATING = "negotiating"


class FlowError(Exception):
    """An action the round refuses; `code` is a docs/protocol.md error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def phases(config: RuleConfig) -> tuple[str, ...]:
    """The phases a round of this rule set goes through, in order."""
    return tuple(phase for phase, wanted in (
        (BIDDING, config.bidding),
        (EXCHANGING, config.exchange),
        (ARRANGING, True),
        (NEGOTIATING, config.negotiation),
        (SETTLED, True),
    ) if wanted)


BUILT_PHASES = frozenset({ARRANGING, SETTLED})


def unsupported_reason(config: RuleConfig) -> str | None:
    """Why tables cannot play this rule set yet, or None when they can."""
    missing = [phase for phase in phases(config) if phase not in BUILT_PHASES]
    if config.mode == "banker" and "banker mode" not in missing:
        missing.append("banker mode (十三道)")
    if config.extra_cards:
        missing.append("16-card hands (多三张)")
    if missing:
        return (f"this rule set needs {', '.join(missing)}, which live tables do not "
                "play yet; choose standard, extra-suit, jokers, fuzhou, classic or fujian")
    return None


# --- state --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Submission:
    """A player's accepted rows (codes), with the special declared and how it came."""

    front: tuple[str, ...]
    middle: tuple[str, ...]
    back: tuple[str, ...]
    special: str | None = None
    foul: bool = False
    auto: bool = False

    @classmethod
    def from_arrangement(cls, arrangement: Arrangement, auto: bool) -> "Submission":
        return cls(tuple(codes(arrangement.front)), tuple(codes(arrangement.middle)),
                   tuple(codes(arrangement.back)),
                   arrangement.special.code if arrangement.special else None,
                   arrangement.foul, auto)

    def to_dict(self) -> dict[str, Any]:
        return {"front": list(self.front), "middle": list(self.middle),
                "back": list(self.back), "special": self.special, "foul": self.foul,
                "auto": self.auto}


@dataclass(frozen=True)
class RoundState:
    """What the rules need to know about a round: its config, phase, the cards dealt to
    each seat position, the deadline and the accepted submissions."""

    config: RuleConfig
    phase: str
    dealt: Mapping[int, tuple[str, ...]]
    deadline: datetime | None = None
    submissions: Mapping[int, Submission] = field(default_factory=lambda: MappingProxyType({}))
    result: Mapping[str, Any] | None = None

    @property
    def positions(self) -> tuple[int, ...]:
        return tuple(sorted(self.dealt))

    @property
    def waiting_for(self) -> tuple[int, ...]:
        return tuple(p for p in self.positions if p not in self.submissions)


@dataclass(frozen=True)
class Event:
    """Something that happened, as the RoundEvent log stores it. Events hold no card of
    an unsettled round: the deal's cards live in Hand rows, the rows in `settled`."""

    type: str
    payload: Mapping[str, Any]


# --- actions ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Submit:
    """A player's rows (codes, as sent) or, with `declare`, their special (报到)."""

    position: int
    front: Sequence[str] = ()
    middle: Sequence[str] = ()
    back: Sequence[str] = ()
    declare: bool = False
    now: datetime | None = None


@dataclass(frozen=True)
class Timeout:
    """The arrange timer ran out: every missing player gets their first hint (§7.2)."""

    now: datetime | None = None


def apply(state: RoundState, action: Submit | Timeout) -> tuple[RoundState, list[Event]]:
    """One step of the round; FlowError (and no new state) when the action is refused."""
    if isinstance(action, Submit):
        return _submit(state, action)
    if isinstance(action, Timeout):
        return _timeout(state, action)
    raise TypeError(f"unknown action {action!r}")


def _submit(state: RoundState, action: Submit) -> tuple[RoundState, list[Event]]:
    if state.phase != ARRANGING:
        raise FlowError("not_arranging", "no round is being arranged at this table")
    if action.position not in state.dealt:
        raise FlowError("not_in_round", "you are not playing this round")
    previous = state.submissions.get(action.position)
    if previous is not None:
        raise FlowError("already_submitted",
                        "the timer already submitted your first hint; it is final"
                        if previous.auto else "you have already submitted; it is final")
    if state.deadline is not None and action.now is not None and action.now > state.deadline:
        raise FlowError("too_late", "time is up: the timer submits your first hint")
    dealt = state.dealt[action.position]
    front, middle, back = action.front, action.middle, action.back
    if action.declare:
        # The engine finds the special from the 13 cards and lays out its rows.
        hint = first_hint(parse_cards(dealt), state.config)
        front, middle, back = hint.rows
    try:
        arrangement = validate_submission(dealt, front, middle, back, state.config,
                                          declare_special=action.declare)
    except ArrangementError as error:
        raise FlowError("invalid_arrangement", str(error)) from None
    submission = Submission.from_arrangement(arrangement, auto=False)
    return _accepted(state, {action.position: submission})


def _timeout(state: RoundState, action: Timeout) -> tuple[RoundState, list[Event]]:
    if state.phase != ARRANGING:
        raise FlowError("not_arranging", "no round is being arranged at this table")
    if state.deadline is not None and action.now is not None and action.now < state.deadline:
        raise FlowError("too_early", "the arrange timer has not run out yet")
    automatic = {}
    for position in state.waiting_for:
        hint = first_hint(parse_cards(state.dealt[position]), state.config)
        arrangement = validate_submission(state.dealt[position], *hint.rows, state.config,
                                          declare_special=hint.special is not None)
        automatic[position] = Submission.from_arrangement(arrangement, auto=True)
    return _accepted(state, automatic)


def _accepted(state: RoundState, new: Mapping[int, Submission]
              ) -> tuple[RoundState, list[Event]]:
    submissions = MappingProxyType({**state.submissions, **new})
    state = replace(state, submissions=submissions)
    events = [Event("submitted", {"position": position, "auto": submission.auto})
              for position, submission in sorted(new.items())]
    if not state.waiting_for:
        result = settlement(state)
        state = replace(state, phase=SETTLED, result=result)
        events.append(Event("settled", {"result": result}))
    return state, events


# --- settlement ---------------------------------------------------------------------------


def settlement(state: RoundState) -> dict[str, Any]:
    """The engine's settlement of every submission, with seat positions as ints.

    {"mode", "home_run", "totals": {"0": 6, ...}, "pairs": [{"a": 0, "b": 1, "points",
    "base", "rows": [{"row", "winner", "points"}], "scoop", "home_run", "special",
    "foul_a", "foul_b"}], "hands": {"0": {"front", "middle", "back", "pattern", "foul",
    "special", "auto"}}}
    """
    seat_hands = []
    for position in state.positions:
        submission = state.submissions[position]
        arrangement = validate_submission(
            state.dealt[position], submission.front, submission.middle, submission.back,
            state.config, declare_special=submission.special is not None)
        seat_hands.append(SeatHand(str(position), arrangement))
    result = settle(seat_hands, state.config).to_dict()

    def seat(value):
        return None if value is None else int(value)

    for pair in result["pairs"]:
        pair["a"], pair["b"] = int(pair["a"]), int(pair["b"])
        pair["scoop"], pair["home_run"] = seat(pair["scoop"]), seat(pair["home_run"])
        for row in pair["rows"]:
            row["winner"] = seat(row["winner"])
        if pair["special"] is not None:
            pair["special"]["winner"] = seat(pair["special"]["winner"])
    result["home_run"] = seat(result["home_run"])
    result["banker"] = seat(result["banker"])
    for position, hand in result["hands"].items():
        hand["auto"] = state.submissions[int(position)].auto
    return result


# --- hints as data ------------------------------------------------------------------------


def hint_dict(hint: Hint) -> dict[str, Any]:
    return {"special": hint.special, "front": codes(hint.front), "middle": codes(hint.middle),
            "back": codes(hint.back), "pattern": list(hint.pattern), "bonus": hint.bonus}


def hand_hints(dealt: Sequence[str], config: RuleConfig) -> list[dict[str, Any]]:
    """The hint list a player sees (§7.1), as protocol dicts."""
    return [hint_dict(hint) for hint in hints(parse_cards(dealt), config)]
