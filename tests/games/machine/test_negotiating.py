"""十三道 negotiation (谈判, RULES.md §8.4) and the banker's settlement (§8.5) in the round
machine: private pair deals, the timer, and the totals with the pot and the swap fees."""

from __future__ import annotations

import pytest

from games import machine
from games.machine import Answer, FlowError, NegotiationTimeout, Propose

from tests.games.machine.shisandao import (NOW, arrange_all, bid_all, dealt, later, without)

PLAIN = without(bidding=False, exchange=False)


def negotiating(players=3, banker=0):
    state, events = arrange_all(dealt(players, config=PLAIN, banker=banker))
    assert state.phase == "negotiating", events
    return state


def test_arranging_ends_in_the_negotiation_with_its_timer():
    state = negotiating()
    assert state.deadline == later(20)
    assert set(state.negotiations) == {1, 2}  # one pair per player; the banker is 0


def test_an_accepted_proposal_settles_the_pair_at_the_agreed_amount():
    state = negotiating(players=3, banker=0)
    state, events = machine.apply(state, Propose(1, 1, -4, NOW))  # the player offers 4
    assert events[0].payload == {"pair": 1, "by": 1}  # the amount stays between the two
    state, _ = machine.apply(state, Answer(0, 1, "accept", -4, NOW))
    assert state.negotiations[1].status == "agreed"
    state, events = machine.apply(state, Answer(2, 2, "compare", now=NOW))
    assert state.phase == "settled"
    pairs = {pair["b"]: pair for pair in state.result["pairs"]}
    assert pairs[1]["negotiated"] and pairs[1]["points"] == -4 and pairs[1]["rows"] == []
    assert not pairs[2]["negotiated"] and len(pairs[2]["rows"]) == 3
    assert state.result["totals"]["1"] == 4
    assert sum(state.result["totals"].values()) == 0


def test_a_rejection_sends_the_pair_to_comparison():
    state = negotiating()
    state, _ = machine.apply(state, Propose(0, 2, 6, NOW))
    state, events = machine.apply(state, Answer(2, 2, "reject", now=NOW))
    assert state.negotiations[2].status == "compare"
    assert events[0].payload["result"] == "rejected"


def test_a_withdrawn_proposal_cannot_be_accepted_and_a_changed_one_is_refused():
    state = negotiating()
    state, _ = machine.apply(state, Propose(0, 1, 3, NOW))
    withdrawn, _ = machine.apply(state, Answer(0, 1, "withdraw", now=NOW))
    with pytest.raises(FlowError) as error:
        machine.apply(withdrawn, Answer(1, 1, "accept", 3, NOW))
    assert error.value.code == "no_proposal"
    changed, _ = machine.apply(state, Propose(0, 1, 5, NOW))
    with pytest.raises(FlowError) as error:
        machine.apply(changed, Answer(1, 1, "accept", 3, NOW))
    assert error.value.code == "proposal_changed"


@pytest.mark.parametrize("amount", [None, "3", 3.0, True])
def test_accepting_without_a_whole_amount_is_a_bad_request(amount):
    """A missing or malformed field is `bad_request`, not `proposal_changed` (issue 25,
    item 8): the proposal did not change."""
    state = negotiating()
    state, _ = machine.apply(state, Propose(0, 1, 3, NOW))
    with pytest.raises(FlowError) as error:
        machine.apply(state, Answer(1, 1, "accept", amount, NOW))
    assert error.value.code == "bad_request"
    assert state.negotiations[1].status == "proposed"


@pytest.mark.parametrize("action, code", [
    (Propose(1, 2, 3, NOW), "not_your_pair"),        # a player proposing for another pair
    (Propose(0, 0, 3, NOW), "bad_request"),          # the banker has no pair of its own
    (Propose(0, 1, 1000, NOW), "bad_amount"),
    (Propose(0, 1, 2.5, NOW), "bad_amount"),
    (Propose(0, 1, True, NOW), "bad_amount"),
    (Propose(9, 1, 3, NOW), "not_in_round"),
    (Propose(0, 1, 3, later(21)), "too_late"),
    (Answer(1, 1, "accept", 3, NOW), "no_proposal"),
    (Answer(1, 1, "maybe", now=NOW), "bad_request"),
    (NegotiationTimeout(later(19)), "too_early"),
])
def test_negotiation_refusals(action, code):
    state = negotiating()
    with pytest.raises(FlowError) as error:
        machine.apply(state, action)
    assert error.value.code == code and all(
        n.status == "open" for n in state.negotiations.values())


def test_the_proposer_does_not_answer_their_own_and_the_other_side_answers_first():
    state, _ = machine.apply(negotiating(), Propose(1, 1, -2, NOW))
    for action, code in ((Answer(1, 1, "accept", -2, NOW), "not_your_proposal"),
                         (Answer(0, 1, "withdraw", now=NOW), "not_your_proposal"),
                         (Propose(0, 1, 5, NOW), "answer_first")):
        with pytest.raises(FlowError) as error:
            machine.apply(state, action)
        assert error.value.code == code


def test_a_decided_pair_refuses_more_and_the_timer_compares_the_open_ones():
    state, _ = machine.apply(negotiating(), Answer(1, 1, "compare", now=NOW))
    with pytest.raises(FlowError) as error:
        machine.apply(state, Propose(0, 1, 2, NOW))
    assert error.value.code == "pair_decided"
    state, _ = machine.apply(state, Propose(0, 2, 2, NOW))  # left unanswered
    state, events = machine.apply(state, NegotiationTimeout(later(20)))
    assert [e.payload for e in events if e.type == "negotiated"] == [
        {"pair": 2, "result": "compare", "auto": True}]
    assert state.phase == "settled"
    assert not any(pair["negotiated"] for pair in state.result["pairs"])


def test_without_negotiation_arranging_settles_against_the_banker():
    state, _ = arrange_all(dealt(4, config=without(bidding=False, exchange=False,
                                                    negotiation=False), banker=3))
    assert state.phase == "settled" and state.result["banker"] == 3
    assert {(p["a"], p["b"]) for p in state.result["pairs"]} == {(3, 0), (3, 1), (3, 2)}


def test_the_totals_hold_the_pot_and_sum_to_zero():
    state, _ = bid_all(dealt(2, config=without(negotiation=False)), {0: 3, 1: 0})
    assert state.banker == 0 and state.phase == "arranging"  # no exchange with 2 players
    state, _ = arrange_all(state)
    result = state.result
    rows = {str(p): 0 for p in state.positions}
    for pair in result["pairs"]:
        rows[str(pair["a"])] += pair["points"]
        rows[str(pair["b"])] -= pair["points"]
    assert result["adjustments"] == [{"position": 0, "points": -3, "reason": "bid"},
                                     {"position": 1, "points": 3, "reason": "pot"}]
    assert result["totals"] == {"0": rows["0"] - 3, "1": rows["1"] + 3}
    assert sum(result["totals"].values()) == 0
