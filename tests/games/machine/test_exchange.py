"""十三道 card exchange (换牌, RULES.md §8.2–§8.3) in the round machine: the 4-player
pool, the 3-player spare hand, none with 2 players, and every step's timer default."""

from __future__ import annotations

from collections import Counter

import pytest

from games import machine
from games.machine import ExchangeTimeout, FlowError, Pass, PutIn, Swap, Take
from games.machine.exchange import lowest

from tests.games.machine.shisandao import NOW, bid_all, dealt, later, without

NO_BIDS = without(bidding=False)


def pool_state(banker=0):
    return dealt(4, config=NO_BIDS, banker=banker)


def put_all(state, picks=None):
    events = []
    for position in state.positions:
        card = (picks or {}).get(position, state.cards_of(position)[0])
        state, more = machine.apply(state, PutIn(position, card, NOW))
        events += more
    return state, events


def every_card(state):
    return Counter(c for p in state.positions for c in state.cards_of(p))


def test_two_players_skip_the_exchange():
    state = dealt(2, config=NO_BIDS, banker=0)
    assert state.phase == "arranging"


def test_each_player_puts_a_card_face_down_and_the_banker_chooses_first():
    state = pool_state(banker=1)
    state, events = put_all(state)
    assert [e.payload for e in events[:4]] == [{"position": p, "auto": False} for p in range(4)]
    assert all(len(state.cards_of(p)) == 12 for p in state.positions)
    assert state.chooser == 1 and state.offers == (2, 3, 0)  # clockwise from the banker
    assert events[-1].type == "offer" and events[-1].payload == {"chooser": 1, "from": 2}
    assert machine.offered(state) == (2, state.put[2])
    assert not any(card in str([e.payload for e in events]) for card in state.put.values())


def test_taking_a_card_passes_the_turn_to_its_owner_and_everyone_ends_with_13():
    state, _ = put_all(pool_state(banker=0))
    before = every_card(state) + Counter(state.pool.values())
    state, events = machine.apply(state, Take(0, NOW))  # takes seat 1's card
    assert events[0].payload == {"chooser": 0, "from": 1, "auto": False}
    assert state.chooser == 1 and state.offers == (2, 3, 0)  # seat 1 sees 2, 3, then 0's
    state, _ = machine.apply(state, Pass(1, NOW))
    state, _ = machine.apply(state, Take(1, NOW))  # seat 3's card
    assert state.chooser == 3  # whose card was taken
    state, events = machine.apply(state, Pass(3, NOW))  # sees 0's, passes: 2's is taken
    assert [(e.type, e.payload) for e in events] == [
        ("pass", {"chooser": 3, "from": 0, "auto": False}),
        ("take", {"chooser": 3, "from": 2, "auto": True}),
        # seat 2, whose card went, is left with only 0's card: it is theirs at once
        ("take", {"chooser": 2, "from": 0, "auto": True}),
        ("phase", events[-1].payload)]
    assert state.phase == "arranging"
    assert all(len(state.cards_of(p)) == 13 for p in state.positions)
    assert every_card(state) == before
    assert state.takes == ((0, 1), (1, 3), (3, 2), (2, 0))


def test_a_chooser_left_with_only_their_own_card_keeps_it():
    state, _ = put_all(pool_state(banker=0))
    state, _ = machine.apply(state, Take(0, NOW))  # 0 takes 1's; 1 chooses next
    state, _ = machine.apply(state, Take(1, NOW))  # 1 takes 2's; 2 chooses next
    # 2 sees 3's, passes, and is given 0's; 0 has chosen, so 3 is next, left with only
    # its own card: it keeps it
    state, events = machine.apply(state, Pass(2, NOW))
    assert ("keep", {"chooser": 3}) in [(e.type, e.payload) for e in events]
    assert state.takes == ((0, 1), (1, 2), (2, 0), (3, 3)) and state.phase == "arranging"


def test_the_last_card_offered_is_taken_automatically():
    state, _ = put_all(pool_state(banker=0))
    state, _ = machine.apply(state, Pass(0, NOW))
    state, events = machine.apply(state, Pass(0, NOW))
    assert [e.type for e in events][:2] == ["pass", "take"]
    assert events[1].payload == {"chooser": 0, "from": 3, "auto": True}


@pytest.mark.parametrize("make, code", [
    (lambda s: PutIn(0, "Xx", NOW), "not_your_card"),
    (lambda s: PutIn(0, s.cards_of(1)[0] if s.cards_of(1)[0] not in s.cards_of(0) else "Xx",
                     NOW), "not_your_card"),
    (lambda s: PutIn(0, 7, NOW), "bad_request"),
    (lambda s: Take(0, NOW), "not_your_turn"),
    (lambda s: PutIn(9, "As", NOW), "not_in_round"),
    (lambda s: PutIn(0, s.cards_of(0)[0], later(16)), "too_late"),
    (lambda s: ExchangeTimeout(later(14)), "too_early"),
    (lambda s: Swap(0, True, NOW), "not_your_turn"),
])
def test_pool_refusals_while_filling(make, code):
    state = pool_state()
    with pytest.raises(FlowError) as error:
        machine.apply(state, make(state))
    assert error.value.code == code and state.put == {}


def test_a_second_card_into_the_pool_and_out_of_turn_choices_are_refused():
    state = pool_state()
    state, _ = machine.apply(state, PutIn(0, state.cards_of(0)[0], NOW))
    with pytest.raises(FlowError) as error:
        machine.apply(state, PutIn(0, state.cards_of(0)[0], NOW))
    assert error.value.code == "already_put"
    state, _ = put_all(pool_state())
    for action in (Take(2, NOW), Pass(3, NOW)):
        with pytest.raises(FlowError) as error:
            machine.apply(state, action)
        assert error.value.code == "not_your_turn"


def test_a_second_card_once_the_pool_is_full_is_already_put():
    """docs/protocol.md's errors: `already_put` is "a second card into the pool", also
    once the choosing has begun (it answered not_your_turn: issue 25, item 8)."""
    state, _ = put_all(pool_state())
    with pytest.raises(FlowError) as error:
        machine.apply(state, PutIn(1, state.cards_of(1)[0], NOW))
    assert error.value.code == "already_put"


def test_the_timer_puts_in_the_lowest_card_then_passes_for_the_chooser():
    state = pool_state(banker=2)
    state, _ = machine.apply(state, PutIn(2, state.cards_of(2)[0], NOW))
    lows = {p: lowest(state.cards_of(p)) for p in (0, 1, 3)}
    state, events = machine.apply(state, ExchangeTimeout(later(15)))
    assert {p: state.put[p] for p in (0, 1, 3)} == lows
    assert [e.payload["auto"] for e in events if e.type == "put_in"] == [True] * 3
    assert state.chooser == 2
    state, events = machine.apply(state, ExchangeTimeout(later(30)))
    assert [e.type for e in events][:4] == ["pass", "offer", "pass", "take"]
    assert events[3].payload == {"chooser": 2, "from": 1, "auto": True}


def test_lowest_is_the_lowest_rank_and_the_last_suit_among_equals():
    assert lowest(["As", "2h", "2d", "Kc"]) == "2d"


# --- 3 players ---------------------------------------------------------------------------


def spare_state(banker=0):
    return dealt(3, config=NO_BIDS, banker=banker)


def test_the_banker_may_pay_each_player_to_swap_for_the_spare_hand():
    state = spare_state(banker=1)
    assert state.swap_turn == 1
    spare, own = state.spare, state.cards_of(1)
    state, events = machine.apply(state, Swap(1, True, NOW))
    assert state.cards_of(1) == spare and state.spare == own and state.phase == "arranging"
    assert sorted((a.position, a.points) for a in state.adjustments) == [(0, 1), (1, -2), (2, 1)]
    assert events[0].payload == {"position": 1, "auto": False}


def test_when_the_banker_declines_the_others_clockwise_may_buy_it_and_the_first_ends_it():
    state = spare_state(banker=1)
    state, _ = machine.apply(state, Swap(1, False, NOW))
    assert state.swap_turn == 2
    with pytest.raises(FlowError) as error:
        machine.apply(state, Swap(0, True, NOW))
    assert error.value.code == "not_your_turn"
    state, _ = machine.apply(state, Swap(2, False, NOW))
    spare = state.spare
    state, _ = machine.apply(state, Swap(0, True, NOW))
    assert state.cards_of(0) == spare and state.phase == "arranging"
    assert sorted((a.position, a.points) for a in state.adjustments) == [(0, -1), (1, 1)]


def test_the_swap_timer_declines_and_nobody_swapping_keeps_every_hand():
    state = spare_state(banker=0)
    hands = {p: state.cards_of(p) for p in state.positions}
    for seconds in (15, 30, 45):
        state, events = machine.apply(state, ExchangeTimeout(later(seconds)))
        assert events[0].type == "decline" and events[0].payload["auto"]
    assert state.phase == "arranging" and state.adjustments == ()
    assert {p: state.cards_of(p) for p in state.positions} == hands


def test_bidding_then_exchange_then_arranging():
    state, _ = bid_all(dealt(3), {0: 1, 1: 0, 2: 0})
    assert state.phase == "exchanging" and state.swap_turn == 0
