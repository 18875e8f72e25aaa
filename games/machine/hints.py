"""The hint list a player sees (RULES.md §7.1), as docs/protocol.md's dicts."""

from __future__ import annotations

from typing import Any, Sequence

from games.machine.state import left_out
from rules.engine.cards import parse_cards
from rules.engine.config import RuleConfig
from rules.engine.hints import Hint, hint_to_wire, kept_hints


def hint_dict(hint: Hint, dealt: Sequence[str] = ()) -> dict[str, Any]:
    """A hint as the protocol sends it; `discards` are the `dealt` cards it leaves out
    (the 3 of 16 in 多三张, none otherwise)."""
    return _hint_dict(hint, dealt, len(set(dealt)) == len(dealt))


def _hint_dict(hint: Hint, dealt: Sequence[str], distinct: bool) -> dict[str, Any]:
    """hint_dict; `distinct`: no code is dealt twice (a hand's hints share the answer).

    `discards` is list(left_out(dealt, rows)), cheaper when `distinct` (every hand but a
    65-card deck's with both twins of a diamond): then a dealt card is left out exactly
    when the rows do not hold its code, and a set tells that without counting (a
    Counter was most of a hint's dict). Ten hints a hand, four hands a deal: the codes
    are read straight off the cards."""
    front = [card.code for card in hint.front]
    middle = [card.code for card in hint.middle]
    back = [card.code for card in hint.back]
    played = front + middle + back
    if distinct:
        held = set(played)
        discards = [code for code in dealt if code not in held]
    else:
        discards = list(left_out(dealt, played))
    return {"special": hint.special, "front": front, "middle": middle, "back": back,
            "pattern": list(hint.pattern), "bonus": hint.bonus, "discards": discards}


def hand_hints(dealt: Sequence[str], config: RuleConfig) -> list[dict[str, Any]]:
    """The hint list a player sees (§7.1), as protocol dicts."""
    distinct = len(set(dealt)) == len(dealt)
    return [_hint_dict(hint, dealt, distinct) for hint in hint_list(dealt, config)]


def hints_wire(dealt: Sequence[str], config: RuleConfig) -> list[list]:
    """The same hint list as plain JSON with the rows' keys (rules.engine.hints'
    hint_to_wire): what the deal hands the advisor's worker."""
    return [hint_to_wire(hint) for hint in hint_list(dealt, config)]


def hint_list(dealt: Sequence[str], config: RuleConfig) -> list[Hint]:
    """hints(dealt, config), kept for the last few hands (rules.engine.hints.kept_hints):
    the hand's message and the advisor's worker share one search."""
    return kept_hints(parse_cards(dealt), config)
