"""Celery's configuration: Django's CELERY_* settings, copied once into a plain dict.

config.celery has Celery read this dict rather than django.conf.settings itself. Celery
looks up a dozen keys in its configuration for every task it sends (the queue, the
routes, the serializer, ...), each in several spellings, and through Django's lazy
settings every spelling that is not set raised and caught an AttributeError: a fifth of a
publish's CPU, and the live path publishes three tasks a round (the timer, the hints'
values, the analysis). Measured alone: 325 → 247 µs a published task.

Celery imports this module the first time it reads its configuration, after Django's
settings are set up. A CELERY_* setting changed after that (override_settings) does not
reach Celery; change `app.conf` instead, as tests/games/test_bots.py does.
"""

from django.conf import settings

SETTINGS = {name: getattr(settings, name) for name in dir(settings) if name.startswith("CELERY_")}
