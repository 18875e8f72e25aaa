"""The tables the advisor plays against: opponents dealt from the cards the player cannot
see, each arranged by a stated policy.

Card removal: the unseen cards are the rule set's deck (52 or 65 cards, with the jokers
when it has them) minus the player's own cards, counted as a multiset — the 65-card deck
holds two Ad, and a player holding one still may meet the other. In 多三张 the player's
16 cards are all removed, and each opponent is dealt 16 and keeps 13, as at the table.
Nothing else is known: the cards other players hold or that stay undealt are the same
unknown to the player, so every opponent hand is a uniform draw from the unseen cards.

The opponents' policy is their first hint (hints.first_hint): what the timer submits for
a player who does not arrange (RULES.md §7.2), declaring a special when the cards form
one. It is the policy every seat can fall back on (a player who lets the timer run, a
normal bot), it is deterministic, and it costs about 20 µs a hand compiled
(compiled.first_rows: 13 cards without jokers that declare nothing, most opponents)
and 0.1 ms in the Python search (0.4 ms with 16 cards); it is an assumption about the
field, not a model of it, and EVs are against that field. Opponents never foul under it. A
declarer's rows are the special's 13 cards as they come (hints.first_layout):
settlement never compares them.

Deals come from `random.Random(seed)`, one sample after another, so the first n samples
of a seed are the same whatever the sample size or time budget (analysis, never dealing:
live play shuffles with `secrets`, cards.shuffle). The advisor draws them compiled
(DealStream: compiled.deal continues the generator exactly as random.sample would, so
sample_deals and DealStream give the same tables) and keeps them as positions in the
unseen cards (Dealt) until a hand is read.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from itertools import combinations
from math import comb
from typing import Iterator, Sequence

import numpy as np

from .arrangement import Arrangement
from .advisor_candidates import hint_arrangement
from .advisor_scoring import SeatArrays, horse_card_of, plays_horse
from .cards import JOKER_RANK, SUITS, Card, build_deck, display_order
from .config import CATEGORIES, RuleConfig
from .hints import Hint, first_layout, special_declaration
from .rows import RowValue
from .special_screen import may_declare

Deal = tuple[tuple[Card, ...], ...]  # one sampled table: each opponent's dealt cards

EXACT_LIMIT = 50_000  # deals an exact enumeration may walk


class AdvisorError(ValueError):
    """A request the advisor cannot serve; the message says what to change."""


def unseen_cards(cards: Sequence[Card], config: RuleConfig) -> list[Card]:
    """The deck minus the player's cards, as a multiset, in a fixed order (so a seed
    deals the same tables on every machine)."""
    held = Counter(card.code for card in cards)
    unseen = []
    for card in _sorted_deck(config.deck, config.jokers):  # display order, as sorted()
        if held.get(card.code):
            held[card.code] -= 1
        else:
            unseen.append(card)
    short = [code for code, count in held.items() if count]
    if short:  # a card the deck lacks, or holds fewer of: say which
        raise AdvisorError(f"{', '.join(short)}: more copies than this deck holds")
    return unseen


@lru_cache(maxsize=8)
def _sorted_deck(deck: str, jokers: bool) -> tuple[Card, ...]:
    return tuple(sorted(build_deck(deck, jokers), key=display_order))


def check_table(cards: Sequence[Card], config: RuleConfig, players: int) -> int:
    """Opponents at a table of `players`, refused when the deck cannot deal them."""
    if players < 2:
        raise AdvisorError("a table has at least 2 players")
    needed = players * config.hand_size
    deck = len(build_deck(config.deck, config.jokers))
    if needed > deck:
        raise AdvisorError(f"{players} hands of {config.hand_size} need more than the "
                           f"{deck}-card deck")
    return players - 1


def sample_deals(unseen: Sequence[Card], opponents: int, config: RuleConfig,
                 seed: int) -> Iterator[Deal]:
    """Endless seeded deals: each a fresh draw of every opponent's hand."""
    rng = random.Random(seed)
    size = config.hand_size
    pool = list(unseen)
    while True:
        drawn = rng.sample(pool, size * opponents)
        yield tuple(tuple(drawn[i * size:(i + 1) * size]) for i in range(opponents))


def exact_deals(unseen: Sequence[Card], opponents: int, config: RuleConfig) -> list[Deal]:
    """Every deal of the opponents' hands from the unseen cards, each as likely as the
    next (cards are told apart by position, so twin diamonds count twice, as a shuffle
    would). Only for small cases — tests check the sampler against it; refused past
    EXACT_LIMIT deals."""
    size = config.hand_size
    total = 1
    left = len(unseen)
    for _ in range(opponents):
        total *= comb(left, size)
        left -= size
    if total > EXACT_LIMIT:
        raise AdvisorError(f"{total} deals are too many to enumerate exactly "
                           f"(limit {EXACT_LIMIT}); sample instead")
    deals: list[Deal] = []

    def walk(left: tuple[int, ...], hands: tuple) -> None:
        if len(hands) == opponents:
            deals.append(hands)
            return
        for chosen in combinations(left, size):
            rest = tuple(i for i in left if i not in chosen)
            walk(rest, hands + (tuple(unseen[i] for i in chosen),))

    walk(tuple(range(len(unseen))), ())
    return deals


def opponent_arrangements(hands: Sequence[Sequence[Card]],
                          config: RuleConfig) -> list[Arrangement]:
    """opponent_arrangement of each hand; the hands' specials screened all at once by
    their counts (special_screen.may_declare: most hands can form none, and their tests
    cost a tenth of a first hint), the same arrangements."""
    declarable = may_declare(hands, config)
    return [opponent_arrangement(hand, config, may_declare=flag)
            for hand, flag in zip(hands, declarable)]


class Dealt:
    """Hands dealt from a pool of cards, kept as positions in it ((hands, size) ints):
    a sequence of hands (each a tuple of Cards, made when read), which opponent_seats
    arranges without making them (DealStream's tables; any list of hands via `of`)."""

    __slots__ = ("pool", "index")

    def __init__(self, pool: Sequence[Card], index: np.ndarray) -> None:
        self.pool, self.index = pool, index

    @classmethod
    def of(cls, hands: Sequence[Sequence[Card]]) -> "Dealt":
        """Hands of equal size as positions in their own cards, one after another."""
        pool = [card for hand in hands for card in hand]
        size = len(hands[0]) if len(hands) else 0
        return cls(pool, np.arange(len(pool), dtype=np.int64).reshape(len(hands), size))

    def __len__(self) -> int:
        return len(self.index)

    def __getitem__(self, at: int) -> tuple[Card, ...]:
        pool = self.pool
        return tuple(pool[i] for i in self.index[at].tolist())

    def __iter__(self) -> Iterator[tuple[Card, ...]]:
        return (self[at] for at in range(len(self)))


class DealStream:
    """sample_deals' tables, drawn compiled (compiled.deal continues random.Random(seed)
    as random.sample would: the same tables, in the same order), many at a time and kept
    as positions in the unseen cards (Dealt), not as Cards."""

    def __init__(self, unseen: Sequence[Card], opponents: int, config: RuleConfig,
                 seed: int) -> None:
        from . import compiled  # numba loads in the processes that advise, not in all
        self.pool, self.opponents, self.size = list(unseen), opponents, config.hand_size
        self.words, self.place = compiled.deal_state(seed)

    def draw(self, tables: int) -> Dealt:
        """The next `tables` deals' hands, (tables × opponents) of them, table by table."""
        from . import compiled
        drawn = compiled.deal(self.words, self.place, len(self.pool),
                              self.size * self.opponents, tables)
        return Dealt(self.pool, drawn.reshape(tables * self.opponents, self.size))


def opponent_seats(hands: Sequence[Sequence[Card]] | Dealt, config: RuleConfig,
                   shape: tuple[int, ...]) -> SeatArrays:
    """SeatArrays.pack(opponent_arrangements(hands, config), config, shape), the same
    arrays, for a fraction of the work: a hand the special screen clears and
    compiled.first_rows serves (13 cards, no joker: most of them) is arranged by the
    compiled first hint, which gives its rows' keys and nothing else — all that
    settlement compares. A served hand the screen lets through is tested here for the
    specials it let through, and arranged compiled when it forms none; the others go
    through opponent_arrangement. 13-card hands of the four-suit decks are read as
    numbers from their positions in the pool (Dealt), screened compiled
    (compiled.may_hold: special_screen.may_hold's answers, special by special), and made
    into Cards only where the Python policy needs them."""
    from . import compiled  # numba loads in the processes that advise, not in all
    if config.hand_size != compiled.CARDS or config.deck not in ("standard", "extra_suit"):
        return _seats_of_cards(list(hands), config, shape)
    dealt = hands if isinstance(hands, Dealt) else Dealt.of(hands)
    count = len(dealt)
    if not count:
        return _seats_of_cards([], config, shape)
    index = dealt.index
    ranks, suits, joker, horse_card = (column[index] for column in
                                       _pool_arrays(dealt.pool, config))
    plain = ~joker.any(axis=1)
    screened = np.full(count, -1, dtype=np.int64)  # which specials each may hold (bits)
    screened[plain] = compiled.may_hold(ranks[plain], suits[plain], config)
    fast = plain & (screened == 0)
    arranged = {}
    for i in np.flatnonzero(~fast).tolist():
        hand = dealt[i]
        if not plain[i]:
            arranged[i] = opponent_arrangement(hand, config)
            continue
        # Only the specials the screen let through are tested (best_special).
        declared = special_declaration(hand, config, screened=int(screened[i]))
        if declared is None:
            fast[i] = True
        else:
            arranged[i] = hint_arrangement(declared, config)
    coded = np.flatnonzero(fast)
    found = (compiled.first_rows_of(ranks[coded], suits[coded], config)[0] if len(coded)
             else None)
    return SeatArrays.assemble(count, coded, found, horse_card.any(axis=1)[coded],
                               [arranged[i] for i in sorted(arranged)], config, shape)


def _pool_arrays(pool: Sequence[Card], config: RuleConfig) -> tuple[np.ndarray, ...]:
    """Each card of the pool as opponent_seats reads it: rank (2..14, 0 a joker), suit
    (SUITS' order, a joker 0), joker, and whether it is the rule set's 马牌."""
    horse = horse_card_of(config)
    return (np.array([card.rank for card in pool], dtype=np.int64),
            np.array([SUIT_INDEX.get(card.suit, 0) for card in pool], dtype=np.int64),
            np.array([card.rank == JOKER_RANK for card in pool], dtype=bool),
            np.array([bool(horse) and card.code == horse for card in pool], dtype=bool))


SUIT_INDEX = {suit: index for index, suit in enumerate(SUITS)}


def _seats_of_cards(hands: list, config: RuleConfig, shape: tuple[int, ...]) -> SeatArrays:
    """opponent_seats for hands the numbers do not serve (16 cards, other decks): the
    special screen over Cards, compiled.first_rows where it serves."""
    from . import compiled
    declarable = may_declare(hands, config)
    fast, arranged = [], []  # compiled: their positions; the others' arrangements, in order
    for i, hand in enumerate(hands):
        if not compiled.served(hand, config):
            arranged.append(opponent_arrangement(hand, config, may_declare=declarable[i]))
            continue
        declared = special_declaration(hand, config) if declarable[i] else None
        if declared is None:
            fast.append(i)
        else:
            arranged.append(hint_arrangement(declared, config))
    found = compiled.first_rows([hands[i] for i in fast], config)[0] if fast else None
    horse = [plays_horse(hands[i], config) for i in fast]
    return SeatArrays.assemble(len(hands), fast, found, np.array(horse, dtype=bool),
                               arranged, config, shape)


def opponent_arrangement(hand: Sequence[Card], config: RuleConfig, *,
                         may_declare: bool = True) -> Arrangement:
    """The stated policy: the opponent submits its first hint (module docstring). Its
    rows are built from the keys the hint search found, not evaluated again, and not
    put in display order (nothing here shows them): the same keys, a third less work.
    `may_declare=False`: a screen showed that the cards form no special."""
    layout = first_layout(hand, config, may_declare=may_declare)
    if isinstance(layout, Hint):  # a declaration
        return hint_arrangement(layout, config)
    return Arrangement(layout.front, layout.middle, layout.back,
                       *(RowValue(CATEGORIES[key[0]], key) for key in layout.keys))
