"""Throttles and the login lockout key on the real client address (issue 12, 5).

DRF trusted X-Forwarded-For with no NUM_PROXIES: five of five extra registrations went
through after the limit by sending a new made-up address each time.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import RequestFactory, override_settings
from django.urls import reverse

from accounts.models import User
from accounts.throttles import RegistrationThrottle
from config.client_address import client_address
from tests.factories import GOOD_PASSWORD, make_user

REGISTER = reverse("api-register")
LOGIN = reverse("accounts:login")


def request_from(remote: str, forwarded: str | None = None):
    extra = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return RequestFactory().get("/", **extra)


@override_settings(NUM_PROXIES=0)
def test_without_a_configured_proxy_x_forwarded_for_is_ignored():
    assert client_address(request_from("203.0.113.9", "1.2.3.4")) == "203.0.113.9"


@override_settings(NUM_PROXIES=1)
def test_behind_one_proxy_the_client_is_the_address_that_proxy_appended():
    # The client wrote "1.2.3.4"; our proxy appended the address it heard from.
    assert client_address(request_from("10.0.0.2", "1.2.3.4, 198.51.100.7")) == "198.51.100.7"
    assert client_address(request_from("10.0.0.2")) == "10.0.0.2"  # not through the proxy
    assert client_address(request_from("10.0.0.2", "not-an-address")) == "10.0.0.2"


@override_settings(NUM_PROXIES=2)
def test_behind_two_proxies_the_client_is_the_second_from_the_right():
    forwarded = "1.2.3.4, 198.51.100.7, 10.0.0.1"
    assert client_address(request_from("10.0.0.2", forwarded)) == "198.51.100.7"


def test_the_default_trusts_no_proxy():
    assert settings.NUM_PROXIES == 0
    assert settings.REST_FRAMEWORK["NUM_PROXIES"] == 0


@pytest.mark.django_db
def test_the_register_throttle_cannot_be_bypassed_with_x_forwarded_for(client, monkeypatch):
    monkeypatch.setattr(RegistrationThrottle, "THROTTLE_RATES", {"register": "2/hour"})
    codes = []
    for n in range(7):
        body = {"username": f"spam{n}", "display_name": "Spam", "password": GOOD_PASSWORD}
        response = client.post(REGISTER, body, content_type="application/json",
                               HTTP_X_FORWARDED_FOR=f"192.0.2.{n}")
        codes.append(response.status_code)

    assert codes == [201, 201] + [429] * 5
    assert User.objects.count() == 2


@pytest.mark.django_db
@override_settings(NUM_PROXIES=1)
def test_behind_a_proxy_the_throttle_counts_each_client_apart(client, monkeypatch):
    monkeypatch.setattr(RegistrationThrottle, "THROTTLE_RATES", {"register": "1/hour"})

    def register(name: str, client_ip: str) -> int:
        body = {"username": name, "display_name": name, "password": GOOD_PASSWORD}
        return client.post(REGISTER, body, content_type="application/json",
                           REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR=client_ip).status_code

    assert register("ann", "198.51.100.1") == 201
    assert register("ben", "198.51.100.2") == 201  # another client behind the same proxy
    assert register("cat", "198.51.100.1") == 429


@pytest.mark.django_db
def test_the_lockout_cannot_be_dodged_with_x_forwarded_for(client):
    make_user()
    for attempt in range(settings.AXES_FAILURE_LIMIT):
        client.post(LOGIN, {"username": "alice", "password": "guess"},
                    HTTP_X_FORWARDED_FOR=f"192.0.2.{attempt}")

    response = client.post(LOGIN, {"username": "alice", "password": GOOD_PASSWORD},
                           HTTP_X_FORWARDED_FOR="192.0.2.200")
    assert response.status_code == 429


@pytest.mark.django_db
@override_settings(NUM_PROXIES=1)
def test_behind_a_proxy_the_lockout_is_keyed_on_the_real_client(client):
    make_user()
    for _attempt in range(settings.AXES_FAILURE_LIMIT):
        client.post(LOGIN, {"username": "alice", "password": "guess"},
                    REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="198.51.100.66")

    # Another player behind the same proxy is not locked out of alice's account...
    other = client.post(LOGIN, {"username": "alice", "password": GOOD_PASSWORD},
                        REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="198.51.100.5")
    assert other.status_code == 302
    client.logout()
    # ...while the guesser still is.
    guesser = client.post(LOGIN, {"username": "alice", "password": GOOD_PASSWORD},
                          REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="198.51.100.66")
    assert guesser.status_code == 429
