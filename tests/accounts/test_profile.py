"""The profile page and the password change."""

import pytest
from django.urls import reverse

from accounts.models import User
from tests.factories import GOOD_PASSWORD, make_user

pytestmark = pytest.mark.django_db

PROFILE = reverse("accounts:profile")
PASSWORD = reverse("accounts:password_change")


def test_profile_needs_a_login(client):
    response = client.get(PROFILE)
    assert response.status_code == 302 and response.url.startswith(reverse("accounts:login"))


def test_profile_shows_the_player(client):
    client.force_login(make_user())
    page = client.get(PROFILE).content.decode()
    assert "alice" in page and 'value="Alice"' in page


def test_changing_the_display_name(client):
    client.force_login(make_user())

    response = client.post(PROFILE, {"display_name": " Alice 13 "}, follow=True)

    assert User.objects.get().display_name == "Alice 13"
    assert "Your profile has been saved." in response.content.decode()


@pytest.mark.parametrize("name", ["   ", "x" * 31])
def test_a_bad_display_name_is_refused_and_the_old_one_kept(client, name):
    client.force_login(make_user())

    response = client.post(PROFILE, {"display_name": name})

    assert response.status_code == 200
    assert response.context["form"].errors["display_name"]
    assert User.objects.get().display_name == "Alice"
    assert response.context["user"].display_name == "Alice"  # the page's nav too


def test_password_change(client):
    client.force_login(make_user())

    response = client.post(PASSWORD, {"old_password": GOOD_PASSWORD,
                                      "new_password1": "another-felt-table-7",
                                      "new_password2": "another-felt-table-7"}, follow=True)

    assert "Your password has been changed." in response.content.decode()
    assert User.objects.get().check_password("another-felt-table-7")
    assert response.context["user"].is_authenticated  # still logged in


def test_password_change_with_a_wrong_old_password_changes_nothing(client):
    client.force_login(make_user())

    response = client.post(PASSWORD, {"old_password": "wrong",
                                      "new_password1": "another-felt-table-7",
                                      "new_password2": "another-felt-table-7"})

    assert response.context["form"].errors["old_password"]
    assert User.objects.get().check_password(GOOD_PASSWORD)
