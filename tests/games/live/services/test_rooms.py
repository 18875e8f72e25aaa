"""Rooms that play a session (issue: rooms): the host's options, the first round dealt
when every seat is filled (or the host starts early), N rounds with running totals and a
summary, votes to end early, away players (托管), the host's seat handed on, the chat,
"play now", idle tables closing, and the horse card (马牌) frozen into each round."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.live import broadcast, selectors, services
from games.live.services import GameError, hooks
from games.models import ChatMessage, Round, Seat, Session, Table
from tests.games.conftest import best_rows, seat_all, start_round

pytestmark = pytest.mark.django_db


def room(players, count=4, **options):
    table = services.table_create(user=players[0], rule_set=options.pop("rule_set", "standard"),
                                  name="Room", **options)
    seat_all(table, players[:count])
    return table


def settle_by_timer(round, monkeypatch):
    moment = round.deadline + timedelta(seconds=1)
    monkeypatch.setattr(hooks, "now", lambda: moment)
    assert services.round_auto_submit(round_id=round.id, version=round.table_version)
    monkeypatch.setattr(hooks, "now", timezone.now)
    round.refresh_from_db()
    return round


def settle_by_hand(table, round, committed=None):
    run = committed or (lambda service, **kwargs: service(**kwargs))
    for hand in round.hands.select_related("user"):
        run(services.round_submit, table_id=table.id, user=hand.user,
            **dict(zip(("front", "middle", "back"), best_rows(hand))))
    round.refresh_from_db()
    return round


@pytest.mark.parametrize("options, words", [
    ({"seats": 5}, "seats 2 to 4"), ({"seats": 1}, "seats 2 to 4"), ({"seats": "3"}, "seats"),
    ({"rounds": 5}, "4, 8, 12, 16"), ({"arrange_seconds": 5}, "15 to 120 seconds"),
    ({"horse_card": "Kh"}, "horse cards"),  # standard offers none
])
def test_room_options_outside_the_rule_set_are_refused(players, options, words):
    with pytest.raises(GameError) as error:
        services.table_create(user=players[0], rule_set="standard", name="Room", **options)
    assert error.value.code == "bad_request" and words in error.value.message
    assert not Table.objects.exists()


def test_the_room_shows_its_options_and_freezes_them_into_each_round(players):
    table = room(players, 2, seats=2, rounds=8, arrange_seconds=45, rule_set="fujian",
                 horse_card="Kh")
    state = selectors.table_state(table_id=table.id, user=players[0])
    assert state["table"]["room"] == {"seats": 2, "rounds_planned": 8, "arrange_seconds": 45,
                                      "horse_card": "Kh", "host": players[0].id}
    round = start_round(table, players[:2])
    assert round.rules["arrange_seconds"] == 45 and round.rules["horse_card"] == "Kh"
    assert (round.deadline - round.created_at).total_seconds() == pytest.approx(45, abs=2)


def test_the_first_round_waits_for_every_seat_and_the_host_may_start_early(players):
    table = room(players, 3)  # four seats, three players
    for user in players[:3]:
        services.player_ready(table_id=table.id, user=user)
    assert not Round.objects.exists()
    with pytest.raises(GameError) as error:
        services.start_now(table_id=table.id, user=players[1])
    assert error.value.code == "not_host"
    services.start_now(table_id=table.id, user=players[0])
    assert Round.objects.get(table=table).hands.count() == 3
    with pytest.raises(GameError) as error:
        services.start_now(table_id=table.id, user=players[0])
    assert error.value.code == "round_in_progress"


def test_starting_early_needs_the_minimum_ready(players):
    table = room(players, 2)
    services.player_ready(table_id=table.id, user=players[0])
    with pytest.raises(GameError) as error:
        services.start_now(table_id=table.id, user=players[0])
    assert error.value.code == "too_few_ready" and not Round.objects.exists()


def test_a_session_of_n_rounds_ends_with_a_summary_anyone_may_open(players, committed,
                                                                    outbox):
    table = room(players, 2, seats=2, rounds=4)
    for number in range(1, 5):
        round = start_round(table, players[:2], committed)
        settle_by_hand(table, round, committed)
        session = Session.objects.get(table=table)
        assert (session.ended_at is None) == (number < 4)
        state = selectors.table_state(table_id=table.id, user=players[0])
        assert state["session"]["rounds_played"] == number
    ended = [m for g, m in outbox if m["type"] == "session_ended"]
    assert len(ended) == 1 and ended[0]["session"]["reason"] == "completed"
    summary = session.summary
    assert [line["number"] for line in summary["rounds"]] == [1, 2, 3, 4]
    assert sum(row["total"] for row in summary["standings"]) == 0
    assert summary["standings"][0]["rank"] == 1
    client = Client()
    client.force_login(players[3])  # never sat at the table
    page = client.get(reverse("history:session", args=[session.share_code]))
    assert page.status_code == 200 and "Standings" in page.content.decode()
    # the next ready starts a new session
    round = start_round(table, players[:2], committed)
    assert round.session.number == 2


def test_everyone_voting_ends_the_session_between_rounds(players):
    table = room(players, 2, seats=2)
    settle_by_hand(table, start_round(table, players[:2]))
    services.vote_end(table_id=table.id, user=players[0])
    with pytest.raises(GameError) as error:
        services.vote_end(table_id=table.id, user=players[0])
    assert error.value.code == "already_voted"
    assert Session.objects.get(table=table).ended_at is None
    services.vote_end(table_id=table.id, user=players[1])
    session = Session.objects.get(table=table)
    assert session.end_reason == "voted" and session.summary["rounds"]
    assert not Seat.objects.filter(table=table, end_vote=True).exists()


def test_a_player_the_timer_plays_twice_is_away_readied_and_comes_back(players,
                                                                        monkeypatch):
    table = room(players, 2, seats=2)
    for _ in range(2):
        round = start_round(table, players[:2])
        services.round_submit(table_id=table.id, user=players[0],
                              **dict(zip(("front", "middle", "back"),
                                         best_rows(round.hands.get(position=0)))))
        settle_by_timer(round, monkeypatch)
    seat = Seat.objects.get(table=table, user=players[1])
    assert seat.away and seat.timer_streak == 2
    services.player_ready(table_id=table.id, user=players[0])  # the table readies seat 1
    assert Round.objects.filter(table=table, phase="arranging").exists()
    services.player_back(table_id=table.id, user=players[1])
    assert not Seat.objects.get(table=table, user=players[1]).away
    with pytest.raises(GameError) as error:
        services.player_back(table_id=table.id, user=players[1])
    assert error.value.code == "not_away"


def test_a_player_not_connected_at_the_deal_is_away_and_the_host_may_free_the_seat(
        players, monkeypatch):
    table = room(players, 3, seats=3)
    services.player_connection(table_id=table.id, user=players[2], connected=False)
    round = start_round(table, players[:3])
    assert Seat.objects.get(table=table, user=players[2]).away
    with pytest.raises(GameError) as error:
        services.seat_free(table_id=table.id, user=players[0], position=2)
    assert error.value.code == "round_in_progress"
    settle_by_timer(round, monkeypatch)
    with pytest.raises(GameError) as error:
        services.seat_free(table_id=table.id, user=players[1], position=2)
    assert error.value.code == "not_host"
    with pytest.raises(GameError) as error:
        services.seat_free(table_id=table.id, user=players[0], position=1)
    assert error.value.code == "not_away"
    services.seat_free(table_id=table.id, user=players[0], position=2)
    assert not Seat.objects.filter(table=table, user=players[2]).exists()


@pytest.fixture
def absent_checks(monkeypatch):
    """The absent checks queued (table id, countdown); the test runs the service itself."""
    queued: list[tuple[int, float]] = []
    monkeypatch.setattr(hooks, "schedule_absent_check",
                        lambda table_id, countdown: queued.append((table_id, countdown)))
    return queued


def test_a_player_who_left_between_rounds_is_away_after_the_grace_and_the_round_is_dealt(
        players, monkeypatch, committed, absent_checks, settings):
    """Issue 25, item 1: after a settlement one player closes the page without pressing
    Ready; the other two press Ready. The table waited forever (not_away, session_running);
    now it marks the gone player away after ABSENT_GRACE_SECONDS and deals."""
    settings.ABSENT_GRACE_SECONDS = 15
    table = room(players, 3, seats=3)
    settle_by_hand(table, start_round(table, players[:3]))
    committed(services.player_connection, table_id=table.id, user=players[2], connected=False)
    assert absent_checks == []  # the others have not pressed ready yet
    for user in players[:2]:
        committed(services.player_ready, table_id=table.id, user=user)
    assert not Round.objects.filter(table=table, phase="arranging").exists()
    assert absent_checks[-1] == (table.id, 15)
    assert services.absent_players_away(table_id=table.id) == 1
    assert Seat.objects.get(table=table, user=players[2]).away
    round = Round.objects.get(table=table, phase="arranging")
    assert round.hands.count() == 3 and round.number == 2
    # between this round and the next the host may free the away seat
    settle_by_timer(round, monkeypatch)
    services.seat_free(table_id=table.id, user=players[0], position=2)
    assert not Seat.objects.filter(table=table, user=players[2]).exists()


def test_the_player_who_leaves_last_starts_the_grace_and_one_who_came_back_is_not_away(
        players, committed, absent_checks):
    table = room(players, 3, seats=3)
    settle_by_hand(table, start_round(table, players[:3]))
    for user in players[:2]:
        committed(services.player_ready, table_id=table.id, user=user)
    assert absent_checks == []  # everyone is here: the table waits for seat 2's ready
    committed(services.player_connection, table_id=table.id, user=players[2], connected=False)
    assert [table_id for table_id, _ in absent_checks] == [table.id]
    committed(services.player_connection, table_id=table.id, user=players[2], connected=True)
    version = Table.objects.get(pk=table.id).version
    assert services.absent_players_away(table_id=table.id) == 0  # back within the grace
    assert not Seat.objects.get(table=table, user=players[2]).away
    assert Table.objects.get(pk=table.id).version == version  # nothing changed
    assert not Round.objects.filter(table=table, phase="arranging").exists()


def test_the_absent_check_changes_nothing_during_a_round_or_at_a_table_gone(players):
    table = room(players, 3, seats=3)
    start_round(table, players[:3])
    services.player_connection(table_id=table.id, user=players[2], connected=False)
    assert services.absent_players_away(table_id=table.id) == 0
    assert not Seat.objects.get(table=table, user=players[2]).away
    assert services.absent_players_away(table_id=10**6) == 0


def test_the_absent_check_is_a_registered_task(players, monkeypatch):
    from games.live import tasks
    calls = []
    monkeypatch.setattr(services, "absent_players_away",
                        lambda table_id: calls.append(table_id) or 0)
    tasks.absent_check(table_id=7)
    assert calls == [7] and hooks.ABSENT_CHECK_TASK == tasks.absent_check.name


def test_when_the_host_leaves_the_next_seat_hosts(players):
    table = room(players, 3)
    services.seat_leave(table_id=table.id, user=players[0])
    table.refresh_from_db()
    assert table.host == players[1]
    seats = selectors.seats_public(table.id)
    assert [s["host"] for s in seats] == [True, False]


def test_the_chat_takes_quick_phrases_and_short_text_from_players_and_watchers(
        players, committed, outbox):
    table = room(players, 2)
    committed(services.chat_send, table_id=table.id, user=players[0], phrase="good_luck")
    committed(services.chat_send, table_id=table.id, user=players[3],
              text="  <b>hi</b>   all ")  # a watcher of a public table
    lines = [m["message"] for g, m in outbox if m["type"] == "chat"]
    assert [(line["phrase"], line["text"]) for line in lines] == [
        ("good_luck", None), (None, "<b>hi</b> all")]  # escaped by the page, kept as typed
    assert all(g == broadcast.table_group(table.id) for g, m in outbox if m["type"] == "chat")
    state = selectors.table_state(table_id=table.id, user=players[1])
    assert [line["id"] for line in state["chat"]] == [line["id"] for line in lines]
    for kwargs, code in (({"text": "x" * 121}, "chat_too_long"),
                         ({"phrase": "nope"}, "bad_request"), ({}, "bad_request"),
                         ({"text": "  "}, "bad_request")):
        with pytest.raises(GameError) as error:
            services.chat_send(table_id=table.id, user=players[0], **kwargs)
        assert error.value.code == code
    for _ in range(4):  # five lines in ten seconds, the phrase included
        services.chat_send(table_id=table.id, user=players[0], text="spam")
    with pytest.raises(GameError) as error:
        services.chat_send(table_id=table.id, user=players[0], text="spam")
    assert error.value.code == "chat_rate_limited"
    assert ChatMessage.objects.count() == 6


def test_play_now_seats_you_at_a_waiting_table_or_opens_one(players):
    # A preset's Play now is rated (issue 26): it seats you at a rated table waiting.
    waiting = services.table_create(user=players[0], rule_set="classic", name="Waiting",
                                    rated=True)
    assert services.play_now(user=players[1], rule_set="classic") == waiting
    assert Seat.objects.filter(table=waiting, user=players[1]).exists()
    opened = services.play_now(user=players[2], rule_set="fujian")
    assert opened != waiting and opened.rule_set.slug == "fujian"
    with pytest.raises(GameError):
        services.play_now(user=players[2], rule_set="no-such-rules")


def test_tables_nobody_visits_close_and_leave_the_lobby(players, settings):
    settings.TABLE_IDLE_MINUTES = 10
    idle = room(players, 2, seats=2)
    busy = services.table_create(user=players[2], rule_set="standard", name="Busy")
    settle_by_hand(idle, start_round(idle, players[:2]))
    for user in players[:2]:
        services.player_connection(table_id=idle.id, user=user, connected=False)
    long_ago = timezone.now() - timedelta(minutes=11)
    Table.objects.filter(pk=idle.pk).update(last_seen_at=long_ago)
    services.player_connection(table_id=busy.id, user=players[2], connected=True)
    assert services.close_idle_tables() == 1
    idle.refresh_from_db()
    assert idle.status == "closed"
    assert Session.objects.get(table=idle).end_reason == "closed"
    assert [t["id"] for t in selectors.lobby_tables()] == [busy.id]


def test_the_idle_sweep_is_a_periodic_task_that_queues_itself(players, monkeypatch, settings):
    from games.live import tasks

    queued = []
    monkeypatch.setattr(tasks.idle_tables_sweep, "apply_async",
                        lambda **options: queued.append(options))
    settings.TABLE_IDLE_MINUTES = 0
    table = services.table_create(user=players[0], rule_set="standard", name="Gone")
    Table.objects.filter(pk=table.pk).update(last_seen_at=timezone.now() - timedelta(minutes=1))
    from django.core.cache import cache

    cache.delete(tasks.IDLE_SWEEP_RAN)
    assert tasks.idle_tables_sweep() == 1
    assert queued == [{"countdown": tasks.IDLE_SWEEP_SECONDS}]


def test_a_horse_card_round_settles_the_holders_pairs_doubled(players, monkeypatch):
    table = room(players, 4, rule_set="fujian", horse_card="Kh")
    round = settle_by_timer(start_round(table, players), monkeypatch)
    holder = round.result["horse"]
    for pair in round.result["pairs"]:
        assert pair["horse"] == (holder if holder in (pair["a"], pair["b"]) else None)
    assert sum(round.result["totals"].values()) == 0
