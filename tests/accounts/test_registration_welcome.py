"""Registration: a weak password and a mismatch are told together; one welcome after it,
with "Play now"."""

import pytest
from django.urls import reverse

from accounts.models import User

pytestmark = pytest.mark.django_db

URL = reverse("accounts:register")


def test_a_weak_password_and_a_mismatch_are_reported_together(client):
    response = client.post(URL, {"username": "bob", "display_name": "Bob",
                                 "password1": "sh0rt", "password2": "sh0rt-other"})
    errors = response.context["form"].errors
    assert response.status_code == 200
    assert "didn’t match" in " ".join(errors["password2"])
    assert "too short" in " ".join(errors["password1"])
    assert not User.objects.exists()


def test_a_good_password_with_a_mismatch_reports_the_mismatch_only(client):
    response = client.post(URL, {"username": "bob", "display_name": "Bob",
                                 "password1": "felt-table-13-water",
                                 "password2": "felt-table-13-wat"})
    errors = response.context["form"].errors
    assert "password1" not in errors and errors["password2"]


def test_one_welcome_and_play_now_after_registering(client):
    response = client.post(URL, {"username": "bob", "display_name": "Bob",
                                 "password1": "felt-table-13-water",
                                 "password2": "felt-table-13-water"}, follow=True)
    page = response.content.decode()
    assert page.count("Welcome") == 1
    assert reverse("games:play_now") in page and "Play now" in page
    # the next visit is a return
    assert "Welcome back, Bob." in client.get(reverse("home")).content.decode()
