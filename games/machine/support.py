"""Which phases a rule set's rounds go through (RULES.md §7–§8), and whether live tables
can play them yet.

`unsupported_reason(config)` names what a rule set needs that is not built, so a table
cannot be created for it; a phase module that lands adds its phase to BUILT_PHASES.
"""

from __future__ import annotations

from games.machine.state import ARRANGING, BIDDING, EXCHANGING, NEGOTIATING, SETTLED
from rules.engine.config import RuleConfig


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
    if config.mode == "banker" and not missing:
        missing.append("banker mode (十三道)")
    if missing:
        return (f"this rule set needs {', '.join(missing)}, which live tables do not "
                "play yet; choose standard, extra-suit, jokers, extra-three, fuzhou, classic or "
                "fujian")
    return None
