"""Ratings move here, and only here: once per rated round, inside its settlement.

`rate_round` is called by games.live.services.round_state while it settles a round,
under the table's lock and in the settlement's transaction: either both the settlement
and the rating changes are committed, or neither. The players' Rating rows are locked
too (in user order, so two tables settling at once cannot deadlock), because one person
may sit at two rated tables. A round already rated (a retried step) changes nothing: the
RatingChange rows are looked for first, and their unique (round, user) constraint is the
last guard.
"""

from __future__ import annotations

from typing import Any, Iterable

from django.contrib.auth import get_user_model
from django.utils import timezone

from ratings import families, skill
from ratings.models import Rating, RatingChange


def change_payload(change: RatingChange) -> dict[str, Any]:
    """What a settlement shows of one person's change (docs/protocol.md)."""
    return {"before": change.before.shown, "after": change.after.shown,
            "delta": change.delta, "provisional": change.after.provisional}


def rating_payload(rating: Rating | None) -> dict[str, Any]:
    """What a seat shows: the rating, provisional while unsure (a newcomer's default)."""
    value = rating.skill if rating is not None else skill.Skill()
    return {"value": value.shown, "provisional": value.provisional,
            "rounds": rating.rounds if rating is not None else 0}


def ratings_of(user_ids: Iterable[int], family: str) -> dict[int, Rating]:
    return {rating.user_id: rating
            for rating in Rating.objects.filter(user_id__in=list(user_ids), family=family)}


def rate_round(round, hands: list, family: str, rule_set) -> dict[int, dict[str, Any]]:
    """Rate a round being settled, if it counts (ratings.families.counts); returns each
    rated position's change payload, or {} for a round that counts for nobody. `hands`:
    the round's Hand rows with their points; `rule_set`: the table's RuleSet."""
    if not family:
        return {}
    done = list(RatingChange.objects.filter(round_id=round.id))
    if done:
        return {change.position: change_payload(change) for change in done}
    bots = set(get_user_model().objects.filter(pk__in=[hand.user_id for hand in hands])
               .exclude(bot_level="").values_list("pk", flat=True))
    played = [(hand.user_id in bots, hand.auto_submitted) for hand in hands]
    if not families.counts(family, round.rules, rule_set.slug, rule_set.is_preset, played):
        return {}
    hands = sorted(hands, key=lambda hand: hand.position)
    users = sorted(hand.user_id for hand in hands)
    locked = _lock(users, family)
    if len(locked) < len(users):  # someone's first rated round in this game
        Rating.objects.bulk_create([Rating(user_id=user, family=family) for user in users
                                    if user not in locked], ignore_conflicts=True)
        locked = _lock(users, family)
    changes = apply(round, [(hand.user_id, hand.position, hand.points) for hand in hands],
                    family, locked)
    round.rating_family = family
    return {change.position: change_payload(change) for change in changes}


def _lock(users: list[int], family: str) -> dict[int, Rating]:
    return {rating.user_id: rating for rating in
            Rating.objects.select_for_update().filter(user_id__in=users, family=family)
            .order_by("user_id")}


def apply(round, results: list[tuple[int, int, int]], family: str,
          ratings: dict[int, Rating]) -> list[RatingChange]:
    """One rated round's step, written: `results` are (user, seat, points); `ratings`
    each user's Rating row as it stands before this round (saved here)."""
    changes = _step(round, results, family, ratings)
    Rating.objects.bulk_update([ratings[user] for user, _s, _p in results],
                               ["mu", "sigma", "rounds", "updated_at"])
    return RatingChange.objects.bulk_create(changes)


def _step(round, results: list[tuple[int, int, int]], family: str,
          ratings: dict[int, Rating]) -> list[RatingChange]:
    """The one rating step the settlement and the recompute share: moves `ratings` (in
    memory) and returns the round's changes, unsaved."""
    before = [ratings[user].skill for user, _seat, _points in results]
    after = skill.rate(before, [points for _user, _seat, points in results])
    changes, moment = [], round.settled_at or timezone.now()
    for (user, seat, points), old, new in zip(results, before, after):
        rating = ratings[user]
        rating.mu, rating.sigma, rating.rounds = new.mu, new.sigma, rating.rounds + 1
        rating.updated_at = moment
        changes.append(RatingChange(round_id=round.id, user_id=user, family=family,
                                    position=seat, points=points, mu_before=old.mu,
                                    sigma_before=old.sigma, mu_after=new.mu,
                                    sigma_after=new.sigma))
    return changes


def replay_history() -> tuple[list[Rating], list[RatingChange]]:
    """Every rating and change as the settled rounds give them, computed afresh (nothing
    saved): the rated rounds (`Round.rating_family`) in the order they settled, each
    ranked by its hands' points, through the same step the settlement took."""
    from games.models import Hand, Round, RoundPhase  # games imports this module

    rounds = list(Round.objects.filter(phase=RoundPhase.SETTLED).exclude(rating_family="")
                  .order_by("settled_at", "id").only("id", "rating_family", "settled_at"))
    hands: dict[int, list[tuple[int, int, int]]] = {}
    for round_id, user, seat, points in (Hand.objects.filter(round__in=rounds)
                                         .order_by("round_id", "position")
                                         .values_list("round_id", "user_id", "position",
                                                      "points")):
        hands.setdefault(round_id, []).append((user, seat, points))
    by_family: dict[str, dict[int, Rating]] = {}
    changes: list[RatingChange] = []
    for round in rounds:
        family, results = round.rating_family, hands[round.id]
        ratings = by_family.setdefault(family, {})
        for user, _seat, _points in results:
            ratings.setdefault(user, Rating(user_id=user, family=family))
        changes += _step(round, results, family, ratings)
    return [rating for ratings in by_family.values() for rating in ratings.values()], changes
