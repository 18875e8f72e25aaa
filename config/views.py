"""The home page: what the game is and the rule sets it can be played with; and the
health check the process supervisor and the proxy ask (deploy/)."""

import logging

from django.conf import settings
from django.db import connection
from django.http import JsonResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache

from rules.selectors import ruleset_list


def home(request):
    return render(request, "home.html", {"rule_sets": ruleset_list()})


logger = logging.getLogger(__name__)


@never_cache
def health(request):
    """200 when this process can reach the database and (when configured) Redis, 503
    otherwise, naming what failed: a daphne that answers but cannot play a table must be
    taken out of the proxy's rotation and restarted (deploy/)."""
    checks = {"database": _database_ok(), "redis": _redis_ok() if settings.REDIS_URL else None}
    healthy = all(ok is not False for ok in checks.values())
    return JsonResponse({"ok": healthy, **{k: v for k, v in checks.items() if v is not None}},
                        status=200 if healthy else 503)


def _database_ok() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        return True
    except Exception as error:  # noqa: BLE001 — reported, not raised
        logger.warning("health: database unreachable: %s", type(error).__name__)
        return False


def _redis_ok() -> bool:
    import redis

    try:
        client = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=2,
                                      socket_connect_timeout=2)
        try:
            return bool(client.ping())
        finally:
            client.close()
    except Exception as error:  # noqa: BLE001 — reported, not raised
        logger.warning("health: Redis unreachable: %s", type(error).__name__)
        return False
