"""Fixtures for the whole suite, and the markers for tests that need a real service.

`requires_postgres`, `requires_redis` and `requires_chromium` skip a test where the
service is missing on a developer's machine; under CI=true a missing service FAILS the
test instead, so CI can never pass by quietly skipping the tests that matter.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))


def _postgres_missing() -> str | None:
    from django.db import connection

    if connection.vendor != "postgresql":
        return f"the suite runs on {connection.vendor}; set DATABASE_URL=postgres://…"
    return None


def _redis_missing() -> str | None:
    from django.conf import settings

    if not settings.REDIS_URL:
        return "REDIS_URL is not set"
    import redis

    try:
        redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=2).ping()
    except redis.RedisError as error:
        return f"Redis at {settings.REDIS_URL} does not answer: {error}"
    return None


def _chromium_missing() -> str | None:
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is not installed (apt-get install chromium)"
    return None


SERVICE_CHECKS = {
    "requires_postgres": _postgres_missing,
    "requires_redis": _redis_missing,
    "requires_chromium": _chromium_missing,
}


def pytest_runtest_setup(item: pytest.Item) -> None:
    for marker, missing in SERVICE_CHECKS.items():
        if item.get_closest_marker(marker) is None:
            continue
        reason = missing()
        if reason:
            if IN_CI:
                pytest.fail(f"{marker}: {reason} (CI=true: this must not be skipped)",
                            pytrace=False)
            pytest.skip(f"{marker}: {reason}")


@pytest.fixture(scope="session", autouse=True)
def _local_cache():
    """Tests use a process-local cache even where REDIS_URL is set: clearing it between
    tests must not flush the Redis database that the broker and channel layer share."""
    from django.test import override_settings

    with override_settings(CACHES={"default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}):
        yield


@pytest.fixture(autouse=True)
def _fresh_cache(_local_cache):
    """Throttle counters live in the cache: no test inherits another's."""
    yield
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(autouse=True)
def _fresh_owner_memory():
    """What a table's owner keeps between commands (games.live.owner.memory) is
    forgotten between tests: a rolled-back test database may give the next test's table
    the same id and version."""
    yield
    from games.live.owner import memory

    memory.forget()
