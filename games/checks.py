"""A deployment check: round timers need someone to read the Celery broker."""

from django.conf import settings
from django.core.checks import Tags, Warning, register


@register(Tags.compatibility, deploy=True)
def check_timer_worker(app_configs, **kwargs):
    """Without REDIS_URL the broker lives in one process's memory, where no separate
    `celery worker` can read it: only the embedded worker can fire the timers."""
    if settings.REDIS_URL or settings.EMBEDDED_WORKER:
        return []
    return [Warning(
        "Round timers will never fire: REDIS_URL is not set and EMBEDDED_WORKER is off.",
        hint="Set REDIS_URL and run `celery -A config worker`, or set EMBEDDED_WORKER=true "
             "to run the timers inside the (single) daphne process.",
        id="games.W001",
    )]
