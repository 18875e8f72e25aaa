"""`{% load ratings_tags %}`, then `{% profile_ratings user %}`: the profile's ratings,
each family's current rating and its chart over time."""

from __future__ import annotations

from django import template
from django.conf import settings

from ratings import selectors, skill
from ratings.charts import rating_chart

register = template.Library()


@register.inclusion_tag("ratings/_profile.html")
def profile_ratings(user):
    ratings = selectors.player_ratings(user)
    for rating in ratings:
        rating["chart"] = rating_chart(rating["history"])
    return {"ratings": ratings, "k": skill.K,
            "min_rounds": settings.RATING_LEADERBOARD_MIN_ROUNDS}
