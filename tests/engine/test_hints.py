"""Hints (RULES.md §7.1, §7.3): the fast search against a brute force, and each rule.

The reference below is deliberately slow and obvious: every split of the 13 cards into
rows, each row evaluated by rows.evaluate, fouls dropped, and per category pattern the
arrangement highest by the documented preference kept. The fast search must find the
same patterns with the same rows' keys; the hints must list them in §7.1's order.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine.arrangement import validate_submission
from rules.engine.cards import Card, build_deck
from rules.engine.config import CATEGORIES, RuleConfig
from rules.engine.hints import Hint, display_row, first_hint, hints, pattern_order_key
from rules.engine.presets import preset
from rules.engine.rows import evaluate, front_not_above_middle
from rules.engine.search import all_layouts, joker_row_key, plain_groups, rank_groups
from rules.engine.specials import best_special

from .conftest import cards

STANDARD = preset("standard")
def slow(examples: int) -> settings:
    """The brute force takes a moment per hand: no deadline, a fixed number of examples,
    and the same examples every run (derandomized) so the suite's time is stable."""
    return settings(max_examples=examples, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


# --- the reference -------------------------------------------------------------------------

# Group length of a key by category (the made hand; the rest are kickers), as documented
# in search.py: back group, middle group, front group, front singles, middle kickers,
# back kickers.
GROUP5 = {9: 2, 8: 2, 7: 2, 6: 3, 5: 6, 4: 2, 3: 2, 2: 3, 1: 2, 0: 2}
GROUP3 = {3: 2, 1: 2, 0: 1}


def reference_preference(front, middle, back):
    gb, gm, gf = GROUP5[back[0]], GROUP5[middle[0]], GROUP3[front[0]]
    return (back[:gb], middle[:gm], front[:gf], front[gf:], middle[gm:], back[gb:])


def brute_force(hand: list[Card], wheel: str = "lowest"):
    """pattern -> (best preference, every valid key triple) over all 72,072 splits."""
    key_of = {}

    def key(indexes):
        if indexes not in key_of:
            key_of[indexes] = evaluate([hand[i] for i in indexes], wheel).key
        return key_of[indexes]

    everything = range(len(hand))
    best, triples = {}, {}
    for back in combinations(everything, 5):
        back_key = key(back)
        rest = [i for i in everything if i not in back]
        for middle in combinations(rest, 5):
            middle_key = key(middle)
            if middle_key > back_key:
                continue
            front = tuple(i for i in rest if i not in middle)
            front_key = key(front)
            if not front_not_above_middle(front_key, middle_key):
                continue
            pattern = (front_key[0], middle_key[0], back_key[0])
            preference = reference_preference(front_key, middle_key, back_key)
            if pattern not in best or preference > best[pattern]:
                best[pattern] = preference
            triples.setdefault(pattern, set()).add((front_key, middle_key, back_key))
    return best, triples


def spec_order(pattern, config: RuleConfig):
    """§7.1.4 written out again: bonus total, bonus rows, strongest kind, back, middle,
    front (higher first)."""
    kind_strength = {"five_of_a_kind": 9, "straight_flush": 8, "four_of_a_kind": 7,
                     "front three_of_a_kind": 6.5, "full_house": 6}
    bonuses = []
    for row, category in zip(("front", "middle", "back"), pattern):
        bonus = config.row_points(row, CATEGORIES[category]) - 1
        if bonus:
            name = "front three_of_a_kind" if (row, category) == ("front", 3) else CATEGORIES[category]
            bonuses.append((bonus, kind_strength.get(name, category)))
    return (sum(b for b, _ in bonuses), len(bonuses), max((k for _, k in bonuses), default=-1),
            pattern[2], pattern[1], pattern[0])


def dominated(triple, others):
    return any(all(o >= t for o, t in zip(other, triple)) and other != triple
               for other in others)


def hands(deck: str = "standard", jokers: bool = False, size: int = 13):
    pack = build_deck(deck, jokers)
    return st.lists(st.integers(0, len(pack) - 1), min_size=size, max_size=size,
                    unique=True).map(lambda picks: [pack[i] for i in picks])


def keys_of(hint: Hint, wheel: str = "lowest"):
    return tuple(evaluate(row, wheel).key for row in hint.rows)


# --- the search against the brute force --------------------------------------------------


def check_search_against_brute_force(hand: list[Card], wheel: str = "lowest") -> None:
    best, triples = brute_force(hand, wheel)
    found = all_layouts(hand, wheel)
    assert set(found) == set(best), "the same category patterns"
    for pattern, layout in found.items():
        assert Counter(layout.front + layout.middle + layout.back) == Counter(hand)
        assert tuple(evaluate(row, wheel).key for row in
                     (layout.front, layout.middle, layout.back)) == layout.keys
        assert reference_preference(*layout.keys) == best[pattern]
        assert not dominated(layout.keys, triples[pattern])


@slow(60)
@given(hands())
def test_search_finds_every_pattern_and_its_best_arrangement_like_brute_force(hand):
    check_search_against_brute_force(hand)


@slow(25)
@given(hands())
def test_search_matches_brute_force_with_the_wheel_second(hand):
    check_search_against_brute_force(hand, "second")


@slow(25)
@given(hands("extra_suit"))
def test_search_matches_brute_force_on_65_card_hands(hand):
    check_search_against_brute_force(hand)


@slow(25)
@given(hands("standard", jokers=True))
def test_search_matches_brute_force_with_jokers(hand):
    check_search_against_brute_force(hand)


@slow(10)
@given(hands("extra_suit", jokers=True))
def test_search_matches_brute_force_on_65_cards_with_jokers(hand):
    check_search_against_brute_force(hand)


@pytest.mark.parametrize("text", [
    "As Ks Qs Js 9h 9d 9c 5c 5d 3h 3s 2c 7d",   # flush, full house, pairs
    "BJ SJ 7s 7h 8c 9d Td Kd 2s 3s 4s 5h Ah",   # two jokers
    "BJ 7s 7h 7c 7d 8c 9d Td Kd 2s 3s 4s 5h",   # quads and a joker: five of a kind
    "Ad Ad Kd Qd Jd Td 9d 9d 8c 7h 6s 5s 4c",   # twin diamonds, straight flushes
    "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As",   # one suit: every row a flush at least
])
def test_search_matches_brute_force_on_hands_that_stress_suits_and_jokers(text):
    check_search_against_brute_force(cards(text))


def test_joker_row_key_is_the_best_substitution_as_rows_evaluate_says():
    @slow(300)
    @given(st.lists(st.sampled_from(build_deck("extra_suit")), min_size=1, max_size=5),
           st.integers(1, 2), st.sampled_from(["lowest", "second"]))
    def check(plain, jokers, wheel):
        size = 5 if len(plain) + jokers > 3 else 3
        plain = plain[:size - jokers]
        if len(plain) + jokers != size:
            return
        row = plain + [Card(0, "B"), Card(0, "S")][:jokers]
        assert joker_row_key(plain, jokers, wheel) == evaluate(row, wheel).key

    check()


@slow(20)
@given(st.integers(14, 16).flatmap(lambda size: hands("extra_suit", size=size)))
def test_16_card_search_is_the_best_over_every_choice_of_13(hand):
    # The 13-card search is checked against the brute force above; with more cards it
    # must give, per pattern, the best of it over every way to leave cards out (560 for
    # 16 cards; 14 and 15 cards take the same path and keep the test quick).
    best = {}
    for chosen in combinations(range(len(hand)), 13):
        for pattern, layout in all_layouts([hand[i] for i in chosen], "lowest").items():
            preference = reference_preference(*layout.keys)
            if pattern not in best or preference > best[pattern]:
                best[pattern] = preference
    found = all_layouts(hand, "lowest")
    assert {p: reference_preference(*l.keys) for p, l in found.items()} == best
    for layout in found.values():
        assert Counter(layout.front + layout.middle + layout.back + layout.unused) == Counter(hand)
        assert len(layout.unused) == len(hand) - 13


@given(st.lists(st.integers(0, 5), min_size=13, max_size=13), st.booleans(),
       st.sampled_from(["lowest", "second"]))
def test_groups_from_the_constant_tables_equal_the_general_ones(counts, front, wheel):
    counts = [0, 0] + counts  # index = rank 2..14
    for category in ((0, 1, 3) if front else (0, 1, 2, 3, 4, 6, 7, 9)):
        assert plain_groups(counts, category, wheel, front) == \
            rank_groups(tuple(counts), 0, category, wheel, front)


# --- the hints list against the reference ------------------------------------------------


def expected_hints(hand: list[Card], config: RuleConfig):
    """(pattern, preference) of each normal hint, by the spec, from the brute force."""
    best, _ = brute_force(hand, config.wheel)
    patterns = list(best)
    if any(p[2] >= 1 for p in patterns):
        patterns = [p for p in patterns if p[2] >= 1]  # §7.1.3
    patterns.sort(key=lambda p: spec_order(p, config), reverse=True)
    return [(p, best[p]) for p in patterns]


@slow(40)
@given(hands())
def test_hints_list_the_best_patterns_in_rule_order(hand):
    given_hints = hints(hand, STANDARD)
    special = best_special(hand, STANDARD)
    normal = [h for h in given_hints if h.special is None]
    expected = expected_hints(hand, STANDARD)[:10 - (1 if special else 0)]
    assert [(tuple(CATEGORIES.index(c) for c in h.pattern),
             reference_preference(*keys_of(h))) for h in normal] == expected


@slow(15)
@given(hands("standard", jokers=True))
def test_hints_with_jokers_list_the_best_patterns_in_rule_order(hand):
    config = preset("jokers")
    normal = [h for h in hints(hand, config) if h.special is None]
    expected = expected_hints(hand, config)[:len(normal)]
    assert len(normal) == min(10 - (1 if best_special(hand, config) else 0),
                              len(expected_hints(hand, config)))
    assert [(tuple(CATEGORIES.index(c) for c in h.pattern),
             reference_preference(*keys_of(h))) for h in normal] == expected


# --- every hint is a legal submission ----------------------------------------------------


def check_hints_are_legal(hand: list[Card], config: RuleConfig) -> None:
    given_hints = hints(hand, config)
    assert 1 <= len(given_hints) <= 10
    assert given_hints[0] == first_hint(hand, config)
    patterns = [h.pattern for h in given_hints if h.special is None]
    assert len(patterns) == len(set(patterns)), "no two hints share a pattern"
    for hint in given_hints:
        used = hint.front + hint.middle + hint.back
        assert Counter(used + hint.unused) == Counter(hand), "exactly the hand's cards"
        assert len(used) == 13
        arrangement = validate_submission(hand, hint.front, hint.middle, hint.back, config,
                                          declare_special=hint.special is not None)
        if hint.special is None:
            assert not arrangement.foul
            assert arrangement.pattern == hint.pattern
            assert hint.bonus == sum(config.row_points(row, category) - 1 for row, category
                                     in zip(("front", "middle", "back"), hint.pattern))
        else:
            assert arrangement.special.code == hint.special
            assert hint.bonus == 0


@slow(150)
@given(hands())
def test_every_hint_is_valid_and_uses_exactly_the_hands_cards(hand):
    check_hints_are_legal(hand, STANDARD)


@slow(40)
@given(hands("standard", jokers=True))
def test_every_hint_with_jokers_is_valid(hand):
    check_hints_are_legal(hand, preset("jokers"))


@slow(40)
@given(hands("extra_suit"))
def test_every_hint_on_65_cards_is_valid(hand):
    check_hints_are_legal(hand, preset("extra-suit"))


@slow(15)
@given(hands("extra_suit", size=16))
def test_every_extra_three_hint_uses_13_of_the_16_cards(hand):
    check_hints_are_legal(hand, preset("extra-three"))


@pytest.mark.parametrize("slug", ["fuzhou", "classic", "fujian", "shisandao"])
def test_every_preset_gets_legal_hints(slug):
    config = preset(slug)
    pack = build_deck(config.deck, config.jokers)
    for start in range(0, 39, 13):
        check_hints_are_legal(pack[start:start + 13], config)


@slow(300)
@given(hands())
def test_first_hint_always_exists_and_is_never_a_foul(hand):
    hint = first_hint(hand, STANDARD)
    arrangement = validate_submission(hand, hint.front, hint.middle, hint.back, STANDARD,
                                      declare_special=hint.special is not None)
    assert hint.special is not None or not arrangement.foul


# --- §7.1.1 the special first ------------------------------------------------------------


def test_first_hint_declares_highest_ranked_special():
    # Four trips (rank 9) and six pairs (rank 11) both hold; four trips is declared.
    hand = cards("As Ah Ac Ks Kh Kc Qs Qh Qc Js Jh Jc 2d")
    hint = first_hint(hand, STANDARD)
    assert hint.special == "four_trips"
    assert best_special(hand, STANDARD).code == "four_trips"
    assert [h.special for h in hints(hand, STANDARD)[1:]] == [None] * 9


def test_first_hint_declares_the_dragon_over_everything_below_it():
    hand = cards("As Kh Qc Jd Ts 9h 8c 7d 6s 5h 4c 3d 2s")
    assert first_hint(hand, STANDARD).special == "dragon"
    assert first_hint(cards("As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s"),
                      STANDARD).special == "supreme_dragon"


def test_declaring_hint_shows_the_specials_own_rows():
    hand = cards("2h 5h 9h 3s 6s 8s Js Ks 4c 7c 9c Qc Ac")  # three flushes
    hint = first_hint(hand, STANDARD)
    assert hint.special == "three_flushes"
    assert {c.suit for c in hint.front} == {"h"}
    assert len({c.suit for c in hint.middle}) == len({c.suit for c in hint.back}) == 1
    assert hint.pattern == ("high_card", "flush", "flush")
    assert hint.bonus == 0


def test_declaring_hint_lays_out_the_best_normal_rows_for_other_specials():
    hand = cards("As Ah Ks Kh Qs Qh Js Jh Ts Th 9s 9h 2c")  # six pairs
    given_hints = hints(hand, STANDARD)
    assert given_hints[0].special == "six_pairs"
    assert given_hints[0].rows == given_hints[1].rows
    assert len(given_hints) == 10


def test_no_special_hint_when_the_rule_set_lists_none_that_hold():
    hand = cards("As Ah Ks Kh Qs Qh Js Jh Ts Th 9s 9h 2c")  # six pairs
    config = preset("shisandao")  # six pairs is a big 抛 there
    assert first_hint(hand, config).special == "six_pairs"
    assert all(h.special is None for h in hints(cards("As Ah Kc 8d 7s 6h 5c 4d 3s Jh Js 9c 2d"),
                                                STANDARD))


def test_extra_three_finds_a_special_among_any_13_of_the_16_cards():
    # A dragon once the three extra cards (the 5s twin, 9c, Kh) are left out.
    hand = cards("Ad Kd Qd Jd Td 9d 8d 7d 6d 5d 4d 3d 2d 5d 9c Kh")
    hint = first_hint(hand, preset("extra-three"))
    assert hint.special == "supreme_dragon"
    assert sorted(c.code for c in hint.unused) == ["5d", "9c", "Kh"]


# --- §7.1.2–§7.1.5 patterns, order, dominance ------------------------------------------


def test_back_high_card_patterns_only_when_no_back_pair_possible():
    # 13 different ranks: every row could be high card, yet the back always has a
    # straight (13 cards without a pair hold every rank), so no hint shows a high-card
    # back; the search itself does know the all-high-card arrangement.
    hand = cards("As Kh Qc Jd Ts 9h 8c 7d 6s 5h 4c 3d 2s")
    assert (0, 0, 0) in all_layouts(hand, "lowest")
    shown = [h.pattern for h in hints(hand, preset("classic"))]
    assert shown and all(back != "high_card" for _, _, back in shown)


@slow(200)
@given(hands())
def test_no_hint_has_a_high_card_back_since_a_pair_or_straight_always_fits(hand):
    assert all(h.pattern[2] != "high_card" for h in hints(hand, STANDARD))


def test_hints_ordered_by_total_row_bonus_first():
    # Two quads: quads in the middle (bonus 6) + quads in the back (3) come first.
    hand = cards("9s 9h 9c 9d 8s 8h 8c 8d 6s 5h 4c 3d 2s")
    given_hints = hints(hand, STANDARD)
    assert given_hints[0].pattern == ("high_card", "four_of_a_kind", "four_of_a_kind")
    assert given_hints[0].bonus == 9
    bonuses = [h.bonus for h in given_hints]
    assert bonuses == sorted(bonuses, reverse=True)


def test_seed_000_example_five_threes_lists_the_biggest_bonuses_first():
    # Seed 000 §5: 33333, ♣4567, ♠8 ♥8 ♦8, ♥4 can make five of a kind, a straight flush,
    # four of a kind, a middle full house and 冲三 (65-card deck: five 3s).
    hand = cards("3s 3h 3c 3d 3d 4c 5c 6c 7c 8s 8h 8d 4h")
    given_hints = hints(hand, preset("extra-suit"))
    assert [(h.pattern, h.bonus) for h in given_hints[:4]] == [
        (("three_of_a_kind", "four_of_a_kind", "straight_flush"), 12),  # 冲三 2 + 6 + 4
        (("pair", "four_of_a_kind", "straight_flush"), 10),
        (("high_card", "full_house", "five_of_a_kind"), 6),   # kind: five of a kind ...
        (("three_of_a_kind", "three_of_a_kind", "straight_flush"), 6),  # ... before SF
    ]
    assert codes_of(given_hints[0].back) == "3c 4c 5c 6c 7c"
    assert codes_of(given_hints[0].front) == "8s 8h 8d"


def test_equal_bonus_totals_go_by_bonus_rows_then_strongest_kind():
    # Total 3: front trips + middle full house (2 rows) before back quads (1 row).
    two_rows = pattern_order_key((3, 6, 6), STANDARD)
    one_row = pattern_order_key((0, 0, 7), STANDARD)
    assert two_rows[:2] == (3, 2) and one_row[:2] == (3, 1)
    assert two_rows > one_row
    # Total 5 in 2 rows: middle full house + back straight flush (kind: straight flush)
    # before 冲三 + back quads (kind: four of a kind).
    assert pattern_order_key((0, 6, 8), STANDARD)[:2] == pattern_order_key((3, 3, 7), STANDARD)[:2]
    assert pattern_order_key((0, 6, 8), STANDARD) > pattern_order_key((3, 3, 7), STANDARD)
    # 冲三 is a stronger kind than a middle full house.
    assert pattern_order_key((3, 3, 6), STANDARD)[2] > pattern_order_key((0, 6, 6), STANDARD)[2]


def test_without_bonuses_patterns_go_by_back_then_middle_then_front():
    classic = preset("classic")
    keys = sorted([(0, 1, 4), (1, 1, 4), (0, 2, 2), (1, 2, 4)],
                  key=lambda p: pattern_order_key(p, classic), reverse=True)
    assert keys == [(1, 2, 4), (1, 1, 4), (0, 1, 4), (0, 2, 2)]


def test_at_most_ten_hints_in_all():
    hand = cards("As Ah Ks Kh Qs Qh Jc Tc 9d 8d 7s 6s 2c")
    assert len(hints(hand, STANDARD)) == 10
    assert len(hints(hand, STANDARD, limit=3)) == 3


def test_each_hint_is_not_dominated_within_its_pattern():
    hand = cards("As Ad Kh Kc Qs 8h 8d 7c 6s 5d 4h 3c 2s")
    _, triples = brute_force(hand)
    for hint in hints(hand, STANDARD):
        pattern = tuple(CATEGORIES.index(c) for c in hint.pattern)
        assert not dominated(keys_of(hint), triples[pattern])


# --- §7.1.6 leftover singles --------------------------------------------------------------


def test_high_card_front_and_middle_split_leftover_singles_2nd_3rd_4th_to_the_front():
    # Back: full house 777 22. Leftovers A K Q 9 8 5 4 3 (no straight, no flush).
    hand = cards("7s 7h 7c 2s 2h As Kh Qc 9d 8s 5h 4c 3d")
    hint = next(h for h in hints(hand, STANDARD)
                if h.pattern == ("high_card", "high_card", "full_house"))
    assert [c.rank for c in hint.front] == [13, 12, 9]
    assert [c.rank for c in hint.middle] == [14, 8, 5, 4, 3]


def test_high_card_front_gets_the_three_highest_singles_when_the_middle_pairs():
    # Back: the best full house 777 99; middle: the pair of 2s; front: A K Q.
    hand = cards("7s 7h 7c 2s 2h 9d 9c As Kh Qc 8s 5h 4c")
    hint = next(h for h in hints(hand, STANDARD)
                if h.pattern == ("high_card", "pair", "full_house"))
    assert [c.rank for c in hint.back] == [7, 7, 7, 9, 9]
    assert [c.rank for c in hint.front] == [14, 13, 12]
    assert [c.rank for c in hint.middle] == [2, 2, 8, 5, 4]


# --- display order ------------------------------------------------------------------------


def codes_of(row):
    return " ".join(card.code for card in row)


@pytest.mark.parametrize("row, shown", [
    ("6c 2s 4h 5d 3s", "2s 3s 4h 5d 6c"),     # straights low to high
    ("5d As 3s 2h 4c", "As 2h 3s 4c 5d"),     # the wheel reads A-2-3-4-5
    ("2s 3d 3h 2c 3s", "3s 3h 3d 2s 2c"),     # 33322
    ("Jd 3s 2h Kc 2d", "2h 2d Kc Jd 3s"),     # 22KJ3
    ("9d Ah 9s 4c 7h", "9s 9d Ah 7h 4c"),     # equal ranks by suit ♠♥♣♦
    ("Qd 4d 9d Ad 2d", "Ad Qd 9d 4d 2d"),     # a flush high to low
    ("Kd 7d Kd 4d 2d", "Kd Kd 7d 4d 2d"),     # a 65-card flush with twin kings
    ("7s BJ Kd 7h 2c", "7s 7h BJ Kd 2c"),     # the joker sits with the trips it makes
    ("5s 6h BJ 8d 9c", "5s 6h BJ 8d 9c"),     # ... or in the straight's gap
    ("Ks SJ 3d", "Ks SJ 3d"),                 # a pair of kings with a joker
])
def test_rows_show_in_display_order(row, shown):
    row_cards = cards(row)
    assert codes_of(display_row(row_cards, evaluate(row_cards).key)) == shown


def check_rows_in_display_order(hand: list[Card], config: RuleConfig) -> None:
    # (A declared three-straights shows all three runs low to high, its 3-card front too.)
    for hint in hints(hand, config):
        if hint.special is not None:
            continue
        for row, category in zip(hint.rows, hint.pattern):
            assert row == display_row(row, evaluate(row, config.wheel).key)
            ranks = [c.rank for c in row]
            if category in ("straight", "straight_flush") and 0 not in ranks:
                assert ranks == sorted(ranks) or ranks == [14, 2, 3, 4, 5]


def test_hints_list_straights_ascending_and_groups_first():
    check_rows_in_display_order(cards("2s 3h 4c 5d 6s Kh Kd Kc 8s 8h Jc 9d Ts"), STANDARD)
    check_rows_in_display_order(cards("As 2h 3c 4d 5s 5h 9d 9c Kc Qd 7s 7h 7c"), STANDARD)


@slow(150)
@given(st.sampled_from(["standard", "extra-suit", "jokers"]).flatmap(
    lambda slug: st.tuples(st.just(slug), hands(preset(slug).deck, preset(slug).jokers))))
def test_every_hint_row_is_in_display_order(slug_and_hand):
    slug, hand = slug_and_hand
    check_rows_in_display_order(hand, preset(slug))


def test_hints_refuse_a_hand_of_the_wrong_size():
    with pytest.raises(ValueError):
        hints(cards("As Ks Qs"), STANDARD)
    with pytest.raises(ValueError):
        hints(cards("As Ah Ks Kh Qs Qh Js Jh Ts Th 9s 9h 2c"), preset("extra-three"))


@pytest.mark.parametrize("name", ["standard", "classic", "extra-suit", "fuzhou", "fujian",
                                  "shisandao", "extra-three"])
def test_refusing_what_no_five_of_a_suit_leave_room_for_changes_no_hint(name, monkeypatch):
    """A flush row takes five cards of one suit, so the search refuses a pattern whose
    other rows' pairs, trips or straight fit in what no five of a suit leave
    (search._Search._fits_beside_flush) before searching it. A necessary condition only:
    the same hints as without it, on random hands and on hands with five to eight cards
    of one suit, where it refuses most."""
    import random

    from rules.engine import search
    from rules.engine.cards import SeededSource, shuffle

    config = preset(name)
    deck = build_deck(config.deck, config.jokers)
    source, pick = SeededSource(59), random.Random(59)
    hands = []
    for index in range(300):
        hand = list(shuffle(deck, source)[:config.hand_size])
        if index % 2:  # five to eight of one suit, the rest from the other cards
            suit = pick.choice(sorted({card.suit for card in deck if not card.is_joker}))
            suited = [card for card in deck if not card.is_joker and card.suit == suit]
            hand = pick.sample(suited, pick.randint(5, 8))
            others = [card for card in deck if card not in hand]
            hand += pick.sample(others, config.hand_size - len(hand))
        hands.append(hand)
    refused = [hints(hand, config) for hand in hands]
    monkeypatch.setattr(search, "_beside_flush_needs", lambda pattern: None)
    assert [hints(hand, config) for hand in hands] == refused


@pytest.mark.parametrize("name", ["standard", "extra-three", "jokers", "extra-suit"])
def test_a_hint_goes_through_json_and_comes_back_the_same_keys_and_all(name):
    """Issue 23: the live deal hands its hints to the advisor's worker as JSON
    (hint_to_wire); what comes back is the very Hint, its rows' keys included (the
    advisor reads them instead of evaluating the rows), specials and left-out cards too."""
    import json

    from rules.engine.cards import SeededSource, parse_cards, shuffle
    from rules.engine.hints import hint_from_wire, hint_to_wire

    config = preset(name)
    deck = build_deck(config.deck, config.jokers)
    source = SeededSource(31)
    seen_special = seen_unused = False
    dragon = parse_cards("Ac Ks Qh Jh Td 9c 8c 7s 6h 5d 4c 3s 2h Ah Kd Qd".split()
                         [:config.hand_size])
    hands = [dragon] + [list(shuffle(deck, source)[:config.hand_size]) for _ in range(60)]
    for hand in hands:
        for hint in hints(hand, config):
            back = hint_from_wire(json.loads(json.dumps(hint_to_wire(hint))))
            assert back == hint and back.keys == hint.keys
            assert all(isinstance(key, tuple) for key in back.keys or ())
            seen_special |= hint.special is not None
            seen_unused |= bool(hint.unused)
    assert seen_special  # the dragon (一条龙), declared by the first hint
    assert seen_unused == (config.hand_size > 13)
