"""多一色 (the extra-suit deck, RULES.md §1): two of every diamond, equal in play. The
hand history and the replay's result table mark the second copy met of a card (`Ad'`),
as the pages' card faces do, so nobody reads it as a card dealt twice by mistake."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.live import services
from games.record.export import SECOND_COPY_NOTE, mark_second_copies, marked_hands, round_text
from games.record.replays import replay_get
from tests.games.conftest import seat_all
from tests.games.played import play_round

pytestmark = pytest.mark.django_db

EXTRA_SUIT_SEED = f"{7:064x}"  # four seats: Ad and Kd are each dealt twice


def test_the_second_copy_met_is_marked_in_order():
    assert mark_second_copies([["Ad", "Kd"], ["Qs", "Ad"], ["Kd", "Ad"]]) == [
        ["Ad", "Kd"], ["Qs", "Ad'"], ["Kd'", "Ad'"]]
    assert mark_second_copies([["As", "Ks"], ["Ah"]]) == [["As", "Ks"], ["Ah"]]


def test_rows_and_dealt_cards_are_marked_seat_by_seat():
    replay = {"hands": [
        {"position": 0, "cards": ["Ad", "2c"], "front": ["2c"], "middle": ["Ad"], "back": []},
        {"position": 1, "cards": ["Ad", "Ad"], "front": ["Ad"], "middle": [], "back": ["Ad"],
         "discards": []},
    ]}
    shown = marked_hands(replay)
    assert shown[0]["cards"] == ["Ad", "2c"] and shown[0]["middle"] == ["Ad"]
    assert shown[1]["cards"] == ["Ad'", "Ad'"]
    assert shown[1]["front"] == ["Ad'"] and shown[1]["back"] == ["Ad'"]


def test_candidates_are_among_the_dealt_cards_not_more_of_them():
    """多三张: the 3 candidates are 3 of the 16 dealt cards; they carry the mark their card
    has there, and a 52-card deal marks none (issue 25, item 7: each was primed)."""
    replay = {"hands": [
        {"position": 0, "cards": ["Qd", "8d", "6h", "3s"], "candidates": ["Qd", "8d", "6h"]},
        {"position": 1, "cards": ["Ad", "Kd", "2c"], "candidates": ["2c"]},
    ]}
    shown = marked_hands(replay)
    assert shown[0]["cards"] == ["Qd", "8d", "6h", "3s"]
    assert shown[0]["candidates"] == ["Qd", "8d", "6h"]
    assert shown[1]["candidates"] == ["2c"]
    extra = marked_hands({"hands": [
        {"position": 0, "cards": ["Ad", "5c"], "candidates": []},
        {"position": 1, "cards": ["Ad", "Kd"], "candidates": ["Ad"]},
    ]})
    assert extra[1]["cards"] == ["Ad'", "Kd"] and extra[1]["candidates"] == ["Ad'"]


@pytest.fixture
def extra_suit_round(players, committed, monkeypatch):
    table = services.table_create(user=players[0], rule_set="extra-suit", name="多一色",
                                  seats=4)
    seat_all(table, players)
    return play_round(table, players, seed=EXTRA_SUIT_SEED, committed=committed,
                      monkeypatch=monkeypatch)


def test_the_hand_history_marks_second_copies_and_says_what_the_mark_means(
        extra_suit_round, players):
    replay = replay_get(round_id=extra_suit_round.id, user=players[0])
    text = round_text(replay)
    dealt = text.split("Dealt\n")[1].split("\nSubmit")[0]
    assert "Ad'" in dealt and SECOND_COPY_NOTE in text
    # every card of the round is there once as dealt, marked or not
    plain = [code.rstrip("'") for line in dealt.splitlines()[:4] for code in line.split()[4:]]
    assert sorted(plain) == sorted(c for hand in replay["hands"] for c in hand["cards"])
    # the transcript keeps plain codes
    assert "'" not in text.split("Transcript ")[1].split("\n")[0]


def test_the_replay_result_table_marks_second_copies(extra_suit_round, players, client):
    client.force_login(players[0])
    page = client.get(reverse("history:replay", args=[extra_suit_round.id])).content.decode()
    assert "Ad&#x27;" in page or "Kd&#x27;" in page


def test_a_standard_round_has_no_mark(play, players):
    text = round_text(replay_get(round_id=play(f"{2:064x}").id, user=players[0]))
    assert SECOND_COPY_NOTE not in text and "'" not in text.split("Dealt")[1].split("Transcript")[0]


def test_the_replay_api_shows_second_copies_too(extra_suit_round, players, client):
    client.force_login(players[0])
    data = client.get(reverse("api-round-replay", args=[extra_suit_round.id])).json()
    shown = [code for seat in data["shown"].values() for code in seat["cards"]]
    assert any(code.endswith("'") for code in shown)
    assert sorted(code.rstrip("'") for code in shown) == sorted(
        code for hand in data["hands"] for code in hand["cards"])
