"""Celery reads Django's CELERY_* settings from a copy made once (config/celery_settings.py):
through Django's lazy settings, every key Celery tried and found unset raised and caught
an AttributeError, a fifth of each published task's CPU."""

from __future__ import annotations

from django.conf import settings
from django.test import override_settings

from config.celery import app


def test_celery_is_configured_by_the_django_settings():
    for name in ("BROKER_URL", "TASK_DEFAULT_QUEUE", "TASK_ROUTES", "TASK_IGNORE_RESULT",
                 "TIMEZONE", "WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS"):
        assert app.conf[name.lower()] == getattr(settings, f"CELERY_{name}"), name
    assert app.conf.task_queues == settings.CELERY_TASK_QUEUES


def test_a_task_made_and_routed_reads_no_django_setting(monkeypatch):
    """Making a task's message and routing it, as each send does, looks nothing up in
    django.conf.settings: the copy answers."""
    app.conf.task_default_queue  # the configuration is read (and the copy made) by now
    looked_up = []
    real = type(settings).__getattr__

    def counting(self, name):
        looked_up.append(name)
        return real(self, name)

    monkeypatch.setattr(type(settings), "__getattr__", counting)
    message = app.amqp.as_task_v2("id-1", "games.analyse_round", kwargs={"round_id": 1})
    assert message.headers["task"] == "games.analyse_round"
    assert app.amqp.router.route({}, "games.analyse_round")["queue"].name == "advice"
    assert [name for name in looked_up if name.startswith("CELERY")] == []


@override_settings(CELERY_TASK_DEFAULT_QUEUE="elsewhere")
def test_a_setting_changed_later_does_not_reach_celery():
    """The copy is made once: change app.conf, not the Django setting (as the module says)."""
    assert app.conf.task_default_queue == "celery"
