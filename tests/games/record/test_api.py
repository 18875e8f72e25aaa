"""The history API and pages (/api/history/…, /api/rounds/<id>/replay/, /history/…,
/replays/<id>/): the same rules of who may see what as the selectors — nothing of an
unsettled round, nothing of a private table to outsiders — and clear refusals."""

from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest
from django.urls import reverse
from django.utils import translation

from games.record.history import player_statistics
from games.models import Hand
from games.record.replays import replay_get
from tests.factories import make_user

from tests.games.conftest import start_round
from tests.games.played import HOME_RUN_SEED, SCOOP_SEED, SPECIAL_SEED

pytestmark = pytest.mark.django_db


@pytest.fixture
def as_player(client, players):
    def login(n=0):
        client.force_login(players[n])
        return client
    return login


def refusal(response, status, code):
    assert response.status_code == status, response.content
    assert response.json()["code"] == code
    assert response.json()["message"]


# --- replays ------------------------------------------------------------------------------


def test_the_replay_api_gives_the_replay(play, players, as_player):
    round = play(HOME_RUN_SEED, manual=(1,))
    response = as_player(3).get(reverse("api-round-replay", args=[round.id]))
    assert response.status_code == 200
    data = response.json()
    shown = data.pop("shown")  # the cards as the pages show them (多一色's second copies)
    assert data == json.loads(json.dumps(replay_get(round_id=round.id, user=players[3])))
    assert shown["2"]["back"] == data["hands"][2]["back"]  # 52 cards: nothing marked
    assert response.json()["verification"]["ok"] is True


def test_the_replay_api_refuses_an_unsettled_round_to_everyone(table, players, committed,
                                                                as_player, client):
    round = start_round(table, players, committed)
    url = reverse("api-round-replay", args=[round.id])
    for n in range(4):
        response = as_player(n).get(url)
        refusal(response, 403, "round_not_settled")
        for hand in round.hands.all():
            assert hand.dealt_cards[0] not in response.content.decode()
    client.logout()
    assert client.get(url).status_code == 403  # not logged in: DRF's own refusal


def test_the_replay_api_hides_a_private_tables_round_from_outsiders(private_round, as_player):
    url = reverse("api-round-replay", args=[private_round.id])
    refusal(as_player(2).get(url), 404, "round_not_found")
    assert as_player(1).get(url).status_code == 200
    refusal(as_player(1).get(reverse("api-round-replay", args=[999_999])), 404,
            "round_not_found")


# --- history and statistics ---------------------------------------------------------------


def test_my_rounds_are_paged_and_filtered(play, as_player, players):
    rounds = [play(seed, at=datetime(2026, 3, n, 12, tzinfo=timezone.utc))
              for n, seed in enumerate((SCOOP_SEED, HOME_RUN_SEED, SPECIAL_SEED), start=1)]
    client = as_player(1)
    page = client.get(reverse("api-history-rounds"), {"page_size": 2}).json()
    assert (page["count"], page["page"], page["pages"]) == (3, 1, 2)
    assert [line["round_id"] for line in page["results"]] == [rounds[2].id, rounds[1].id]
    second = client.get(reverse("api-history-rounds"), {"page_size": 2, "page": 2}).json()
    assert [line["round_id"] for line in second["results"]] == [rounds[0].id]
    line = second["results"][0]
    hand = Hand.objects.get(round=rounds[0], user=players[1])
    assert (line["points"], line["position"], line["auto"]) == (hand.points, 1, True)

    dated = client.get(reverse("api-history-rounds"),
                       {"settled_from": "2026-03-02", "settled_to": "2026-03-02"}).json()
    assert [line["round_id"] for line in dated["results"]] == [rounds[1].id]
    assert client.get(reverse("api-history-rounds"), {"rule_set": "classic"}).json()["count"] == 0


def test_bad_history_queries_are_refused_clearly(as_player, players):
    client = as_player(0)
    url = reverse("api-history-rounds")
    refusal(client.get(url, {"settled_from": "yesterday"}), 400, "bad_filter")
    refusal(client.get(url, {"settled_from": "2026-03-02", "settled_to": "2026-03-01"}), 400,
            "bad_filter")
    refusal(client.get(url, {"rule_set": "no-such-game"}), 404, "rule_set_not_found")
    refusal(client.get(url, {"page": 0}), 400, "bad_filter")
    refusal(client.get(url, {"page_size": 1000}), 400, "bad_filter")
    refusal(client.get(url, {"page": 2}), 404, "page_not_found")


def test_my_statistics_are_the_selectors(play, as_player, players):
    play(HOME_RUN_SEED)
    play(SPECIAL_SEED, declare=(0,))
    response = as_player(2).get(reverse("api-history-statistics"))
    assert response.status_code == 200
    assert response.json() == json.loads(json.dumps(player_statistics(user=players[2])))
    assert response.json()["home_runs"] == 1


def test_an_unsettled_round_changes_no_statistics_or_history(table, players, committed,
                                                              as_player):
    start_round(table, players, committed)
    client = as_player(0)
    assert client.get(reverse("api-history-rounds")).json()["count"] == 0
    assert client.get(reverse("api-history-statistics")).json()["rounds"] == 0
    assert client.get(reverse("api-history-table", args=[table.id])).json()["count"] == 0


def test_a_tables_rounds_by_api(play, table, as_player, private_round):
    round = play(SCOOP_SEED)
    stranger = make_user(username="stranger", display_name="Stranger")
    from django.test import Client

    client = Client()
    client.force_login(stranger)
    body = client.get(reverse("api-history-table", args=[table.id])).json()
    assert body["table"] == {"id": table.id, "name": "Felt"}
    assert [line["round_id"] for line in body["results"]] == [round.id]
    refusal(client.get(reverse("api-history-table", args=[private_round.table_id])), 404,
            "table_not_found")
    assert as_player(1).get(reverse("api-history-table",
                                    args=[private_round.table_id])).status_code == 200


def test_the_leaderboard_by_api(play, as_player):
    play(HOME_RUN_SEED)
    board = as_player(0).get(reverse("api-history-leaderboard", args=["standard"])).json()
    assert board[0]["display_name"] == "Player 2" and board[0]["rank"] == 1
    refusal(as_player(0).get(reverse("api-history-leaderboard", args=["nope"])), 404,
            "rule_set_not_found")


def test_the_history_api_needs_a_login(client):
    for name in ("api-history-rounds", "api-history-statistics"):
        assert client.get(reverse(name)).status_code == 403


# --- pages --------------------------------------------------------------------------------


def test_the_replay_page_embeds_the_replay_and_the_cli_line(play, as_player, players):
    round = play(SCOOP_SEED)
    page = as_player(0).get(reverse("history:replay", args=[round.id]))
    text = page.content.decode()
    assert page.status_code == 200
    assert 'id="replay-data"' in text and round.deal_seed in text
    line = json.loads(page.context["verify_line"])
    from io import StringIO

    from rules.engine.cli import main

    out = StringIO()
    assert main(["verify-deal"], StringIO(json.dumps(line) + "\n"), out) == 0
    assert json.loads(out.getvalue()) == {"ok": True}


def test_the_replay_page_refuses_like_the_api(table, players, committed, as_player,
                                              private_round, client):
    round = start_round(table, players, committed)
    page = as_player(0).get(reverse("history:replay", args=[round.id]))
    assert page.status_code == 403 and "not settled yet" in page.content.decode()
    for hand in round.hands.all():
        assert " ".join(hand.dealt_cards) not in page.content.decode()
    assert as_player(3).get(reverse("history:replay", args=[private_round.id])).status_code \
        == 404
    assert as_player(3).get(reverse("history:replay_export",
                                    args=[private_round.id])).status_code == 404
    client.logout()
    response = client.get(reverse("history:replay", args=[private_round.id]))
    assert response.status_code == 302 and "/accounts/login/" in response.url


def test_exports_are_plain_text_downloads(play, as_player):
    round = play(SCOOP_SEED)
    client = as_player(0)
    one = client.get(reverse("history:replay_export", args=[round.id]))
    assert one["Content-Type"] == "text/plain; charset=utf-8"
    assert f'filename="thirteen-water-round-{round.id}.txt"' in one["Content-Disposition"]
    assert one.content.decode().startswith(f"Thirteen Water round {round.id}:")
    mine = client.get(reverse("history:export"), {"rule_set": "standard"})
    assert mine.content.decode().startswith(
        "Thirteen Water hand history of Player 0 (rules standard)\n1 round\n")
    bad = client.get(reverse("history:export"), {"settled_from": "2026-03-02",
                                                 "settled_to": "2026-03-01"})
    assert bad.status_code == 400 and "first date" in bad.content.decode()


def test_the_history_page_lists_rounds_with_filters(play, as_player):
    round = play(HOME_RUN_SEED)
    client = as_player(2)
    page = client.get(reverse("history:rounds"))
    text = page.content.decode()
    assert page.status_code == 200
    assert f'data-round="{round.id}"' in text and "home run (全垒打)" in text
    assert "scooped 3 (打枪)" in text
    assert reverse("history:replay", args=[round.id]) in text
    # The table's rounds show the same badges, per seat.
    at_table = client.get(reverse("history:table", args=[round.table_id])).content.decode()
    assert "home run (全垒打)" in at_table and "scooped 3" not in at_table
    empty = client.get(reverse("history:rounds"), {"rule_set": "classic"})
    assert "No settled rounds match." in empty.content.decode()
    bad = client.get(reverse("history:rounds"), {"settled_from": "2026-03-02",
                                                 "settled_to": "2026-03-01"})
    assert bad.status_code == 400 and "first date" in bad.content.decode()


def test_the_table_and_leaderboard_pages(play, table, as_player, private_round):
    play(SCOOP_SEED)
    client = as_player(3)
    assert client.get(reverse("history:table", args=[table.id])).status_code == 200
    assert client.get(reverse("history:table", args=[private_round.table_id])).status_code == 404
    first = client.get(reverse("history:leaderboard"))
    assert first.status_code == 302 and first.url == reverse("history:leaderboard_rule_set",
                                                             args=["standard"])
    board = client.get(first.url).content.decode()
    assert "Player 0" in board and 'aria-current="page"' in board
    assert client.get(reverse("history:leaderboard_rule_set", args=["nope"])).status_code == 404


def test_the_profile_shows_statistics_and_the_water_chart(play, as_player, players):
    play(SCOOP_SEED)
    play(HOME_RUN_SEED)
    text = as_player(2).get(reverse("accounts:profile")).content.decode()
    stats = player_statistics(user=players[2])
    assert 'id="profile-statistics"' in text
    assert f'<dd id="stat-rounds">{stats["rounds"]}</dd>' in text
    assert '<polyline class="water" points="' in text
    assert text.count("<tr data-row=") == 3


def test_a_newcomers_profile_says_there_is_nothing_yet(client, db):
    client.force_login(make_user(username="new", display_name="New"))
    text = client.get(reverse("accounts:profile")).content.decode()
    assert "No settled rounds yet" in text and "<polyline" not in text


@pytest.fixture
def language_reset():
    """The locale middleware leaves the last request's language active in this thread;
    the next tests must not inherit Chinese."""
    yield
    translation.deactivate()


def test_the_replay_page_speaks_chinese(play, as_player, language_reset):
    round = play(SPECIAL_SEED, declare=(0,))
    client = as_player(0)
    client.post(reverse("set_language"), {"language": "zh-hans"})
    page = client.get(reverse("history:replay", args=[round.id]))
    text = page.content.decode()
    assert "可验证的公平发牌" in text and "回放：Felt 第 1 局" in text
    strings = page.context["strings"]
    assert strings["step.row"] == "比{row}。" and strings["label.three_straights"] == "三顺子"
    assert "报到特殊牌型" in client.get(reverse("accounts:profile")).content.decode()
