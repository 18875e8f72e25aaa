"""games.machine: the round as pure (state, action) -> (state, events) steps."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import pytest

from games import machine
from games.machine import FlowError, RoundState, Submit, Timeout, rules_of_config
from games.machine.state import config_of
from rules.engine import fairness
from rules.engine.cards import codes, sorted_for_display
from rules.engine.hints import first_hint
from rules.engine.presets import PRESETS

NOW = datetime(2026, 1, 1, tzinfo=timezone.utc)


def dealt_state(slug="standard", players=3, seed="ab" * 32) -> RoundState:
    config = PRESETS[slug]
    hands, _ = fairness.deal_from_seed(seed, config, players)
    return RoundState(config=config, phase=machine.ARRANGING,
                      dealt={p: tuple(codes(sorted_for_display(h))) for p, h in enumerate(hands)},
                      deadline=NOW + timedelta(seconds=30))


def hint_rows(state, position):
    hint = first_hint(sorted_for_display(
        __import__("rules.engine.cards", fromlist=["parse_cards"]).parse_cards(
            state.dealt[position])), state.config)
    return codes(hint.front), codes(hint.middle), codes(hint.back), hint.special


def submit(state, position, now=NOW):
    front, middle, back, special = hint_rows(state, position)
    return machine.apply(state, Submit(position, front, middle, back,
                                       declare=bool(special), now=now))


@pytest.mark.parametrize("slug, phases", [
    ("standard", ("arranging", "settled")),
    ("extra-three", ("arranging", "settled")),
    ("shisandao", ("bidding", "exchanging", "arranging", "negotiating", "settled")),
])
def test_phases_come_from_the_rule_config(slug, phases):
    assert machine.phases(PRESETS[slug]) == phases


def test_a_submission_is_an_event_and_the_last_one_settles():
    state = dealt_state()
    state, events = submit(state, 0)
    assert [e.type for e in events] == ["submitted"] and state.waiting_for == (1, 2)
    assert events[0].payload == {"position": 0, "auto": False}
    state, events = submit(state, 1)
    state, events = submit(state, 2)
    assert [e.type for e in events] == ["submitted", "settled"]
    assert state.phase == "settled"
    assert sum(state.result["totals"].values()) == 0
    assert all(isinstance(pair["a"], int) for pair in state.result["pairs"])


def test_a_step_never_changes_the_state_it_was_given():
    state = dealt_state()
    after, _ = submit(state, 0)
    assert state.submissions == {} and 0 in after.submissions


@pytest.mark.parametrize("action, code", [
    (Submit(7, (), (), ()), "not_in_round"),
    (Submit(0, ("As",), (), (), now=NOW + timedelta(seconds=31)), "too_late"),
    (Submit(0, ("As", "Ks", "Qs"), ("2s", "3s", "4s", "5s", "6s"),
            ("7s", "8s", "9s", "Ts", "Js")), "invalid_arrangement"),
    (Timeout(now=NOW), "too_early"),
])
def test_refusals(action, code):
    with pytest.raises(FlowError) as error:
        machine.apply(dealt_state(), action)
    assert error.value.code == code


def test_a_second_submission_is_refused():
    state, _ = submit(dealt_state(), 0)
    with pytest.raises(FlowError, match="final") as error:
        submit(state, 0)
    assert error.value.code == "already_submitted"


def test_the_timeout_submits_first_hints_and_settles():
    state, _ = submit(dealt_state(), 1)
    state, events = machine.apply(state, Timeout(now=NOW + timedelta(seconds=30)))
    assert [(e.type, e.payload.get("position")) for e in events] == [
        ("submitted", 0), ("submitted", 2), ("settled", None)]
    assert [state.submissions[p].auto for p in (0, 1, 2)] == [True, False, True]
    assert state.result["hands"]["0"]["auto"] is True
    with pytest.raises(FlowError) as error:
        machine.apply(state, Timeout(now=NOW + timedelta(seconds=31)))
    assert error.value.code == "not_arranging"


def test_events_of_an_unsettled_round_hold_no_cards():
    state = dealt_state()
    _, events = submit(state, 0)
    assert all(set(e.payload) == {"position", "auto"} for e in events)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_rules_a_round_freezes_are_the_configs_and_read_back_as_it(name):
    # Made once per config and handed out as a fresh copy: a round's rules never share
    # a dict with another's.
    config = PRESETS[name]
    as_stored = json.loads(json.dumps(config.to_dict()))  # as the JSON column gives it back
    frozen = rules_of_config(config)
    assert frozen == as_stored and config_of(frozen) == config
    frozen["arrange_seconds"] = 1
    frozen["specials"].clear()
    assert rules_of_config(config) == as_stored
