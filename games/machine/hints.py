"""The hint list a player sees (RULES.md §7.1), as docs/protocol.md's dicts."""

from __future__ import annotations

from typing import Any, Sequence

from rules.engine.cards import codes, parse_cards
from rules.engine.config import RuleConfig
from rules.engine.hints import Hint, hints


def hint_dict(hint: Hint) -> dict[str, Any]:
    return {"special": hint.special, "front": codes(hint.front), "middle": codes(hint.middle),
            "back": codes(hint.back), "pattern": list(hint.pattern), "bonus": hint.bonus}


def hand_hints(dealt: Sequence[str], config: RuleConfig) -> list[dict[str, Any]]:
    """The hint list a player sees (§7.1), as protocol dicts."""
    return [hint_dict(hint) for hint in hints(parse_cards(dealt), config)]
