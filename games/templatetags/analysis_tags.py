"""`{% load analysis_tags %}`, then `{% replay_analysis replay as rated %}`: the analysis of
each hand of a replayed round (games.record.analysis, issue 16), for
templates/history/_analysis.html. A tag rather than a key of the replay's dict, so that
the replay stays what the table saw when the round was revealed (its API and tests)."""

from __future__ import annotations

from django import template

from games.models import Round
from games.record.analysis import replay_analysis as analyses

register = template.Library()


@register.simple_tag
def replay_analysis(replay: dict) -> list[dict]:
    round = Round.objects.filter(pk=replay.get("id")).first()
    return analyses(round, replay.get("hands", [])) if round is not None else []
