"""The EV advisor (issue 16): its bulk scoring against settle(), its EVs against exact
enumeration of every deal, reproducibility, and the properties an EV must have (the best
is never a foul, an arrangement beaten row for row is never worth more).

The reference everywhere is deliberately plain: settle() on one table at a time, with the
player's arrangement as seat "me", averaged over the tables.
"""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import combinations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine.advisor import advise, arrangement_ev, deal_tables, points_at_tables
from rules.engine.advisor_candidates import (candidates, hint_arrangement, pareto_layouts,
                                             row_values_rise)
from rules.engine.advisor_deals import (AdvisorError, exact_deals, opponent_arrangement,
                                        sample_deals, unseen_cards)
from rules.engine.advisor_scoring import key_code
from rules.engine.arrangement import arrange
from rules.engine.cards import SeededSource, build_deck, shuffle
from rules.engine.config import RuleConfig
from rules.engine.hints import first_hint, hints
from rules.engine.presets import PRESET_NAMES, preset
from rules.engine.rows import evaluate, front_not_above_middle
from rules.engine.settlement import SeatHand, settle
from rules.engine.specials import SpecialMatch

from .conftest import cards

STANDARD = preset("standard")
CLASSIC = preset("classic")  # fouls allowed, scoop +3, no home run
SHISANDAO = preset("shisandao")


def quick(examples: int) -> settings:
    """Same examples every run, no deadline: the suite's time stays stable."""
    return settings(max_examples=examples, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


def reference_points(arrangement, tables, config, player_is_banker=False) -> list[int]:
    """The player's total at each table, by settle() itself."""
    result = []
    for table in tables:
        seats = [SeatHand("me", arrangement)] + [
            SeatHand(f"o{i}", seat) for i, seat in enumerate(table)]
        banker = None
        if config.mode == "banker":
            banker = "me" if player_is_banker else "o0"
        result.append(settle(seats, config, banker).totals["me"])
    return result


def random_split(hand, rng: random.Random, config: RuleConfig):
    """Any 13 of the cards in any rows: often a foul."""
    chosen = rng.sample(list(hand), 13)
    return arrange(chosen[:3], chosen[3:8], chosen[8:], config)


def with_special(arrangement, config: RuleConfig, code: str):
    """The arrangement declaring `code` (settlement reads only the rule's line)."""
    return replace(arrangement, foul=False, special=SpecialMatch(config.special(code)))


def deal(config: RuleConfig, players: int, seed: int):
    hands = shuffle(build_deck(config.deck, config.jokers), SeededSource(seed))
    size = config.hand_size
    return [hands[i * size:(i + 1) * size] for i in range(players)]


# --- the scoring core --------------------------------------------------------------------


@quick(150)
@given(st.sampled_from(["standard", "jokers", "extra-suit", "fujian"]),
       st.integers(0, 10**9))
def test_key_code_orders_rows_like_their_keys(name, seed):
    config = preset(name)
    pack = shuffle(build_deck(config.deck, config.jokers), SeededSource(seed))
    for size in (3, 5):
        a, b = evaluate(pack[:size], config.wheel), evaluate(pack[size:2 * size], config.wheel)
        assert (key_code(a.key) > key_code(b.key)) == (a.key > b.key)
        assert (key_code(a.key) == key_code(b.key)) == (a.key == b.key)


def test_key_code_keeps_the_second_wheel_in_order():
    wheel, nine_high = cards("As 2h 3c 4d 5s"), cards("5s 6h 7c 8d 9s")
    top = cards("Ts Jh Qc Kd As")
    codes = [key_code(evaluate(row, "second").key) for row in (nine_high, wheel, top)]
    assert codes == sorted(codes) and len(set(codes)) == 3


SEAT_KINDS = st.sampled_from(["hint", "hint", "split", "special"])


@quick(120)
@given(st.sampled_from(["standard", "classic", "fujian", "shisandao", "jokers",
                        "extra-suit", "fuzhou"]),
       st.integers(2, 5), st.integers(0, 10**9), st.lists(SEAT_KINDS, min_size=5,
                                                           max_size=5),
       st.booleans())
def test_bulk_scoring_gives_what_settle_gives(name, players, seed, kinds, player_banks):
    """Row values, scoops, home runs, fouls (even where the preset refuses them: settle
    takes any arrangement), specials on either side and the banker's side."""
    config = preset(name)
    players = min(players, config.max_players)
    rng = random.Random(seed)
    specials = [rule.code for rule in config.specials]
    seats = []
    for hand, kind in zip(deal(config, players, seed), kinds):
        hand = hand[:13]
        if kind == "special" and specials:
            seats.append(with_special(random_split(hand, rng, config), config,
                                      rng.choice(specials)))
        elif kind == "split":
            seats.append(random_split(hand, rng, config))
        else:
            seats.append(hint_arrangement(first_hint(hand, config), config))
    me, table = seats[0], tuple(seats[1:])
    player_is_banker = config.mode == "banker" and player_banks
    got = points_at_tables([me], [table], config, player_is_banker)
    assert got.tolist() == [reference_points(me, [table], config, player_is_banker)]


@quick(60)
@given(st.sampled_from(["standard", "classic", "fujian", "jokers"]), st.integers(2, 4),
       st.integers(0, 10**9), st.lists(SEAT_KINDS, min_size=4, max_size=4),
       st.integers(0, 3))
def test_bulk_scoring_doubles_the_pairs_of_whoever_plays_the_horse_card(name, players,
                                                                        seed, kinds, holder):
    """马牌 (`horse_card`, where the rule set has the option): settle() doubles every
    pair of the seat that plays it; so must the bulk scoring."""
    if "horse_card" not in RuleConfig.__dataclass_fields__:
        pytest.skip("this engine has no horse_card option")
    rng = random.Random(seed)
    hands = deal(preset(name), players, seed)
    held = [card for card in hands[holder % players] if not card.is_joker]
    config = replace(preset(name), horse_card=rng.choice(held).code)
    specials = [rule.code for rule in config.specials]
    seats = []
    for hand, kind in zip(hands, kinds):
        if kind == "special" and specials:
            seats.append(with_special(random_split(hand, rng, config), config,
                                      rng.choice(specials)))
        elif kind == "split":
            seats.append(random_split(hand, rng, config))
        else:
            seats.append(hint_arrangement(first_hint(hand, config), config))
    me, table = seats[0], tuple(seats[1:])
    got = points_at_tables([me], [table], config)
    assert got.tolist() == [reference_points(me, [table], config)]


def test_home_run_by_an_opponent_doubles_only_its_pair_with_the_player():
    """Opponent o0 scoops everyone (the player included): its pair with the player is
    doubled again; the player's pairs with the others are not."""
    strong = arrange(cards("As Ah Ad"), cards("Ks Kh Kd Kc 2s"), cards("9s Ts Js Qs 8s"),
                     STANDARD)
    weak = [arrange(cards(f), cards(m), cards(b), STANDARD) for f, m, b in (
        ("2h 3d 5c", "4h 6d 7c 9h Jd", "3h 5d 8c Th Qd"),
        ("2d 3c 6h", "4d 5h 7d 9d Jh", "3s 6c 8d Tc Qh"),
        ("2c 4c 5s", "6s 7h 8h 9c Jc", "4s 7s Td Ah Kc"))]
    me, *others = weak
    table = (strong, *others)
    got = points_at_tables([me], [table], STANDARD)
    assert got.tolist() == [reference_points(me, [table], STANDARD)]
    assert settle([SeatHand("me", me)] + [SeatHand(f"o{i}", s) for i, s in enumerate(table)],
                  STANDARD).home_run == "o0"


# --- the candidates ------------------------------------------------------------------------


def all_valid_triples(hand, config):
    """Brute force: the (front, middle, back) keys of every valid split."""
    hand = list(hand)
    row_key = {combo: evaluate([hand[i] for i in combo], config.wheel).key
               for size in (3, 5) for combo in combinations(range(13), size)}
    found = set()
    for back in combinations(range(13), 5):
        rest = [i for i in range(13) if i not in back]
        for middle in combinations(rest, 5):
            front = tuple(i for i in rest if i not in middle)
            front_key, middle_key, back_key = row_key[front], row_key[middle], row_key[back]
            if middle_key <= back_key and front_not_above_middle(front_key, middle_key):
                found.add((front_key, middle_key, back_key))
    return found


def dominates(a, b) -> bool:
    return all(x >= y for x, y in zip(a, b)) and a != b


@quick(3)
@given(st.integers(0, 10**9))
def test_pareto_layouts_are_exactly_the_undominated_valid_splits(seed):
    hand = deal(STANDARD, 1, seed)[0]
    every = all_valid_triples(hand, STANDARD)
    front = {t for t in every if not any(dominates(o, t) for o in every)}
    got = [tuple(v.key for v in a.values) for a in pareto_layouts(hand, STANDARD)]
    assert len(got) == len(set(got))
    assert set(got) == front
    assert all(sorted(a.cards, key=str) == sorted(hand, key=str)
               for a in pareto_layouts(hand, STANDARD))


def test_every_preset_pays_a_higher_row_at_least_as_much():
    assert all(row_values_rise(preset(name)) for name in PRESET_NAMES)


def test_where_a_lower_category_pays_more_every_valid_split_is_a_candidate():
    """A middle flush paying 5 and a full house 2: a row-for-row better split may be
    worth less, so nothing is pruned but repeats of the same keys."""
    data = STANDARD.to_dict()
    data["row_bonuses"] = data["row_bonuses"] + [
        {"row": "middle", "category": "flush", "points": 5}]
    config = RuleConfig.from_dict(data)
    assert not row_values_rise(config)
    hand = deal(config, 1, 71)[0]
    got = {tuple(v.key for v in a.values) for a in pareto_layouts(hand, config)}
    assert got == all_valid_triples(hand, config)


@quick(30)
@given(st.sampled_from(["standard", "classic", "jokers", "extra-suit"]), st.integers(0, 10**9))
def test_candidates_start_with_the_hints_and_never_foul(name, seed):
    config = preset(name)
    hand = deal(config, 1, seed)[0]
    found = candidates(hand, config)
    hint_list = hints(hand, config)
    assert [c.hint for c in found[:len(hint_list)]] == list(range(len(hint_list)))
    assert all(c.hint is None for c in found[len(hint_list):])
    assert not any(c.arrangement.foul for c in found)
    assert len({c.signature for c in found}) == len(found)
    for candidate in found:  # the keys the enumeration carried are the rows' own
        again = arrange(*candidate.arrangement.rows, config)
        assert again.values == candidate.arrangement.values and not again.foul


# --- EVs against exact enumeration -----------------------------------------------------------

# A hand and 14 cards the one opponent is dealt from: 14 deals of 13, every one enumerated.
SMALL_HAND = cards("As Ah Kd Qs Qc 9h 9d 7s 6c 5c 4d 3h 2s")
SMALL_UNSEEN = cards("Ac Ks Kh Js Jh Jd Ts Th 8s 8d 7h 6s 5h 4h")


def test_exact_enumeration_walks_every_deal_once():
    deals = exact_deals(SMALL_UNSEEN, 1, STANDARD)
    assert len(deals) == 14
    assert len({frozenset(d[0]) for d in deals}) == 14
    with pytest.raises(AdvisorError, match="too many"):
        exact_deals(unseen_cards(SMALL_HAND, STANDARD), 1, STANDARD)


@pytest.mark.parametrize("name", ["standard", "classic", "fujian"])
def test_every_candidate_ev_equals_the_exact_mean_over_every_deal(name):
    config = preset(name)
    advice = advise(SMALL_HAND, config, players=2, unseen=SMALL_UNSEEN, exact=True)
    assert advice.exact and advice.samples == 14
    assert all(rated.stderr == 0 for rated in advice.candidates)
    tables = [tuple(opponent_arrangement(hand, config) for hand in d)
              for d in exact_deals(SMALL_UNSEEN, 1, config)]
    for rated in advice.candidates:
        assert rated.ev == pytest.approx(
            np.mean(reference_points(rated.arrangement, tables, config)), abs=1e-12)
    assert advice.best.ev == max(r.ev for r in advice.candidates)


def test_exact_ev_of_three_opponents_over_an_explicit_set_of_tables():
    """Three opponents, every one of a small set of tables: the advisor's arrays against
    settle() table by table (home runs possible at 4 players)."""
    config = STANDARD
    hand = deal(config, 1, 7)[0]
    unseen = unseen_cards(hand, config)
    rng = random.Random(3)
    tables = []
    for _ in range(12):
        drawn = rng.sample(unseen, 39)
        tables.append(tuple(opponent_arrangement(drawn[i * 13:(i + 1) * 13], config)
                            for i in range(3)))
    found = candidates(hand, config)
    seats = [c.arrangement for c in found]
    got = points_at_tables(seats, tables, config)
    for row, seat in zip(got, seats):
        assert row.tolist() == reference_points(seat, tables, config)


def test_sampling_converges_on_the_exact_ev():
    exact = advise(SMALL_HAND, STANDARD, players=2, unseen=SMALL_UNSEEN, exact=True)
    sampled = advise(SMALL_HAND, STANDARD, players=2, unseen=SMALL_UNSEEN, samples=400,
                     seed=11)
    by_signature = {c.arrangement.values: c.ev for c in exact.candidates}
    for rated in sampled.candidates:
        truth = by_signature[rated.arrangement.values]
        assert abs(rated.ev - truth) <= 4 * rated.stderr + 1e-9


def test_a_declared_special_is_weighed_against_playing_the_rows():
    """Six pairs (六对半, 4 a head in the standard preset) against one opponent: the
    declaration collects exactly 4 from every table the opponent declares nothing at."""
    hand = cards("As Ah Kd Kc Qs Qh Jd Jc 9s 9h 5d 5c 2s")
    advice = advise(hand, STANDARD, players=2, samples=40, seed=5)
    declared = [c for c in advice.candidates if c.special == "six_pairs"]
    assert len(declared) == 1 and declared[0].hint == 0
    assert declared[0].ev == 4.0 and declared[0].stderr == 0.0
    assert any(c.special is None for c in advice.candidates)


# --- reproducibility --------------------------------------------------------------------------


def test_a_seed_gives_the_same_advice_every_time():
    hand = deal(STANDARD, 1, 21)[0]
    first = advise(hand, STANDARD, samples=25, seed=99)
    second = advise(hand, STANDARD, samples=25, seed=99)
    assert [(c.arrangement, c.ev) for c in first.candidates] == \
           [(c.arrangement, c.ev) for c in second.candidates]
    other = advise(hand, STANDARD, samples=25, seed=100)
    assert [c.ev for c in other.candidates] != [c.ev for c in first.candidates]


def test_the_first_samples_of_a_seed_do_not_depend_on_the_sample_size():
    hand = deal(STANDARD, 1, 22)[0]
    unseen = unseen_cards(hand, STANDARD)
    short = deal_tables(unseen, STANDARD, 3, 6, seed=4)
    longer = deal_tables(unseen, STANDARD, 3, 10, seed=4)
    assert longer[:6] == short


def test_a_time_budget_stops_early_and_matches_that_many_samples():
    hand = deal(STANDARD, 1, 23)[0]
    budget = advise(hand, STANDARD, samples=10_000, seed=8, time_budget=0.0)
    assert 1 <= budget.samples < 10_000
    same = advise(hand, STANDARD, samples=budget.samples, seed=8)
    assert [c.ev for c in budget.candidates] == [c.ev for c in same.candidates]


def test_the_sampler_deals_only_unseen_cards_and_each_at_most_its_copies():
    config = preset("extra-suit")
    hand = cards("Ad Ad Kd Qd Jd Td 9d 8d 7d 6d 5d 4d 3d")
    unseen = unseen_cards(hand, config)
    assert len(unseen) == 65 - 13
    assert not any(card.code == "Ad" for card in unseen)
    assert sum(card.code == "Kd" for card in unseen) == 1
    for table in [next(sample_deals(unseen, 4, config, seed)) for seed in range(20)]:
        dealt = [card for hand_ in table for card in hand_]
        assert len(dealt) == 52
        assert not any(card.code == "Ad" for card in dealt)
        assert sum(card.code == "Kd" for card in dealt) <= 1


# --- properties of the EVs ----------------------------------------------------------------------


@quick(6)
@given(st.sampled_from(["standard", "classic", "shisandao"]), st.integers(0, 10**9))
def test_the_ev_best_is_never_a_foul_and_beats_every_hint(name, seed):
    config = preset(name)
    hand = deal(config, 1, seed)[0]
    advice = advise(hand, config, samples=8, seed=seed)
    assert not advice.best.arrangement.foul
    assert all(advice.best.ev >= c.ev for c in advice.candidates)


@quick(6)
@given(st.sampled_from(["standard", "classic", "shisandao"]), st.integers(0, 10**9))
def test_an_arrangement_beaten_row_for_row_is_never_worth_more(name, seed):
    """Common random numbers make this exact: against every table, a row-for-row better
    arrangement scores at least as much. Some Pareto candidate beats (or equals) any
    valid split."""
    config = preset(name)
    hand = deal(config, 1, seed)[0]
    rng = random.Random(seed)
    split = random_split(hand, rng, config)
    while split.foul:
        split = random_split(hand, rng, config)
    advice = advise(hand, config, samples=8, seed=seed, arrangement=split)
    keys = tuple(v.key for v in split.values)
    covering = [c for c in advice.candidates if c.special is None and all(
        x >= y for x, y in zip((v.key for v in c.arrangement.values), keys))]
    assert covering
    assert advice.arrangement.ev <= min(c.ev for c in covering) + 1e-9


def test_a_foul_where_fouls_are_allowed_is_scored_and_worth_less_than_the_best():
    hand = SMALL_HAND
    foul = arrange(cards("As Ah Qs"), cards("Kd Qc 9h 7s 6c"), cards("9d 5c 4d 3h 2s"),
                   CLASSIC)
    assert foul.foul
    advice = advise(hand, CLASSIC, players=2, unseen=SMALL_UNSEEN, exact=True,
                    arrangement=foul)
    tables = [tuple(opponent_arrangement(h, CLASSIC) for h in d)
              for d in exact_deals(SMALL_UNSEEN, 1, CLASSIC)]
    assert advice.arrangement.ev == pytest.approx(
        np.mean(reference_points(foul, tables, CLASSIC)))
    assert advice.arrangement.ev < advice.best.ev
    assert not advice.best.arrangement.foul


def test_arrangement_ev_is_the_ev_advise_gives_it():
    hand = deal(STANDARD, 1, 31)[0]
    advice = advise(hand, STANDARD, samples=12, seed=2)
    second = advice.candidates[1]
    alone = arrangement_ev(hand, second.arrangement, STANDARD, samples=12, seed=2)
    assert alone.ev == second.ev
    assert alone.hint == second.hint


# --- banker mode, 多三张, the table ----------------------------------------------------------------


@pytest.mark.parametrize("player_is_banker", [False, True])
def test_banker_mode_settles_against_the_banker_as_settle_does(player_is_banker):
    hand = deal(SHISANDAO, 1, 41)[0]
    unseen = unseen_cards(hand, SHISANDAO)
    opponents = 3 if player_is_banker else 1
    tables = deal_tables(unseen, SHISANDAO, opponents, 15, seed=6)
    seats = [c.arrangement for c in candidates(hand, SHISANDAO)]
    got = points_at_tables(seats, tables, SHISANDAO, player_is_banker)
    for row, seat in zip(got, seats):
        assert row.tolist() == reference_points(seat, tables, SHISANDAO, player_is_banker)
    advice = advise(hand, SHISANDAO, samples=15, seed=6, player_is_banker=player_is_banker)
    assert advice.samples == 15


def test_extra_three_keeps_13_of_16_and_leaves_3_out():
    config = preset("extra-three")
    hand = deal(config, 1, 51)[0]
    assert len(hand) == 16
    advice = advise(hand, config, players=2, samples=3, seed=1)
    for rated in advice.candidates:
        assert len(rated.unused) == 3
        used = sorted(list(rated.arrangement.cards) + list(rated.unused), key=str)
        assert used == sorted(hand, key=str)
    assert any(c.hint == 0 for c in advice.candidates)


def test_the_table_defaults_to_the_rule_sets_largest_and_refuses_what_the_deck_cannot_deal():
    hand = deal(STANDARD, 1, 61)[0]
    assert advise(hand, STANDARD, samples=2).players == STANDARD.max_players
    with pytest.raises(AdvisorError, match="52-card deck"):
        advise(hand, STANDARD, samples=2, players=5)
    with pytest.raises(AdvisorError, match="13 cards"):
        advise(hand[:12], STANDARD)
    with pytest.raises(AdvisorError, match="not in the hand"):
        other = deal(STANDARD, 2, 61)[1]
        advise(hand, STANDARD, samples=2,
               arrangement=arrange(other[:3], other[3:8], other[8:], STANDARD))


def test_both_jokers_in_the_hand_and_at_the_table():
    config = preset("jokers")
    hand = cards("BJ SJ As Kd Qs Jc 9h 8d 7s 6c 4d 3h 2s")
    found = candidates(hand, config)
    for candidate in found:
        again = arrange(*candidate.arrangement.rows, config)
        assert again.values == candidate.arrangement.values and not again.foul
    unseen = unseen_cards(hand, config)
    assert len(unseen) == 54 - 13 and not any(card.is_joker for card in unseen)
    advice = advise(hand, config, samples=4, seed=2)
    assert advice.best.ev == max(c.ev for c in advice.candidates)
