"""The public page of one rule set (its options and scoring tables, for players), and
the page that says how rating works."""

from django.conf import settings
from django.http import Http404
from django.shortcuts import render

from ratings import families, skill
from rules.models import RuleSet
from rules.selectors import ruleset_get


def ruleset_detail(request, slug: str):
    try:
        rule_set = ruleset_get(slug=slug)
    except RuleSet.DoesNotExist:
        raise Http404 from None
    family = families.preset_family(rule_set.slug, rule_set.is_preset,
                                    rule_set.to_engine().to_dict())
    return render(request, "rules/ruleset_detail.html", {
        "rule_set": rule_set, "rating_family": families.NAMES.get(family)})


def ratings(request):
    return render(request, "rules/ratings.html", {
        "families": families.CHOICES, "start": round(skill.MU), "sigma": round(skill.SIGMA),
        "provisional_sigma": round(skill.PROVISIONAL_SIGMA), "k": skill.K,
        "min_rounds": settings.RATING_LEADERBOARD_MIN_ROUNDS})
