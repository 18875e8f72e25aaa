"""Benchmark of the hints (RULES.md §7.1): milliseconds per hand, median and p99.

    python bench/hints.py [--hands 1000] [--extra-hands 100] [--seed 2024]

1,000 random 13-card hands of the standard preset and 100 random 16-card hands of
多三张 (extra-three: 65-card deck, 13 + 3). The deals come from a seeded source, so every
run times the same hands. Targets (issue 2, CPython on 2 cores): 13 cards median ≤ 0.8 ms,
16 cards median ≤ 50 ms. Tests never assert a time; this script only prints figures.

A last line times what a live deal does for each hand (no target): the hint list as the
hand's message sends it (games.machine.hand_hints: the search and a dict per hint) and
as the advisor's worker gets it (hints_wire, the same list kept).
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


def time_hints(hands: list, config) -> tuple[list[float], list[float]]:
    """(wall-clock, CPU) milliseconds per hand, each hand timed on its own.

    CPU time is this process's alone: on a shared machine other work inflates the wall
    clock's tail (p99) but not the CPU figures, so both are printed."""
    wall, cpu = [], []
    wall_clock, cpu_clock = time.perf_counter, time.process_time
    for hand in hands:
        start_wall, start_cpu = wall_clock(), cpu_clock()
        hints(hand, config)
        cpu.append((cpu_clock() - start_cpu) * 1000)
        wall.append((wall_clock() - start_wall) * 1000)
    return wall, cpu


def time_deal(hands: list, config) -> tuple[list[float], list[float]]:
    """time_hints for a live deal's work on each hand: hand_hints, then hints_wire."""
    from games.machine.hints import hand_hints, hints_wire

    wall, cpu = [], []
    wall_clock, cpu_clock = time.perf_counter, time.process_time
    for hand in hands:
        dealt = [card.code for card in hand]
        start_wall, start_cpu = wall_clock(), cpu_clock()
        hand_hints(dealt, config)
        hints_wire(dealt, config)
        cpu.append((cpu_clock() - start_cpu) * 1000)
        wall.append((wall_clock() - start_wall) * 1000)
    return wall, cpu


def percentiles(times: list[float]) -> tuple[float, float, float]:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(round(0.99 * (len(ordered) - 1))))]
    return statistics.median(ordered), p99, ordered[-1]


def report(label: str, times: tuple[list[float], list[float]], target: float | None) -> None:
    wall, cpu = times
    median, p99, worst = percentiles(wall)
    cpu_median, cpu_p99, _ = percentiles(cpu)
    verdict = "" if target is None else \
        f"  ({'meets' if median <= target else 'MISSES'} the {target:g} ms target)"
    print(f"{label:<30} hands={len(wall):>5}  median={median:7.3f} ms  p99={p99:7.3f} ms  "
          f"max={worst:7.3f} ms  | cpu median={cpu_median:7.3f} ms  p99={cpu_p99:7.3f} ms"
          f"{verdict}")


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
    print(f"python {sys.version.split()[0]}, seed {args.seed}")
    report("13 cards, standard", time_hints(hands13, standard), 0.8)
    if hands16:
        report("16 cards, extra-three (多三张)", time_hints(hands16, extra_three), 50)
    report("13 cards, standard, as dealt", time_deal(hands13, standard), None)


if __name__ == "__main__":
    main()
