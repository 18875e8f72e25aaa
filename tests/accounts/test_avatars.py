"""Avatars (accounts.avatars): drawn here as SVG, picked in the profile, sent with seats."""

import pytest
from django.urls import reverse

from accounts import avatars
from accounts.models import User
from games.live import selectors, services
from tests.factories import make_user

pytestmark = pytest.mark.django_db

PROFILE = reverse("accounts:profile")


def test_the_avatar_is_an_svg_without_script_or_style(client):
    user = make_user()
    response = client.get(avatars.avatar_url(user))
    body = response.content.decode()
    assert response.status_code == 200 and response["Content-Type"] == "image/svg+xml"
    assert body.startswith("<svg") and ">A</text>" in body
    assert "<script" not in body and "<style" not in body and "style=" not in body
    # the URL carries the version, so it may be kept
    assert "max-age=31536000" in response["Cache-Control"]


def test_an_unknown_player_has_no_avatar(client):
    assert client.get(reverse("accounts:avatar", args=[999])).status_code == 404


def test_the_generated_avatar_is_stable_and_varied():
    keys = {avatars.generated_key(user_id) for user_id in range(1, 200)}
    assert avatars.generated_key(7) == avatars.generated_key(7)
    assert len(keys) > len(avatars.AVATAR_KEYS) // 2
    assert keys <= set(avatars.AVATAR_KEYS)


def test_the_initial_is_escaped_and_follows_the_name(client):
    user = make_user(display_name="<b>")
    assert "&lt;" in client.get(avatars.avatar_url(user)).content.decode()
    before = avatars.avatar_url(user)
    user.display_name = "Zed"
    assert avatars.avatar_url(user) != before  # the cache-buster changes with the picture


def test_the_profile_shows_the_picker(client):
    user = make_user()
    client.force_login(user)
    page = client.get(PROFILE).content.decode()
    assert 'name="avatar" value=""' in page and 'value="rings-jade"' in page
    assert avatars.avatar_url(user) in page


def test_picking_an_avatar_saves_it_and_changes_the_url(client):
    user = make_user()
    client.force_login(user)
    before = avatars.avatar_url(user)
    response = client.post(PROFILE, {"display_name": "Alice", "avatar": "dots-plum"}, follow=True)
    user.refresh_from_db()
    assert user.avatar == "dots-plum"
    assert "Your profile has been saved." in response.content.decode()
    assert avatars.avatar_url(user) != before and "dots-plum" in avatars.avatar_url(user)
    svg = client.get(avatars.avatar_url(user)).content.decode()
    assert avatars.COLOURS["plum"][0] in svg


def test_a_bad_avatar_key_is_refused_and_nothing_changes(client):
    user = make_user(avatar="rings-jade")
    client.force_login(user)
    response = client.post(PROFILE, {"display_name": "Alicia", "avatar": "rings-gold"})
    assert response.status_code == 200
    assert "That avatar does not exist" in str(response.context["form"].errors["avatar"])
    user.refresh_from_db()
    assert (user.display_name, user.avatar) == ("Alice", "rings-jade")


def test_blank_goes_back_to_the_generated_avatar(client):
    user = make_user(avatar="rings-jade")
    client.force_login(user)
    client.post(PROFILE, {"display_name": "Alice", "avatar": ""})
    user.refresh_from_db()
    assert user.avatar == "" and avatars.avatar_key(user) == avatars.generated_key(user.pk)


def test_seats_carry_the_avatar_url():
    alice = make_user()
    table = services.table_create(user=alice, rule_set="standard", name="Felt")
    [seat] = selectors.seats_public(table.id)
    assert seat["avatar"] == avatars.avatar_url(User.objects.get(pk=alice.pk))
    assert seat["avatar"].startswith(reverse("accounts:avatar", args=[alice.pk]))
