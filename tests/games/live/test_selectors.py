"""games.live.selectors: the lobby and the state each user may see."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.models import ChatMute
from games.live import selectors, services
from games.live.room_views import CHAT_SHOWN
from games.models import ChatMessage, Hand, Round
from games.live.services import GameError
from tests.factories import make_user

from tests.games.conftest import SEED, best_rows, seat_all, start_round

pytestmark = pytest.mark.django_db


def test_the_lobby_lists_public_open_tables_with_free_seats(players):
    public = services.table_create(user=players[0], rule_set="extra-suit", name="Five")
    services.table_join(user=players[1], invite_code=public.invite_code)
    services.table_create(user=players[2], rule_set="standard", name="Mine", is_private=True)
    closed = services.table_create(user=players[3], rule_set="standard", name="Closed")
    closed.status = "closed"
    closed.save()
    [listed] = selectors.lobby_tables()
    assert listed["name"] == "Five" and listed["rule_set"]["slug"] == "extra-suit"
    assert (listed["players"], listed["max_players"], listed["free_seats"]) == (2, 5, 3)


def test_state_before_any_round(players):
    table = services.table_create(user=players[0], rule_set="standard", name="Felt")
    state = selectors.table_state(table_id=table.id, user=players[0])
    assert state["round"] is None and state["you"] == {"position": 0, "ready": False,
                                                           "client_seed": None}
    assert state["version"] == table.version
    assert [s["display_name"] for s in state["seats"]] == ["Player 0"]
    watcher = selectors.table_state(table_id=table.id, user=players[1])
    assert watcher["you"] is None and watcher["table"]["invite_code"] == table.invite_code


def test_a_private_table_is_not_found_by_strangers(players):
    table = services.table_create(user=players[0], rule_set="standard", name="Felt",
                                  is_private=True)
    with pytest.raises(GameError) as error:
        selectors.table_state(table_id=table.id, user=players[1])
    assert error.value.code == "table_not_found"


def test_state_while_arranging_shows_own_cards_and_who_submitted(players):
    table = services.table_create(user=players[0], rule_set="standard", name="Felt")
    seat_all(table, players)
    round = start_round(table, players)
    hand = round.hands.get(position=0)
    services.round_submit(table_id=table.id, user=players[0],
                          **dict(zip(("front", "middle", "back"), best_rows(hand))))
    mine = selectors.table_state(table_id=table.id, user=players[0])
    assert mine["you"]["cards"] == hand.dealt_cards
    assert len(mine["you"]["hints"]) >= 1 and mine["you"]["submission"]["auto"] is False
    assert mine["round"]["submitted"] == [0] and mine["round"]["players"] == [0, 1, 2, 3]
    assert [s["submitted"] for s in mine["seats"]] == [True, False, False, False]
    theirs = selectors.table_state(table_id=table.id, user=players[1])
    assert theirs["you"]["submission"] is None
    assert set(theirs["you"]["cards"]).isdisjoint(hand.dealt_cards)
    assert "deal_seed" not in theirs["round"] and SEED not in str(theirs)


def test_state_after_settlement_reveals_everything_and_the_seed(players):
    table = services.table_create(user=players[0], rule_set="standard", name="Felt")
    seat_all(table, players[:2])
    round = start_round(table, players[:2])
    for user in players[:2]:
        hand = round.hands.get(user=user)
        services.round_submit(table_id=table.id, user=user,
                              **dict(zip(("front", "middle", "back"), best_rows(hand))))
    watcher = make_user(username="w", display_name="W")
    state = selectors.table_state(table_id=table.id, user=watcher)
    revealed = state["round"]
    assert revealed["phase"] == "settled" and revealed["deal_seed"] == SEED
    assert [h["position"] for h in revealed["hands"]] == [0, 1]
    assert sum(h["points"] for h in revealed["hands"]) == 0
    assert revealed == selectors.settled_payload(Round.objects.get(pk=round.pk))


def _reads_by_table(queries) -> dict[str, int]:
    """How many SELECTs read rows of each games table (as the query's main table; a
    count or a sum is not a read of rows)."""
    counted: dict[str, int] = {}
    for query in queries.captured_queries:
        sql = query["sql"]
        listed = sql.split(" FROM ", 1)[0]
        if (sql.lstrip().upper().startswith("SELECT") and ' FROM "games_' in sql
                and "COUNT(" not in listed and "SUM(" not in listed):
            name = sql.split(' FROM "', 1)[1].split('"', 1)[0]
            counted[name] = counted.get(name, 0) + 1
    return counted


@pytest.mark.parametrize("settled", [False, True])
def test_a_sockets_state_reads_the_table_the_seats_and_the_rounds_hands_once(
        players, settled):
    # Every connection and resync reads the state: its parts share one read of each.
    table = services.table_create(user=players[0], rule_set="standard", name="Felt")
    seat_all(table, players[:2])
    round = start_round(table, players[:2])
    for user in players[:2] if settled else players[:1]:
        hand = round.hands.get(user=user)
        services.round_submit(table_id=table.id, user=user,
                              **dict(zip(("front", "middle", "back"), best_rows(hand))))
    with CaptureQueriesContext(connection) as queries:
        state = selectors.table_state(table_id=table.id, user=players[0])
    reads = _reads_by_table(queries)
    assert reads == {"games_table": 1, "games_seat": 1, "games_round": 1, "games_hand": 1,
                     "games_session": 1, "games_chatmessage": 1}
    assert state["round"]["phase"] == ("settled" if settled else "arranging")
    assert [seat["submitted"] for seat in state["seats"]] == (
        [False, False] if settled else [True, False])


def test_the_states_session_totals_are_the_points_of_its_settled_rounds(players):
    table = services.table_create(user=players[0], rule_set="standard", name="Felt")
    seat_all(table, players[:2])
    for _ in range(2):
        round = start_round(table, players[:2])
        for user in players[:2]:
            hand = round.hands.get(user=user)
            services.round_submit(table_id=table.id, user=user,
                                  **dict(zip(("front", "middle", "back"), best_rows(hand))))
    start_round(table, players[:2])  # a third, being played: not counted yet
    session = selectors.table_state(table_id=table.id, user=players[0])["session"]
    points = {str(user.id): sum(Hand.objects.filter(
        user=user, round__phase="settled").values_list("points", flat=True))
        for user in players[:2]}
    assert session["rounds_played"] == 2 and session["totals"] == points
    assert sum(points.values()) == 0


def test_the_states_chat_is_the_last_lines_without_the_muted_players(players):
    table = services.table_create(user=players[0], rule_set="standard", name="Felt")
    seat_all(table, players[:3])
    ChatMute.objects.create(user=players[0], muted=players[2])
    for number in range(CHAT_SHOWN + 5):  # written as rows: the chat's rate limit aside
        ChatMessage.objects.create(table=table, user=players[1 + number % 2],
                                   text=f"line {number}")
    mine = selectors.table_state(table_id=table.id, user=players[0])
    theirs = selectors.table_state(table_id=table.id, user=players[1])
    assert [line["text"] for line in theirs["chat"]] == [
        f"line {number}" for number in range(5, CHAT_SHOWN + 5)]
    assert [line["text"] for line in mine["chat"]] == [
        f"line {number}" for number in range(CHAT_SHOWN + 5) if number % 2 == 0][-CHAT_SHOWN:]
    assert mine["muted"] == [{"user_id": players[2].id, "display_name": str(players[2])}]
    assert {line["display_name"] for line in mine["chat"]} == {str(players[1])}
