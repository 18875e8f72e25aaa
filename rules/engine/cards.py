"""Cards, card codes, the decks of RULES.md §1 and the secure shuffle.

A card is rank + suit: ranks 2..14 (ace high; the wheel and 十三道's ace-low specials
treat it as 1 where they need to), suits s h c d (♠ ♥ ♣ ♦, also the display order).
Jokers (大小王) are rank 0 with suit "B" (big, 大王) or "S" (small, 小王): codes BJ, SJ.
Identical cards of the 65-card deck (two Ad) are equal values; a hand is a list.
"""

from __future__ import annotations

import secrets
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable, Protocol, Sequence

RANK_CHARS = "23456789TJQKA"
SUITS = "shcd"  # display order ♠ ♥ ♣ ♦; suits never break a tie
SUIT_SYMBOLS = {"s": "♠", "h": "♥", "c": "♣", "d": "♦"}
RANK_OF_CHAR = {ch: i + 2 for i, ch in enumerate(RANK_CHARS)}
CHAR_OF_RANK = {rank: ch for ch, rank in RANK_OF_CHAR.items()}
ACE = 14
JOKER_RANK = 0


class CardError(ValueError):
    """A card code or a set of cards that cannot be; the message is for the player."""


@dataclass(frozen=True, slots=True)
class Card:
    rank: int  # 2..14, or 0 for a joker
    suit: str  # "s" "h" "c" "d", or "B" / "S" for the big / small joker
    # The canonical code — `Th`, `As`, `BJ` — worked out once: hints, validation and
    # every message read it thousands of times a round. Not part of the card's value.
    code: str = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "code", self.suit + "J" if self.rank == JOKER_RANK
                           else CHAR_OF_RANK[self.rank] + self.suit)

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    @property
    def is_red(self) -> bool:
        return self.suit in "hd"

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"


BIG_JOKER = Card(JOKER_RANK, "B")
SMALL_JOKER = Card(JOKER_RANK, "S")
JOKERS = (BIG_JOKER, SMALL_JOKER)
STANDARD_CARDS = tuple(Card(rank, suit) for suit in SUITS for rank in range(2, 15))
_CARD_OF_CODE = {card.code: card for card in (*STANDARD_CARDS, *JOKERS)}


def parse_card(code: str) -> Card:
    """Parse a card code, case-insensitive: `As`, `td`, `10h` (= `Th`), `BJ`, `sj`."""
    canonical = _CARD_OF_CODE.get(code) if isinstance(code, str) else None
    if canonical is not None:  # what the server stores and sends: one lookup
        return canonical
    if not isinstance(code, str):
        raise CardError(f"a card code must be text, not {code!r}")
    text = code.strip()
    upper = text.upper()
    if upper in ("BJ", "SJ"):
        return BIG_JOKER if upper == "BJ" else SMALL_JOKER
    if upper.startswith("10"):
        upper = "T" + upper[2:]
    if len(upper) == 2 and upper[0] in RANK_OF_CHAR and upper[1].lower() in SUITS:
        return Card(RANK_OF_CHAR[upper[0]], upper[1].lower())
    raise CardError(f"unknown card {code!r}: use a rank 2-9, T (or 10), J, Q, K, A "
                    "and a suit s, h, c, d, or BJ / SJ for the jokers")


def parse_cards(codes: Iterable[str]) -> list[Card]:
    if isinstance(codes, str) or not isinstance(codes, Iterable):
        raise CardError("cards must be a list of card codes")
    return [parse_card(code) for code in codes]


def codes(cards: Iterable[Card]) -> list[str]:
    return [card.code for card in cards]


def build_deck(deck: str = "standard", jokers: bool = False) -> list[Card]:
    """The deck of RULES.md §1: 52 cards, or 65 (多一色: a second copy of every diamond),
    plus the two jokers when `jokers` is set."""
    cards = list(STANDARD_CARDS)
    if deck == "extra_suit":
        cards += [Card(rank, "d") for rank in range(2, 15)]
    elif deck != "standard":
        raise CardError(f"unknown deck {deck!r}")
    if jokers:
        cards += JOKERS
    return cards


@lru_cache(maxsize=8)
def _deck_counts(deck: str, jokers: bool) -> Counter:
    """Each card's copies in the deck, worked out once per deck (every submission and
    every advice checks its cards against it); read only."""
    return Counter(build_deck(deck, jokers))


def check_in_deck(cards: Sequence[Card], deck: str = "standard", jokers: bool = False) -> None:
    """Refuse cards the deck cannot hold: a card repeated beyond the deck's copies."""
    available = _deck_counts(deck, jokers)
    for card, count in Counter(cards).items():
        if count > available[card]:
            copies = available[card]
            if copies == 0:
                raise CardError(f"{card.code} is not in this deck")
            raise CardError(f"{card.code} appears {count} times but the deck has "
                            f"{'only one' if copies == 1 else f'only {copies}'}")


class RandomSource(Protocol):
    """What the shuffle needs: `randbelow(n)` -> a uniform integer in [0, n)."""

    def randbelow(self, n: int) -> int: ...


class _SecretsSource:
    def randbelow(self, n: int) -> int:
        return secrets.randbelow(n)


class SeededSource:
    """A reproducible source for tests and replays (never for live play)."""

    def __init__(self, seed: int | str | bytes) -> None:
        import random  # only here: live play never reaches `random`

        self._random = random.Random(seed)

    def randbelow(self, n: int) -> int:
        return self._random.randrange(n)


SECURE = _SecretsSource()


def shuffle(cards: Sequence[Card], source: RandomSource = SECURE) -> list[Card]:
    """A Fisher–Yates shuffle drawing from `source` (the `secrets` module by default)."""
    result = list(cards)
    for i in range(len(result) - 1, 0, -1):
        j = source.randbelow(i + 1)
        result[i], result[j] = result[j], result[i]
    return result


def deal(players: int, deck: str = "standard", jokers: bool = False, hand_size: int = 13,
         source: RandomSource = SECURE) -> tuple[list[list[Card]], list[Card]]:
    """Shuffle the deck and give each player `hand_size` cards in turn.

    Returns the hands and the undealt rest (hidden and unused, except 十三道's spare hand).
    """
    pack = shuffle(build_deck(deck, jokers), source)
    if players * hand_size > len(pack):
        raise CardError(f"{players} hands of {hand_size} need more than {len(pack)} cards")
    hands = [sorted_for_display(pack[i * hand_size:(i + 1) * hand_size]) for i in range(players)]
    return hands, pack[players * hand_size:]


def display_order(card: Card) -> tuple[int, int]:
    """Sort key: jokers first, then rank high to low, then suit ♠ ♥ ♣ ♦."""
    if card.is_joker:
        return (-1, 0 if card.suit == "B" else 1)
    return (ACE - card.rank, SUITS.index(card.suit))


def sorted_for_display(cards: Iterable[Card]) -> list[Card]:
    return sorted(cards, key=display_order)
