"""The home page: what the game is and the rule sets it can be played with."""

from django.shortcuts import render

from rules.selectors import ruleset_list


def home(request):
    return render(request, "home.html", {"rule_sets": ruleset_list()})
