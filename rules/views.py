"""The public page of one rule set: its options and scoring tables, for players."""

from django.http import Http404
from django.shortcuts import render

from rules.models import RuleSet
from rules.selectors import ruleset_get


def ruleset_detail(request, slug: str):
    try:
        rule_set = ruleset_get(slug=slug)
    except RuleSet.DoesNotExist:
        raise Http404 from None
    return render(request, "rules/ruleset_detail.html", {"rule_set": rule_set})
