"""The rating leaderboard of each game family (ratings.selectors.leaderboard)."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET

from ratings import families, selectors, skill
from ratings.models import Rating


@login_required
@require_GET
def leaderboard(request, family: str | None = None):
    if family is None:
        return redirect("ratings:leaderboard_family", family=families.THIRTEEN)
    if family not in families.NAMES:
        raise Http404("no such game")
    mine = Rating.objects.filter(user=request.user, family=family).first()
    return render(request, "ratings/leaderboard.html", {
        "families": families.CHOICES, "family": family, "family_name": families.NAMES[family],
        "board": selectors.leaderboard(family),
        "mine": selectors.player_rating(mine) if mine is not None else None,
        "min_rounds": settings.RATING_LEADERBOARD_MIN_ROUNDS, "k": skill.K,
    })
