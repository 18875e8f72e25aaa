"""Celery tasks of the record of play: the analysis of a settled round (issue 16).

Queued by name at settlement (games.live.services.hooks.schedule_analysis, after the
commit); registered in every process by games.apps, like games.live.tasks."""

from __future__ import annotations

from celery import shared_task

from games.record import analysis


@shared_task(name="games.analyse_round", ignore_result=True)
def analyse_round(round_id: int) -> int:
    """Rate every hand of the round (games.record.analysis); returns how many."""
    return analysis.analyse_round(round_id)
