"""Template helpers for the history pages and the profile's statistics:
`{% load history_tags %}`, then `{% profile_statistics user %}`, `{{ points|signed }}`,
`{{ average|signed_number }}`, `{{ slug|rule_label }}`, `{{ rate|percent }}` and
`{{ hand.display_name|seat_name }}`."""

from __future__ import annotations

from django import template

from games.record import history
from games.record.names import seat_name as _seat_name
from rules.models import LABELS as RULE_LABELS

register = template.Library()


@register.inclusion_tag("history/_statistics.html", takes_context=True)
def profile_statistics(context, user):
    """The statistics block of the profile page, with the chart of water over time."""
    stats = history.player_statistics(user=user)
    return {
        "request": context.get("request"),
        "stats": stats,
        "chart": history.water_chart_points(stats["water_over_time"]),
    }


@register.filter
def signed(points) -> str:
    """Points as players read them: +3, −2 (a true minus sign), 0."""
    if points is None or points == "":
        return ""
    points = int(points)
    if points > 0:
        return f"+{points}"
    if points < 0:
        return f"−{abs(points)}"
    return "0"


@register.filter
def signed_number(value) -> str:
    """A number as players read it: no trailing zeros, a true minus sign (−5, −1.5, 2.25)."""
    if value is None or value == "":
        return ""
    text = f"{round(float(value), 2):.2f}".rstrip("0").rstrip(".")
    if text in ("-0", ""):
        text = "0"
    return text.replace("-", "−")


@register.filter
def rule_label(slug) -> str:
    """A category, special or option slug in the reader's language."""
    return str(RULE_LABELS.get(slug, slug)) if slug else ""


@register.filter
def percent(rate) -> str:
    return "—" if rate is None else f"{round(rate * 100)}%"


@register.filter
def seat_name(name) -> str:
    """A seat's name as the table showed it: a bot's "Bot 3" (games.record.names)."""
    return _seat_name(name)
