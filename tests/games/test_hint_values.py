"""Hints show their worth (issue 16): the deal queues the advisor's task, which stores
each hand's hint values and tells the owner alone; the reconnect payload carries them; the
"best EV" timer submits the stored EV-best, and the default timer still the first hint."""

from __future__ import annotations

from datetime import timedelta

import pytest

from games.live import broadcast, selectors, services
from games.live.advice_tasks import hand_values, store_hint_values
from games.machine import hint_dict
from games.live.services import hooks
from games.models import Hand
from rules.engine.advisor import DEFAULT_SAMPLES, FLOOR, timer_arrangement
from rules.engine.cards import codes, parse_cards
from rules.engine.config import RuleConfig
from rules.engine import advisor
from rules.engine import hints as engine_hints
from rules.engine.hints import first_hint, hint_from_wire, hints
from rules.models import RuleSet
from tests.games.conftest import seat_all, start_round

# The real hook: the autouse advice_tasks fixture replaces it in every test here.
SCHEDULE_HINT_VALUES = hooks.schedule_hint_values


def _deal(players, committed, *, timer_policy="first_hint"):
    RuleSet.objects.filter(slug="standard").update(timer_policy=timer_policy)
    table = services.table_create(user=players[0], rule_set="standard", name="Worth")
    seat_all(table, players, committed)
    return table, start_round(table, players, committed)


@pytest.mark.django_db
def test_the_deal_queues_the_hint_values_once(players, committed, advice_tasks):
    _table, round = _deal(players, committed)
    assert advice_tasks == [("hint_values", round.id)]


@pytest.mark.django_db
def test_the_deal_hands_the_worker_the_hints_it_listed(players, committed, advice_tasks):
    """Issue 23, done once: each hand's hint list goes with the task, keys included, as
    the hand's message listed it — the worker does not search the hands again."""
    _table, round = _deal(players, committed)
    handed = advice_tasks.hints[round.id]
    config = RuleConfig.from_dict(round.rules)
    hands = Hand.objects.filter(round=round)
    assert set(handed) == {str(hand.pk) for hand in hands}
    for hand in hands:
        listed = [hint_from_wire(item) for item in handed[str(hand.pk)]]
        expected = hints(parse_cards(hand.dealt_cards), config)
        assert listed == expected and [h.keys for h in listed] == [h.keys for h in expected]
        shown = selectors.hand_private(hand, round)["hints"]
        assert [hint_dict(hint, hand.dealt_cards) for hint in listed] == shown


@pytest.mark.django_db
def test_the_deal_searches_each_hand_once_for_its_message_and_the_worker(
        players, committed, monkeypatch):
    searched = []

    def counted(cards, config):
        searched.append(tuple(card.code for card in cards))
        return hints(cards, config)

    monkeypatch.setattr(engine_hints, "_KEPT", {})
    monkeypatch.setattr(engine_hints, "hints", counted)
    _table, round = _deal(players, committed)
    dealt = [tuple(hand.dealt_cards) for hand in Hand.objects.filter(round=round)]
    assert sorted(searched) == sorted(dealt)


@pytest.mark.django_db
def test_the_worker_values_the_deals_hints_without_searching(players, committed,
                                                             advice_tasks, monkeypatch):
    _table, round = _deal(players, committed)
    handed = advice_tasks.hints[round.id]
    config = RuleConfig.from_dict(round.rules)
    # What the worker stores when it searches for itself (a fresh process)...
    monkeypatch.setattr(engine_hints, "_KEPT", {})
    monkeypatch.setattr(advisor, "_WEIGHED", {})
    searched = {hand.pk: hand_values(hand.dealt_cards, config, 4)
                for hand in Hand.objects.filter(round=round)}
    # ...is what it stores from the deal's hints, with the search out of reach.
    monkeypatch.setattr(engine_hints, "_KEPT", {})
    monkeypatch.setattr(advisor, "_WEIGHED", {})

    def no_search(*_args, **_kwargs):
        raise AssertionError("the worker searched a hand the deal had searched")

    monkeypatch.setattr(engine_hints, "hints", no_search)
    assert store_hint_values(round.id, handed) == 4
    for hand in Hand.objects.filter(round=round):
        assert hand.hint_values == searched[hand.pk]


@pytest.mark.django_db
def test_hints_that_hold_a_card_the_hand_does_not_are_not_taken(players, committed,
                                                                advice_tasks, monkeypatch):
    _table, round = _deal(players, committed)
    hands = list(Hand.objects.filter(round=round).order_by("position"))
    handed = advice_tasks.hints[round.id]
    # The first hand is handed the second's hints: the worker searches its own instead.
    wrong = {**handed, str(hands[0].pk): handed[str(hands[1].pk)]}
    monkeypatch.setattr(engine_hints, "_KEPT", {})
    monkeypatch.setattr(advisor, "_WEIGHED", {})
    assert store_hint_values(round.id, wrong) == 4
    mine = set(hands[0].dealt_cards)
    for hint in Hand.objects.get(pk=hands[0].pk).hint_values["hints"]:
        assert set(hint["front"] + hint["middle"] + hint["back"]) <= mine


@pytest.mark.django_db
def test_hint_values_go_to_their_owner_alone(players, committed, outbox):
    table, round = _deal(players, committed)
    outbox.clear()
    with_commit = committed(store_hint_values, round_id=round.id)
    assert with_commit == 4
    assert "hint_values" not in outbox.types(broadcast.table_group(table.id))
    for hand in Hand.objects.filter(round=round):
        mine = [m for m in outbox.to(broadcast.player_group(table.id, hand.user_id))
                if m["type"] == "hint_values"]
        assert len(mine) == 1 and mine[0]["round_id"] == round.id
        listed = mine[0]["hints"]
        own = set(hand.dealt_cards)
        for hint in listed:  # only the owner's cards, every hint valued
            assert set(hint["front"] + hint["middle"] + hint["back"]) <= own
            assert isinstance(hint["ev"], float)
        assert sum(1 for hint in listed if hint.get("best")) == 1
        best = next(hint for hint in listed if hint.get("best"))
        assert best["ev"] == max(hint["ev"] for hint in listed)
        stored = hand.hint_values
        assert stored["best"]["best"] is True and FLOOR <= stored["samples"] <= DEFAULT_SAMPLES
        # Not among the hints: added at the end; among them: marked in place.
        assert (best is listed[-1] and len(listed) == len(stored["hints"]) + 1) \
            if stored["best"]["hint"] is None else listed == stored["hints"]


@pytest.mark.django_db
def test_a_second_delivery_values_nothing_again(players, committed, outbox):
    _table, round = _deal(players, committed)
    store_hint_values(round.id)
    assert store_hint_values(round.id) == 0


@pytest.mark.django_db
def test_the_rounds_values_reach_the_owner_in_one_command(players, committed, monkeypatch):
    # One trip to the table's owner and one transaction there a round, not one a hand.
    from games.live import advice_tasks as task_module

    _table, round = _deal(players, committed)
    commands = []
    real = task_module.advice.hint_values_keep

    def spy(**command):
        commands.append(sorted(hand_id for hand_id, _payload in command["values"]))
        return real(**command)

    monkeypatch.setattr(task_module.advice, "hint_values_keep", spy)
    assert committed(store_hint_values, round_id=round.id) == 4
    assert commands == [sorted(Hand.objects.filter(round=round).values_list("pk", flat=True))]


@pytest.mark.django_db
def test_a_hand_valued_meanwhile_is_left_alone_and_the_others_kept(players, committed,
                                                                   outbox):
    from games.live.services import advice

    table, round = _deal(players, committed)
    hands = list(Hand.objects.filter(round=round).order_by("position"))
    values = [(hand.pk, hand_values(hand.dealt_cards, RuleConfig.from_dict(round.rules), 4))
              for hand in hands]
    earlier = {**values[0][1], "samples": 99}  # another delivery got there first
    committed(advice.hint_values_keep, table_id=table.id, round_id=round.id,
              values=[(hands[0].pk, earlier)])
    outbox.clear()
    kept = committed(advice.hint_values_keep, table_id=table.id, round_id=round.id,
                     values=values)
    assert kept == 3
    assert Hand.objects.get(pk=hands[0].pk).hint_values == earlier
    for hand, (_pk, payload) in zip(hands[1:], values[1:]):
        assert Hand.objects.get(pk=hand.pk).hint_values == payload
    assert not [m for m in outbox.to(broadcast.player_group(table.id, hands[0].user_id))
                if m["type"] == "hint_values"]
    for hand in hands[1:]:
        assert len([m for m in outbox.to(broadcast.player_group(table.id, hand.user_id))
                    if m["type"] == "hint_values"]) == 1


@pytest.mark.django_db
def test_the_reconnect_payload_carries_the_valued_hints(players, committed):
    _table, round = _deal(players, committed)
    hand = Hand.objects.filter(round=round).first()
    plain = selectors.hand_private(hand, round)["hints"]
    assert all("ev" not in hint for hint in plain)
    store_hint_values(round.id)
    hand.refresh_from_db()
    valued = selectors.hand_private(hand, round)["hints"]
    assert [h["front"] for h in valued[:len(plain)]] == [h["front"] for h in plain]
    assert all("ev" in hint for hint in valued)


def test_hint_values_depend_on_the_own_cards_only():
    config = RuleConfig()
    dealt = ["As", "Ad", "Kc", "Kd", "Qs", "Jh", "Th", "9c", "8d", "7s", "5h", "3c", "2d"]
    first = hand_values(dealt, config, 4)
    assert first == hand_values(list(reversed(dealt)), config, 4)  # seeded by the cards


def _expire(monkeypatch, round):
    monkeypatch.setattr(hooks, "now", lambda: round.deadline + timedelta(seconds=1))


@pytest.mark.django_db
def test_the_default_timer_still_submits_the_first_hint(players, committed, monkeypatch,
                                                        timers):
    _table, round = _deal(players, committed)
    store_hint_values(round.id)
    _expire(monkeypatch, round)
    assert timers.fire_all() == [True]
    config = RuleConfig.from_dict(round.rules)
    for hand in Hand.objects.filter(round=round):
        hint = first_hint(parse_cards(hand.dealt_cards), config)
        assert hand.auto_submitted
        assert sorted(hand.back) == sorted(codes(hint.back))
        assert sorted(hand.front) == sorted(codes(hint.front))


@pytest.mark.django_db
def test_the_best_ev_timer_submits_the_stored_best(players, committed, monkeypatch, timers):
    _table, round = _deal(players, committed, timer_policy="best_ev")
    assert round.rules["timer_policy"] == "best_ev"  # snapshot into the round
    store_hint_values(round.id)
    stored = {h.position: h.hint_values["best"] for h in Hand.objects.filter(round=round)}
    _expire(monkeypatch, round)
    assert timers.fire_all() == [True]
    for hand in Hand.objects.filter(round=round):
        best = stored[hand.position]
        assert hand.auto_submitted
        assert (sorted(hand.front), sorted(hand.middle), sorted(hand.back)) == (
            sorted(best["front"]), sorted(best["middle"]), sorted(best["back"]))


@pytest.mark.django_db
def test_the_best_ev_timer_searches_when_nothing_is_stored(players, committed, monkeypatch,
                                                           timers):
    _table, round = _deal(players, committed, timer_policy="best_ev")
    _expire(monkeypatch, round)
    assert timers.fire_all() == [True]
    config = RuleConfig.from_dict(round.rules)
    for hand in Hand.objects.filter(round=round):
        best = timer_arrangement(parse_cards(hand.dealt_cards), config, players=4)
        assert hand.auto_submitted
        assert sorted(hand.back) == sorted(codes(best.back))
        assert sorted(hand.middle) == sorted(codes(best.middle))


@pytest.mark.django_db
def test_shisandao_values_the_cards_held_once_arranging_starts_banker_against_all(
        players, committed, outbox, advice_tasks, monkeypatch):
    """十三道's cards are known only after the bidding (and the exchange): its hints are
    valued when arranging starts, from the cards each player then holds, the banker's
    hand as the banker's (it meets every player), the others' as a player's."""
    from games.live import advice_tasks as task_module

    rule_set = RuleSet.objects.get(slug="shisandao")
    rule_set.bidding, rule_set.exchange = True, False
    rule_set.save()
    table = services.table_create(user=players[0], rule_set=rule_set, name="Dao", seats=3)
    seat_all(table, players[:3], committed)
    for player in players[:3]:
        committed(services.player_ready, table_id=table.id, user=player)
    round = table.rounds.get()
    assert round.phase == "bidding"
    assert committed(store_hint_values, round_id=round.id) == 0  # no cards to value yet
    advice_tasks.clear()
    for player, amount in zip(players[:3], (0, 3, 1)):
        committed(services.round_bid, table_id=table.id, user=player, amount=amount)
    round.refresh_from_db()
    assert round.phase == "arranging" and round.banker_position == 1
    assert advice_tasks == [("hint_values", round.id)]
    seen = {}
    real = task_module.hand_values

    def spy(cards, config, players, *, is_banker=False):
        seen[tuple(cards)] = is_banker
        return real(cards, config, players, is_banker=is_banker)

    monkeypatch.setattr(task_module, "hand_values", spy)
    outbox.clear()
    assert committed(store_hint_values, round_id=round.id) == 3
    assert "hint_values" not in outbox.types(broadcast.table_group(table.id))
    for hand in Hand.objects.filter(round=round):
        held = hand.held_cards if hand.held_cards is not None else hand.dealt_cards
        assert seen[tuple(held)] is (hand.position == 1)
        mine = [m for m in outbox.to(broadcast.player_group(table.id, hand.user_id))
                if m["type"] == "hint_values"]
        assert len(mine) == 1
        assert all(set(h["front"] + h["middle"] + h["back"]) <= set(held)
                   for h in mine[0]["hints"])
        # A reconnect shows the valued hints too.
        you = selectors.table_state(table_id=table.id, user=hand.user)["you"]
        assert all("ev" in hint for hint in you["hints"])


@pytest.mark.django_db
def test_no_hint_values_are_sent_for_a_round_that_settled_while_they_were_worked_out(
        players, committed, outbox, advice_tasks, monkeypatch):
    """Issue 25 (6): docs/protocol.md — valued hints are not sent for a round that settled
    first. Every player submits while the first hand is being valued: the task reads the
    phase again under the table's lock and neither stores nor sends anything."""
    from games.live import advice_tasks as task_module

    table, round = _deal(players, committed)
    config = RuleConfig.from_dict(round.rules)
    real = task_module.hand_values

    def everyone_submits_meanwhile(cards, config_, players_, *, is_banker=False):
        values = real(cards, config_, players_, is_banker=is_banker)
        for hand in Hand.objects.filter(round=round).select_related("user"):
            if hand.submitted_at is None:
                hint = first_hint(parse_cards(hand.dealt_cards), config)
                services.round_submit(table_id=table.id, user=hand.user,
                                      front=codes(hint.front), middle=codes(hint.middle),
                                      back=codes(hint.back))
        return values

    monkeypatch.setattr(task_module, "hand_values", everyone_submits_meanwhile)
    outbox.clear()
    assert committed(store_hint_values, round_id=round.id) == 0
    round.refresh_from_db()
    assert round.phase == "settled"
    assert "settled" in outbox.types(broadcast.table_group(table.id))
    assert "hint_values" not in outbox.types()
    assert not Hand.objects.filter(round=round, hint_values__isnull=False).exists()


@pytest.mark.django_db
def test_bots_hands_are_not_valued_and_the_best_ev_timer_still_plays_them(
        players, committed, monkeypatch, timers):
    # Issue 23: nobody sees a bot's hint values; the best-EV timer, their one reader,
    # searches for itself when none is stored.
    type(players[3]).objects.filter(pk=players[3].pk).update(bot_level="normal")
    _table, round = _deal(players, committed, timer_policy="best_ev")
    bot_hand = Hand.objects.get(round=round, user=players[3])
    assert store_hint_values(round.id) == 3
    bot_hand.refresh_from_db()
    assert bot_hand.hint_values is None
    assert Hand.objects.filter(round=round, hint_values__isnull=False).count() == 3
    _expire(monkeypatch, round)
    assert timers.fire_all() == [True]
    bot_hand.refresh_from_db()
    config = RuleConfig.from_dict(round.rules)
    best = timer_arrangement(parse_cards(bot_hand.dealt_cards), config, players=4)
    assert bot_hand.auto_submitted
    assert (sorted(bot_hand.front), sorted(bot_hand.middle), sorted(bot_hand.back)) == (
        sorted(codes(best.front)), sorted(codes(best.middle)), sorted(codes(best.back)))


def test_the_hint_values_tasks_printable_arguments_hold_no_cards(monkeypatch):
    # Celery's events and logs show a task's arguments as its message's kwargsrepr; the
    # hint lists the deal hands over are a player's cards, so that copy leaves them out.
    from config.celery import app

    sent = []
    monkeypatch.setattr(app.tasks[hooks.HINT_VALUES_TASK], "apply_async",
                        lambda **options: sent.append(options))
    wire = [[None, ["As", "Ks", "Qs"], ["2h", "3h", "4h", "5h", "6h"],
             ["7c", "8c", "9c", "Tc", "Jc"], [1, 2, 3], 0, [], None]]
    SCHEDULE_HINT_VALUES(41, {"7": wire, "8": wire})

    [options] = sent
    assert options["kwargs"] == {"round_id": 41, "hints": {"7": wire, "8": wire}}
    assert options["kwargsrepr"] == "{'round_id': 41, 'hints': <2 hands>}"
