"""Rebuild every rating from the history: `manage.py recompute_ratings [--check]`.

The rated rounds (Round.rating_family), in the order they settled, are rated again from
their hands' points with the model the settlement uses; the command then says how many
ratings and changes differ from the stored ones, and (without --check) replaces them.
On a history the live tables wrote, it finds no difference.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand
from django.db import transaction

from ratings.models import Rating, RatingChange
from ratings.services import replay_history

# Stored floats may round-trip through the database with a last-digit difference.
TOLERANCE = 1e-9


def _same(a: float, b: float) -> bool:
    return abs(a - b) <= TOLERANCE * max(1.0, abs(a), abs(b))


class Command(BaseCommand):
    help = "Recompute every player's ratings from the settled rated rounds."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--check", action="store_true",
                            help="Only report the differences; change nothing.")

    def handle(self, *args, check: bool = False, **options) -> None:
        with transaction.atomic():
            ratings, changes = replay_history()
            stored_ratings = {(r.user_id, r.family): r for r in Rating.objects.all()}
            stored_changes = {(c.round_id, c.user_id): c for c in RatingChange.objects.all()}
            ratings_differ = sum(not self._rating_matches(stored_ratings.get((r.user_id, r.family)), r)
                                 for r in ratings)
            ratings_differ += len(set(stored_ratings) - {(r.user_id, r.family) for r in ratings})
            changes_differ = sum(not self._change_matches(stored_changes.get((c.round_id, c.user_id)), c)
                                 for c in changes)
            changes_differ += len(set(stored_changes) - {(c.round_id, c.user_id) for c in changes})
            self.stdout.write(f"{len(changes)} rating changes in "
                              f"{len({c.round_id for c in changes})} rated rounds; "
                              f"{len(ratings)} ratings.")
            self.stdout.write(f"Differences from the stored ones: {ratings_differ} ratings, "
                              f"{changes_differ} changes.")
            if check:
                return
            RatingChange.objects.all().delete()
            Rating.objects.all().delete()
            Rating.objects.bulk_create(ratings)
            RatingChange.objects.bulk_create(changes)
            self.stdout.write("Ratings replaced by the recomputed ones.")

    @staticmethod
    def _rating_matches(stored: Rating | None, fresh: Rating) -> bool:
        return (stored is not None and stored.rounds == fresh.rounds
                and _same(stored.mu, fresh.mu) and _same(stored.sigma, fresh.sigma))

    @staticmethod
    def _change_matches(stored: RatingChange | None, fresh: RatingChange) -> bool:
        return (stored is not None and stored.points == fresh.points
                and all(_same(getattr(stored, name), getattr(fresh, name))
                        for name in ("mu_before", "sigma_before", "mu_after", "sigma_after")))
