"""十三道 at a live table (RULES.md §8, issue 10) through the services: bidding for the
bank, the pool and spare-hand exchanges, arranging, negotiation and the settlement against
the banker — each step locked, versioned, logged and told only to whom it may be told."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from games.live import broadcast, selectors, services
from games.live.services import hooks
from games.models import Hand, Round, RoundEvent
from rules.models import RuleSet
from tests.games.conftest import best_rows, seat_all
from tests.games.live.services.conftest import refused

pytestmark = pytest.mark.django_db


def shisandao(**changes):
    rule_set = RuleSet.objects.get(slug="shisandao")
    for name, value in changes.items():
        setattr(rule_set, name, value)
    rule_set.save()
    return rule_set


def table_of(players, count, **changes):
    table = services.table_create(user=players[0], rule_set=shisandao(**changes), name="Dao",
                                  seats=count)
    seat_all(table, players[:count])
    return table


def current(table) -> Round:
    return Round.objects.filter(table=table).order_by("-number").first()


def start_round(table, users, committed) -> Round:
    """Everybody presses ready: the round is dealt in its first 十三道 phase."""
    for user in users:
        round = current(table)
        if round is not None and round.phase != "settled":
            break  # dealt already: the others were away (托管), readied by the table
        committed(services.player_ready, table_id=table.id, user=user)
    return current(table)


def fire_timer(round, monkeypatch, committed=None):
    round.refresh_from_db()
    moment = round.deadline + timedelta(seconds=1)  # now, not whenever the clock is read
    monkeypatch.setattr(hooks, "now", lambda: moment)
    run = committed or (lambda service, **kw: service(**kw))
    assert run(services.round_auto_submit, round_id=round.id, version=round.table_version)
    round.refresh_from_db()


def arrange_all(table, players, committed=None):
    run = committed or (lambda service, **kw: service(**kw))
    round = current(table)
    for hand in round.hands.select_related("user").order_by("position"):
        if round.phase != "arranging":
            break
        if hand.submitted_at is None:
            held = Hand.objects.get(pk=hand.pk)
            rows = dict(zip(("front", "middle", "back"), best_rows_held(held)))
            run(services.round_submit, table_id=table.id, user=hand.user, **rows)
        round.refresh_from_db()


def best_rows_held(hand):
    cards = hand.held_cards or hand.dealt_cards
    hand.dealt_cards = cards  # best_rows reads dealt_cards: give it the cards now held
    return best_rows(hand)


def public_messages(outbox, table):
    return [m for g, m in outbox if g == broadcast.table_group(table.id)]


def test_a_four_player_round_bids_exchanges_arranges_negotiates_and_settles(
        players, committed, outbox, monkeypatch):
    table = table_of(players, 4)
    round = start_round(table, players, committed)
    assert round.phase == "bidding" and round.deadline is not None
    # nobody sees a card while bidding for the bank
    assert all(m["cards"] == [] for g, m in outbox if m["type"] == "hand")
    for player, amount in zip(players, (1, 4, 0, 2)):
        committed(services.round_bid, table_id=table.id, user=player, amount=amount)
    round.refresh_from_db()
    assert round.phase == "exchanging" and round.banker_position == 1
    bank = [m for m in public_messages(outbox, table) if m["type"] == "bank"][-1]
    assert bank["bids"] == {"0": 1, "1": 4, "2": 0, "3": 2} and bank["pot"] == 7
    # the pool: everybody puts one card in, then the banker chooses first
    for player in players:
        hand = Hand.objects.get(round=round, user=player)
        committed(services.exchange_put, table_id=table.id, user=player,
                  card=hand.dealt_cards[-1])
    state = selectors.table_state(table_id=table.id, user=players[1])
    assert state["you"]["offer"]["from"] == 2 and state["round"]["exchange"]["chooser"] == 1
    other = selectors.table_state(table_id=table.id, user=players[2])
    assert other["you"]["offer"] is None  # only the chooser sees the card offered
    committed(services.exchange_choose, table_id=table.id, user=players[1], take=True)
    while current(table).phase == "exchanging":
        chooser = current(table).flow["chooser"]
        committed(services.exchange_choose, table_id=table.id, user=players[chooser],
                  take=False)
    round.refresh_from_db()
    assert round.phase == "arranging"
    held = [Hand.objects.get(round=round, position=p).held_cards for p in range(4)]
    assert all(len(cards) == 13 for cards in held)
    arrange_all(table, players, committed)
    round.refresh_from_db()
    assert round.phase == "negotiating"
    # seat 0 and the banker agree; seat 2's proposal is rejected; seat 3 runs out of time
    committed(services.negotiate_propose, table_id=table.id, user=players[0], pair=0,
              amount=-3)
    committed(services.negotiate_answer, table_id=table.id, user=players[1], pair=0,
              answer="accept", amount=-3)
    committed(services.negotiate_propose, table_id=table.id, user=players[1], pair=2,
              amount=5)
    committed(services.negotiate_answer, table_id=table.id, user=players[2], pair=2,
              answer="reject")
    fire_timer(round, monkeypatch, committed)
    assert round.phase == "settled"
    pairs = {pair["b"]: pair for pair in round.result["pairs"]}
    assert pairs[0]["negotiated"] and pairs[0]["points"] == -3
    assert not pairs[2]["negotiated"] and not pairs[3]["negotiated"]
    assert set(pairs) == {0, 2, 3} and all(pair["a"] == 1 for pair in pairs.values())
    assert sum(round.result["totals"].values()) == 0
    settled = [m for m in public_messages(outbox, table) if m["type"] == "settled"][-1]
    assert settled["round"]["banker"] == 1 and settled["round"]["bids"]["1"] == 4
    types = list(RoundEvent.objects.filter(round=round).values_list("type", flat=True))
    for expected in ("dealt", "phase", "bid", "bank", "put_in", "offer", "take",
                     "submitted", "proposal", "negotiated", "settled"):
        assert expected in types


def test_a_three_player_round_offers_the_spare_hand_to_the_banker_first(
        players, committed, outbox):
    table = table_of(players, 3, bidding=False, negotiation=False)
    round = start_round(table, players[:3], committed)
    assert round.phase == "exchanging" and round.banker_position == 0
    state = selectors.table_state(table_id=table.id, user=players[0])
    assert state["you"]["swap_offer"] and state["round"]["exchange"]["kind"] == "spare"
    refused("not_your_turn", services.exchange_swap, table, table_id=table.id,
            user=players[1], accept=True)
    committed(services.exchange_swap, table_id=table.id, user=players[0], accept=False)
    committed(services.exchange_swap, table_id=table.id, user=players[1], accept=True)
    round.refresh_from_db()
    assert round.phase == "arranging"
    hand = Hand.objects.get(round=round, position=1)
    assert hand.held_cards and sorted(hand.held_cards) != sorted(hand.dealt_cards)
    arrange_all(table, players[:3], committed)
    round.refresh_from_db()
    assert round.phase == "settled"
    assert {(a["position"], a["points"]) for a in round.result["adjustments"]} == {
        (1, -1), (0, 1)}
    assert sum(round.result["totals"].values()) == 0


def test_two_players_without_bidding_rotate_the_bank_each_round(players, committed,
                                                               monkeypatch):
    table = table_of(players, 2, bidding=False, negotiation=False)
    bankers = []
    for _ in range(3):
        round = start_round(table, players[:2], committed)
        assert round.phase == "arranging"  # no exchange with 2 players
        bankers.append(round.banker_position)
        fire_timer(round, monkeypatch, committed)
        assert round.phase == "settled"
    assert bankers == [0, 1, 0]


def test_every_phase_timer_moves_the_round_on(players, committed, monkeypatch):
    table = table_of(players, 4)
    round = start_round(table, players, committed)
    seen = [round.phase]
    while round.phase != "settled":
        fire_timer(round, monkeypatch, committed)
        seen.append(round.phase)
    assert seen[0] == "bidding" and seen[-1] == "settled"
    assert {"exchanging", "arranging", "negotiating"} <= set(seen)
    assert sum(round.result["totals"].values()) == 0


def test_refusals_change_nothing(players, committed):
    table = table_of(players, 4)
    start_round(table, players, committed)
    for kwargs, code in (({"amount": 11}, "bad_bid"), ({"amount": -1}, "bad_bid"),
                         ({"amount": "5"}, "bad_bid")):
        refused(code, services.round_bid, table, table_id=table.id, user=players[0],
                **kwargs)
    refused("not_exchanging", services.exchange_put, table, table_id=table.id,
            user=players[0], card="As")
    refused("not_negotiating", services.negotiate_propose, table, table_id=table.id,
            user=players[0], pair=0, amount=1)
    refused("not_arranging", services.round_submit, table, table_id=table.id,
            user=players[0], front=[], middle=[], back=[])


def test_no_bid_or_pool_card_reaches_anyone_else_before_the_reveal(
        players, committed, outbox, monkeypatch):
    table = table_of(players, 4)
    round = start_round(table, players, committed)
    for player, amount in zip(players, (3, 0, 0, 0)):
        committed(services.round_bid, table_id=table.id, user=player, amount=amount)
        round.refresh_from_db()
        if round.phase == "bidding":  # nobody else learns seat 0's bid before all are in
            mine = broadcast.player_group(table.id, players[0].id)
            for group, message in outbox:
                assert group == mine or message.get("bid") in (None, 0), message
                assert (message.get("round") or {}).get("bids") is None, message
                assert message["type"] != "bank"
    for player in players:
        hand = Hand.objects.get(round=round, user=player)
        committed(services.exchange_put, table_id=table.id, user=player,
                  card=hand.dealt_cards[0])
    round.refresh_from_db()
    pool = dict(round.flow["put"])
    for group, message in outbox:
        if message["type"] == "settled":
            break
        text = json.dumps(message)
        owner = next((p for p in players if group == broadcast.player_group(table.id, p.id)),
                     None)
        for position, card in pool.items():
            allowed = owner is not None and (
                owner.id == players[int(position)].id   # your own card
                or (message.get("offer") or {}).get("card") == card)  # offered to you
            if not allowed and owner is not None:
                hand = Hand.objects.get(round=round, user=owner)
                allowed = card in (hand.held_cards or hand.dealt_cards)  # you hold a twin
            assert allowed or f'"{card}"' not in text, (group, message["type"], card)
    for payload in RoundEvent.objects.filter(round=round).values_list("payload", flat=True):
        assert not any(f'"{card}"' in json.dumps(payload) for card in pool.values())


def test_a_tie_for_the_bank_is_drawn_from_the_deal_seed(players, committed, fixed_seed):
    from rules.engine.fairness import bank_draw

    table = table_of(players, 4)
    round = start_round(table, players, committed)
    for player in players:
        committed(services.round_bid, table_id=table.id, user=player, amount=2)
    round.refresh_from_db()
    assert round.banker_position == bank_draw(fixed_seed, [0, 1, 2, 3])
    bank = RoundEvent.objects.get(round=round, type="bank").payload
    assert bank["tied"] == [0, 1, 2, 3] and bank["banker"] == round.banker_position


def test_a_taken_card_leaves_the_deal_as_dealt(players, committed, monkeypatch):
    table = table_of(players, 4, negotiation=False)
    round = start_round(table, players, committed)
    dealt = {h.position: list(h.dealt_cards) for h in round.hands.all()}
    while round.phase != "settled":
        fire_timer(round, monkeypatch, committed)
    assert {h.position: h.dealt_cards for h in round.hands.all()} == dealt


def test_a_proposal_is_told_to_its_pair_only(players, committed, outbox, monkeypatch):
    table = table_of(players, 3, bidding=False, exchange=False)
    round = start_round(table, players[:3], committed)
    arrange_all(table, players[:3], committed)
    round.refresh_from_db()
    assert round.phase == "negotiating" and round.banker_position == 0
    outbox.clear()
    committed(services.negotiate_propose, table_id=table.id, user=players[0], pair=2,
              amount=7)
    told = {group for group, message in outbox
            if "7" in json.dumps((message.get("negotiations") or {}).get("2") or {})}
    assert told == {broadcast.player_group(table.id, players[0].id),
                    broadcast.player_group(table.id, players[2].id)}
    seat_1 = selectors.table_state(table_id=table.id, user=players[1])
    assert seat_1["you"]["negotiations"] == {"1": {"status": "open", "by": None,
                                                   "amount": None}}
    assert "negotiated" not in [m["type"] for g, m in outbox]
    committed(services.negotiate_answer, table_id=table.id, user=players[2], pair=2,
              answer="accept", amount=7)
    public = [m for m in public_messages(outbox, table) if m["type"] == "negotiated"]
    assert public and all("amount" not in m for m in public)


def test_a_starting_worker_rearms_the_timer_of_every_phase(players, committed, timers):
    tables = [table_of(players, 4)]
    start_round(tables[0], players, committed)  # bidding
    timers.clear()
    assert services.round_timers_rearm() == 1
    round = current(tables[0])
    assert [(r, v) for r, v, _c in timers] == [(round.id, round.table_version)]


def test_a_late_timer_of_an_earlier_step_changes_nothing(players, committed, monkeypatch):
    table = table_of(players, 4)
    round = start_round(table, players, committed)
    stale_version = round.table_version
    committed(services.round_bid, table_id=table.id, user=players[0], amount=1)
    fire_timer(round, monkeypatch, committed)  # the bids close: the exchange begins
    assert round.phase == "exchanging"
    assert not services.round_auto_submit(round_id=round.id, version=stale_version)
    round.refresh_from_db()
    assert round.phase == "exchanging"
