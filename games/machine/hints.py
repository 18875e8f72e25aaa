"""The hint list a player sees (RULES.md §7.1), as docs/protocol.md's dicts."""

from __future__ import annotations

from typing import Any, Sequence

from games.machine.state import left_out
from rules.engine.cards import codes, parse_cards
from rules.engine.config import RuleConfig
from rules.engine.hints import Hint, hint_to_wire, kept_hints


def hint_dict(hint: Hint, dealt: Sequence[str] = ()) -> dict[str, Any]:
    """A hint as the protocol sends it; `discards` are the `dealt` cards it leaves out
    (the 3 of 16 in 多三张, none otherwise)."""
    rows = codes(hint.front), codes(hint.middle), codes(hint.back)
    return {"special": hint.special, "front": rows[0], "middle": rows[1], "back": rows[2],
            "pattern": list(hint.pattern), "bonus": hint.bonus,
            "discards": list(left_out(dealt, [code for row in rows for code in row]))}


def hand_hints(dealt: Sequence[str], config: RuleConfig) -> list[dict[str, Any]]:
    """The hint list a player sees (§7.1), as protocol dicts."""
    return [hint_dict(hint, dealt) for hint in hint_list(dealt, config)]


def hints_wire(dealt: Sequence[str], config: RuleConfig) -> list[list]:
    """The same hint list as plain JSON with the rows' keys (rules.engine.hints'
    hint_to_wire): what the deal hands the advisor's worker."""
    return [hint_to_wire(hint) for hint in hint_list(dealt, config)]


def hint_list(dealt: Sequence[str], config: RuleConfig) -> list[Hint]:
    """hints(dealt, config), kept for the last few hands (rules.engine.hints.kept_hints):
    the hand's message and the advisor's worker share one search."""
    return kept_hints(parse_cards(dealt), config)
