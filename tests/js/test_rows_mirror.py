"""static/js/rows.js mirrors the engine's row evaluation (RULES.md §2): the same keys for
thousands of random rows, both wheel options, jokers and the 65-card deck's doubles, and
the same foul verdicts. The page's labels and foul warning can then never disagree with
the server about a category or about which row is too high."""

from __future__ import annotations

import random

from rules.engine.arrangement import foul_reason
from rules.engine.cards import JOKERS, STANDARD_CARDS, parse_cards
from rules.engine.rows import evaluate
from tests.js.node import needs_node, run_main

pytestmark = needs_node

SCRIPT = """
import { evaluate, foulCheck } from "./static/js/rows.js";
function main({ rows, arrangements }) {
  const keys = rows.map(([codes, wheel]) => evaluate(codes, wheel).key);
  const fouls = arrangements.map(([front, middle, back]) => {
    const foul = foulCheck(evaluate(front), evaluate(middle), evaluate(back));
    return foul ? foul.pairs.map((pair) => pair.join(">")) : [];
  });
  return { keys, fouls };
}
"""


def random_rows(rng: random.Random, count: int) -> list[tuple[list[str], str]]:
    deck = [card.code for card in STANDARD_CARDS]
    doubles = deck + [code for code in deck if code.endswith("d")]  # 多一色
    rows = []
    for n in range(count):
        size = 3 if n % 3 == 0 else 5
        pool = doubles if n % 4 == 0 else deck
        codes = rng.sample(pool, size)
        if n % 7 == 0:  # a joker or two stand in
            for index, joker in enumerate(rng.sample(JOKERS, rng.choice((1, 2)))):
                codes[index] = joker.code
        rows.append((codes, "second" if n % 5 == 0 else "lowest"))
    # Straights of every kind, the wheel included, so they are not left to chance.
    for top in range(5, 15):
        ranks = [14 if r == 1 else r for r in range(top - 4, top + 1)]
        codes = [next(c.code for c in STANDARD_CARDS if c.rank == r and c.suit == "shcd"[i % 4])
                 for i, r in enumerate(ranks)]
        rows += [(codes, "lowest"), (codes, "second")]
    return rows


def test_every_row_gets_the_engines_key():
    rows = random_rows(random.Random(13), 3000)
    keys = run_main(SCRIPT, {"rows": rows, "arrangements": []})["keys"]
    for (codes, wheel), key in zip(rows, keys):
        expected = list(evaluate(parse_cards(codes), wheel).key)
        assert key == expected, (codes, wheel)


def test_fouls_are_the_rows_the_engine_names():
    rng = random.Random(31)
    deck = [card.code for card in STANDARD_CARDS]
    arrangements = []
    for _ in range(1500):
        cards = rng.sample(deck, 13)
        arrangements.append((cards[:3], cards[3:8], cards[8:]))
    fouls = run_main(SCRIPT, {"rows": [], "arrangements": arrangements})["fouls"]
    for (front, middle, back), named in zip(arrangements, fouls):
        values = [evaluate(parse_cards(row)) for row in (front, middle, back)]
        reason = foul_reason(values)
        # The engine says "front … is higher than the middle's …; middle … than the back's …".
        expected = [] if reason is None else [
            "front>middle" if part.startswith("front") else "middle>back"
            for part in reason.split("; ")]
        assert named == expected, (front, middle, back, reason)
