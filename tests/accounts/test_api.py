"""The accounts API: /api/me/ and /api/register/."""

import pytest
from django.urls import reverse

from accounts.models import User
from accounts.throttles import RegistrationThrottle
from tests.factories import GOOD_PASSWORD, make_user

pytestmark = pytest.mark.django_db

ME = reverse("api-me")
REGISTER = reverse("api-register")


def test_me_needs_a_login(client):
    assert client.get(ME).status_code == 403


def test_me_describes_the_logged_in_player(client):
    user = make_user()
    client.force_login(user)

    body = client.get(ME).json()

    assert body["id"] == user.id
    assert body["username"] == "alice" and body["display_name"] == "Alice"
    assert "password" not in body


def test_register_creates_a_player(client):
    response = client.post(REGISTER, {"username": "dave", "display_name": "Dave",
                                      "password": GOOD_PASSWORD}, content_type="application/json")

    assert response.status_code == 201
    assert response.json()["display_name"] == "Dave"
    assert User.objects.get(username="dave").check_password(GOOD_PASSWORD)


def test_register_refuses_bad_input_field_by_field(client):
    make_user(username="Dave")

    response = client.post(REGISTER, {"username": "dave", "display_name": " ",
                                      "password": "12345678"}, content_type="application/json")

    assert response.status_code == 400
    errors = response.json()
    assert set(errors) == {"username", "display_name", "password"}
    assert User.objects.count() == 1


def test_register_is_throttled(client, monkeypatch):
    monkeypatch.setattr(RegistrationThrottle, "THROTTLE_RATES", {"register": "1/hour"})
    body = {"username": "erin", "display_name": "Erin", "password": GOOD_PASSWORD}
    client.post(REGISTER, body, content_type="application/json")

    response = client.post(REGISTER, {**body, "username": "frank"},
                           content_type="application/json")

    assert response.status_code == 429
    assert not User.objects.filter(username="frank").exists()
