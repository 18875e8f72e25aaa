"""The tables API: lobby list, create, join by invite code, and a table's state as the
requesting player may see it."""

from __future__ import annotations

import json

import pytest
from django.core.serializers.json import DjangoJSONEncoder
from django.urls import reverse

from games.live import selectors, services
from games.models import Table
from rules.models import RuleSet
from tests.factories import make_user

from tests.games.conftest import seat_all, start_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def api(client, players):
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    return client


def test_the_api_needs_a_login(client):
    assert client.get(reverse("api-table-list")).status_code == 403


def test_create_then_list(api, players):
    response = api.post(reverse("api-table-list"), {"rule_set": "fuzhou", "name": "Fuzhou"},
                        content_type="application/json")
    assert response.status_code == 201
    state = response.json()
    assert state["table"]["rule_set"]["slug"] == "fuzhou"
    assert state["you"] == {"position": 0, "ready": False, "client_seed": None}
    assert state["table"]["invite_code"]
    api.post(reverse("api-table-list"), {"rule_set": "standard", "name": "Hidden",
                                         "is_private": True}, content_type="application/json")
    lobby = api.get(reverse("api-table-list")).json()
    assert [(t["name"], t["players"], t["free_seats"], t["rule_set"]["slug"]) for t in lobby] \
        == [("Fuzhou", 1, 3, "fuzhou")]


def test_create_refusals(api):
    RuleSet.objects.filter(slug="classic").update(max_players=9)  # inconsistent: 9 × 13 > 52
    response = api.post(reverse("api-table-list"), {"rule_set": "classic", "name": "x"},
                        content_type="application/json")
    assert response.status_code == 400 and response.json()["code"] == "unsupported_rules"
    response = api.post(reverse("api-table-list"), {"rule_set": "nope", "name": "x"},
                        content_type="application/json")
    assert response.status_code == 400
    response = api.post(reverse("api-table-list"), {"name": "x"},
                        content_type="application/json")
    assert response.status_code == 400 and "rule_set" in response.json()
    assert not Table.objects.exists()


def test_a_table_created_without_a_name_is_named_after_its_creator(api, players):
    for body in ({"rule_set": "standard", "name": ""}, {"rule_set": "standard"}):
        response = api.post(reverse("api-table-list"), body, content_type="application/json")
        assert response.status_code == 201
    assert {table.name for table in Table.objects.all()} == {
        f"{players[0].display_name}'s table"}


def test_join_by_invite_code(client, players):
    table = services.table_create(user=players[0], rule_set="standard", name="Private",
                                  is_private=True)
    client.force_login(players[1], backend="django.contrib.auth.backends.ModelBackend")
    state_url = reverse("api-table-state", args=[table.id])
    assert client.get(state_url).status_code == 404  # private: only for its players
    response = client.post(reverse("api-table-join"), {"invite_code": table.invite_code},
                           content_type="application/json")
    assert response.status_code == 200 and response.json()["you"]["position"] == 1
    assert client.get(state_url).status_code == 200
    response = client.post(reverse("api-table-join"), {"invite_code": "ZZZZZZZZ"},
                           content_type="application/json")
    assert response.status_code == 404 and response.json()["code"] == "table_not_found"


def test_the_state_shows_only_the_requesting_players_cards(client, players):
    table = services.table_create(user=players[0], rule_set="standard", name="Felt")
    seat_all(table, players)
    round = start_round(table, players)
    watcher = make_user(username="w", display_name="W")
    everyone = {h.user_id: h.dealt_cards for h in round.hands.all()}
    for user in [*players, watcher]:
        client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
        body = client.get(reverse("api-table-state", args=[table.id])).content.decode()
        for owner, cards in everyone.items():
            shown = [f'"{code}"' in body for code in cards]
            assert all(shown) if owner == user.id else not any(shown)


def _socket_state(table_id: int, user) -> dict:
    """What the socket's `state` carries (without `type`), through JSON as a client sees it."""
    return json.loads(json.dumps(selectors.table_state(table_id=table_id, user=user),
                                 cls=DjangoJSONEncoder))


def test_the_http_state_is_the_socket_state_field_for_field(client, players):
    """docs/protocol.md: GET /api/tables/<id>/ answers "your `state`": the room, the session,
    the chat and the seats' host, away and end_vote included (issue 25, item 3)."""
    table = services.table_create(user=players[0], rule_set="standard", name="Felt")
    seat_all(table, players)
    start_round(table, players)
    services.chat_send(table_id=table.id, user=players[1], phrase="good_luck")
    for user in players:
        client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
        state = client.get(reverse("api-table-state", args=[table.id])).json()
        assert state == _socket_state(table.id, user)
        assert {"room", "next_commitment"} <= set(state["table"])
        assert {"host", "away", "end_vote", "avatar"} <= set(state["seats"][0])
        assert state["session"]["number"] == 1
        assert [line["phrase"] for line in state["chat"]] == ["good_luck"]


def test_create_and_join_answer_the_socket_state(client, players):
    client.force_login(players[0], backend="django.contrib.auth.backends.ModelBackend")
    created = client.post(reverse("api-table-list"), {"rule_set": "standard"},
                          content_type="application/json").json()
    table = Table.objects.get()
    assert created == _socket_state(table.id, players[0])
    client.force_login(players[1], backend="django.contrib.auth.backends.ModelBackend")
    joined = client.post(reverse("api-table-join"), {"invite_code": table.invite_code},
                         content_type="application/json").json()
    assert joined == _socket_state(table.id, players[1])
    assert joined["seats"][0]["host"] is True and "session" in joined and "chat" in joined


def test_the_lobby_items_carry_the_session_fields(api, players):
    """docs/protocol.md: the lobby's tables add rounds_played, rounds_planned and playing."""
    api.post(reverse("api-table-list"), {"rule_set": "standard", "rounds": 4},
             content_type="application/json")
    [item] = api.get(reverse("api-table-list")).json()
    assert (item["rounds_planned"], item["rounds_played"], item["playing"]) == (4, 0, False)
    assert item == json.loads(json.dumps(selectors.lobby_tables()[0]))


def test_a_table_whose_owner_does_not_answer_is_a_503_with_its_code(client, players,
                                                                     monkeypatch):
    """The table's owner (another server process, games.live.owner) did not answer: the
    server's trouble, not the request's — and nothing changed."""
    table = services.table_create(user=players[0], rule_set="standard", name="Far away")

    def unanswered(**kwargs):
        raise services.GameError("table_unavailable", "this table's server did not answer")

    monkeypatch.setattr(services, "table_join", unanswered)
    client.force_login(players[1], backend="django.contrib.auth.backends.ModelBackend")
    response = client.post(reverse("api-table-join"), {"invite_code": table.invite_code},
                           content_type="application/json")
    assert response.status_code == 503 and response.json()["code"] == "table_unavailable"
    assert table.seats.count() == 1
