"""多三张 in the round machine (RULES.md §7.3): 16 cards dealt, any 13 of them in the rows,
the 3 left out are the submission's discards — counted as a multiset, since the 65-card
deck holds two of each diamond."""

from __future__ import annotations

from collections import Counter
from datetime import datetime, timedelta, timezone

import pytest

from games import machine
from games.machine import FlowError, RoundState, Submit, Timeout
from games.machine.state import left_out
from rules.engine import fairness
from rules.engine.arrangement import arrange
from rules.engine.cards import codes, parse_cards, sorted_for_display
from rules.engine.hints import first_hint
from rules.engine.presets import PRESETS

NOW = datetime(2026, 1, 1, tzinfo=timezone.utc)
CONFIG = PRESETS["extra-three"]


def dealt_state(seed="ab" * 32, players=2) -> RoundState:
    hands, _ = fairness.deal_from_seed(seed, CONFIG, players)
    return RoundState(config=CONFIG, phase=machine.ARRANGING,
                      dealt={p: tuple(codes(sorted_for_display(h))) for p, h in enumerate(hands)},
                      deadline=NOW + timedelta(seconds=30))


def first_rows(state, position):
    hint = first_hint(parse_cards(state.dealt[position]), CONFIG)
    return codes(hint.front), codes(hint.middle), codes(hint.back), hint.special


def twin_diamond_seed() -> tuple[str, str]:
    """A seed whose seat 0 holds both copies of one diamond, and that diamond."""
    for n in range(1, 5000):
        seed = f"{n:064x}"
        cards = codes(fairness.deal_from_seed(seed, CONFIG, 2)[0][0])
        twins = [code for code, count in Counter(cards).items() if count == 2]
        if twins:
            return seed, twins[0]
    raise AssertionError("no seed with twin diamonds in 5000")


def test_the_rows_take_13_of_16_and_the_3_left_out_are_the_discards():
    state = dealt_state()
    front, middle, back, special = first_rows(state, 0)
    state, events = machine.apply(state, Submit(0, front, middle, back, declare=bool(special),
                                                now=NOW))
    submission = state.submissions[0]
    assert len(submission.discards) == 3
    assert Counter(submission.front + submission.middle + submission.back
                   + submission.discards) == Counter(state.dealt[0])
    assert events[0].payload == {"position": 0, "auto": False}  # no card in an event


def test_discards_count_twin_diamonds_as_two_cards():
    seed, twin = twin_diamond_seed()
    dealt = codes(sorted_for_display(fairness.deal_from_seed(seed, CONFIG, 2)[0][0]))
    played = list(dealt)
    played.remove(twin)  # one copy played, the other left out with two more cards
    rest = [code for code in played if code != twin][-2:]
    for code in rest:
        played.remove(code)
    assert Counter(left_out(dealt, played)) == Counter([twin, *rest])


def not_held(state) -> str:
    return next(code for code in codes(fairness.shuffled_deck("cd" * 32, CONFIG))
                if code not in state.dealt[0])


@pytest.mark.parametrize("change, words", [
    (lambda rows, stranger: ([stranger, *rows[0][1:]], *rows[1:]), "not one of your cards"),
    (lambda rows, stranger: (rows[0][:2] + [rows[0][0]], *rows[1:]), "times"),
    (lambda rows, stranger: (rows[0][:2], rows[1] + [rows[0][2]], rows[2]), "card"),
])
def test_a_card_not_held_a_card_used_twice_or_a_wrong_row_size_is_refused(change, words):
    state = dealt_state()
    front, middle, back, _special = first_rows(state, 0)
    with pytest.raises(FlowError) as error:
        machine.apply(state, Submit(0, *change([front, middle, back], not_held(state)),
                                    now=NOW))
    assert error.value.code == "invalid_arrangement" and words in error.value.message
    assert state.submissions == {}


def test_a_foul_is_refused_naming_the_rows():
    state = dealt_state()
    front, middle, back, _special = first_rows(state, 0)
    assert not CONFIG.allow_foul and arrange(front, back, middle, CONFIG).foul
    with pytest.raises(FlowError) as error:  # the back row swapped into the middle
        machine.apply(state, Submit(0, front, back, middle, now=NOW))
    assert error.value.code == "invalid_arrangement" and "foul" in error.value.message


def test_the_timer_submits_the_first_hint_with_its_discards_and_settles():
    state = dealt_state()
    state, events = machine.apply(state, Timeout(now=NOW + timedelta(seconds=30)))
    assert state.phase == machine.SETTLED
    for position in (0, 1):
        submission = state.submissions[position]
        front, middle, back, special = first_rows(dealt_state(), position)
        assert [list(submission.front), list(submission.middle),
                list(submission.back)] == [front, middle, back] and submission.auto
        assert state.result["hands"][str(position)]["discards"] == list(submission.discards)
        assert len(submission.discards) == 3
    assert sum(state.result["totals"].values()) == 0


def test_each_hint_names_its_discards():
    state = dealt_state()
    hints = machine.hand_hints(state.dealt[0], CONFIG)
    assert hints
    for hint in hints:
        played = hint["front"] + hint["middle"] + hint["back"]
        assert Counter(played + hint["discards"]) == Counter(state.dealt[0])
        assert len(hint["discards"]) == 3


def test_a_13_card_hint_has_no_discards():
    hands, _ = fairness.deal_from_seed("ab" * 32, PRESETS["standard"], 2)
    hints = machine.hand_hints(codes(hands[0]), PRESETS["standard"])
    assert all(hint["discards"] == [] for hint in hints)


def test_a_hints_discards_are_the_dealt_cards_its_rows_leave_out_twins_and_all():
    """hint_dict's discards, the quick way (no code dealt twice) and the counting way (a
    65-card hand holding both twins of a diamond), are games.machine.state.left_out."""
    from games.machine.hints import hint_dict
    from rules.engine.cards import SeededSource, build_deck, shuffle
    from rules.engine.hints import hints

    config = PRESETS["extra-three"]
    source = SeededSource(17)
    deck = build_deck(config.deck, config.jokers)
    twins_seen = False
    for _ in range(150):
        hand = shuffle(deck, source)[:16]
        dealt = codes(hand)
        twins_seen = twins_seen or len(set(dealt)) < len(dealt)
        for hint in hints(hand, config):
            rows = codes(hint.front) + codes(hint.middle) + codes(hint.back)
            assert hint_dict(hint, dealt)["discards"] == list(left_out(dealt, rows))
            assert hint_dict(hint, dealt[:13])["discards"] == list(left_out(dealt[:13], rows))
    assert twins_seen
