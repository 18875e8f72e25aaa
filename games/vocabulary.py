"""Words both the table page and the replay page show, in the player's language: suits and
jokers (for screen readers) and the names of categories and specials.

games.live.strings and games.record.strings each embed these in their page's string table.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from rules.models import LABELS as RULE_LABELS


def card_strings() -> dict[str, str]:
    """Suit and joker words for screen readers; the replay page draws cards too."""
    return {
        "suit.s": pgettext("suit", "spades"),
        "suit.h": pgettext("suit", "hearts"),
        "suit.c": pgettext("suit", "clubs"),
        "suit.d": pgettext("suit", "diamonds"),
        "card.BJ": _("big joker"),
        "card.SJ": _("small joker"),
        # 多一色: the second copy of a card in view (cards.js marks it; the rule set's page
        # explains the mark).
        "card.second": _("second copy"),
    }


def rule_label_strings() -> dict[str, str]:
    """`label.<slug>` for every category and special, as the rule-set admin names them."""
    return {f"label.{slug}": str(label) for slug, label in RULE_LABELS.items()}
