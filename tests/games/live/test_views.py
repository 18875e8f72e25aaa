"""The lobby and the table page: listing, creating and joining tables, and what the table
page embeds for its script (only what the viewer may see)."""

from __future__ import annotations

import json
import re
from datetime import timedelta

import pytest
from django.urls import reverse

from games.live import services
from games.live.services import hooks
from games.models import Seat, Table
from games.live.strings import table_strings
from rules.models import RuleSet
from tests.factories import make_user
from tests.games.conftest import seat_all, start_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice(client):
    user = make_user("alice", "Alice")
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return user


def embedded(page: str, element_id: str):
    pattern = rf'<script id="{element_id}" type="application/json">(.*?)</script>'
    match = re.search(pattern, page, re.S)
    assert match, f"{element_id} is not embedded"
    return json.loads(match.group(1))


def test_the_lobby_needs_a_login(client):
    response = client.get(reverse("games:lobby"))
    assert response.status_code == 302 and reverse("accounts:login") in response["Location"]


def test_the_lobby_lists_public_tables_with_free_seats_not_private_ones(client, alice):
    bob = make_user("bob", "Bob")
    open_table = services.table_create(user=bob, rule_set="standard", name="Open to all")
    services.table_create(user=bob, rule_set="classic", name="Friends only", is_private=True)
    page = client.get(reverse("games:lobby")).content.decode()
    assert "Open to all" in page and "Friends only" not in page
    assert "1/4 · 3 free" in page
    assert reverse("games:table", args=[open_table.id]) in page


def test_only_playable_rule_sets_are_offered(client, alice):
    page = client.get(reverse("games:lobby")).content.decode()
    options = re.findall(r'<option value="(\d+)"', page)
    slugs = set(RuleSet.objects.filter(pk__in=options).values_list("slug", flat=True))
    assert slugs == {"standard", "extra-suit", "jokers", "extra-three", "fuzhou", "classic",
                     "fujian", "shisandao"}


def test_creating_a_table_seats_you_and_opens_it(client, alice):
    standard = RuleSet.objects.get(slug="standard")
    response = client.post(reverse("games:create"), {
        "create-rule_set": standard.pk, "create-name": "  Evening game ",
        "create-is_private": "on"})
    table = Table.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("games:table", args=[table.id])
    assert table.name == "Evening game" and table.is_private
    assert Seat.objects.get(table=table).user == alice


def test_a_table_needs_a_playable_rule_set(client, alice):
    RuleSet.objects.filter(slug="classic").update(max_players=9)  # inconsistent: 9 × 13 > 52
    broken = RuleSet.objects.get(slug="classic")
    response = client.post(reverse("games:create"),
                           {"create-rule_set": broken.pk, "create-name": "Ours"})
    assert response.status_code == 400
    assert "Select a valid choice" in response.content.decode()
    assert not Table.objects.exists()


def test_a_table_left_unnamed_is_named_after_its_creator_and_the_lobby_offers_that_name(
        client, alice):
    page = client.get(reverse("games:lobby")).content.decode()
    assert 'value="Alice&#x27;s table"' in page  # prefilled, so the player sees it
    standard = RuleSet.objects.get(slug="standard")
    client.post(reverse("games:create"), {"create-rule_set": standard.pk, "create-name": " "})
    assert Table.objects.get().name == "Alice's table"


def test_joining_by_code_forgives_case_spaces_and_dashes(client, alice):
    table = services.table_create(user=make_user("bob", "Bob"), rule_set="standard",
                                  name="Bob's", is_private=True)
    typed = f"{table.invite_code[:4].lower()}-{table.invite_code[4:].lower()} "
    response = client.post(reverse("games:join"), {"join-invite_code": typed})
    assert response.status_code == 302
    assert response["Location"] == reverse("games:table", args=[table.id])
    assert Seat.objects.filter(table=table, user=alice).exists()


def test_a_wrong_invite_code_is_explained(client, alice):
    response = client.post(reverse("games:join"), {"join-invite_code": "ZZZZZZZZ"})
    assert response.status_code == 400
    assert "No open table has that invite code." in response.content.decode()
    response = client.post(reverse("games:join"), {"join-invite_code": "short"})
    assert "An invite code is 8 letters and digits" in response.content.decode()


def test_a_full_table_says_so(client, alice):
    players = [make_user(f"p{n}", f"P{n}") for n in range(4)]
    table = services.table_create(user=players[0], rule_set="standard", name="Full")
    seat_all(table, players)
    response = client.post(reverse("games:join"), {"join-invite_code": table.invite_code})
    assert response.status_code == 400
    assert "Every seat at that table is taken." in response.content.decode()


def test_the_table_page_embeds_the_state_the_rules_and_the_strings(client, alice):
    table = services.table_create(user=alice, rule_set="classic", name="Mine")
    page = client.get(reverse("games:table", args=[table.id])).content.decode()
    state = embedded(page, "table-state")
    assert state["type"] == "state" and state["you"]["position"] == 0
    info = embedded(page, "table-page")
    assert info["table_id"] == table.id and info["user_id"] == alice.id
    assert info["rules"]["allow_foul"] is True
    assert info["rules"]["specials"]["dragon"]["points"] == 18
    assert embedded(page, "table-strings")["row.pair"] == "Pair of {rank}s"
    assert 'type="module"' in page and "js/table.js" in page


def test_a_private_table_is_not_found_by_strangers(client, alice):
    table = services.table_create(user=make_user("bob", "Bob"), rule_set="standard",
                                  name="Secret", is_private=True)
    assert client.get(reverse("games:table", args=[table.id])).status_code == 404
    assert client.get(reverse("games:table", args=[999999])).status_code == 404


def test_the_page_never_embeds_another_players_cards(client, alice):
    bob = make_user("bob", "Bob")
    table = services.table_create(user=alice, rule_set="standard", name="Two")
    seat_all(table, [alice, bob])
    round_ = start_round(table, [alice, bob])
    mine = round_.hands.get(user=alice).dealt_cards
    theirs = round_.hands.get(user=bob).dealt_cards
    page = client.get(reverse("games:table", args=[table.id])).content.decode()
    state = embedded(page, "table-state")
    assert state["you"]["cards"] == mine
    text = json.dumps(state)
    # A code of Bob's that Alice does not hold never appears anywhere on her page.
    for code in set(theirs) - set(mine):
        assert f'"{code}"' not in text


def test_the_session_score_adds_up_settled_rounds(client, alice, timers, monkeypatch, committed):
    bob = make_user("bob", "Bob")
    table = services.table_create(user=alice, rule_set="standard", name="Two")
    seat_all(table, [alice, bob])
    round_ = start_round(table, [alice, bob], committed)
    monkeypatch.setattr(hooks, "now", lambda: round_.deadline + timedelta(seconds=1))
    assert timers.fire_all() == [True]
    page = client.get(reverse("games:table", args=[table.id])).content.decode()
    session = embedded(page, "table-state")["session"]
    assert session["rounds_played"] == 1
    assert session["totals"][str(alice.id)] + session["totals"][str(bob.id)] == 0


def test_the_table_page_leads_to_the_tables_history(client, alice):
    table = services.table_create(user=alice, rule_set="standard", name="Mine")
    page = client.get(reverse("games:table", args=[table.id])).content.decode()
    history = reverse("history:table", args=[table.id])
    assert re.search(rf'<header class="table-head">.*href="{history}"[^>]*>Table history</a>',
                     page, re.S)
    assert client.get(history).status_code == 200


def test_a_settled_round_links_to_its_replay(client, alice, timers, monkeypatch, committed):
    """The reveal's link is the page's replay route with the settled round's id (the script
    fills `{round_id}` in), and it opens that round's replay."""
    bob = make_user("bob", "Bob")
    table = services.table_create(user=alice, rule_set="standard", name="Two")
    seat_all(table, [alice, bob])
    round_ = start_round(table, [alice, bob], committed)
    monkeypatch.setattr(hooks, "now", lambda: round_.deadline + timedelta(seconds=1))
    assert timers.fire_all() == [True]
    page = client.get(reverse("games:table", args=[table.id])).content.decode()
    assert embedded(page, "table-state")["round"]["id"] == round_.id
    template = embedded(page, "table-page")["replay_url"]
    link = template.replace("{round_id}", str(round_.id))
    assert link == reverse("history:replay", args=[round_.id])
    assert client.get(link).status_code == 200
    assert 'id="replay-link"' in page
    assert embedded(page, "table-strings")["reveal.replay"] == "Watch the replay"


def test_every_string_the_scripts_use_is_in_the_table():
    """A key the JavaScript asks for but the table lacks would show as the key itself."""
    import pathlib

    strings = table_strings()
    used = set()
    for path in pathlib.Path("static/js").glob("*.js"):
        used |= set(re.findall(r'\bt\("([a-z_]+\.[A-Za-z_]+)"', path.read_text()))
    assert used and not used - set(strings), sorted(used - set(strings))


def test_the_strings_follow_the_language(client, alice):
    client.post(reverse("set_language"), {"language": "zh-hans"})
    table = services.table_create(user=alice, rule_set="standard", name="中文")
    page = client.get(reverse("games:table", args=[table.id])).content.decode()
    strings = embedded(page, "table-strings")
    assert strings["row.pair"].startswith("一对")
    assert strings["reveal.replay"] == "观看回放"
    assert "本桌战绩" in page


def test_a_refused_table_says_so_at_the_top_of_the_page(client, alice):
    response = client.post(reverse("games:create"), {
        "create-rule_set": RuleSet.objects.get(slug="standard").pk,
        "create-name": "Bad horse", "create-horse_card": "Kh"})
    assert response.status_code == 400
    page = response.content.decode()
    top = page.index('<ul class="messages">')
    assert top < page.index("Create a table")
    assert "The table was not created" in page[top:page.index("</ul>", top)]
    assert not Table.objects.exists()


# --- issue 24: Play now, Your tables, refusals, the language switch --------------------


def test_play_now_reuses_your_waiting_table(client, alice):
    first = client.post(reverse("games:play_now"), {"rule_set": "standard"})
    second = client.post(reverse("games:play_now"), {"rule_set": "standard"})
    assert first.status_code == second.status_code == 302
    assert first["Location"] == second["Location"]
    assert Table.objects.filter(created_by=alice).count() == 1


def test_your_tables_lists_them_with_leave_and_leaving_closes_an_empty_one(client, alice):
    table = services.table_create(user=alice, rule_set="standard", name="Mine alone")
    page = client.get(reverse("games:your_tables")).content.decode()
    assert "Mine alone" in page and reverse("games:leave", args=[table.id]) in page
    lobby = client.get(reverse("games:lobby")).content.decode()
    assert 'id="your-tables"' in lobby and reverse("games:leave", args=[table.id]) in lobby
    response = client.post(reverse("games:leave", args=[table.id]), {"next": "lobby"})
    assert response.status_code == 302 and response["Location"] == reverse("games:lobby")
    table.refresh_from_db()
    assert table.status == "closed"
    assert "Mine alone" not in client.get(reverse("games:lobby")).content.decode()


def test_a_refused_practise_table_says_so_once_in_the_players_language(client, alice, settings):
    settings.MAX_TABLES_PER_USER = 1
    form = {"practise-rule_set": RuleSet.objects.get(slug="standard").pk, "practise-bots": 1,
            "practise-level": "easy", "practise-rounds": 4}
    assert client.post(reverse("games:practise"), form).status_code == 302
    client.cookies["django_language"] = "zh-hans"
    page = client.post(reverse("games:practise"), form).content.decode()
    assert page.count("你已") + page.count("您已") == 1, page[:3000]
    assert "open tables" not in page


@pytest.mark.parametrize("name", ["practise", "create", "join", "play_now"])
def test_the_language_switch_back_to_a_post_only_address_lands_in_the_lobby(client, alice, name):
    response = client.get(reverse(f"games:{name}"))
    assert response.status_code == 302 and response["Location"] == reverse("games:lobby")


def test_the_favicon_is_served_at_the_root(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    body = b"".join(response.streaming_content) if response.streaming else response.content
    assert body[:4] == b"\x00\x00\x01\x00"  # an ICO file


def test_the_admins_sample_round_names_row_categories_in_words():
    from django.template.loader import render_to_string

    from rules.engine.presets import PRESETS
    from rules.sample import sample_round

    page = render_to_string("admin/rules/sample_round.html",
                            {"sample": sample_round(PRESETS["standard"])})
    assert not re.search(r"\b(high_card|four_of_a_kind|two_pair|full_house|three_of_a_kind)\b", page)
    assert "(乌龙)" in page or "(一对)" in page or "(两对)" in page
