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


# --- bots' faces ------------------------------------------------------------------------


def bot_svg(client, bot) -> str:
    response = client.get(avatars.avatar_url(bot))
    assert response.status_code == 200 and response["Content-Type"] == "image/svg+xml"
    return response.content.decode()


def test_a_bot_s_face_is_its_number_on_a_square_of_its_own_colour(client):
    from games.live.services.bot_seats import bot_account

    bots = [bot_account("normal", number) for number in (1, 2, 3)]
    faces = [bot_svg(client, bot) for bot in bots]
    for number, face in enumerate(faces, start=1):
        assert f">{number}</text>" in face and 'rx="19"' in face  # a rounded square, not a disc
        assert "<circle" not in face and "<script" not in face and "style=" not in face
    colours = [avatars.BOT_COLOURS[avatars.bot_face(bot)[1]] for bot in bots]
    assert all(colour in face for colour, face in zip(colours, faces))
    assert len(set(colours)) == 3  # the bots at one table are told apart
    # Each level starts elsewhere: Easy 1, Normal 1 and Strong 1 differ too.
    firsts = {avatars.bot_face(bot_account(level, 1))[1] for level in ("easy", "normal", "strong")}
    assert len(firsts) == 3


def test_a_bot_s_picture_has_a_url_of_its_own_and_two_figures_fit(client):
    """The URL changes from the old 'B' picture's, so no browser keeps showing that."""
    from games.live.services.bot_seats import bot_account

    bot = bot_account("strong", 12)
    assert avatars.initial(bot) == "12" and avatars.avatar_key(bot).startswith("bot-")
    assert "bot-" in avatars.avatar_url(bot) and ".42" not in avatars.avatar_url(bot)  # 'B' was 42
    face = bot_svg(client, bot)
    assert '>12</text>' in face and 'font-size="28"' in face
    # A person named like a bot is a person: their own design and initial.
    person = make_user(username="~bot-normal-9", display_name="Bot · Normal 9")
    assert avatars.bot_face(person) is None and avatars.initial(person) == "B"


def test_an_avatar_s_path_is_the_one_its_url_pattern_gives_under_any_script_prefix():
    """avatar_url fills in a pattern reversed once per script prefix instead of reversing
    each player's path: it must be the very path `reverse` gives."""
    from django.urls import set_script_prefix

    user = make_user("prefixed")
    for prefix in ("/", "/thirteen-water/"):
        set_script_prefix(prefix)
        try:
            for user_id in (1, 42, 987654321, user.pk):
                user.pk = user_id
                expected = reverse("accounts:avatar", args=[user_id])
                assert avatars.avatar_url(user).split("?")[0] == expected
                assert expected.startswith(prefix)
        finally:
            set_script_prefix("/")
