"""Bots at the table (issue 16): practise tables and tables that fill with bots, bots that
ready and arrange through the same services (each level its own way), a bot's seat
given up to a person between rounds, 十三道 rounds with bots, and refusals."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth import get_user_model

from games.errors import GameError
from games.live import selectors, services
from games.live.services import bot_seats, bots
from games.models import Round, Seat, Session, Table
from rules.engine.advisor import STRONG_TABLES, advise, strong_advice
from rules.engine.cards import codes, parse_cards
from rules.engine.config import RuleConfig
from tests.games.bot_runner import BotRunner, fresh_cache_keys
from tests.games.conftest import best_rows


@pytest.fixture(autouse=True)
def own_cache_keys(monkeypatch):
    fresh_cache_keys(monkeypatch)


@pytest.fixture
def runner(monkeypatch, django_capture_on_commit_callbacks):
    return BotRunner(monkeypatch, django_capture_on_commit_callbacks)


def practise(user, committed, bots_count=3, level="normal", rule_set="standard", **options):
    table = committed(bots.practise_create, user=user, rule_set=rule_set, bots=bots_count,
                      level=level, **options)
    committed(services.player_connection, table_id=table.id, user=user, connected=True)
    return table


def play_default(table, user, committed) -> str | None:
    """A person takes the step a bot would (the timer's default at each 十三道 step, their
    first hint when arranging): enough for tests where the person is not the point."""
    view = selectors.table_state(table_id=table.id, user=user)
    step = bots.next_step(view)
    if step is None:
        return None
    kind, arguments = step
    if kind == "arrange":
        hint = view["you"]["hints"][0]
        if hint["special"]:
            committed(services.round_declare, table_id=table.id, user=user)
        else:
            committed(services.round_submit, table_id=table.id, user=user,
                      front=hint["front"], middle=hint["middle"], back=hint["back"])
    else:
        committed(lambda: bots.DOORS[kind](table.id, user, view, arguments))
    return kind


def bot_seats_of(table):
    return [s for s in Seat.objects.filter(table=table).select_related("user") if s.user.bot_level]


# --- opening tables with bots --------------------------------------------------------------


def test_practise_seats_the_player_with_the_chosen_bots(players, committed, runner):
    table = practise(players[0], committed, bots_count=3, level="strong")
    seats = list(Seat.objects.filter(table=table).select_related("user"))
    assert table.is_private and table.fill_with_bots and table.seat_count == 4
    assert table.rounds_planned == 4
    assert [s.user.bot_level for s in seats] == ["", "strong", "strong", "strong"]
    assert [str(s.user) for s in seats[1:]] == ["Bot · Strong 1", "Bot · Strong 2",
                                                "Bot · Strong 3"]
    assert all(s.connected for s in seats[1:])
    assert [seat["bot"] for seat in selectors.seats_public(table.id)] == [
        None, "strong", "strong", "strong"]


def test_bot_accounts_cannot_log_in_and_are_shared_between_tables(players, committed):
    practise(players[0], committed, bots_count=1, level="easy")
    practise(players[1], committed, bots_count=2, level="easy")
    accounts = get_user_model().objects.filter(bot_level="easy")
    assert accounts.count() == 2
    for bot in accounts:
        assert not bot.has_usable_password()
        assert not bot.check_password("") and bot.username.startswith("~bot-")


@pytest.mark.parametrize("arguments, words", [
    ({"bots": 0}, "1 to 3 bots"),
    ({"bots": 4}, "1 to 3 bots"),
    ({"bots": "2"}, "1 to 3 bots"),
    ({"bots": True}, "1 to 3 bots"),
    ({"level": "genius"}, "easy, normal, strong"),
    ({"rule_set": "no-such-rules"}, "no such rule set"),
    ({"rounds": 5}, "play 4, 8, 12, 16 rounds"),
])
def test_practise_refuses_bad_input_and_creates_nothing(players, arguments, words):
    request = {"rule_set": "standard", "bots": 2, "level": "normal", **arguments}
    with pytest.raises(GameError) as refused:
        bots.practise_create(user=players[0], **request)
    assert refused.value.code == "bad_request" and words in refused.value.message
    assert not Table.objects.exists() and not Seat.objects.exists()
    assert not get_user_model().objects.exclude(bot_level="").exists()


def test_practise_button_opens_the_table_and_a_bad_count_is_a_form_error(players, client):
    client.force_login(players[0])
    standard = Table._meta.get_field("rule_set").related_model.objects.get(slug="standard")
    refused = client.post("/tables/practise/", {"practise-rule_set": standard.pk,
                                                "practise-bots": 4, "practise-level": "easy"})
    assert refused.status_code == 400 and not Table.objects.exists()
    assert "1 to 3 bots" in refused.content.decode()
    bad_level = client.post("/tables/practise/", {"practise-rule_set": standard.pk,
                                                  "practise-bots": 2, "practise-level": "x"})
    assert bad_level.status_code == 400 and not Table.objects.exists()
    opened = client.post("/tables/practise/", {"practise-rule_set": standard.pk,
                                               "practise-bots": 2, "practise-level": "easy",
                                               "practise-rounds": 8})
    table = Table.objects.get()
    assert opened.status_code == 302 and opened["Location"].endswith(f"/{table.pk}/")
    assert table.seat_count == 3 and table.rounds_planned == 8 and table.is_private
    assert [s.user.bot_level for s in Seat.objects.filter(table=table)] == ["", "easy", "easy"]


def test_create_form_and_api_fill_empty_seats_with_bots(players, client):
    client.force_login(players[0])
    standard = Table._meta.get_field("rule_set").related_model.objects.get(slug="standard")
    client.post("/tables/create/", {"create-rule_set": standard.pk, "create-name": "Form",
                                    "create-fill_with_bots": "on", "create-seats": 3,
                                    "create-bot_level": "strong"})
    form_table = Table.objects.get(name="Form")
    assert form_table.fill_with_bots
    assert [s.user.bot_level for s in Seat.objects.filter(table=form_table)] == [
        "", "strong", "strong"]
    answer = client.post("/api/tables/", {"rule_set": "standard", "name": "Api",
                                          "fill_with_bots": True, "bot_level": "easy"},
                         content_type="application/json")
    assert answer.status_code == 201, answer.content
    assert [seat["bot"] for seat in answer.json()["seats"]] == [None, "easy", "easy", "easy"]
    refused = client.post("/api/tables/", {"rule_set": "standard", "name": "Bad",
                                           "fill_with_bots": True, "bot_level": "genius"},
                          content_type="application/json")
    assert refused.status_code == 400 and not Table.objects.filter(name="Bad").exists()
    plain = client.post("/api/tables/", {"rule_set": "standard", "name": "Plain"},
                        content_type="application/json")
    assert [seat["bot"] for seat in plain.json()["seats"]] == [None]


# --- what bots do ------------------------------------------------------------------------


def test_bots_ready_and_arrange_and_a_round_settles_when_the_person_submits(
        players, committed, runner):
    table = practise(players[0], committed)
    runner.run()
    assert all(s.ready for s in bot_seats_of(table))  # they readied themselves
    assert not Round.objects.exists()  # ... and wait for the person
    committed(services.player_ready, table_id=table.id, user=players[0])
    runner.run()
    round = Round.objects.get(table=table)
    hands = {hand.position: hand for hand in round.hands.all()}
    assert round.phase == "arranging"
    assert all(hands[p].submitted_at and not hands[p].auto_submitted for p in (1, 2, 3))
    front, middle, back = best_rows(hands[0])
    committed(services.round_submit, table_id=table.id, user=players[0], front=front,
              middle=middle, back=back)
    round.refresh_from_db()
    assert round.phase == "settled"
    runner.run()
    assert all(s.ready for s in bot_seats_of(table))  # ready for the next round


def test_bots_need_a_person_present(players, committed, runner):
    table = practise(players[0], committed)
    committed(services.player_connection, table_id=table.id, user=players[0],
              connected=False)
    runner.run()
    assert not any(s.ready or s.connected for s in bot_seats_of(table))
    committed(services.player_connection, table_id=table.id, user=players[0],
              connected=True)
    runner.run()
    assert all(s.ready and s.connected for s in bot_seats_of(table))
    committed(services.seat_leave, table_id=table.id, user=players[0])
    runner.run()
    assert not Seat.objects.filter(table=table).exists()  # bots do not stay alone


def test_a_bot_acts_after_a_pause_once(players, committed, monkeypatch, settings):
    from games.live import bot_tasks
    from games.live.services import hooks

    monkeypatch.setattr(hooks, "schedule_bots", lambda table_id: None)
    table = practise(players[0], committed, bots_count=2)
    settings.BOT_PAUSE = (1.5, 6.0)
    queued = []
    monkeypatch.setattr(bot_tasks.bot_act, "apply_async",
                        lambda kwargs, countdown: queued.append((kwargs, countdown)))
    bot_tasks.bots_wake(table.id)
    bot_tasks.bots_wake(table.id)  # a second change meanwhile: no second act
    assert len(queued) == 2 and all(1.5 <= countdown <= 6.0 for _, countdown in queued)
    assert committed(bot_tasks.bot_act, **queued[0][0]) == "ready"
    assert bot_tasks.bot_act(**queued[0][0]) is None  # stale: nothing left to do


def _view_with_hints(cards, rule_set="standard"):
    config = RuleConfig.from_dict(
        Table._meta.get_field("rule_set").related_model.objects.get(slug=rule_set)
        .to_engine().to_dict())
    from games.machine import hand_hints
    return {"cards": cards, "hints": hand_hints(cards, config)}, config


HAND = ["As", "Ah", "Kd", "Kc", "Qs", "Jh", "Td", "9c", "8s", "7h", "5d", "3c", "2s"]


def test_each_level_picks_what_it_should(db):
    you, config = _view_with_hints(HAND)
    assert bots.choose_arrangement(you, config, "normal", players=4) == you["hints"][0]
    picked = {repr(bots.choose_arrangement(you, config, "easy", players=4,
                                           rng=random.Random(n))) for n in range(60)}
    assert picked <= {repr(hint) for hint in you["hints"][:bots.EASY_HINTS]}
    assert len(picked) > 1
    strong = bots.choose_arrangement(you, config, "strong", players=4)
    from django.conf import settings
    # The strong bot's 13 cards meet STRONG_TABLES tables, every one dealt.
    advice = advise(parse_cards(HAND), config, players=4, seed=settings.BOT_ADVISOR["seed"],
                    samples=STRONG_TABLES, floor=STRONG_TABLES)
    assert advice.samples == STRONG_TABLES
    best = advice.best
    assert strong["front"] == codes(best.arrangement.front)
    assert (strong["middle"], strong["back"]) == (codes(best.arrangement.middle),
                                                  codes(best.arrangement.back))


def test_the_advisor_is_called_through_one_function_with_the_settings(db, settings,
                                                                      monkeypatch):
    you, config = _view_with_hints(HAND)
    seen = {}

    def fake_advise(cards, config, **options):
        seen.update(options)
        return strong_advice(cards, config, **options)

    monkeypatch.setattr(bots, "strong_advice", fake_advise)
    settings.BOT_ADVISOR = {"samples": 7, "seed": 3}
    bots.choose_arrangement(you, config, "strong", players=3)
    assert seen == {"samples": 7, "seed": 3, "players": 3, "player_is_banker": False}
    seen.clear()
    settings.BOT_ADVISOR = {"samples": 0, "seed": 0}  # 0: the strong bot's own tables
    bots.choose_arrangement(you, config, "strong", players=3)
    assert seen == {"samples": None, "seed": 0, "players": 3, "player_is_banker": False}


@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
def test_bots_of_each_level_submit_one_of_their_choices(players, committed, runner, level):
    table = practise(players[0], committed, bots_count=1, level=level)
    runner.run()
    committed(services.player_ready, table_id=table.id, user=players[0])
    runner.run()
    hand = Round.objects.get(table=table).hands.get(position=1)
    you, config = _view_with_hints(hand.dealt_cards)
    rows = {"front": hand.front, "middle": hand.middle, "back": hand.back}
    if level == "normal":
        assert rows == {k: you["hints"][0][k] for k in rows}
    elif level == "easy":
        assert rows in [{k: hint[k] for k in rows} for hint in you["hints"][:3]]
    else:
        strong = bots.choose_arrangement(you, config, "strong", players=2)
        assert rows == {k: strong[k] for k in rows}


# --- seats: a person takes a bot's ---------------------------------------------------------


def test_a_bot_gives_its_seat_to_a_person_between_rounds(players, committed, runner):
    table = committed(bots.table_open, user=players[0], rule_set="standard", name="Open",
                      fill_with_bots=True, bot_level="normal")
    assert len(bot_seats_of(table)) == 3
    joined = committed(services.table_join, user=players[1], invite_code=table.invite_code)
    assert joined.id == table.id
    seat = Seat.objects.get(table=table, user=players[1])
    assert seat.position == 3 and len(bot_seats_of(table)) == 2


def test_a_person_who_joins_mid_round_takes_a_bot_seat_after_the_settlement(
        players, committed, runner):
    table = practise(players[0], committed, bots_count=2)
    runner.run()
    committed(services.player_ready, table_id=table.id, user=players[0])
    runner.run()
    with pytest.raises(GameError) as promised:
        committed(services.seat_take, table_id=table.id, user=players[1])
    assert promised.value.code == "seat_promised"
    committed(services.table_join, user=players[1], invite_code=table.invite_code)  # watches
    assert not Seat.objects.filter(user=players[1]).exists()
    hand = Round.objects.get(table=table).hands.get(user=players[0])
    front, middle, back = best_rows(hand)
    committed(services.round_submit, table_id=table.id, user=players[0], front=front,
              middle=middle, back=back)
    runner.run()
    seat = Seat.objects.get(user=players[1])
    assert seat.table_id == table.id and seat.position == 2
    assert len(bot_seats_of(table)) == 1
    assert Table.objects.get(pk=table.pk).host_id == players[0].id


def test_a_full_table_without_bots_is_still_full(players, committed):
    table = services.table_create(user=players[0], rule_set="standard", name="Two", seats=2)
    services.table_join(user=players[1], invite_code=table.invite_code)
    with pytest.raises(GameError) as full:
        services.table_join(user=players[2], invite_code=table.invite_code)
    assert full.value.code == "table_full"


def test_bots_never_host(players, committed, runner):
    table = committed(bots.table_open, user=players[0], rule_set="standard", name="Host",
                      fill_with_bots=True, bot_level="easy")
    committed(services.table_join, user=players[1], invite_code=table.invite_code)
    committed(services.seat_leave, table_id=table.id, user=players[0])
    assert Table.objects.get(pk=table.pk).host_id == players[1].id
    assert bot_seat_levels(table) == ["easy", "easy"]
    runner.run()
    assert len(bot_seats_of(table)) == 3  # the seat the host left is filled again


def bot_seat_levels(table):
    return [s.user.bot_level for s in bot_seats_of(table)]


# --- whole sessions ---------------------------------------------------------------------------


def test_a_four_round_practise_session_completes_with_one_person(players, committed,
                                                                 runner):
    table = practise(players[0], committed, bots_count=3, level="easy", rounds=4)
    for number in range(1, 5):
        runner.run()
        committed(services.player_ready, table_id=table.id, user=players[0])
        runner.run()
        assert play_default(table, players[0], committed) == "arrange"
        assert Round.objects.get(table=table, number=number).phase == "settled"
    session = Session.objects.get(table=table)
    assert session.ended_at is not None and session.end_reason == "completed"
    assert Round.objects.filter(table=table, phase="settled").count() == 4
    from games.record.history import leaderboard
    board = leaderboard(rule_set="standard")
    assert [row["user_id"] for row in board] == [players[0].id]  # bots are not on it


@pytest.mark.parametrize("bots_count", [3, 2])
def test_a_shisandao_round_with_bots_completes(players, committed, runner, bots_count):
    table = practise(players[0], committed, bots_count=bots_count, level="strong",
                     rule_set="shisandao")
    runner.run()
    committed(services.player_ready, table_id=table.id, user=players[0])
    steps = []
    for _ in range(40):
        runner.run()
        round = Round.objects.get(table=table)
        if round.phase == "settled":
            break
        steps.append(play_default(table, players[0], committed))
    assert Round.objects.get(table=table).phase == "settled", steps
    assert "arrange" in steps
    kinds = {kind for _, kind in runner.acted}
    assert {"ready", "bid", "arrange", "answer"} <= kinds
    if bots_count == 3:  # four players: the pool (换牌)
        assert {"put", "choose"} <= kinds


def test_bots_vote_to_end_when_every_person_has(players, committed, runner):
    table = practise(players[0], committed, bots_count=1, rounds=None)
    runner.run()
    committed(services.player_ready, table_id=table.id, user=players[0])
    runner.run()
    play_default(table, players[0], committed)
    runner.run()
    committed(services.vote_end, table_id=table.id, user=players[0])
    runner.run()
    assert Session.objects.get(table=table).end_reason == "voted"


def test_the_wish_list_hands_seats_over_first_come(players, committed):
    table = committed(bots.table_open, user=players[0], rule_set="standard", name="W",
                      fill_with_bots=True)
    bot_seats.want_seat(table.id, players[2].id)
    bot_seats.want_seat(table.id, players[1].id)
    bot_seats.want_seat(table.id, players[2].id)
    assert bot_seats.seat_wishes(table.id) == [players[2].id, players[1].id]


def test_a_restarted_worker_wakes_every_open_bot_table(players, committed, monkeypatch):
    from games.live import bot_tasks

    table = practise(players[0], committed, bots_count=1)
    woken = []
    monkeypatch.setattr(bot_tasks.bots_wake, "delay",
                        lambda table_id, fresh=False: woken.append((table_id, fresh)))
    monkeypatch.setattr(bot_tasks.bots_rearm, "delay", lambda: woken.append("rearm"))
    bot_tasks.rearm_bots_after_the_timers(sender=bot_tasks.bot_act)
    assert woken == []
    from games.live import tasks
    bot_tasks.rearm_bots_after_the_timers(sender=tasks.rearm_arrange_timers)
    assert woken == ["rearm"]
    assert bot_tasks.bots_rearm() == 1 and woken[-1] == (table.id, True)


def test_the_lobby_offers_a_full_bot_table_to_join(players, committed, client):
    table = committed(bots.table_open, user=players[0], rule_set="standard", name="Bots",
                      fill_with_bots=True)
    client.force_login(players[1])
    page = client.get("/tables/").content.decode()
    row = page[page.index(f'data-table-id="{table.id}"'):]
    row = row[:row.index("</tr>")]
    assert "3 bots" in row and 'name="join-invite_code"' in row
    joined = client.post("/tables/join/", {"join-invite_code": table.invite_code})
    assert joined.status_code == 302
    assert Seat.objects.get(user=players[1]).table_id == table.id


def test_the_real_tasks_run_a_practise_round_with_celery_eager(players, committed, settings):
    """Through Celery itself, by task name (eager: each countdown runs at once)."""
    from config.celery import app

    settings.BOT_PAUSE = (0.0, 0.0)
    eager = app.conf.task_always_eager
    app.conf.task_always_eager = True
    try:
        table = practise(players[0], committed, bots_count=2, level="strong")
        committed(services.player_ready, table_id=table.id, user=players[0])
        round = Round.objects.get(table=table)
        assert round.hands.filter(submitted_at__isnull=False).count() == 2
        play_default(table, players[0], committed)
    finally:
        app.conf.task_always_eager = eager
    assert Round.objects.get(table=table).phase == "settled"
    assert all(s.ready for s in bot_seats_of(table))  # and ready for the next


def test_the_presence_sweep_leaves_bots_connected(players, committed):
    from games.live import tasks

    table = practise(players[0], committed, bots_count=2)
    for _ in range(3):
        tasks.sweep_stale_presence()
    assert all(s.connected for s in bot_seats_of(table))


def test_a_person_may_ask_for_one_bot_seat_by_its_number(players, committed, runner):
    table = practise(players[0], committed, bots_count=3)
    runner.run()
    seat = committed(services.seat_take, table_id=table.id, user=players[1], position=1,
                     connected=True)
    assert seat.position == 1 and not seat.ready
    assert [s.position for s in bot_seats_of(table)] == [2, 3]
    with pytest.raises(GameError) as taken:
        committed(services.seat_take, table_id=table.id, user=players[2], position=1)
    assert taken.value.code == "seat_taken"  # a person's seat is never given away
