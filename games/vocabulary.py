"""Words both the table page and the replay page show, in the player's language: suits and
jokers (for screen readers), the names of categories and specials, and a bot's seat.

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


def bot_seat_strings() -> dict[str, str]:
    """A bot's seat as every page names it (static/js/seat_names.js, games.record.names):
    "Bot 3", its level apart ("Bot · Normal"), the levels as the lobby's form names them."""
    return {
        "felt.bot_name": _("Bot {number}"),
        "felt.bot_level": _("Bot · {level}"),
        "felt.level_easy": _("Easy"),
        "felt.level_normal": _("Normal"),
        "felt.level_strong": _("Strong"),
    }
