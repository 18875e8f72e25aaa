"""Hints (提示, RULES.md §7.1): the ordered arrangements a player can click, and the first
one, which the timer submits for a player who has not (§7.2).

    hints(cards, config, limit=10) -> list[Hint]   13 cards, or 16 in 多三张 (§7.3)
    first_hint(cards, config) -> Hint              always exists (see below)
    kept_hints(cards, config) -> list[Hint]        hints(), kept for the last hands
    hint_to_wire(hint) / hint_from_wire(item)      a Hint as plain JSON and back

The list: a hint declaring the highest-ranked special the cards form, if any; then one
valid (non-foul) arrangement per category pattern (front, middle, back), best pattern
first — total row bonus it would earn if each row won, the number of bonus rows, the
strongest bonus kind, then the back, middle and front categories — at most `limit` in
all. A back row of high card is offered only when no arrangement has a back of a pair or
better; with 13 cards that never happens (13 cards without a pair hold one of every
rank, so a straight), but the rule is kept as written.

Which arrangement stands for a pattern (decided; §7.1 only asks that it be undominated):
the best by `search.preference` — the strongest made hands back, then middle, then
front; then the singles, front first (§7.1.6), middle, back. See search.py.

Why a first hint always exists: take the best 5-card row of the 13 cards as the back, the
best 5 of the other 8 as the middle, the last 3 as the front. The middle is ≤ the back
(chosen from fewer cards), and the front is ≤ the middle: any 5 of those 8 cards holding
the front's 3 are at least as high over the front's length (§2.1), and the middle is the
highest 5. So every hand has a valid arrangement, and the search, which misses none,
finds one (tests/engine/test_hints.py checks both on random hands).

Rows are listed in display order (§7.1): straights low to high (2-3-4-5-6; the wheel
A-2-3-4-5 with the ace first, as players say it); every other row its grouped cards
first, bigger group then higher rank first (33322, 22KJ3), then singles high to low;
cards of one rank by suit ♠♥♣♦; a joker sits where the card it stands for would.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Sequence

import numpy as np

from .cards import ACE, JOKER_RANK, SUITS, Card, display_order, parse_cards
from .config import CATEGORIES, RuleConfig
from .rows import (FIVE_OF_A_KIND, FOUR_OF_A_KIND, FULL_HOUSE, HIGH_CARD, PAIR,
                   STRAIGHT, STRAIGHT_FLUSH, THREE_OF_A_KIND, TWO_PAIR, Key, evaluate)
from .search import Layout, Pattern, best_layouts
from .slots import slot_builder
from .special_screen import Choices, left_out_positions, may_hold
from .specials import _RUN_LAYOUTS as RUN_LAYOUTS, _Hand as SpecialHand, _plan as special_plan
from .specials import SpecialMatch, best_special

HINT_LIMIT = 10
FRONT_STRENGTHS = (HIGH_CARD, PAIR, THREE_OF_A_KIND)
RUN_SPECIALS = ("three_straights", "three_straight_flushes")


@dataclass(frozen=True, slots=True)
class Hint:
    """One clickable arrangement.

    `special` is the code of the special it declares, or None for a normal arrangement.
    `pattern` names the rows' categories (front, middle, back). `bonus` is the row bonus
    the rows would earn if each won (§4.1: the row's points minus 1, summed) — 0 for a
    declaration, whose rows are never compared. `unused` holds the cards left out in
    多三张 (empty with 13 cards).
    """

    special: str | None
    front: tuple[Card, ...]
    middle: tuple[Card, ...]
    back: tuple[Card, ...]
    pattern: tuple[str, str, str]
    bonus: int = 0
    unused: tuple[Card, ...] = ()
    # The rows' keys as the search found them (a normal hint): what the advisor's
    # candidates read instead of evaluating the rows again. Not part of the hint's value.
    keys: tuple | None = field(default=None, compare=False, repr=False)

    @property
    def rows(self) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
        return self.front, self.middle, self.back


_hint = slot_builder(Hint)  # Hint(...), every field given positionally (slots.py)


def hints(cards: Sequence[Card], config: RuleConfig, limit: int = HINT_LIMIT) -> list[Hint]:
    """The hints for a dealt hand (13 cards, or 16 when `config.extra_cards == 3`)."""
    cards = list(cards)
    if len(cards) != config.hand_size:
        raise ValueError(f"a hand in this rule set is {config.hand_size} cards, "
                         f"not {len(cards)}")
    if limit < 1:
        return []
    special = _special(cards, config)
    wanted = limit - 1 if special else limit
    layouts = _normal_layouts(cards, config, wanted) if wanted else []
    result = []
    if special:
        result.append(_declaring_hint(special, layouts, cards, config))
    if layouts:
        order = _order(config)
        result.extend([_normal_hint(layout, order) for layout in layouts])
    return result


# The last hands' hint lists, kept: the live deal lists a hand's hints in its message and
# hands the same list to the advisor's worker (hint_to_wire), whose advice lists them as
# candidates and whose hint values show them — each hand searched once. Hints follow from
# the cards and the rules alone, so an entry is never stale, only evicted.
_KEPT: dict[tuple, list[Hint]] = {}
_KEPT_LIMIT = 64


def kept_hints(cards: Sequence[Card], config: RuleConfig) -> list[Hint]:
    """hints(cards, config), kept for the last few hands (a copy of the list)."""
    key = _kept_key(cards, config)
    found = _KEPT.get(key)
    if found is None:
        found = hints(list(cards), config)
        _keep(key, found)
    return list(found)


def keep_hints(cards: Sequence[Card], config: RuleConfig, found: Sequence[Hint]) -> None:
    """Keep `found` as the hints of `cards` under `config`: what hints(cards, config) gave
    elsewhere (the live deal, in the advisor's worker), so that kept_hints finds them."""
    _keep(_kept_key(cards, config), found)


def _kept_key(cards: Sequence[Card], config: RuleConfig) -> tuple:
    return tuple(card.code for card in cards), config


def _keep(key: tuple, found: Sequence[Hint]) -> None:
    if len(_KEPT) >= _KEPT_LIMIT:
        _KEPT.clear()  # a handful of hands in flight: no need for an LRU
    _KEPT[key] = list(found)


def hint_to_wire(hint: Hint) -> list:
    """A hint as plain JSON, its rows' keys included: what the live deal hands the
    advisor's worker, so that the worker does not search the hand again (issue 23)."""
    return [hint.special, [card.code for card in hint.front],
            [card.code for card in hint.middle], [card.code for card in hint.back],
            list(hint.pattern), hint.bonus,
            [card.code for card in hint.unused] if hint.unused else [],
            None if hint.keys is None else list(map(list, hint.keys))]


def hint_from_wire(item: list) -> Hint:
    """hint_to_wire's list back as the Hint it was, keys and all."""
    special, front, middle, back, pattern, bonus, unused, keys = item
    return Hint(special, tuple(parse_cards(front)), tuple(parse_cards(middle)),
                tuple(parse_cards(back)), tuple(pattern), bonus, tuple(parse_cards(unused)),
                None if keys is None else tuple(tuple(key) for key in keys))


def first_hint(cards: Sequence[Card], config: RuleConfig) -> Hint:
    """The hint the timer submits (§7.2): the special declaration if any, else the best
    normal arrangement. Never a foul; never missing (module docstring)."""
    return hints(cards, config, limit=1)[0]


def first_layout(cards: Sequence[Card], config: RuleConfig, *,
                 may_declare: bool = True) -> Layout | Hint:
    """The first hint for the advisor's opponents (advisor_deals), who need the rows'
    keys and not a hint to show: the rows as the search found them (a Layout, keys
    included, not in display order), or the declaring Hint when the cards form a special
    — whose rows settlement never compares, so they are the special's own (three
    flushes…) or else its 13 cards as they come, not the best arrangement of them that
    the hint shows (a second search: half of a 多三张 opponent's hint, where most hands
    hold a special). `may_declare=False`: the caller's screen
    (special_screen.may_declare) showed the cards form none, so the specials are not
    tested again."""
    cards = list(cards)
    declared = special_declaration(cards, config) if may_declare else None
    return declared or _normal_layouts(cards, config, 1)[0]


def special_declaration(cards: Sequence[Card], config: RuleConfig, *,
                        screened: int | None = None) -> Hint | None:
    """first_layout's declaring Hint when the cards form a special, else None (then the
    first hint is the best normal arrangement). `screened` (13 cards): which specials
    the counts' screen lets through, as best_special takes it."""
    cards = list(cards)
    special = _special(cards, config, screened)
    return _declaring_hint(special, [], cards, config, shown=False) if special else None


# --- pattern order (§7.1.4) ---------------------------------------------------------------


def bonus_kind(row: str, category: int) -> float:
    """How strong a bonus row is, to break ties between equal bonus totals: five of a
    kind, straight flush, four of a kind, 冲三 (front trips), middle full house."""
    if row == "front":
        return 6.5 if category == THREE_OF_A_KIND else category  # 冲三: above a full house
    return category


def pattern_order_key(pattern: Pattern, config: RuleConfig) -> tuple:
    """Sort key of a category pattern, higher first: total row bonus, bonus rows, the
    strongest bonus kind, then back, middle, front category."""
    front, middle, back = pattern
    total = count = 0
    strongest: float = -1
    for row, category in (("front", front), ("middle", middle), ("back", back)):
        bonus = config.row_points(row, CATEGORIES[category]) - 1
        if bonus > 0:
            total += bonus
            count += 1
            strongest = max(strongest, bonus_kind(row, category))
    return (total, count, strongest, back, middle, front)


@dataclass(frozen=True, slots=True)
class _Order:
    """A row-bonus table's patterns in hint order, and each pattern's row bonus."""

    main: tuple[Pattern, ...]      # back a pair or better
    fallback: tuple[Pattern, ...]  # back high card (§7.1.3)
    bonus: dict[Pattern, int]
    names: dict[Pattern, tuple[str, str, str]]  # the rows' category names, for Hint.pattern


_ORDERS: dict[tuple, _Order] = {}
# The last table asked for and its order: a hand's hints ask for it once a hint, and
# hashing a table's entries cost more than the rest of building a hint.
_LAST_ORDER: tuple | None = None


def pattern_order(config: RuleConfig) -> tuple[tuple[Pattern, ...], tuple[Pattern, ...]]:
    """(patterns with a back of a pair or better, high-card-back patterns), each in hint
    order. Every pattern that is not a foul by category alone is listed."""
    order = _order(config)
    return order.main, order.fallback


def _order(config: RuleConfig) -> _Order:
    """Built once per row-bonus table: hints for hundreds of hands share one rule set.
    Keyed by the table's value (frozen RowBonus entries), not by the config object: every
    deal and every round's rules parse a config afresh, with equal tables."""
    global _LAST_ORDER
    bonuses = config.row_bonuses
    last = _LAST_ORDER  # one tuple, read once: threads may replace it meanwhile
    if last is not None and last[0] is bonuses:  # the same table: no hashing its entries
        return last[1]
    order = _ORDERS.get(bonuses)
    if order is not None:
        _LAST_ORDER = (bonuses, order)
        return order
    patterns = [(f, m, b) for b in range(FIVE_OF_A_KIND + 1) for m in range(b + 1)
                for f in FRONT_STRENGTHS if f <= m]
    patterns.sort(key=lambda p: pattern_order_key(p, config), reverse=True)
    order = _Order(
        main=tuple(p for p in patterns if p[2] >= PAIR),
        fallback=tuple(p for p in patterns if p[2] < PAIR),
        bonus={p: pattern_order_key(p, config)[0] for p in patterns},
        names={p: tuple(CATEGORIES[category] for category in p) for p in patterns},
    )
    if len(_ORDERS) > 256:
        _ORDERS.clear()
    _ORDERS[bonuses] = order
    return order


def _normal_layouts(cards: list[Card], config: RuleConfig, limit: int) -> list[Layout]:
    main, fallback = pattern_order(config)
    layouts = best_layouts(cards, config.wheel, main, limit)
    if not layouts:  # §7.1.3: high-card backs only when no back pair is possible
        layouts = best_layouts(cards, config.wheel, fallback, limit)
    return layouts


def _normal_hint(layout: Layout, order: _Order) -> Hint:
    """The hint showing `layout`; `order`: the rule set's patterns, their bonus and names."""
    front_key, middle_key, back_key = layout.keys
    if layout.ordered:
        front, middle, back = layout.front, layout.middle, layout.back
    else:
        front = display_row(layout.front, front_key)
        middle = display_row(layout.middle, middle_key)
        back = display_row(layout.back, back_key)
    pattern = (front_key[0], middle_key[0], back_key[0])
    # Built through its slots (slots.py): ten hints a hand.
    return _hint(None, front, middle, back, order.names[pattern], order.bonus[pattern],
                 tuple(sorted(layout.unused, key=display_order)) if layout.unused else (),
                 tuple(layout.keys))


# --- the special hint (§7.1.1) -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Declared:
    match: SpecialMatch
    cards: tuple[Card, ...]   # the 13 cards that form it
    unused: tuple[Card, ...]  # 多三张: the 3 left out


def _special(cards: list[Card], config: RuleConfig,
             screened: int | None = None) -> _Declared | None:
    """The highest-ranked special any 13 of the cards form.

    With 16 cards every choice of 13 is tried (560, fewer with twin diamonds), the hand
    in display order so that ties leave out the lowest cards; without jokers only the
    choices whose counts could hold the special are (_screened_special)."""
    if not config.specials:
        return None
    if len(cards) == 13:
        match = best_special(cards, config, screened=screened)
        return _Declared(match, tuple(cards), ()) if match else None
    ordered = sorted(cards, key=display_order)
    if not any(card.is_joker for card in ordered):
        return _screened_special(ordered, config)
    plan = [(rule, check) for rule, check in special_plan(config)
            if may_hold_in(rule, ordered)]
    if not plan:  # most 16-card hands: no 13 of them can form any special
        return None
    best: _Declared | None = None
    seen = set()
    for left_out in combinations(range(len(ordered)), len(ordered) - 13):
        unused = tuple(ordered[i] for i in left_out)
        if unused in seen:  # twin cards: the same 13 again
            continue
        seen.add(unused)
        chosen = tuple(card for i, card in enumerate(ordered) if i not in left_out)
        hand = SpecialHand(chosen)
        # Only specials ranked above the best found so far can change the answer.
        for rule, check in plan:
            if best is not None and rule.rank >= best.match.rank:
                break
            held = check(hand, rule)
            if held is not False:
                best = _Declared(SpecialMatch(rule, None if held is True else held),
                                 chosen, unused)
                break
        if best is not None and best.match.rank == plan[0][0].rank:
            break
    return best


def _screened_special(ordered: list[Card], config: RuleConfig) -> _Declared | None:
    """_special for 16 cards without jokers: the specials the 16 cards' counts allow
    (may_hold_in), highest first, and for each the choices of 13 in the same order, but
    only those whose counts pass the special's screen (special_screen) are tried — the
    same answer, a fraction of the tests."""
    counts = _counts(ordered)
    plan = [(rule, check) for rule, check in special_plan(config)
            if _may_hold_counts(rule, ordered, *counts)]
    if not plan:  # most 16-card hands: no 13 of them can form any special
        return None
    choices = Choices(ordered)
    out = left_out_positions(len(ordered)).tolist()
    for rule, check in plan:
        for at in np.flatnonzero(may_hold(rule, choices)).tolist():
            skip = out[at]
            chosen = tuple(card for i, card in enumerate(ordered) if i not in skip)
            held = check(SpecialHand(chosen), rule)
            if held is not False:
                return _Declared(SpecialMatch(rule, None if held is True else held), chosen,
                                 tuple(ordered[i] for i in skip))
    return None


def may_hold_in(rule, cards: Sequence[Card]) -> bool:
    """Whether some 13 of these 16 cards could form `rule`'s special: a necessary test on
    the 16 cards' rank and suit counts (a 13-card subset never holds more of a rank, a
    suit or a colour than the 16). False lets _special skip the 560 choices of 13 for
    that special — the same answer, as no choice could hold it. Unknown codes and jokers
    always say True (the full search decides)."""
    if any(card.is_joker for card in cards):
        return True
    return _may_hold_counts(rule, cards, *_counts(cards))


def _counts(cards: Sequence[Card]) -> tuple[list[int], dict[str, int]]:
    """(cards by rank, cards by suit)."""
    counts = [0] * (ACE + 1)
    suits = dict.fromkeys(SUITS, 0)
    for card in cards:
        counts[card.rank] += 1
        suits[card.suit] += 1
    return counts, suits


def _may_hold_counts(rule, cards: Sequence[Card], counts: list[int],
                     suits: dict[str, int]) -> bool:
    """may_hold_in on the cards' counts, worked out once for every special."""
    code = rule.code
    if code == "supreme_dragon":
        return any(suits[suit] >= 13 and len({c.rank for c in cards if c.suit == suit}) == 13
                   for suit in SUITS)
    if code == "dragon":
        return sum(1 for n in counts if n) == 13
    if code == "royals_jqka":
        return sum(counts[11:]) >= 13
    if code == "twelve_faces":
        return sum(counts[11:14]) >= 12
    if code == "three_quads":
        return sum(1 for n in counts if n >= 4) >= 3
    if code == "four_trips":
        return sum(1 for n in counts if n >= 3) >= 4
    if code in ("six_pairs", "five_pairs_trips"):
        return sum(n // 2 for n in counts) >= 6
    if code == "all_high":  # an ace counted high: weaker than the test, still necessary
        return sum(n for rank, n in enumerate(counts) if rank >= rule.param("min_rank", 8)
                   or rank == ACE) >= 13
    if code == "all_low":
        return sum(n for rank, n in enumerate(counts) if rank <= rule.param("max_rank", 8)
                   or rank == ACE) >= 13
    red = suits["h"] + suits["d"]
    black = len(cards) - red
    if code == "one_color":
        return red >= 13 or black >= 13
    if code == "black_one_red":
        return black >= 12 and red >= 1
    if code == "red_one_black":
        return red >= 12 and black >= 1
    if code not in ("three_flushes", "three_straights", "three_straight_flushes"):
        return True
    if code != "three_straights":
        flushes = any(suits[f] >= 3 + 5 * ((m == f) + (b == f))
                      and suits[m] >= 5 + 5 * (b == m) and suits[b] >= 5
                      for f in SUITS for m in SUITS for b in SUITS)
        if code == "three_flushes" or not flushes:
            return flushes
    return bool((_run_needs() <= np.array(counts)).all(axis=1).any())


@lru_cache(maxsize=1)
def _run_needs() -> np.ndarray:
    """The rank counts of every 3-run + two 5-runs layout (specials' run table)."""
    return np.array(list(RUN_LAYOUTS), dtype=np.int64)


def _declaring_hint(special: _Declared, layouts: list[Layout], cards: list[Card],
                    config: RuleConfig, shown: bool = True) -> Hint:
    """The declaration, with rows to show: the special's own rows when it is one of the
    arrangement specials, else the best normal arrangement of the same 13 cards (the
    first of `layouts` when those are the whole hand). `shown=False` (first_layout): the
    13 cards in their order as rows instead of that arrangement."""
    match = special.match
    if match.rows is None and not shown:
        rows = [tuple(special.cards[:3]), tuple(special.cards[3:8]), tuple(special.cards[8:])]
        keys = [evaluate(row, config.wheel).key for row in rows]
    elif match.rows is not None:
        front, middle, back = match.rows
        keys = [evaluate(row, config.wheel).key for row in (front, middle, back)]
        if match.code in RUN_SPECIALS:
            rows = [tuple(row) for row in (front, middle, back)]  # already low to high
        else:
            rows = [display_row(row, key) for row, key in zip((front, middle, back), keys)]
    else:
        if layouts and len(special.cards) == len(cards):
            layout = layouts[0]
        else:
            layout = _normal_layouts(list(special.cards), config, 1)[0]
        keys = list(layout.keys)
        rows = [display_row(row, key) for row, key in zip(
            (layout.front, layout.middle, layout.back), keys)]
    return Hint(
        special=match.code,
        front=rows[0], middle=rows[1], back=rows[2],
        pattern=tuple(CATEGORIES[key[0]] for key in keys),
        bonus=0,
        unused=tuple(sorted(special.unused, key=display_order)),
    )


# --- display order ------------------------------------------------------------------------


_SUIT_ORDER = {suit: index for index, suit in enumerate(SUITS)}


def display_row(cards: Sequence[Card], key: Key) -> tuple[Card, ...]:
    """A row in §7.1's display order (module docstring), given its key."""
    if any(card.rank == JOKER_RANK for card in cards):
        return _display_with_jokers(cards, key)
    if len(cards) == 5 and key[0] in (STRAIGHT, STRAIGHT_FLUSH):
        wheel = key[1] in _WHEEL_TOPS
        return tuple(sorted(cards, key=lambda c: 1 if wheel and c.rank == ACE else c.rank))
    ranks = [card.rank for card in cards]
    return tuple(sorted(cards, key=lambda c: (-ranks.count(c.rank), -c.rank,
                                              _SUIT_ORDER[c.suit])))


_WHEEL_TOPS = (5, 13.5)  # the wheel's top card with `wheel: lowest` / `wheel: second`


def _display_with_jokers(cards: Sequence[Card], key: Key) -> tuple[Card, ...]:
    """Each joker goes where the card it stands for would be."""
    slots = _rank_slots(key, len(cards))
    by_rank: dict[int, list[Card]] = {}
    jokers = []
    for card in sorted(cards, key=display_order):
        if card.rank == JOKER_RANK:
            jokers.append(card)  # big joker before small
        else:
            by_rank.setdefault(card.rank, []).append(card)
    row = []
    for rank in slots:
        held = by_rank.get(rank)
        row.append(held.pop(0) if held else jokers.pop(0))
    return tuple(row)


def _rank_slots(key: Key, size: int) -> list[int]:
    """The ranks the row shows, in display order, jokers counted as what they stand for."""
    category, ranks = key[0], key[1:]
    if size == 5 and category in (STRAIGHT, STRAIGHT_FLUSH):
        top = ranks[0]
        if top in _WHEEL_TOPS:
            return [ACE, 2, 3, 4, 5]
        return list(range(int(top) - 4, int(top) + 1))
    if size == 5:
        counts = {FIVE_OF_A_KIND: (5,), FOUR_OF_A_KIND: (4, 1), FULL_HOUSE: (3, 2),
                  THREE_OF_A_KIND: (3, 1, 1), TWO_PAIR: (2, 2, 1), PAIR: (2, 1, 1, 1)}
    else:
        counts = {THREE_OF_A_KIND: (3,), PAIR: (2, 1)}
    if category in counts:
        multiset = Counter()
        for rank, count in zip(ranks, counts[category]):
            multiset[rank] += count
    else:  # flushes (which may hold a pair of twin diamonds) and high cards
        multiset = Counter(ranks)
    ordered = sorted(multiset.items(), key=lambda item: (item[1], item[0]), reverse=True)
    return [rank for rank, count in ordered for _ in range(count)]
