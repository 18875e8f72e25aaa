"""Which rating a round moves, and which rounds count at all.

Three families, because they are three different skills:

- `thirteen` (十三水): the 13-card games scored pair by pair — the standard, classic,
  Fujian, Fuzhou, extra-suit and joker presets share it. They differ in their bonus
  tables and decks, not in what a player does well (split 13 cards against every other
  player), and one shared rating gathers a player's rounds in one number instead of
  spreading them over six that each stay provisional for longer.
- `shisandao` (十三道): against the banker, with bids, the exchange and negotiation.
- `extra_three` (多三张): 16 cards, three of them left out: a different search.

A round counts (`counts`) only under a preset's full rules — the rule set is a preset
whose options are the engine's own, with no horse card (马牌) added; the room's arrange
time may differ — at a table opened rated (`Table.rating_family`), with a person in every
seat, and when the timer did not play every hand (a round of players who were all away
counts for nobody).
"""

from __future__ import annotations

from typing import Any, Mapping

from django.utils.translation import gettext_lazy as _

from rules.engine.config import RuleConfig
from rules.engine.presets import PRESETS

THIRTEEN, SHISANDAO, EXTRA_THREE = "thirteen", "shisandao", "extra_three"

CHOICES = [(THIRTEEN, _("十三水 (13 cards, pair by pair)")),
           (SHISANDAO, _("十三道 (against the banker)")),
           (EXTRA_THREE, _("多三张 (16 cards)"))]
NAMES = dict(CHOICES)

# What a room may choose without leaving the preset's rules.
_ROOM_CHOICES = ("arrange_seconds",)


def family_of(config: RuleConfig) -> str:
    if config.mode == "banker":
        return SHISANDAO
    if config.extra_cards:
        return EXTRA_THREE
    return THIRTEEN


def preset_family(slug: str, is_preset: bool, rules: Mapping[str, Any]) -> str | None:
    """The family of a rule set that plays exactly a preset's rules (`rules`: its
    RuleConfig.to_dict(), or a round's frozen copy); None for anything else."""
    if not is_preset or slug not in PRESETS:
        return None
    preset = PRESETS[slug]
    if _comparable(rules) != _comparable(preset.to_dict()):
        return None
    return family_of(preset)


def _comparable(rules: Mapping[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in rules.items() if key not in _ROOM_CHOICES}


def counts(family: str, rules: Mapping[str, Any], slug: str, is_preset: bool,
           hands: list[tuple[bool, bool]]) -> bool:
    """Whether a settled round moves ratings. `hands`: (a bot's, the timer's) for each
    hand; `rules`: the round's frozen rules."""
    if not family or preset_family(slug, is_preset, rules) != family:
        return False
    if any(bot for bot, _timer in hands):
        return False
    return not all(timer for _bot, timer in hands)
