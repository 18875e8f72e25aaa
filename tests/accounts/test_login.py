"""Log in, log out, lockout after repeated wrong passwords (django-axes)."""

import pytest
from django.conf import settings
from django.urls import reverse

from tests.factories import GOOD_PASSWORD, make_user

pytestmark = pytest.mark.django_db

LOGIN = reverse("accounts:login")


def test_login_with_the_right_password(client):
    make_user()

    response = client.post(LOGIN, {"username": "alice", "password": GOOD_PASSWORD})

    assert response.status_code == 302 and response.url == reverse("home")
    assert client.get(reverse("accounts:profile")).status_code == 200


def test_login_with_a_wrong_password_says_so(client):
    make_user()

    response = client.post(LOGIN, {"username": "alice", "password": "not-it"})

    assert response.status_code == 200
    assert "enter a correct username and password" in response.content.decode()
    assert client.get(reverse("accounts:profile")).status_code == 302


def test_repeated_wrong_passwords_lock_the_account_on_that_address(client):
    make_user()
    for _attempt in range(settings.AXES_FAILURE_LIMIT):
        client.post(LOGIN, {"username": "alice", "password": "guess"})

    response = client.post(LOGIN, {"username": "alice", "password": GOOD_PASSWORD})

    assert response.status_code == 429
    page = response.content.decode()
    assert "Too many failed logins" in page
    assert f"after {settings.AXES_FAILURE_LIMIT} wrong passwords" in page
    assert "Try again in 15 minutes" in page
    assert client.get(reverse("accounts:profile")).status_code == 302  # not logged in


def test_a_lockout_does_not_lock_other_players(client):
    make_user()
    make_user(username="carol", display_name="Carol")
    for _attempt in range(settings.AXES_FAILURE_LIMIT):
        client.post(LOGIN, {"username": "alice", "password": "guess"})

    response = client.post(LOGIN, {"username": "carol", "password": GOOD_PASSWORD})

    assert response.status_code == 302


def test_a_success_before_the_limit_resets_the_count(client):
    make_user()
    for _attempt in range(settings.AXES_FAILURE_LIMIT - 1):
        client.post(LOGIN, {"username": "alice", "password": "guess"})
    client.post(LOGIN, {"username": "alice", "password": GOOD_PASSWORD})
    client.post(reverse("accounts:logout"))
    for _attempt in range(settings.AXES_FAILURE_LIMIT - 1):
        client.post(LOGIN, {"username": "alice", "password": "guess"})

    response = client.post(LOGIN, {"username": "alice", "password": GOOD_PASSWORD})

    assert response.status_code == 302


def test_logout_is_a_post(client):
    client.force_login(make_user())

    response = client.post(reverse("accounts:logout"))

    assert response.status_code == 302
    assert client.get(reverse("accounts:profile")).status_code == 302
