"""The health check the process supervisor and the proxy ask (deploy/, issue 12)."""

from __future__ import annotations

import pytest
from django.test import override_settings

from tests.config.spare_redis import spare_redis  # noqa: F401 — a fixture

pytestmark = pytest.mark.django_db


@override_settings(REDIS_URL="")
def test_a_healthy_process_answers_200(client):
    response = client.get("/healthz/")
    assert response.status_code == 200
    assert response.json() == {"ok": True, "database": True}
    assert "no-cache" in response.headers["Cache-Control"]


def test_redis_is_checked_when_configured(client, spare_redis):
    with override_settings(REDIS_URL=spare_redis.url()):
        assert client.get("/healthz/").json() == {"ok": True, "database": True, "redis": True}
        spare_redis.kill()
        response = client.get("/healthz/")
    assert response.status_code == 503
    assert response.json() == {"ok": False, "database": True, "redis": False}


@override_settings(SECURE_SSL_REDIRECT=True, REDIS_URL="")
def test_the_health_check_is_not_redirected_to_https(client):
    assert client.get("/healthz/").status_code == 200
    assert client.get("/accounts/login/").status_code == 301
