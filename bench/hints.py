"""Benchmark of the hints (RULES.md §7.1): milliseconds per hand, median and p99.

    python bench/hints.py [--hands 1000] [--extra-hands 100] [--seed 2024]

1,000 random 13-card hands of the standard preset and 100 random 16-card hands of
多三张 (extra-three: 65-card deck, 13 + 3). The deals come from a seeded source, so every
run times the same hands. Targets (issue 2, CPython on 2 cores): 13 cards median ≤ 0.8 ms,
16 cards median ≤ 50 ms. Tests never assert a time; this script only prints figures.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.engine.cards import SeededSource, build_deck, shuffle  # noqa: E402
from rules.engine.hints import hints  # noqa: E402
from rules.engine.presets import preset  # noqa: E402


def deal_hands(count: int, deck: str, size: int, seed: int) -> list:
    source = SeededSource(seed)
    return [shuffle(build_deck(deck), source)[:size] for _ in range(count)]


def time_hints(hands: list, config) -> list[float]:
    """Milliseconds per hand, each hand timed on its own (caches warm as in a server)."""
    times = []
    clock = time.perf_counter
    for hand in hands:
        start = clock()
        hints(hand, config)
        times.append((clock() - start) * 1000)
    return times


def report(label: str, times: list[float], target: float) -> None:
    ordered = sorted(times)
    median = statistics.median(ordered)
    p99 = ordered[min(len(ordered) - 1, int(round(0.99 * (len(ordered) - 1))))]
    verdict = "meets" if median <= target else "MISSES"
    print(f"{label:<34} hands={len(times):>5}  median={median:8.3f} ms  "
          f"p99={p99:8.3f} ms  max={ordered[-1]:8.3f} ms  ({verdict} the {target:g} ms target)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--extra-hands", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()

    standard = preset("standard")
    extra_three = preset("extra-three")
    hands13 = deal_hands(args.hands, "standard", 13, args.seed)
    hands16 = deal_hands(args.extra_hands, "extra_suit", 16, args.seed + 1)
    report("13 cards, standard", time_hints(hands13, standard), 0.8)
    report("16 cards, extra-three (多三张)", time_hints(hands16, extra_three), 50)


if __name__ == "__main__":
    main()
