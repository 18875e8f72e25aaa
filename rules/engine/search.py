"""The arrangement search behind the hints (RULES.md §7.1): for a category pattern, the
best valid arrangement of a hand that shows it — or proof that none does.

Why not try every split: 13 cards split 72,072 ways into rows (40 million for 16 cards
choosing 13), far too many to evaluate in CPython. Instead every row is built as a
*group* (the cards that make its category: the pair, the trips, the whole straight, the
top card of a high-card row) plus *kickers* (the singles that complete it; row_groups.py
lists the groups), and the search walks groups and kickers strongest first:

    back group > middle group > front group > front singles > middle kickers > back kickers

so the first valid arrangement it meets for a pattern is the best one in that order (the
`preference` below) — save where two groups tie on key yet leave different cards behind
(a joker standing in for a card the hand holds, one flush in two suits): each of those
is searched and the best kept (`_Search.solve`). That order is the hint's representative rule:

- lexicographically it only ever trades a later piece for an earlier one, so the chosen
  arrangement is never dominated (no arrangement of the same pattern has every row ≥ and
  one row >, §7.1.5): each row's key is its group followed by its kickers, so a row that
  is ≥ has a group ≥ and, with an equal group, kickers ≥;
- groups come first, so the back holds the strongest made hand the pattern allows, then
  the middle, then the front;
- singles then go to the front first (§7.1.6: a high-card front gets the three highest
  leftover singles), and when front and middle are both high card the middle's group is
  its top card, so the middle takes the highest single, the front the next three and the
  middle the rest (seed 000's 次大, 三大, 四大 / 最大, 5 大, 6 大…);
- back kickers come last: the back is usually strong anyway, its kickers rarely decide.

Ranks are all that most rows care about: the search works on rank counts and only
flushes and straight flushes pick cards by suit. A suit never matters to any other row
except that it must not be five of one suit (then it would be a flush); a last step deals
real cards to the rank-only rows and checks that (`_deal`). Suits with fewer than five
cards in the hand can never make a flush, so for most hands that step is trivial.

Most patterns a hand cannot show are refused before any search by cheap necessary
conditions (`_Search._could_show`): the pairs, trips and quads must fit in the rank
counts, the flush rows in the suits, two straights in the ranks, and beside a flush row
the other rows' pairs, trips or straight in what some five of a suit leave. Where one
suit holds nearly every card, a row that needs two suits is refused as soon as it is
chosen (`suit_risk`), not after every way of filling it failed.

Jokers (§2.2) only ever stand in a group (a joker "kicker" would always improve the row:
a pair with a joker is trips, a high card with a joker a pair). A row holding a joker is
worth the best any substitution gives, which the search assumes when it builds the group
and checks when the row is complete (`joker_row_key`); an arrangement whose joker row is
worth more than assumed is found again under its true groups.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Iterable, Sequence

from .cards import ACE, JOKER_RANK, STANDARD_CARDS, SUITS, Card
from .rows import (FIVE_OF_A_KIND, FLUSH, FOUR_OF_A_KIND, FULL_HOUSE, HIGH_CARD, PAIR,
                   STRAIGHT, STRAIGHT_FLUSH, THREE_OF_A_KIND, TWO_PAIR, Key)
from .row_groups import (BITS, FRONT_HIGH_CARD, RANKS_DESC, Group, _straight_runs,
                         joker_row_key, plain_groups, rank_groups, ranks_under, suited_groups)
from .slots import slot_builder

Pattern = tuple[int, int, int]  # (front, middle, back) category strengths
# 5-card categories that a row of five cards of one suit would not be (it would be a
# flush): such rows need two suits.
TWO_SUITED = frozenset((HIGH_CARD, PAIR, TWO_PAIR, STRAIGHT))

# How many entries of a row's key make its group (the rest are its kickers): the
# category number plus the ranks that define the made hand. A high-card row's group is
# its top card (§7.1.6); a high-card front has no group, all three cards are singles.
GROUP_LEN5 = {FIVE_OF_A_KIND: 2, STRAIGHT_FLUSH: 2, FOUR_OF_A_KIND: 2, FULL_HOUSE: 3,
              FLUSH: 6, STRAIGHT: 2, THREE_OF_A_KIND: 2, TWO_PAIR: 3, PAIR: 2,
              HIGH_CARD: 2}
GROUP_LEN3 = {THREE_OF_A_KIND: 2, PAIR: 2, HIGH_CARD: 1}


def preference(front: Key, middle: Key, back: Key) -> tuple:
    """The order hints pick a pattern's arrangement by (highest first); see the module
    docstring. Every entry of the three keys appears once, so equal preferences mean
    equal rows."""
    gb, gm, gf = GROUP_LEN5[back[0]], GROUP_LEN5[middle[0]], GROUP_LEN3[front[0]]
    return (back[:gb], middle[:gm], front[:gf], front[gf:], middle[gm:], back[gb:])


@dataclass(frozen=True, slots=True)
class Layout:
    """One arrangement the search found: rows of real cards, their keys, and (多三张)
    the cards left out."""

    front: tuple[Card, ...]
    middle: tuple[Card, ...]
    back: tuple[Card, ...]
    keys: tuple[Key, Key, Key]  # front, middle, back
    unused: tuple[Card, ...] = ()
    # Rows already in §7.1's display order (grouped cards first, straights low to high,
    # ♠ ♥ ♣ ♦ within a rank): true unless jokers or an unusual deal needed care.
    ordered: bool = False

    @property
    def pattern(self) -> Pattern:
        return (self.keys[0][0], self.keys[1][0], self.keys[2][0])


_layout = slot_builder(Layout)  # Layout(...), every field given: ten a hand (slots.py)


# --- the search --------------------------------------------------------------------------


class _Search:
    """One hand's search state: rank counts left, jokers left, and per suit the cards no
    flush has claimed. Groups are applied and undone in place while the search walks."""

    def __init__(self, cards: Sequence[Card], wheel: str) -> None:
        if len(cards) < 13:
            raise ValueError(f"a hand has at least 13 cards, not {len(cards)}")
        self.cards = tuple(cards)
        self.wheel = wheel
        self.spare = len(cards) - 13  # cards left out (多三张: 3)
        self.joker_cards = joker_cards = []
        self.counts = counts = [0] * (ACE + 1)
        self.suit_left = suit_left = {}
        # Each rank's cards in dealing order: ♠ ♥ ♣ ♦, so rows take spades first — the
        # cards are sorted into their suits first, then each suit's go to their ranks.
        self.by_rank = by_rank = [[] for _ in range(ACE + 1)]
        in_suit: dict[str, list[Card]] = {suit: [] for suit in SUITS}
        for card in cards:
            if card.rank == JOKER_RANK:
                joker_cards.append(card)
            else:
                in_suit[card.suit].append(card)
        suit_sizes = {}
        twins = False
        for suit in SUITS:
            left = suit_left[suit] = [0] * (ACE + 1)
            suited = in_suit[suit]
            suit_sizes[suit] = len(suited)
            for card in suited:
                rank = card.rank
                if left[rank]:
                    twins = True  # 65 cards: two Ad
                left[rank] += 1
                counts[rank] += 1
                by_rank[rank].append(card)
        # The ranks the hand holds, high to low: the loops over rank counts need not
        # look at the others; and as bits.
        self.ranks = ranks = tuple([r for r in RANKS_DESC if counts[r]])
        held = 0
        for rank in ranks:
            held |= BITS[rank]
        self.suit_sizes = suit_sizes
        self.jokers = len(joker_cards)
        # A suit can make a flush only with five cards (jokers may fill in).
        self.flush_suits = tuple(s for s in SUITS if suit_sizes[s] + self.jokers >= 5)
        self.claimed: list[Group] = []  # suit groups in play, for dealing real cards
        self.all_jokers = self.jokers
        # What the quick pattern checks (_could_show) read: rank counts that can hold a
        # pair or more, how many flush rows the suits allow, whether two straights fit.
        self.set_room = tuple(sorted([n for n in counts if n >= 2], reverse=True))
        self.flush_rows = sum([n // 5 for n in suit_sizes.values()])
        self.held = held
        self.runs = [run for run, mask in _run_masks(wheel) if held & mask == mask]
        self._two_runs: bool | None = None  # see two_runs
        self._suit_risk: list[tuple[int, int]] | None = None  # see suit_risk
        self._free: list[list[Card]] | None = None  # see free
        self._one_suit_masks: list[int] | None = None  # see one_suit_masks
        self._beside_flush: list | None | bool = False  # see beside_flush
        self.twins = twins
        # Group lists by state. Per search, not global: the same counts come back across
        # a hand's patterns, rarely across hands, and a global cache only feeds the GC.
        self.cache: dict[tuple, tuple[Group, ...]] = {}
        self.backs: dict[int, tuple[Group, ...]] = {}  # groups5 of the whole hand

    @property
    def two_runs(self) -> bool:
        """Whether two straights fit in the hand's rank counts (worked out when a pattern
        with two straight rows first asks)."""
        if self._two_runs is None:
            self._two_runs = _two_runs_fit(self.counts, self.wheel, self.runs)
        return self._two_runs

    # -- groups available in the current state --

    def groups5(self, category: int) -> tuple[Group, ...]:
        if category == STRAIGHT_FLUSH or category == FLUSH:
            if not self.flush_suits:
                return ()
            # What they depend on: the rank counts, and the suits' cards that the
            # flushes in play (claimed) left. A hand's patterns ask again in the same
            # states (every pattern with a flush back starts from the whole hand).
            state = ("suited", category, *self.counts, self.jokers, *self.claimed)
            groups = self.cache.get(state)
            if groups is None:
                groups = self.cache[state] = self._suited_groups(category)
            return groups
        if not self.all_jokers:
            return plain_groups(self.counts, category, self.wheel, False, self.ranks)
        state = (*self.counts, self.jokers, category)
        groups = self.cache.get(state)
        if groups is None:
            groups = self.cache[state] = rank_groups(
                tuple(self.counts), self.jokers, category, self.wheel)
        return groups

    def _suited_groups(self, category: int) -> tuple[Group, ...]:
        """groups5 of a flush or straight flush, worked out."""
        found: list[Group] = []
        counts = self.counts
        for suit in self.flush_suits:
            left = self.suit_left[suit]
            if self.twins:  # 65 cards: a rank may be there twice
                ranks = tuple(r for r in RANKS_DESC for _ in range(min(left[r], counts[r])))
            else:
                ranks = tuple([r for r in RANKS_DESC if left[r] and counts[r]])
            if len(ranks) + self.jokers < 5:
                continue
            sf, fl = suited_groups(ranks, self.jokers, suit, self.wheel)
            found.extend(sf if category == STRAIGHT_FLUSH else fl)
        if len(self.flush_suits) > 1:
            found.sort(key=lambda g: g.key, reverse=True)
        return tuple(found)

    def groups3(self, category: int) -> tuple[Group, ...]:
        if not self.all_jokers:
            if category == HIGH_CARD:  # most fronts: three singles, no group to pick
                return FRONT_HIGH_CARD
            return plain_groups(self.counts, category, self.wheel, True, self.ranks)
        state = (*self.counts, self.jokers, category, "front")
        groups = self.cache.get(state)
        if groups is None:
            groups = self.cache[state] = rank_groups(
                tuple(self.counts), self.jokers, category, self.wheel, True)
        return groups

    def apply(self, group: Group) -> None:
        counts = self.counts
        for r in group.take:
            counts[r] -= 1
        if group.jokers:
            self.jokers -= group.jokers
        if group.suit is not None:
            left = self.suit_left[group.suit]
            for r in group.take:
                left[r] -= 1
            self.claimed.append(group)
            self._suit_risk = self._free = self._one_suit_masks = None

    def undo(self, group: Group) -> None:
        counts = self.counts
        for r in group.take:
            counts[r] += 1
        if group.jokers:
            self.jokers += group.jokers
        if group.suit is not None:
            left = self.suit_left[group.suit]
            for r in group.take:
                left[r] += 1
            self.claimed.pop()
            self._suit_risk = self._free = self._one_suit_masks = None

    # -- rows that must not be five of one suit --
    #
    # A high card, pair, two pair or straight row built from ranks must hold two suits,
    # so it needs a card outside any given suit. Where one suit dominates the cards the
    # flushes left, that is checked early, or a one-suit hand would try every choice of
    # ranks only to be refused when dealing real cards.

    @property
    def suit_risk(self) -> list[tuple[int, int]]:
        """(cards outside the suit, rank mask of ranks that have one) for each suit
        that could fill a row on its own; worked out again only after flushes change."""
        if self._suit_risk is not None:
            return self._suit_risk
        # The suits' cards left depend on the flushes in play alone: a hand's patterns
        # claim the same flushes again and again.
        state = ("risk", *self.claimed)
        risk = self.cache.get(state)
        if risk is None:
            risk = self.cache[state] = self._risk()
        self._suit_risk = risk
        return risk

    def _risk(self) -> list[tuple[int, int]]:
        """suit_risk, worked out."""
        left = self.suit_left
        sizes = {suit: sum(left[suit]) for suit in SUITS}
        risk = []
        if max(sizes.values()) + self.all_jokers >= 5:
            # Rank masks only when some suit is at risk: after a flush, often none is.
            masks = {}
            for suit in SUITS:
                held, mask = left[suit], 0
                for r in self.ranks:
                    if held[r]:
                        mask |= BITS[r]
                masks[suit] = mask
            total = sum(sizes.values())
            for suit in SUITS:
                if sizes[suit] + self.all_jokers >= 5:
                    outside_mask = 0
                    for other in SUITS:
                        if other != suit:
                            outside_mask |= masks[other]
                    risk.append((total - sizes[suit], outside_mask))
        return risk

    def _room_off_suit(self, rows: int) -> bool:
        """Whether `rows` rows can each get a card outside every dominant suit."""
        for outside, _ in self.suit_risk:
            if outside < rows:
                return False
        return True

    def _two_suits_possible(self, ranks: Iterable[int]) -> bool:
        """Whether a row of these ranks can hold a card outside every dominant suit."""
        risk = self.suit_risk
        if not risk:
            return True
        mask = 0
        for r in ranks:
            mask |= BITS[r]
        for _, outside_mask in risk:
            if not mask & outside_mask:
                return False
        return True

    def _could_show(self, pattern: Pattern, screened: bool = False) -> bool:
        """Quick necessary conditions on the whole hand, so that most patterns it cannot
        show are refused before any search: the same-rank groups (pairs, trips, …) fit
        in the rank counts, the flush rows in the suits, two straights in the ranks.
        `screened`: _usable has tested the first two already."""
        if self.all_jokers:
            return True  # jokers fill any of these; the search decides
        sets, flushes, two_straights = _pattern_needs(pattern)
        if not screened and (sets and not _sets_fit(self.set_room, sets)
                             or flushes > self.flush_rows):
            return False
        if two_straights:
            return self.two_runs
        beside = _beside_flush_needs(pattern)
        if beside is not None:
            return self._fits_beside_flush(*beside)
        return True

    # A flush row takes five cards of one suit, so what the other rows need must fit in
    # what some five of a suit leave. Most patterns a flush hand walks in vain have a
    # flush back and pairs or a straight beside it (a pair front, a straight or two pair
    # middle); they are refused here instead of after the search has tried the middles
    # and fronts beside every flush.

    @property
    def beside_flush(self) -> list[tuple[list[int], tuple[int, ...], int]] | None:
        """For a 13-card hand without jokers: per way of taking five cards of one suit
        (each suit of five or more; ways with the same ranks once), the rank counts they
        leave, their set room and the ranks they hold (bits). None past BESIDE_FLUSH_WAYS
        ways (eight cards of a suit), or with 16 cards, where the search is left to
        decide."""
        if self._beside_flush is False:
            # 多三张: three cards may be left out, and a suit of the 65-card deck holds
            # more ways to take five: the test refused too little to pay for itself.
            found: list | None = [] if not self.spare else None
            seen = set()
            for suit in SUITS if not self.spare else ():
                if self.suit_sizes[suit] < 5:
                    continue
                left = self.suit_left[suit]
                ranks = [r for r in RANKS_DESC for _ in range(left[r])]
                for taken in combinations(ranks, 5):
                    if taken in seen:
                        continue
                    seen.add(taken)
                    counts = list(self.counts)
                    held = self.held
                    for r in taken:
                        counts[r] -= 1
                        if not counts[r]:
                            held &= ~(1 << r)
                    room = tuple(sorted((n for n in counts if n >= 2), reverse=True))
                    found.append((counts, room, held))
                if len(found) > BESIDE_FLUSH_WAYS:
                    found = None
                    break
            self._beside_flush = found
        return self._beside_flush

    def _fits_beside_flush(self, sets: tuple[int, ...], straight: bool) -> bool:
        """Whether the same-rank groups `sets` (and a straight, if `straight`) of the
        rows beside the pattern's one flush row fit in the cards some five of a suit
        leave (beside_flush); True when that cannot be told so simply."""
        options = self.beside_flush
        if options is None:
            return True
        for counts, room, held in options:
            if not straight:
                if _sets_fit(room, sets):
                    return True
                continue
            for run, mask in _run_masks(self.wheel):
                if held & mask != mask:
                    continue
                if not sets:
                    return True
                left = list(counts)
                for r in run:
                    left[r] -= 1
                if _sets_fit(tuple(sorted((n for n in left if n >= 2), reverse=True)), sets):
                    return True
        return False

    def available(self) -> tuple[frozenset[int], frozenset[int]]:
        """(5-card categories, front categories) some row of this hand could show."""
        if not self.all_jokers:
            return self._available_plain()
        five = frozenset(c for c in range(FIVE_OF_A_KIND + 1) if self.groups5(c))
        three = frozenset(c for c in (HIGH_CARD, PAIR, THREE_OF_A_KIND) if self.groups3(c))
        return five, three

    def _available_plain(self) -> tuple[frozenset[int], frozenset[int]]:
        """available() without jokers, read off the rank counts: a category made of ranks
        has a group exactly when these counts allow one (plain_groups); the suited ones
        ask their groups as before."""
        counts = self.counts
        most = sorted(counts, reverse=True)
        five = [HIGH_CARD]
        three = [HIGH_CARD]
        if most[0] >= 2:
            five.append(PAIR)
            three.append(PAIR)
            if most[1] >= 2:
                five.append(TWO_PAIR)
        if most[0] >= 3:
            five.append(THREE_OF_A_KIND)
            three.append(THREE_OF_A_KIND)
            if most[1] >= 2:
                five.append(FULL_HOUSE)
        if most[0] >= 4:
            five.append(FOUR_OF_A_KIND)
        if most[0] >= 5:
            five.append(FIVE_OF_A_KIND)
        if self.runs:
            five.append(STRAIGHT)
        five.extend(self._suited_plain())
        return frozenset(five), frozenset(three)

    def _suited_plain(self) -> list[int]:
        """Which of FLUSH and STRAIGHT_FLUSH the suits of a hand without jokers allow,
        read off each suit's ranks (what groups5 would find, without building groups):
        five cards of a suit are a straight flush when their ranks run, else a flush
        (one suit holds no three of a rank, even with the 65-card deck's twins), and six
        or more always hold five that do not run."""
        found = []
        flush = straight_flush = False
        for suit in self.flush_suits:
            left = self.suit_left[suit]
            mask = 0
            for r in RANKS_DESC:
                if left[r]:
                    mask |= 1 << r
            runs = any(mask & run == run for _, run in _run_masks(self.wheel))
            straight_flush = straight_flush or runs
            flush = flush or self.suit_sizes[suit] > 5 or not runs \
                or bin(mask).count("1") < 5
        if flush:
            found.append(FLUSH)
        if straight_flush:
            found.append(STRAIGHT_FLUSH)
        return found

    # -- one pattern --

    # Each level walks its groups strongest first and stops after the first key that
    # leads to an arrangement. Groups of equal key can leave different cards behind (a
    # real ace or a joker standing in for it, one flush in two suits), so the rest of
    # that key's groups are searched too and the best result by `preference` kept.

    def solve(self, pattern: Pattern, screened: bool = False) -> Layout | None:
        """The best arrangement showing `pattern` by `preference`, or None (`screened`:
        see _could_show)."""
        f, m, b = pattern
        if f > m or m > b or not self._could_show(pattern, screened):
            return None
        # Without a suit of five (jokers included) no row can be a flush by accident.
        suits_matter = bool(self.flush_suits)
        two_suited = (m in TWO_SUITED) + (b in TWO_SUITED)
        if suits_matter and two_suited and not self._room_off_suit(two_suited):
            return None
        best = best_key = None
        # The backs come from the whole hand, the same for each pattern with this back.
        backs = self.backs.get(b)
        if backs is None:
            backs = self.backs[b] = self.groups5(b)
        for gb in backs:
            if best is not None and gb.key != best_key:
                break
            if suits_matter:
                if not gb.kickers and b in TWO_SUITED and not self._two_suits_possible(gb.take):
                    continue
            self.apply(gb)
            if gb.suit is not None and not self.groups3(f):
                found = None  # a flush back took the cards the front needs
            else:
                found = self._middle(f, m, gb, suits_matter)
            self.undo(gb)
            if found is not None and (best is None or _better(found, best)):
                best, best_key = found, gb.key
        return best

    def _middle(self, f: int, m: int, gb: Group, suits_matter: bool) -> Layout | None:
        best = best_key = None
        two_suited = suits_matter and m in TWO_SUITED
        if two_suited and gb.suit is not None and not self._room_off_suit(1):
            return None
        for gm in self.groups5(m):
            if best is not None and gm.key != best_key:
                break
            if m == gb.key[0] and gm.key > gb.key:
                continue
            if two_suited and not gm.kickers and not self._two_suits_possible(gm.take):
                continue
            self.apply(gm)
            found = self._front(f, gm, gb)
            self.undo(gm)
            if found is not None and (best is None or _better(found, best)):
                best, best_key = found, gm.key
        return best

    def _front(self, f: int, gm: Group, gb: Group) -> Layout | None:
        best = best_key = None
        counts = self.counts
        check = f == gm.key[0] and f != HIGH_CARD
        for gf in self.groups3(f):
            if best is not None and gf.key != best_key:
                break
            if check and gf.key[1] > gm.key[1]:
                continue  # front trips / pair above the middle's
            if self.jokers - gf.jokers > self.spare:
                continue  # a joker left over could only be a kicker
            # apply(gf) and undo(gf) in line: a front group is never suited, and ten
            # hints a hand apply a dozen fronts.
            for r in gf.take:
                counts[r] -= 1
            self.jokers -= gf.jokers
            found = self._kickers(gf, gm, gb)
            self.jokers += gf.jokers
            for r in gf.take:
                counts[r] += 1
            if found is not None and (best is None or _better(found, best)):
                best, best_key = found, gf.key
        return best

    def _kickers(self, gf: Group, gm: Group, gb: Group) -> Layout | None:
        """Complete the three groups with singles, front first, then middle, then back,
        each row's highest first; the first full valid choice is the best."""
        if self.spare == self.jokers:  # every card left is some row's kicker (13 cards)
            return self._kickers_all_used(gf, gm, gb)
        counts = self.counts
        nf, nm = gf.kickers, gm.kickers
        front_below = gf.below
        if gf.key[0] == HIGH_CARD and gm.key[0] == HIGH_CARD:
            front_below = min(front_below, gm.key[1] + 1)  # front top ≤ middle top
        for fs in combinations(_candidates(counts, gf, front_below) if nf else (), nf):
            for r in fs:
                counts[r] -= 1
            front = gf.key + fs
            found = None
            for ms in combinations(_candidates(counts, gm, gm.below) if nm else (), nm):
                middle = gm.key + ms
                if not self._middle_ok(front, middle, gm, ms):
                    continue
                for r in ms:
                    counts[r] -= 1
                found = self._back_kickers(gf, gm, gb, front, middle, fs, ms, combinations(
                    _candidates(counts, gb, gb.below), gb.kickers))
                for r in ms:
                    counts[r] += 1
                if found is not None:
                    break
            for r in fs:
                counts[r] += 1
            if found is not None:
                return found
        return None

    def _kickers_all_used(self, gf: Group, gm: Group, gb: Group) -> Layout | None:
        """_kickers when every card left must be a kicker (13 cards), on bits: the ranks
        left holding one card, two, three. Each row takes at most one card of a rank,
        so a rank fits only where enough rows accept it (Group.accepts); whatever the
        front and middle leave is the back's. One pass over the counts, then a few bit
        operations per choice instead of a pass over the ranks per row."""
        counts = self.counts
        ones = twos = threes = left = 0
        for r in self.ranks:
            n = counts[r]
            if n:
                left += n
                if n == 1:
                    ones |= BITS[r]
                elif n == 2:
                    twos |= BITS[r]
                elif n == 3:
                    threes |= BITS[r]
                else:
                    return None
        f_key, m_key = gf.key, gm.key
        nf, nm = gf.kickers, gm.kickers
        a, b, c = gf.accepts, gm.accepts, gb.accepts
        if left != nf + nm + gb.kickers or ones & ~(a | b | c) \
                or twos & ~((a & b) | (c & (a | b))) or threes & ~(a & b & c):
            return None
        if f_key[0] == HIGH_CARD and m_key[0] == HIGH_CARD:
            a &= ranks_under(m_key[1] + 1)  # front top ≤ middle top
        for fs in combinations(_ranks_of((ones | twos | threes) & a), nf):
            taken = 0
            for r in fs:
                taken |= BITS[r]
            # What the front leaves: the middle and back take one card of a rank each.
            ones_m = (ones & ~taken) | (twos & taken)
            twos_m = (twos & ~taken) | (threes & taken)
            if threes & ~taken or twos_m & ~(b & c) or ones_m & ~(b | c):
                continue
            front = f_key + fs
            for ms in combinations(_ranks_of((ones_m | twos_m) & b), nm):
                middle = m_key + ms
                if not self._middle_ok(front, middle, gm, ms):
                    continue
                taken = 0
                for r in ms:
                    taken |= BITS[r]
                rest = (ones_m & ~taken) | (twos_m & taken)
                if twos_m & ~taken or rest & ~c:
                    continue  # a rank twice in the back, or one it does not take
                found = self._back_kickers(gf, gm, gb, front, middle, fs, ms,
                                           (_ranks_of(rest),))
                if found is not None:
                    return found
        return None

    def _middle_ok(self, front: Key, middle: Key, gm: Group, ms: tuple[int, ...]) -> bool:
        """Whether the middle, its kickers `ms` chosen, is a valid row beside `front`:
        five singles that do not run, not below the front, two suits where it must."""
        category = middle[0]
        if category == HIGH_CARD and _is_straight(middle[1:], self.wheel):
            return False
        if category == front[0] and category != THREE_OF_A_KIND \
                and front > middle[:len(front)]:
            return False
        return not (self.flush_suits and category in TWO_SUITED
                    and not self._two_suits_possible(gm.take + ms))

    def _back_kickers(self, gf: Group, gm: Group, gb: Group, front: Key, middle: Key,
                      fs: tuple[int, ...], ms: tuple[int, ...],
                      choices: Iterable[tuple[int, ...]]) -> Layout | None:
        """The first of the back's kicker `choices` that makes a valid back, dealt (`fs`,
        `ms`: the front's and the middle's kickers)."""
        b_key = gb.key
        check_mb = gm.kickers and gm.key == b_key  # same group: the kickers decide
        for bs in choices:
            back = b_key + bs
            if b_key[0] == HIGH_CARD and _is_straight(back[1:], self.wheel):
                continue
            if check_mb and middle > back:
                continue
            if self.flush_suits and b_key[0] in TWO_SUITED and \
                    not self._two_suits_possible(gb.take + bs):
                continue
            # Dealing reads the cards by rank (free), not the counts.
            layout = self._deal((front, middle, back), (gf, gm, gb), (fs, ms, bs))
            if layout is not None:
                return layout
        return None

    # -- real cards --

    def _deal(self, keys: tuple[Key, Key, Key], groups: tuple[Group, Group, Group],
              kickers: tuple[tuple[int, ...], ...]) -> Layout | None:
        """Give the rows real cards: flush groups have theirs; every other row takes cards
        of its ranks from what the flushes left. Refuse (None) when no way of dealing
        keeps each rank-only 5-card row off a single suit and each joker row worth
        exactly its assumed key."""
        # Only a suit of five can make a row five of one suit, and only a row of five
        # ranks (a high card, a straight) or, with twin cards, any row.
        one_suit = self.flush_suits
        distinct = _ANY_ROW if self.twins else _FIVE_RANKS
        gf, gm, gb = groups
        if not self.all_jokers and gm.suit is None and gb.suit is None:
            # Most deals: no jokers, no flush row, so the rows' ranks are all there is
            # to them — what the loop below finds, without it.
            needs = (gf.take + kickers[0], gm.take + kickers[1], gb.take + kickers[2])
            if not (one_suit and (keys[2][0] in distinct and self._may_be_one_suit(needs[2])
                                  or keys[1][0] in distinct
                                  and self._may_be_one_suit(needs[1]))):
                return self._hand_out(keys, needs, ([], [], []), self.by_rank, [])
        rows: list[list[Card]] = [[], [], []]
        needs = [(), (), ()]
        jokers = list(self.joker_cards) if self.all_jokers else []
        risky = []
        for index in (2, 1, 0):
            group = groups[index]
            used = group.jokers
            if used:
                rows[index].extend(jokers.pop() for _ in range(used))
            suit = group.suit
            if suit is not None:
                rows[index].extend([_CARDS[(r, suit)] for r in group.take])
                continue
            needs[index] = need = group.take + kickers[index]
            if used or (index and one_suit and keys[index][0] in distinct
                        and self._may_be_one_suit(need)):
                risky.append(index)
        free = self.free
        if not risky:
            return self._hand_out(keys, needs, rows, free, jokers)
        # Deal the ranks no risky row needs any way; search the rest.
        pool = [cards[::-1] for cards in free]  # rows pop from the end: ♠ first
        risky_ranks = sorted({r for index in risky for r in needs[index]}, reverse=True)
        wanting: list[Counter] = [Counter(need) for need in needs]
        for index in (2, 1, 0):
            for r in needs[index]:
                if r not in risky_ranks:
                    rows[index].append(pool[r].pop())
                    wanting[index][r] -= 1
        dealt = self._deal_risky(risky_ranks, 0, rows, wanting, pool, risky, keys, groups)
        if dealt is None:
            return None
        unused = tuple(card for cards in pool for card in cards) + tuple(jokers)
        return _layout(tuple(dealt[0]), tuple(dealt[1]), tuple(dealt[2]), keys, unused, False)

    def _hand_out(self, keys: tuple[Key, Key, Key], needs: Sequence[tuple[int, ...]],
                  rows: Sequence[list[Card]], free: list[list[Card]],
                  jokers: list[Card]) -> Layout:
        """_deal when any cards of the right ranks will do: each row (its flush cards and
        jokers already in `rows`) takes the cards of its `needs` ranks from `free`,
        ♠ ♥ ♣ ♦, back first. A group's ranks come first, then the kickers high to low:
        display order already, but for straights (low to high) and twin-card flushes
        (pair first)."""
        taken = [0] * (ACE + 1)
        ordered = not self.all_jokers
        for index in (2, 1, 0):
            row = rows[index]
            for r in needs[index]:
                n = taken[r]
                row.append(free[r][n])
                taken[r] = n + 1
            category = keys[index][0]
            if index and (category == STRAIGHT or category == STRAIGHT_FLUSH):
                _straight_low_to_high(row)
            elif category == FLUSH and len(set(keys[index][1:])) < 5:
                ordered = False  # a twin pair goes first: leave it to display_row
        # 13 cards: every card is in a row, none is left out.
        unused = ([card for r in RANKS_DESC for card in free[r][taken[r]:]]
                  if self.spare else []) + jokers
        return _layout(tuple(rows[0]), tuple(rows[1]), tuple(rows[2]), keys,
                       tuple(unused), ordered)

    @property
    def free(self) -> list[list[Card]]:
        """Each rank's cards that no flush group holds, ♠ ♥ ♣ ♦ (worked out again only
        after the flushes change, and kept per flushes in play like suit_risk). Read
        only: with no flush in play, the hand's own lists."""
        if self._free is None:
            free = self.cache.get(("free", *self.claimed)) if self.claimed else self.by_rank
            if free is None:
                free = [list(cards) for cards in self.by_rank]
                for group in self.claimed:
                    for r in group.take:
                        free[r].remove(_CARDS[(r, group.suit)])
                self.cache[("free", *self.claimed)] = free
            self._free = free
        return self._free

    @property
    def one_suit_masks(self) -> list[int]:
        """For each suit with five cards outside the flushes, the ranks it holds (bits)."""
        if self._one_suit_masks is None:
            masks = []
            left = self.suit_left
            for suit in self.flush_suits:
                held = left[suit]
                if sum(held) + self.all_jokers >= 5:
                    mask = 0
                    for r in RANKS_DESC:
                        if held[r]:
                            mask |= 1 << r
                    masks.append(mask)
            self._one_suit_masks = masks
        return self._one_suit_masks

    def _may_be_one_suit(self, ranks: tuple[int, ...]) -> bool:
        """Whether some way of dealing these ranks gives five cards of one suit."""
        masks = self.one_suit_masks
        if not masks:
            return False
        mask = 0
        for r in ranks:
            mask |= BITS[r]
        if len(ranks) != mask.bit_count():
            # A rank twice: one suit only with the 65-card deck's twin cards.
            return self.twins
        for held in masks:
            if mask & held == mask:
                return True
        return False

    def _deal_risky(self, ranks: list[int], at: int, rows: list[list[Card]],
                    wanting: list[Counter], pool: list[list[Card]],
                    risky: list[int], keys: tuple[Key, Key, Key],
                    groups: tuple[Group, Group, Group]) -> list[list[Card]] | None:
        if at == len(ranks):
            for index in risky:
                row = rows[index]
                plain = [c for c in row if c.rank != JOKER_RANK]
                if groups[index].jokers:
                    if joker_row_key(plain, groups[index].jokers, self.wheel) != keys[index]:
                        return None
                elif len({c.suit for c in plain}) == 1:
                    return None
            return [list(row) for row in rows]
        r = ranks[at]
        cards = pool[r]
        demands = [(index, wanting[index][r]) for index in (2, 1, 0) if wanting[index][r]]
        for split in _splits(cards, [n for _, n in demands]):
            for (index, _), part in zip(demands, split[:-1]):
                rows[index].extend(part)
            pool[r] = split[-1]
            found = self._deal_risky(ranks, at + 1, rows, wanting, pool, risky, keys, groups)
            pool[r] = cards
            for (index, n), part in zip(demands, split[:-1]):
                del rows[index][len(rows[index]) - n:]
            if found is not None:
                pool[r] = split[-1]
                return found
        return None


_CARDS = {(card.rank, card.suit): card for card in STANDARD_CARDS}
_FIVE_RANKS = (HIGH_CARD, STRAIGHT)  # the rank-only rows of five different ranks
_ANY_ROW = tuple(range(FIVE_OF_A_KIND + 1))


def _straight_low_to_high(row: list[Card]) -> None:
    """A straight's cards low to high; the wheel's ace goes first (A-2-3-4-5)."""
    row.sort(key=_rank_of)
    if row[-1].rank == ACE and row[0].rank == 2:
        row.insert(0, row.pop())


def _rank_of(card: Card) -> int:
    return card.rank


# Same-rank groups each row category needs (a full house: a triple and a pair).
_ROW_SETS = {FIVE_OF_A_KIND: (5,), FOUR_OF_A_KIND: (4,), FULL_HOUSE: (3, 2),
             THREE_OF_A_KIND: (3,), TWO_PAIR: (2, 2), PAIR: (2,), STRAIGHT: (),
             FLUSH: (), STRAIGHT_FLUSH: (), HIGH_CARD: ()}
_FRONT_SETS = {THREE_OF_A_KIND: (3,), PAIR: (2,), HIGH_CARD: ()}


@lru_cache(maxsize=None)
def _pattern_needs(pattern: Pattern) -> tuple[tuple[int, ...], int, bool]:
    """What _could_show reads of a pattern: its same-rank groups (largest first), its
    flush rows, and whether both 5-card rows are straights."""
    f, m, b = pattern
    sets = tuple(sorted(_FRONT_SETS[f] + _ROW_SETS[m] + _ROW_SETS[b], reverse=True))
    flushes = (m == FLUSH or m == STRAIGHT_FLUSH) + (b == FLUSH or b == STRAIGHT_FLUSH)
    two_straights = (m == STRAIGHT or m == STRAIGHT_FLUSH) and (b == STRAIGHT
                                                              or b == STRAIGHT_FLUSH)
    return sets, flushes, two_straights


BESIDE_FLUSH_WAYS = 30  # a suit of seven holds 21 ways to take five; of eight, 56


@lru_cache(maxsize=None)
def _beside_flush_needs(pattern: Pattern) -> tuple[tuple[int, ...], bool] | None:
    """What the rows beside a pattern's only flush (or straight flush) row need: their
    same-rank groups and whether one is a straight; None when the pattern has no flush
    row, two, or nothing beside it that ranks could refuse."""
    f, m, b = pattern
    suited = (FLUSH, STRAIGHT_FLUSH)
    if (m in suited) == (b in suited):
        return None
    sets = _pattern_needs(pattern)[0]
    straight = m == STRAIGHT or b == STRAIGHT
    if not sets and not straight:
        return None
    return sets, straight


@lru_cache(maxsize=4096)
def _sets_fit(room: tuple[int, ...], sets: tuple[int, ...]) -> bool:
    """Can groups of these sizes (largest first) be cut from ranks holding `room` cards?
    Two groups may share a rank that holds enough (7777 is two pairs)."""
    if not sets:
        return True
    size, rest = sets[0], sets[1:]
    tried = set()
    for i, n in enumerate(room):
        if n < size or n in tried:
            continue
        tried.add(n)
        left = tuple(sorted(room[:i] + (n - size,) + room[i + 1:], reverse=True))
        if _sets_fit(left, rest):
            return True
    return False


def _two_runs_fit(counts: list[int], wheel: str, runs: list | None = None) -> bool:
    """Whether two straights (five consecutive ranks each) fit in the rank counts
    (`runs`: the straights the counts hold, when the caller has them)."""
    if runs is None:
        runs = [run for _, run in _straight_runs(wheel) if all(counts[r] for r in run)]
    for i, first in enumerate(runs):
        for second in runs[i:]:
            if all(counts[r] >= n for r, n in _run_pair_need(first, second)):
                return True
    return False


@lru_cache(maxsize=4)
def _run_masks(wheel: str) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Each straight's ranks (strongest first) with their bits, to test a hand's ranks."""
    return tuple((run, sum(1 << r for r in run)) for _, run in _straight_runs(wheel))


@lru_cache(maxsize=256)
def _run_pair_need(first: tuple[int, ...], second: tuple[int, ...]) -> tuple:
    """(rank, cards needed) of two straights played together."""
    return tuple(Counter(first + second).items())


def _better(found: Layout, best: Layout) -> bool:
    return preference(*found.keys) > preference(*best.keys)


def _splits(cards: list[Card], sizes: list[int]):
    """Ways to hand `cards` out in parts of `sizes` (the rest last), identical choices once."""
    if not sizes:
        yield [list(cards)]
        return
    seen = set()
    for chosen in combinations(range(len(cards)), sizes[0]):
        part = [cards[i] for i in chosen]
        signature = tuple(card.suit for card in part)
        if signature in seen:
            continue
        seen.add(signature)
        rest = [card for i, card in enumerate(cards) if i not in chosen]
        for tail in _splits(rest, sizes[1:]):
            yield [part] + tail


def _candidates(counts: list[int], group: Group, below: int) -> tuple[int, ...]:
    """Kicker ranks a row may take now, highest first (one card of each)."""
    forbid = group.forbid
    return tuple(r for r in RANKS_DESC if counts[r] and r < below and r not in forbid)


_RANKS_OF: dict[int, tuple[int, ...]] = {}


def _ranks_of(mask: int) -> tuple[int, ...]:
    """The ranks of a set of ranks (bits), high to low; kept, as only 8,192 sets exist."""
    ranks = _RANKS_OF.get(mask)
    if ranks is None:
        ranks = _RANKS_OF[mask] = tuple([r for r in RANKS_DESC if mask & BITS[r]])
    return ranks


def _is_straight(ranks: tuple[int, ...], wheel: str) -> bool:
    """Five distinct ranks high to low: consecutive, or the wheel A-5-4-3-2."""
    return ranks[0] - ranks[4] == 4 or ranks == (ACE, 5, 4, 3, 2)


def best_layouts(cards: Sequence[Card], wheel: str, patterns: Iterable[Pattern],
                 limit: int | None = None) -> list[Layout]:
    """The best arrangement of each pattern in `patterns` that the hand can show, in the
    given order, stopping after `limit` found."""
    search = _Search(cards, wheel)
    five, three = search.available()
    found: list[Layout] = []
    for pattern in _usable(patterns, five, three, search):
        layout = search.solve(pattern, screened=True)
        if layout is not None:
            found.append(layout)
            if limit is not None and len(found) >= limit:
                break
    return found


_USABLE: dict = {}


def _usable(patterns: Iterable[Pattern], five: frozenset[int], three: frozenset[int],
            search: _Search) -> Iterable[Pattern]:
    """The patterns whose rows' categories the hand can show (`five`, `three`) and, for
    a hand without jokers, whose same-rank groups and flush rows fit its counts (what
    _could_show reads first), in the given order. A hint order (a tuple) is filtered
    once per such hand shape: the hands of a decision are a few hundred shapes, and a
    hand walks ~100 patterns before its first hint."""
    plain = not search.all_jokers
    if not isinstance(patterns, tuple):
        return _filtered(patterns, five, three, search.set_room if plain else None,
                         search.flush_rows)
    key = (id(patterns), five, three, search.set_room if plain else None, search.flush_rows)
    entry = _USABLE.get(key)
    if entry is None or entry[0] is not patterns:
        if len(_USABLE) > 8192:
            _USABLE.clear()
        entry = _USABLE[key] = (patterns, _filtered(patterns, five, three, key[3], key[4]))
    return entry[1]


def _filtered(patterns: Iterable[Pattern], five: frozenset[int], three: frozenset[int],
              set_room: tuple[int, ...] | None, flush_rows: int) -> tuple[Pattern, ...]:
    usable = []
    for pattern in patterns:
        f, m, b = pattern
        if b not in five or m not in five or f not in three:
            continue
        if set_room is not None:
            sets, flushes, _ = _pattern_needs(pattern)
            if (sets and not _sets_fit(set_room, sets)) or flushes > flush_rows:
                continue
        usable.append(pattern)
    return tuple(usable)


def all_layouts(cards: Sequence[Card], wheel: str) -> dict[Pattern, Layout]:
    """The best arrangement of every pattern the hand can show (tests and tools; hints
    stop after the ten best patterns)."""
    patterns = [(f, m, b) for b in range(FIVE_OF_A_KIND + 1) for m in range(b + 1)
                for f in (HIGH_CARD, PAIR, THREE_OF_A_KIND) if f <= m]
    return {layout.pattern: layout for layout in best_layouts(cards, wheel, patterns)}
