"""Special hands (特殊牌型 / 报到 / 抛, RULES.md §5–§6): which of a rule set's specials 13 cards form.

Only the specials listed in the rule set exist in it; each is found by its own small test
on the hand's rank and suit counts, so nothing here depends on the order the cards come
in. Jokers (癞子) are wild: a special holds if some substitution of the jokers makes it
hold (§2.2). Instead of trying every card for every joker, each test reasons about what
the jokers can fill: a rank a pair is missing, a suit a row is short of, a gap in a run.

Decisions where RULES.md is silent:

- `all_low` counts ranks from 2 up to `max_rank`, so an ace is never low enough: ace-high
  (seed 000, "2-8") it is above the range, ace-low (十三道, `ace_low`, "2-10") it is 1,
  below it. That keeps 十三道's 半小 ("2-10 except exactly one A") distinct from 全小.
  `ace_low` therefore only changes `all_high`, where it turns the ace into a 1 that fails
  `min_rank`.
- `half_high` / `half_low` need exactly one ace (a joker may be it); the other twelve
  cards lie in `min_rank`..K, or 2..`max_rank`.
- `twelve_faces` needs the twelve cards J/Q/K of ♠♥♣♦ (with 65 cards one copy of each
  diamond face is enough); jokers may stand for missing ones.
- A 65-card rank held five times counts as two pairs + 1 for `six_pairs` and as one quad
  (+ the odd card) for `three_quads`.
- An arrangement-based special (`three_flushes`, `three_straights`,
  `three_straight_flushes`) comes with the rows that show it; when several layouts do,
  the one with the highest back, then middle, then front is shown.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations_with_replacement, product
from typing import Callable, Sequence

from .cards import ACE, JOKER_RANK, SUITS, Card, sorted_for_display
from .config import RuleConfig, SpecialRule
from .rows import evaluate

Rows = tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
RANKS = tuple(range(2, ACE + 1))
FACE_CARDS = tuple(Card(rank, suit) for rank in (11, 12, 13) for suit in SUITS)
_FACE_CODES = tuple(card.code for card in FACE_CARDS)
ARRANGEMENT_SPECIALS = ("three_straight_flushes", "three_flushes", "three_straights")


@dataclass(frozen=True, slots=True)
class SpecialMatch:
    """A special the cards form: its rule-set line, and for the three arrangement-based
    specials the rows (front, middle, back) that show it; None for the others."""

    rule: SpecialRule
    rows: Rows | None = None

    @property
    def code(self) -> str:
        return self.rule.code

    @property
    def name(self) -> str:
        return self.rule.name

    @property
    def rank(self) -> int:
        return self.rule.rank

    @property
    def points(self) -> int:
        return self.rule.points


def find_specials(cards: Sequence[Card], config: RuleConfig) -> list[SpecialMatch]:
    """Every special of the rule set that the 13 cards form, highest-ranked (rank 1) first."""
    hand = _Hand(cards)
    found = []
    for rule, check in _plan(config):
        held = check(hand, rule)
        if held is not False:
            found.append(SpecialMatch(rule, None if held is True else held))
    return found


def best_special(cards: Sequence[Card], config: RuleConfig, *,
                 screened: int | None = None) -> SpecialMatch | None:
    """The highest-ranked special the 13 cards form (the one a player declares, §5).
    `screened`: bit i set where config.specials[i] may hold by the counts' screen
    (special_screen.may_hold, compiled.may_hold); the others are not tested, as they
    would refuse the cards — the same answer, for a test or two instead of a dozen."""
    if not config.specials:
        return None
    hand = _Hand(cards)
    skipped = () if screened is None else {
        id(rule) for i, rule in enumerate(config.specials) if not screened >> i & 1}
    for rule, check in _plan(config):
        if skipped and id(rule) in skipped:
            continue
        held = check(hand, rule)
        if held is not False:
            return SpecialMatch(rule, None if held is True else held)
    return None


def shows_special(code: str, front: Sequence[Card], middle: Sequence[Card],
                  back: Sequence[Card]) -> bool:
    """Whether these rows, in any order, already show arrangement special `code`.

    A declarer who laid out their three flushes themselves keeps their own rows.
    """
    rows = (tuple(front), tuple(middle), tuple(back))
    if sorted(len(row) for row in rows) != [3, 5, 5]:
        return False
    if code == "three_flushes":
        return all(_one_suit(row) for row in rows)
    if code == "three_straights":
        return all(_is_run(row) for row in rows)
    if code == "three_straight_flushes":
        return all(_one_suit(row) and _is_run(row) for row in rows)
    return False


# --- the hand as counts -----------------------------------------------------------------


class _Hand:
    """Counts every test reads: plain (non-joker) cards by rank and by suit, and jokers."""

    __slots__ = ("cards", "plain", "jokers", "counts", "largest", "suit_counts", "red")

    def __init__(self, cards: Sequence[Card]) -> None:
        if len(cards) != 13:
            raise ValueError(f"a special hand is 13 cards, not {len(cards)}")
        # Every hint list and every submission tests the specials: a pass per count.
        plain = [card for card in cards if card.rank != JOKER_RANK]
        counts = [0] * (ACE + 1)  # index = rank; 0 and 1 stay unused
        for card in plain:
            counts[card.rank] += 1
        suits = [card.suit for card in plain]
        suit_counts = {suit: suits.count(suit) for suit in SUITS}
        self.cards = tuple(cards)
        self.plain = plain
        self.jokers = 13 - len(plain)
        self.counts = counts
        self.largest = sorted(counts, reverse=True)  # rank counts, largest first
        self.suit_counts = suit_counts
        self.red = suit_counts["h"] + suit_counts["d"]


Check = Callable[[_Hand, SpecialRule], "bool | Rows"]


# --- one test per special ----------------------------------------------------------------
# Each returns False when the special does not hold, True when it does, or the rows that
# show it for the arrangement-based specials.


def _supreme_dragon(hand: _Hand, rule: SpecialRule) -> bool:
    # A..K once each, one suit: jokers fill the ranks the plain cards leave out.
    return _distinct_ranks(hand) and sum(1 for n in hand.suit_counts.values() if n) <= 1


def _dragon(hand: _Hand, rule: SpecialRule) -> bool:
    return _distinct_ranks(hand)


def _distinct_ranks(hand: _Hand) -> bool:
    return hand.largest[0] <= 1


def _royals_jqka(hand: _Hand, rule: SpecialRule) -> bool:
    return all(card.rank >= 11 for card in hand.plain)


def _twelve_faces(hand: _Hand, rule: SpecialRule) -> bool:
    # By code (one card, one code): a set of cards would hash each card's fields.
    held = {card.code for card in hand.plain}
    missing = sum(1 for face in _FACE_CODES if face not in held)
    return missing <= hand.jokers


def _three_quads(hand: _Hand, rule: SpecialRule) -> bool:
    return _groups_short_by(hand, size=4, groups=3) <= hand.jokers


def _four_trips(hand: _Hand, rule: SpecialRule) -> bool:
    # A quad (or a 65-card five) supplies one triple: four distinct ranks are needed.
    return _groups_short_by(hand, size=3, groups=4) <= hand.jokers


def _groups_short_by(hand: _Hand, size: int, groups: int) -> int:
    """Cards the jokers must add so that `groups` ranks hold at least `size` cards each;
    the ranks already holding the most cards are the cheapest to complete."""
    short = 0
    for count in hand.largest[:groups]:  # a loop: no generator for three or four counts
        if count < size:
            short += size - count
    return short


def _six_pairs(hand: _Hand, rule: SpecialRule) -> bool:
    # A quad is two pairs, a triple a pair + 1 (so five pairs + a triple also counts).
    singles = sum(n & 1 for n in hand.counts)
    pairs = (len(hand.plain) - singles) // 2
    matched = min(hand.jokers, singles)  # a joker pairs a single first
    return pairs + matched + (hand.jokers - matched) // 2 >= 6


def _five_pairs_trips(hand: _Hand, rule: SpecialRule) -> bool:
    # 13 cards split into five pairs and one triple: exactly one rank is odd and holds
    # at least 3 (it gives the triple, the rest of it pairs); every other rank is even.
    # A joker changes one rank's count, so try the ranks it could take (13, or 91 for two).
    counts = hand.counts
    if not hand.jokers:  # most hands: the counts as they are, without copying them
        odd = [n for n in counts if n % 2]
        return len(odd) == 1 and odd[0] >= 3
    for ranks in combinations_with_replacement(RANKS, hand.jokers):
        with_jokers = list(counts)
        for rank in ranks:
            with_jokers[rank] += 1
        odd = [n for n in with_jokers if n % 2]
        if len(odd) == 1 and odd[0] >= 3:
            return True
    return False


def _all_high(hand: _Hand, rule: SpecialRule) -> bool:
    low_ace = bool(rule.param("ace_low", False))
    min_rank = rule.param("min_rank", 8)
    return all((1 if low_ace and card.rank == ACE else card.rank) >= min_rank
               for card in hand.plain)


def _all_low(hand: _Hand, rule: SpecialRule) -> bool:
    # Ranks 2..max_rank; an ace is 14 or 1 and never in that range (module docstring).
    max_rank = rule.param("max_rank", 8)
    return all(card.rank <= max_rank for card in hand.plain)


def _half_high(hand: _Hand, rule: SpecialRule) -> bool:
    min_rank = rule.param("min_rank", 5)
    return _one_ace_and(hand, lambda rank: min_rank <= rank <= 13)


def _half_low(hand: _Hand, rule: SpecialRule) -> bool:
    max_rank = rule.param("max_rank", 10)
    return _one_ace_and(hand, lambda rank: 2 <= rank <= max_rank)


def _one_ace_and(hand: _Hand, fits: Callable[[int], bool]) -> bool:
    """Exactly one ace (a joker may be it) and every other card fits."""
    aces = hand.counts[ACE]
    if aces > 1 or (aces == 0 and hand.jokers == 0):
        return False
    return all(fits(card.rank) for card in hand.plain if card.rank != ACE)


def _one_color(hand: _Hand, rule: SpecialRule) -> bool:
    return hand.red == 0 or hand.red == len(hand.plain)


def _black_one_red(hand: _Hand, rule: SpecialRule) -> bool:
    # Twelve black and one red: the jokers take whichever colour is short.
    return hand.red <= 1 and hand.red + hand.jokers >= 1


def _red_one_black(hand: _Hand, rule: SpecialRule) -> bool:
    black = len(hand.plain) - hand.red
    return black <= 1 and black + hand.jokers >= 1


# --- arrangement-based specials -----------------------------------------------------------


def _three_flushes(hand: _Hand, rule: SpecialRule) -> bool | Rows:
    """Front three of one suit, middle and back five of one suit (straight flushes count)."""
    layouts = _flush_suits(hand)
    if not layouts:
        return False
    return _best_rows(_lay_out_flushes(hand, suits) for suits in layouts)


def _flush_suits(hand: _Hand) -> list[tuple[str, str, str]]:
    """(front suit, middle suit, back suit) choices the suit counts allow.

    A suit may fill two rows (8 spades = front + middle). Jokers make up any shortfall, so
    a choice works when no suit holds more plain cards than its rows take.
    """
    counts = hand.suit_counts
    if not hand.jokers:
        # Fast refusal for the common case: the non-empty suit counts must split 13 as
        # 3+5+5 over the rows.
        shape = sorted(n for n in counts.values() if n)
        if shape not in ([13], [3, 10], [5, 8], [3, 5, 5]):
            return []
    found = []
    for front, middle, back in product(SUITS, repeat=3):
        if SUITS.index(middle) > SUITS.index(back):
            continue  # middle and back are interchangeable here
        room = dict.fromkeys(SUITS, 0)
        room[front] += 3
        room[middle] += 5
        room[back] += 5
        if all(counts[suit] <= room[suit] for suit in SUITS):
            found.append((front, middle, back))
    return found


def _lay_out_flushes(hand: _Hand, suits: tuple[str, str, str]) -> Rows:
    by_suit = {suit: sorted((c for c in hand.plain if c.suit == suit), key=lambda c: c.rank)
               for suit in SUITS}
    jokers = [card for card in hand.cards if card.rank == JOKER_RANK]
    rows = []
    for suit, size in zip(suits, (3, 5, 5)):
        # Lower cards go to the earlier row when one suit fills two rows.
        take, by_suit[suit] = by_suit[suit][:size], by_suit[suit][size:]
        while len(take) < size:
            take.append(jokers.pop())
        rows.append(tuple(sorted_for_display(take)))
    return _middle_below_back(tuple(rows))


def _three_straights(hand: _Hand, rule: SpecialRule) -> bool | Rows:
    """Front three consecutive ranks (A-2-3 and Q-K-A count), middle and back straights."""
    runs = _run_choices(hand)
    if not runs:
        return False
    return _best_rows(_lay_out_runs(hand, starts, None) for starts in runs)


def _three_straight_flushes(hand: _Hand, rule: SpecialRule) -> bool | Rows:
    """Three straights that are also three flushes: every row a straight flush."""
    runs = _run_choices(hand)
    if not runs or not _flush_suits(hand):
        return False  # both are necessary, and both are cheap to refuse
    have = Counter(hand.plain)
    layouts = []
    for starts in runs:
        for suits in product(SUITS, repeat=3):
            wanted = Counter()
            for start, size, suit in zip(starts, (3, 5, 5), suits):
                wanted.update(Card(_rank(start + i), suit) for i in range(size))
            if all(have[card] <= wanted[card] for card in have):
                layouts.append(_lay_out_runs(hand, starts, suits))
    return _best_rows(layouts) if layouts else False


# Every way to lay 13 ranks out as a 3-run and two 5-runs, by the rank counts it needs.
# A run starts at 1 (the ace played low: A-2-3, A-2-3-4-5) up to Q for three cards or T
# for five. About 660 layouts; a hand's counts are looked up, not searched.
def _all_run_layouts() -> dict[tuple[int, ...], list[tuple[int, int, int]]]:
    layouts: dict[tuple[int, ...], list[tuple[int, int, int]]] = {}
    for front in range(1, 13):
        for middle in range(1, 11):
            for back in range(middle, 11):
                counts = [0] * (ACE + 1)
                for start, size in ((front, 3), (middle, 5), (back, 5)):
                    for i in range(size):
                        counts[_rank(start + i)] += 1
                layouts.setdefault(tuple(counts), []).append((front, middle, back))
    return layouts


def _rank(position: int) -> int:
    """A run position 1..14 as a card rank: 1 is the ace played low."""
    return ACE if position == 1 else position


_RUN_LAYOUTS = _all_run_layouts()


def _run_choices(hand: _Hand) -> list[tuple[int, int, int]]:
    """(front, middle, back) run starts whose rank counts the hand (plus jokers) meets."""
    counts = hand.counts
    if not hand.jokers:
        if hand.largest[0] > 3:
            return []  # three runs hold each rank at most three times
        return _RUN_LAYOUTS.get(tuple(counts), [])
    choices = []
    for ranks in combinations_with_replacement(RANKS, hand.jokers):
        with_jokers = list(counts)
        for rank in ranks:
            with_jokers[rank] += 1
        choices.extend(_RUN_LAYOUTS.get(tuple(with_jokers), ()))
    return choices


def _lay_out_runs(hand: _Hand, starts: tuple[int, int, int],
                  suits: tuple[str, str, str] | None) -> Rows:
    """Deal the hand's cards into the runs (of the given suits); jokers fill the gaps."""
    pool = sorted(hand.plain, key=lambda c: (c.rank, SUITS.index(c.suit)))
    jokers = [card for card in hand.cards if card.rank == JOKER_RANK]
    rows = []
    for index, (start, size) in enumerate(zip(starts, (3, 5, 5))):
        row = []
        for position in range(start, start + size):
            rank = _rank(position)
            suit = suits[index] if suits else None
            card = next((c for c in pool if c.rank == rank and (suit is None or c.suit == suit)),
                        None)
            if card is None:
                row.append(jokers.pop())
            else:
                pool.remove(card)
                row.append(card)
        rows.append(tuple(row))  # ascending: straights display low to high
    return _middle_below_back(tuple(rows))


def _middle_below_back(rows: Rows) -> Rows:
    front, middle, back = rows
    if evaluate(middle).key > evaluate(back).key:
        middle, back = back, middle
    return front, middle, back


def _best_rows(layouts) -> Rows:
    """The layout with the highest back, then middle, then front (what a player shows)."""
    return max(layouts, key=lambda rows: (evaluate(rows[2]).key, evaluate(rows[1]).key,
                                          evaluate(rows[0]).key))


def _one_suit(row: Sequence[Card]) -> bool:
    return len({card.suit for card in row if card.rank != JOKER_RANK}) <= 1


def _is_run(row: Sequence[Card]) -> bool:
    """Consecutive ranks, the ace high or low (A-2-3, Q-K-A), jokers filling gaps."""
    ranks = {card.rank for card in row if card.rank != JOKER_RANK}
    if len(ranks) != sum(1 for card in row if card.rank != JOKER_RANK):
        return False
    size = len(row)
    return any(ranks <= {_rank(p) for p in range(start, start + size)}
               for start in range(1, ACE + 2 - size))


# --- the plan: a rule set's specials with their tests, by rank --------------------------

CHECKS: dict[str, Check] = {
    "supreme_dragon": _supreme_dragon,
    "dragon": _dragon,
    "royals_jqka": _royals_jqka,
    "twelve_faces": _twelve_faces,
    "three_straight_flushes": _three_straight_flushes,
    "three_quads": _three_quads,
    "all_high": _all_high,
    "all_low": _all_low,
    "one_color": _one_color,
    "four_trips": _four_trips,
    "five_pairs_trips": _five_pairs_trips,
    "six_pairs": _six_pairs,
    "three_flushes": _three_flushes,
    "three_straights": _three_straights,
    "black_one_red": _black_one_red,
    "red_one_black": _red_one_black,
    "half_high": _half_high,
    "half_low": _half_low,
}

_PLANS: dict[int, tuple[tuple[SpecialRule, ...], list[tuple[SpecialRule, Check]]]] = {}


def _plan(config: RuleConfig) -> list[tuple[SpecialRule, Check]]:
    """The rule set's specials by rank with their tests, built once per specials table
    (hints test hundreds of hands against the same rule set)."""
    specials = config.specials
    entry = _PLANS.get(id(specials))
    if entry is not None and entry[0] is specials:
        return entry[1]
    plan = [(rule, CHECKS[rule.code]) for rule in sorted(specials, key=lambda s: s.rank)]
    if len(_PLANS) > 256:
        _PLANS.clear()
    _PLANS[id(specials)] = (specials, plan)
    return plan
