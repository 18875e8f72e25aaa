"""Reads of ratings for the pages and the API: the leaderboard of a family and a
player's ratings with their history (the profile's chart)."""

from __future__ import annotations

from typing import Any

from django.conf import settings

from ratings import families
from ratings.models import Rating, RatingChange


def leaderboard(family: str, limit: int = 100) -> list[dict[str, Any]]:
    """People with at least RATING_LEADERBOARD_MIN_ROUNDS rated rounds in `family`, by
    the conservative rating (mu − K·sigma, ratings.skill) best first; equal ones share a
    rank. Bots never have a rating, so none is listed."""
    if family not in families.NAMES:
        raise KeyError(family)
    ratings = (Rating.objects.filter(family=family,
                                     rounds__gte=settings.RATING_LEADERBOARD_MIN_ROUNDS,
                                     user__bot_level="")
               .select_related("user"))
    ordered = sorted(ratings, key=lambda r: (-r.skill.conservative, -r.rounds, r.user_id))
    board, rank, previous = [], 0, None
    for place, rating in enumerate(ordered[:limit], start=1):
        conservative = round(rating.skill.conservative)
        if conservative != previous:
            rank, previous = place, conservative
        board.append({"rank": rank, **player_rating(rating),
                      "user_id": rating.user_id, "display_name": str(rating.user)})
    return board


def player_rating(rating: Rating) -> dict[str, Any]:
    value = rating.skill
    return {"family": rating.family, "rating": value.shown, "provisional": value.provisional,
            "conservative": round(value.conservative), "sigma": round(value.sigma),
            "rounds": rating.rounds}


def player_ratings(user) -> list[dict[str, Any]]:
    """A player's rating in each family they have played rated, in the families' order,
    each with its history: [{family, rating, provisional, conservative, sigma, rounds,
    history: [{round_id, at, rating, delta, loss}]}]. `loss`: the points the analysis
    says that round's arrangement gave up (None until it is analysed)."""
    from games.models import Hand  # games imports ratings

    ratings = {r.family: r for r in Rating.objects.filter(user=user)}
    changes = list(RatingChange.objects.filter(user=user).select_related("round")
                   .order_by("round__settled_at", "round_id"))
    losses = dict(Hand.objects.filter(user=user, round_id__in=[c.round_id for c in changes])
                  .values_list("round_id", "analysis"))
    found = []
    for family in families.NAMES:
        if family not in ratings:
            continue
        history = [{"round_id": c.round_id, "at": c.round.settled_at,
                    "rating": c.after.shown, "delta": c.delta,
                    "loss": (losses.get(c.round_id) or {}).get("loss")}
                   for c in changes if c.family == family]
        found.append({**player_rating(ratings[family]), "name": families.NAMES[family],
                      "history": history})
    return found

