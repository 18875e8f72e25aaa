"""The arranging phase (RULES.md §3, §7): each player submits rows or declares a special
(报到); the arrange timer submits the first hint for whoever has not. When the last
submission is in, the round settles (games.machine.settling).

In 多三张 (§7.3) a player holds 16 cards and the rows take any 13 of them; the 3 left out
are the submission's discards.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime
from types import MappingProxyType
from typing import Mapping, Sequence

from games.machine.state import ARRANGING, Event, FlowError, RoundState, Submission
from games.machine.transitions import advance
from rules.engine.arrangement import ArrangementError, validate_submission
from rules.engine.cards import parse_cards
from rules.engine.hints import first_hint


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
    """The arrange timer ran out: every missing player gets their first hint (§7.2), or
    with the rule set's "best EV" timer (`timer_policy`) their EV-best arrangement:
    `picks` holds the ones stored for them (Hand.hint_values' "best", by position)."""

    now: datetime | None = None
    picks: Mapping[int, Mapping] = field(default_factory=dict)


def arranging_step(state: RoundState, action: Submit | Timeout
                   ) -> tuple[RoundState, list[Event]]:
    if state.phase != ARRANGING:
        raise FlowError("not_arranging", "no round is being arranged at this table")
    if isinstance(action, Submit):
        return _submit(state, action)
    return _timeout(state, action)


def _submit(state: RoundState, action: Submit) -> tuple[RoundState, list[Event]]:
    if action.position not in state.dealt:
        raise FlowError("not_in_round", "you are not playing this round")
    previous = state.submissions.get(action.position)
    if previous is not None:
        raise FlowError("already_submitted",
                        "the timer already submitted your first hint; it is final"
                        if previous.auto else "you have already submitted; it is final")
    if state.deadline is not None and action.now is not None and action.now > state.deadline:
        raise FlowError("too_late", "time is up: the timer submits your first hint")
    dealt = state.cards_of(action.position)
    front, middle, back = action.front, action.middle, action.back
    if action.declare:
        # The engine finds the special from the dealt cards (any 13 of 16 in 多三张)
        # and lays out its rows.
        hint = first_hint(parse_cards(dealt), state.config)
        front, middle, back = hint.rows
    try:
        arrangement = validate_submission(dealt, front, middle, back, state.config,
                                          declare_special=action.declare)
    except ArrangementError as error:
        raise FlowError("invalid_arrangement", str(error)) from None
    submission = Submission.from_arrangement(arrangement, auto=False, dealt=dealt)
    return _accepted(state, {action.position: submission}, action.now)


def _timeout(state: RoundState, action: Timeout) -> tuple[RoundState, list[Event]]:
    if state.deadline is not None and action.now is not None and action.now < state.deadline:
        raise FlowError("too_early", "the arrange timer has not run out yet")
    automatic = {}
    for position in state.waiting_for:
        cards = state.cards_of(position)
        arrangement = (_best_ev(state, position, cards, action.picks.get(position))
                       if state.config.timer_policy == "best_ev" else None)
        if arrangement is None:
            hint = first_hint(parse_cards(cards), state.config)
            arrangement = validate_submission(cards, *hint.rows, state.config,
                                              declare_special=hint.special is not None)
        automatic[position] = Submission.from_arrangement(arrangement, auto=True, dealt=cards)
    return _accepted(state, automatic, action.now)


def _accepted(state: RoundState, new: Mapping[int, Submission], now: datetime | None
              ) -> tuple[RoundState, list[Event]]:
    submissions = MappingProxyType({**state.submissions, **new})
    state = replace(state, submissions=submissions)
    events = [Event("submitted", {"position": position, "auto": submission.auto})
              for position, submission in sorted(new.items())]
    if not state.waiting_for:
        # Settled, or in 十三道 on to the negotiation (games.machine.transitions).
        return advance(state, events, now)
    return state, events


def _best_ev(state: RoundState, position: int, cards: Sequence[str], stored):
    """The "best EV" timer's pick: the stored EV-best when it is an arrangement of these
    cards, else the advisor's on a small sample (rules.engine.advisor.timer_arrangement);
    None (the first hint, then) if neither can be had."""
    from rules.engine.advisor import timer_arrangement  # numpy: only for this policy
    from rules.engine.advisor_deals import AdvisorError
    from rules.engine.cards import codes

    config = state.config
    if stored:
        try:
            return validate_submission(cards, stored["front"], stored["middle"],
                                       stored["back"], config,
                                       declare_special=bool(stored.get("special")))
        except (ArrangementError, KeyError, TypeError):
            pass  # not this hand's (stale): search again
    try:
        best = timer_arrangement(parse_cards(cards), config, players=len(state.positions),
                                 player_is_banker=(config.mode == "banker"
                                                   and state.banker == position))
        return validate_submission(cards, codes(best.front), codes(best.middle),
                                   codes(best.back), config,
                                   declare_special=best.special is not None)
    except (AdvisorError, ArrangementError):
        return None
