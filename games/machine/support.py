"""Which phases a rule set's rounds go through (RULES.md §7–§8), in order."""

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
