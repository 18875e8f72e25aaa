"""Helpers the engine tests share: cards from a short string, rows, arrangements."""

from __future__ import annotations

from itertools import combinations

from rules.engine.arrangement import Arrangement, arrange
from rules.engine.cards import Card, parse_cards
from rules.engine.config import RuleConfig
from rules.engine.presets import preset
from rules.engine.rows import evaluate


def cards(text: str) -> list[Card]:
    """`cards("As Kd 10c")` -> the cards, so a test reads like the hand it describes."""
    return parse_cards(text.split())


def key(text: str, wheel: str = "lowest") -> tuple:
    return evaluate(cards(text), wheel).key


def category(text: str, wheel: str = "lowest") -> str:
    return evaluate(cards(text), wheel).category


def rows(front: str, middle: str, back: str, config: RuleConfig | str = "standard") -> Arrangement:
    """An arrangement of three rows written as strings (no ownership or foul refusal)."""
    if isinstance(config, str):
        config = preset(config)
    return arrange(cards(front), cards(middle), cards(back), config)


def greedy_arrangement(hand: list[Card], wheel: str = "lowest") -> tuple[list, list, list]:
    """A never-fouling arrangement without the hint search: the best 5 cards at the back,
    the best 5 of the rest in the middle, the last 3 in front.

    The middle is the best row of the 8 cards the front comes from, so it is at least any
    row that holds the front's cards, which is at least the front over its length.
    """
    back = max(combinations(hand, 5), key=lambda row: evaluate(row, wheel).key)
    rest = list(hand)
    for card in back:
        rest.remove(card)
    middle = max(combinations(rest, 5), key=lambda row: evaluate(row, wheel).key)
    for card in middle:
        rest.remove(card)
    return rest, list(middle), list(back)
