"""Registration through the web form: good input logs in, bad input changes nothing."""

import pytest
from django.urls import reverse

from accounts.models import User
from accounts.throttles import RegistrationThrottle
from tests.factories import GOOD_PASSWORD, make_user

pytestmark = pytest.mark.django_db

URL = reverse("accounts:register")


def form(**changes):
    data = {"username": "bob", "display_name": "Bob", "password1": GOOD_PASSWORD,
            "password2": GOOD_PASSWORD}
    return {**data, **changes}


def test_registration_creates_the_player_and_logs_in(client):
    response = client.post(URL, form(display_name="  Bob the Banker  "))

    assert response.status_code == 302 and response.url == reverse("home")
    user = User.objects.get(username="bob")
    assert user.display_name == "Bob the Banker"  # stripped
    assert user.check_password(GOOD_PASSWORD)
    assert client.get(reverse("accounts:profile")).status_code == 200


def test_registration_page_renders(client):
    response = client.get(URL)
    assert response.status_code == 200
    assert b'name="display_name"' in response.content


@pytest.mark.parametrize(("changes", "field", "message"), [
    ({"password2": "something-else-13"}, "password2", "didn’t match"),
    ({"password1": "password", "password2": "password"}, "password1", "too common"),
    ({"password1": "83920174633", "password2": "83920174633"}, "password1", "entirely numeric"),
    ({"password1": "sh0rt", "password2": "sh0rt"}, "password1", "too short"),
    ({"username": "bobthebanker", "password1": "bobthebanker1",
      "password2": "bobthebanker1"}, "password1", "too similar"),
    ({"username": "bob smith"}, "username", "Enter a valid username"),
    ({"username": ""}, "username", "required"),
    ({"display_name": "   "}, "display_name", "required"),
    ({"display_name": "x" * 31}, "display_name", "at most 30"),
])
def test_bad_registration_is_refused_and_creates_nothing(client, changes, field, message):
    response = client.post(URL, form(**changes))

    assert response.status_code == 200
    errors = " ".join(response.context["form"].errors.get(field, []))
    assert message in errors
    assert not User.objects.exists()


def test_username_taken_in_any_case_is_refused(client):
    make_user(username="Bob")

    response = client.post(URL, form(username="bob"))

    assert "already exists" in " ".join(response.context["form"].errors["username"])
    assert User.objects.count() == 1


def test_logged_in_player_is_sent_home(client):
    client.force_login(make_user())
    assert client.get(URL).url == reverse("home")


def test_registration_is_throttled_per_address(client, monkeypatch):
    monkeypatch.setattr(RegistrationThrottle, "THROTTLE_RATES", {"register": "2/hour"})
    client.post(URL, form(username="first"))
    client.logout()
    client.post(URL, form(username="second", password2="typo-in-confirmation"))

    response = client.post(URL, form(username="third"))

    assert response.status_code == 429
    assert "Too many registrations" in " ".join(response.context["form"].non_field_errors())
    assert not User.objects.filter(username="third").exists()
