"""Reads of rule sets for pages and the API (tables prefetched)."""

from django.db.models import QuerySet

from rules.models import RuleSet


def ruleset_list() -> QuerySet[RuleSet]:
    return RuleSet.objects.prefetch_related("row_bonuses", "specials")


def ruleset_get(*, slug: str) -> RuleSet:
    """The rule set called `slug`; RuleSet.DoesNotExist when there is none."""
    return ruleset_list().get(slug=slug)
