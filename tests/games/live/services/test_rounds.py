"""games.live.services.rounds: ready and the deal, submissions, the arrange timer and
settlement — each change locked, versioned, logged, broadcast after commit; each refusal a
GameError that changes nothing."""

from __future__ import annotations

import hashlib
from datetime import timedelta

import pytest
from django.utils import timezone

from games.live import broadcast, services
from games.live.services import hooks
from games.models import Hand, Round, RoundEvent, RoundSecret, Seat
from rules.engine import fairness
from rules.engine.cards import parse_cards
from rules.engine.presets import PRESETS
from tests.factories import make_user

from tests.games.conftest import SEED, best_rows, seat_all, start_round

from tests.games.live.services.conftest import SPECIAL_SEED, refused, snapshot, standard

pytestmark = pytest.mark.django_db


# --- ready and the deal -------------------------------------------------------------------


def test_the_round_starts_only_when_everyone_seated_is_ready(table, players):
    for user in players[:3]:
        services.player_ready(table_id=table.id, user=user)
    assert not Round.objects.exists()
    services.player_ready(table_id=table.id, user=players[3])
    assert Round.objects.filter(table=table, phase="arranging").count() == 1


def test_a_lone_ready_player_does_not_start_a_round(players):
    table = services.table_create(user=players[0], rule_set=standard(), name="Solo")
    services.player_ready(table_id=table.id, user=players[0])
    assert not Round.objects.exists()


def test_a_room_with_a_seat_left_empty_waits_for_its_host_to_start(table, players):
    for user in players[:3]:
        services.player_ready(table_id=table.id, user=user)
    services.seat_leave(table_id=table.id, user=players[3])
    assert not Round.objects.filter(table=table).exists()  # the room seats four
    services.start_now(table_id=table.id, user=players[0])
    assert Round.objects.get(table=table).hands.count() == 3


def test_in_a_session_the_last_unready_player_leaving_starts_the_round(table, players,
                                                                       monkeypatch):
    first = start_round(table, players)
    past_deadline(monkeypatch, first)
    services.round_auto_submit(round_id=first.id, version=first.table_version)
    for user in players[:3]:
        services.player_ready(table_id=table.id, user=user)
    services.seat_leave(table_id=table.id, user=players[3])
    assert Round.objects.get(table=table, number=2).hands.count() == 3


def test_the_deal_is_committed_and_the_seed_kept_secret(table, players, timers, committed):
    round = start_round(table, players, committed)
    config = PRESETS["standard"]
    assert round.deal_commitment == fairness.commitment(SEED) == \
        hashlib.sha256(bytes.fromhex(SEED)).hexdigest()
    assert round.deal_seed is None
    assert RoundSecret.objects.get(round=round).deal_seed == SEED
    hands, _rest = fairness.deal_from_seed(SEED, config, 4)
    for hand, dealt in zip(round.hands.order_by("position"), hands):
        assert sorted(parse_cards(hand.dealt_cards), key=str) == sorted(dealt, key=str)
    assert round.rules == config.to_dict()
    assert round.deadline - timezone.now() <= timedelta(seconds=config.arrange_seconds)
    assert timers == [(round.id, round.table_version, config.arrange_seconds)]
    dealt_event = RoundEvent.objects.get(round=round)
    assert (dealt_event.seq, dealt_event.type) == (1, "dealt")
    assert SEED not in str(dealt_event.payload)
    assert not any(f"'{code}'" in str(dealt_event.payload)
                   for code in round.hands.first().dealt_cards)
    table.refresh_from_db()
    assert table.status == "playing"
    assert not Seat.objects.filter(table=table, ready=True).exists()


def test_the_deal_sends_cards_only_to_their_owner(table, players, committed, outbox):
    round = start_round(table, players, committed)
    table_messages = outbox.to(broadcast.table_group(table.id))
    started = [m for m in table_messages if m["type"] == "round_started"]
    assert len(started) == 1 and "cards" not in str(started[0])
    for hand in round.hands.all():
        private = outbox.to(broadcast.player_group(table.id, hand.user_id))
        assert [m["type"] for m in private] == ["hand"]
        assert private[0]["cards"] == hand.dealt_cards
        assert private[0]["hints"][0]["front"]
        assert private[0]["version"] == started[0]["version"] == round.table_version


def test_ready_is_refused_during_a_round(table, players):
    start_round(table, players)
    refused("round_in_progress", services.player_ready, table, table_id=table.id,
            user=players[0])
    refused("round_in_progress", services.seat_leave, table, table_id=table.id,
            user=players[0])


# --- submissions ----------------------------------------------------------------------------


def test_a_full_round_settles_when_the_last_player_submits(table, players, committed, outbox,
                                                            timers):
    round = start_round(table, players, committed)
    for user in players:
        hand = Hand.objects.get(round=round, user=user)
        front, middle, back = best_rows(hand)
        result = committed(services.round_submit, table_id=table.id, user=user,
                           front=front, middle=middle, back=back)
        assert result.submitted_at is not None and not result.auto_submitted
    round.refresh_from_db()
    assert round.phase == "settled" and round.settled_at is not None
    assert round.deal_seed == SEED and not RoundSecret.objects.filter(round=round).exists()
    totals = {h.position: h.points for h in round.hands.all()}
    assert sum(totals.values()) == 0
    assert {int(k): v for k, v in round.result["totals"].items()} == totals
    assert list(round.events.values_list("seq", "type")) == [
        (1, "dealt"), (2, "submitted"), (3, "submitted"), (4, "submitted"), (5, "submitted"),
        (6, "settled")]
    assert round.events.get(type="settled").payload["deal_seed"] == SEED
    table.refresh_from_db()
    assert table.status == "open"
    settled = [m for m in outbox.to(broadcast.table_group(table.id)) if m["type"] == "settled"]
    assert len(settled) == 1
    assert settled[0]["version"] == table.version
    assert [h["points"] for h in settled[0]["round"]["hands"]] == [totals[p] for p in range(4)]
    # the timer, when it comes, finds nothing to do
    assert timers.fire_all() == [False]


def test_the_next_round_needs_everyone_ready_again(table, players):
    round = start_round(table, players)
    for user in players:
        hand = Hand.objects.get(round=round, user=user)
        services.round_submit(table_id=table.id, user=user, **dict(zip(
            ("front", "middle", "back"), best_rows(hand))))
    second = start_round(table, players)
    assert second.number == 2 and second != round


def test_submission_refusals(table, players):
    round = start_round(table, players)
    hand = Hand.objects.get(round=round, user=players[0])
    front, middle, back = best_rows(hand)
    other = Hand.objects.get(round=round, user=players[1]).dealt_cards

    def refuse(code, user=players[0], **rows):
        rows = {"front": front, "middle": middle, "back": back, **rows}
        return refused(code, services.round_submit, table, table_id=table.id, user=user,
                       **rows)

    error = refuse("invalid_arrangement", front=[other[0], *front[1:]])
    assert f"{other[0]} is not one of your cards" in error.message
    error = refuse("invalid_arrangement", middle=back, back=middle)  # a foul (倒水)
    assert "foul" in error.message and "middle" in error.message and "back" in error.message
    refuse("invalid_arrangement", front=front[:2], middle=[front[2], *middle])
    refuse("bad_request", front="As Ks Qs")
    refuse("bad_request", front=[1, 2, 3])
    refuse("not_seated", user=make_user(username="kibitz"))
    error = refused("invalid_arrangement", services.round_declare, table, table_id=table.id,
                    user=players[0])
    assert "special" in error.message

    services.round_submit(table_id=table.id, user=players[0], front=front, middle=middle,
                          back=back)
    error = refuse("already_submitted")
    assert "final" in error.message


def test_a_submission_after_the_deadline_is_refused(table, players, monkeypatch):
    round = start_round(table, players)
    hand = Hand.objects.get(round=round, user=players[0])
    monkeypatch.setattr(hooks, "now", lambda: round.deadline + timedelta(seconds=1))
    rows = dict(zip(("front", "middle", "back"), best_rows(hand)))
    refused("too_late", services.round_submit, table, table_id=table.id, user=players[0],
            **rows)


def test_a_player_seated_after_the_deal_is_not_in_the_round(players):
    table = services.table_create(user=players[0], rule_set=standard(), name="Felt")
    services.table_join(user=players[1], invite_code=table.invite_code)
    start_round(table, players[:2])
    services.table_join(user=players[2], invite_code=table.invite_code)
    refused("not_in_round", services.round_submit, table, table_id=table.id,
            user=players[2], front=[], middle=[], back=[])


def test_no_submission_without_a_round(table, players):
    refused("not_arranging", services.round_declare, table, table_id=table.id,
            user=players[0])


def test_fouls_are_accepted_and_lose_where_the_rule_set_allows_them(players):
    table = services.table_create(user=players[0], rule_set="classic", name="Classic")
    services.table_join(user=players[1], invite_code=table.invite_code)
    round = start_round(table, players[:2])
    fouler = Hand.objects.get(round=round, user=players[0])
    front, middle, back = best_rows(fouler)
    services.round_submit(table_id=table.id, user=players[0], front=front, middle=back,
                          back=middle)
    clean = Hand.objects.get(round=round, user=players[1])
    services.round_submit(table_id=table.id, user=players[1], **dict(zip(
        ("front", "middle", "back"), best_rows(clean))))
    round.refresh_from_db()
    assert round.result["hands"]["0"]["foul"] is True
    assert round.result["pairs"][0]["scoop"] == 1
    assert Hand.objects.get(pk=fouler.pk).points < 0


def test_a_held_special_is_declared_and_collects(players, monkeypatch):
    monkeypatch.setattr(hooks, "deal_seed_factory", lambda: SPECIAL_SEED)
    table = services.table_create(user=players[0], rule_set=standard(), name="Felt")
    services.table_join(user=players[1], invite_code=table.invite_code)
    round = start_round(table, players[:2])
    hand = services.round_declare(table_id=table.id, user=players[0])
    assert hand.declared_special == "three_straights" and hand.submitted_at is not None
    other = Hand.objects.get(round=round, user=players[1])
    services.round_submit(table_id=table.id, user=players[1], **dict(zip(
        ("front", "middle", "back"), best_rows(other))))
    round.refresh_from_db()
    assert round.result["pairs"][0]["special"] == {"winner": 0, "code": "three_straights",
                                                   "points": 4}
    assert Hand.objects.get(pk=hand.pk).points == 4


# --- the timer ----------------------------------------------------------------------------


def past_deadline(monkeypatch, round):
    monkeypatch.setattr(hooks, "now", lambda: round.deadline + timedelta(seconds=1))


def test_the_timer_submits_first_hints_for_the_missing_and_settles(table, players, timers,
                                                                     monkeypatch, committed,
                                                                     outbox):
    round = start_round(table, players)
    hand = Hand.objects.get(round=round, user=players[0])
    services.round_submit(table_id=table.id, user=players[0], **dict(zip(
        ("front", "middle", "back"), best_rows(hand))))
    past_deadline(monkeypatch, round)
    assert committed(services.round_auto_submit, round_id=round.id,
                     version=round.table_version) is True
    round.refresh_from_db()
    assert round.phase == "settled"
    hands = {h.position: h for h in round.hands.all()}
    assert not hands[0].auto_submitted
    assert all(hands[p].auto_submitted for p in (1, 2, 3))
    for p in (1, 2, 3):
        assert [hands[p].front, hands[p].middle, hands[p].back] == list(best_rows(hands[p]))
    assert outbox.types(broadcast.table_group(table.id)) == [
        "submitted", "submitted", "submitted", "settled"]
    assert [m["auto"] for m in outbox.to(broadcast.table_group(table.id))[:3]] == [True] * 3
    # auto-submission is final: a late manual submission is refused
    refused("not_arranging", services.round_submit, table, table_id=table.id,
            user=players[1], **dict(zip(("front", "middle", "back"), best_rows(hands[1]))))


def test_the_timer_is_idempotent(table, players, monkeypatch):
    round = start_round(table, players)
    past_deadline(monkeypatch, round)
    assert services.round_auto_submit(round_id=round.id, version=round.table_version)
    before = snapshot(table)
    assert not services.round_auto_submit(round_id=round.id, version=round.table_version)
    assert snapshot(table) == before
    assert round.events.filter(type="settled").count() == 1


def test_the_timer_ignores_another_version_and_unknown_rounds(table, players, monkeypatch):
    round = start_round(table, players)
    past_deadline(monkeypatch, round)
    before = snapshot(table)
    assert not services.round_auto_submit(round_id=round.id, version=round.table_version + 7)
    assert not services.round_auto_submit(round_id=10**9, version=1)
    assert snapshot(table) == before


def test_an_early_timer_reschedules_itself_for_the_time_left(table, players, timers,
                                                              committed):
    round = start_round(table, players)
    timers.clear()
    assert not committed(services.round_auto_submit, round_id=round.id,
                         version=round.table_version)
    assert Round.objects.get(pk=round.pk).phase == "arranging"
    [(round_id, version, countdown)] = timers
    assert (round_id, version) == (round.id, round.table_version) and 0 < countdown <= 30


def test_an_overdue_round_is_settled_by_the_next_visitor(table, players, monkeypatch):
    round = start_round(table, players)
    assert not services.round_timeout_overdue(table_id=table.id)
    monkeypatch.setattr(hooks, "now", lambda: round.deadline + timedelta(seconds=6))
    assert services.round_timeout_overdue(table_id=table.id)
    assert Round.objects.get(pk=round.pk).phase == "settled"


def test_a_special_is_declared_for_an_absent_holder(players, monkeypatch):
    monkeypatch.setattr(hooks, "deal_seed_factory", lambda: SPECIAL_SEED)
    table = services.table_create(user=players[0], rule_set=standard(), name="Felt")
    services.table_join(user=players[1], invite_code=table.invite_code)
    round = start_round(table, players[:2])
    past_deadline(monkeypatch, round)
    services.round_auto_submit(round_id=round.id, version=round.table_version)
    hand = Hand.objects.get(round=round, position=0)
    assert hand.auto_submitted and hand.declared_special == "three_straights"


@pytest.mark.parametrize("slug, count", [("extra-suit", 5), ("jokers", 4), ("fuzhou", 3),
                                         ("fujian", 2)])
def test_presets_play_a_whole_round(slug, count, players, monkeypatch):
    users = players + [make_user(username="p4", display_name="Player 4")]
    table = services.table_create(user=users[0], rule_set=slug, name=slug)
    seat_all(table, users[:count])
    round = start_round(table, users[:count])
    assert round.hands.count() == count
    assert all(len(h.dealt_cards) == 13 for h in round.hands.all())
    past_deadline(monkeypatch, round)
    services.round_auto_submit(round_id=round.id, version=round.table_version)
    round.refresh_from_db()
    assert round.phase == "settled"
    assert sum(round.result["totals"].values()) == 0
