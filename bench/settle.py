"""Benchmark of settlement (RULES.md §4, §8.5): microseconds per four-player round.

    python bench/settle.py [--rounds 10000] [--rules standard] [--seed 2024] [--greedy]

Deals `--rounds` random four-player rounds from a seeded source and arranges every hand
once, up front, with its first hint (a special is declared when the hint declares one;
`--greedy` uses a plain best-back-then-best-middle split instead). Only `settle()` is
timed, each round on its own; `to_dict()` (what the UI and replays read) is timed apart.
Target (issue 2, CPython on 2 cores): a 4-player settlement ≤ 0.1 ms. Tests never assert
a time; this script only prints figures.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.engine.arrangement import Arrangement, validate_arrangement  # noqa: E402
from rules.engine.cards import SeededSource, deal  # noqa: E402
from rules.engine.config import RuleConfig  # noqa: E402
from rules.engine.presets import PRESET_NAMES, preset  # noqa: E402
from rules.engine.rows import evaluate  # noqa: E402
from rules.engine.settlement import SeatHand, settle  # noqa: E402

PLAYERS = 4


def first_hint(hand: list, config: RuleConfig) -> Arrangement:
    """The arrangement the timer would submit for this hand (§7.2)."""
    from rules.engine.hints import hints

    hint = hints(hand, config, limit=1)[0]
    return validate_arrangement(hint.front, hint.middle, hint.back, config,
                                declare_special=hint.special is not None)


def greedy(hand: list, config: RuleConfig) -> Arrangement:
    """Best five at the back, best five of the rest in the middle: never a foul."""
    def best(cards):
        return max(combinations(cards, 5), key=lambda row: evaluate(row, config.wheel).key)

    back = best(hand)
    rest = [card for card in hand if card not in back]
    middle = best(rest)
    front = [card for card in rest if card not in middle]
    return validate_arrangement(front, middle, back, config)


def prepare(rounds: int, config: RuleConfig, seed: int, arranger) -> list[list[SeatHand]]:
    source = SeededSource(seed)
    tables = []
    for _ in range(rounds):
        hands, _ = deal(PLAYERS, config.deck, config.jokers, source=source)
        tables.append([SeatHand(f"p{seat + 1}", arranger(hand, config))
                       for seat, hand in enumerate(hands)])
    return tables


def timed(tables: list[list[SeatHand]], config: RuleConfig, banker: str | None,
          with_dict: bool) -> list[float]:
    """Microseconds per round."""
    clock = time.perf_counter
    times = []
    for seats in tables:
        start = clock()
        result = settle(seats, config, banker)
        if with_dict:
            result.to_dict()
        times.append((clock() - start) * 1e6)
    return times


def report(label: str, times: list[float], target: float | None = None) -> None:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(round(0.99 * (len(ordered) - 1))))]
    verdict = ""
    if target is not None:
        verdict = f"  ({'meets' if statistics.median(ordered) <= target else 'MISSES'} " \
                  f"the {target:g} µs target)"
    print(f"{label:<28} rounds={len(times):>6}  mean={statistics.fmean(ordered):7.2f} µs  "
          f"median={statistics.median(ordered):7.2f} µs  p99={p99:7.2f} µs{verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10_000)
    parser.add_argument("--rules", default="standard", choices=PRESET_NAMES)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--greedy", action="store_true",
                        help="arrange with a plain greedy split instead of the first hint")
    args = parser.parse_args()

    config = preset(args.rules)
    arranger = greedy if args.greedy else first_hint
    started = time.perf_counter()
    tables = prepare(args.rounds, config, args.seed, arranger)
    declared = sum(1 for seats in tables for seat in seats if seat.arrangement.special)
    print(f"{args.rules}: {args.rounds} rounds of {PLAYERS} arranged by "
          f"{'greedy split' if args.greedy else 'first hint'} in "
          f"{time.perf_counter() - started:.1f} s ({declared} special declarations)")
    banker = "p1" if config.mode == "banker" else None

    timed(tables[:200], config, banker, False)  # warm caches and the interpreter
    report("settle()", timed(tables, config, banker, False), target=100)
    report("settle() + to_dict()", timed(tables, config, banker, True))


if __name__ == "__main__":
    main()
