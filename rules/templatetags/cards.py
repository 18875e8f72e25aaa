"""Template filters that show cards as players know them: A♠, 10♥ in red, 大王."""

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _

from rules.engine.cards import SUIT_SYMBOLS, Card

register = template.Library()


@register.filter
def card(value: Card) -> str:
    if value.is_joker:
        label = _("Big joker") if value.code == "BJ" else _("Small joker")
        return format_html('<span class="card joker">{}</span>', label)
    rank = "10" if value.code[0] == "T" else value.code[0]
    colour = "red" if value.is_red else "black"
    return format_html('<span class="card {}">{}{}</span>', colour, rank, SUIT_SYMBOLS[value.suit])


@register.filter
def cards(values) -> str:
    return format_html_join(" ", "{}", ((card(value),) for value in values))
