"""十三道 bidding for the bank (抢庄, RULES.md §8.1) in the round machine."""

from __future__ import annotations

import pytest

from games import machine
from games.machine import Bid, BidTimeout, FlowError
from rules.engine.fairness import bank_draw

from tests.games.machine.shisandao import NOW, SEED, bid_all, dealt, first_draw, later, without


def test_a_bidding_round_starts_in_bidding_with_the_bid_timer():
    state = dealt()
    assert state.phase == "bidding" and state.deadline == later(15) and state.banker is None


def test_bids_are_secret_until_all_are_in_then_the_highest_bidder_is_banker():
    state, events = bid_all(dealt(), {0: 2, 1: 5})
    assert state.phase == "bidding" and state.banker is None
    assert [e.payload for e in events] == [{"position": 0, "auto": False},
                                           {"position": 1, "auto": False}]  # no amounts
    state, events = bid_all(state, {2: 0, 3: 1})
    bank = next(e.payload for e in events if e.type == "bank")
    assert bank == {"bids": {"0": 2, "1": 5, "2": 0, "3": 1}, "tied": [1], "banker": 1,
                    "pot": 8, "share": 2, "remainder": 2}
    assert state.banker == 1 and state.phase == "exchanging"


def test_the_pot_is_shared_among_the_players_and_the_remainder_goes_to_the_banker():
    state, _ = bid_all(dealt(), {0: 2, 1: 5, 2: 0, 3: 1})
    net = {p: 0 for p in state.positions}
    for adjustment in state.adjustments:
        net[adjustment.position] += adjustment.points
    # Each pays their bid; 8 in the pot: 2 to each of the three players, 2 left to the bank.
    assert net == {0: 0, 1: -3, 2: 2, 3: 1} and sum(net.values()) == 0


def test_a_tie_is_drawn_from_the_deal_seed_among_the_tied_only():
    draws = []

    def draw(tied):
        draws.append(tuple(tied))
        return bank_draw(SEED, tied)

    state = dealt()
    for position, amount in {0: 3, 1: 1, 2: 3, 3: 3}.items():
        state, _ = machine.apply(state, Bid(position, amount, draw, NOW))
    assert draws == [(0, 2, 3)] and state.banker == bank_draw(SEED, [0, 2, 3])


def test_the_bid_timer_bids_0_for_whoever_has_not_bid():
    state, _ = bid_all(dealt(), {2: 1})
    state, events = machine.apply(state, BidTimeout(first_draw, later(15)))
    assert [(e.type, e.payload.get("position")) for e in events[:3]] == [
        ("bid", 0), ("bid", 1), ("bid", 3)]
    assert all(e.payload["auto"] for e in events[:3]) and state.banker == 2


@pytest.mark.parametrize("action, code", [
    (Bid(0, -1, first_draw, NOW), "bad_bid"),
    (Bid(0, 11, first_draw, NOW), "bad_bid"),
    (Bid(0, True, first_draw, NOW), "bad_bid"),
    (Bid(0, "3", first_draw, NOW), "bad_bid"),
    (Bid(7, 1, first_draw, NOW), "not_in_round"),
    (Bid(0, 1, first_draw, later(16)), "too_late"),
    (BidTimeout(first_draw, later(14)), "too_early"),
])
def test_bid_refusals(action, code):
    state = dealt()
    with pytest.raises(FlowError) as error:
        machine.apply(state, action)
    assert error.value.code == code and state.bids == {}


def test_a_second_bid_is_refused():
    state, _ = bid_all(dealt(), {0: 1})
    with pytest.raises(FlowError) as error:
        bid_all(state, {0: 2})
    assert error.value.code == "already_bid"


def test_without_bidding_the_bank_is_the_seat_the_services_name():
    state = dealt(config=without(bidding=False), banker=2)
    assert state.banker == 2 and state.phase == "exchanging"


def test_a_bid_outside_bidding_is_refused():
    state = dealt(config=without(bidding=False), banker=0)
    with pytest.raises(FlowError) as error:
        bid_all(state, {0: 1})
    assert error.value.code == "not_bidding"
