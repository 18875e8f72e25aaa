"""Strength and speed of the strong bot (issues 16, 23): duplicate-format duels in the
standard preset, the strong bot's decision time for 13 and 16 cards, and the advice
worker's CPU for one whole round.

    python bench/bots.py [--deals 2000] [--workers 2] [--seed 16] [--speed-hands 60]
                         [--extra-hands 20] [--analysis-rounds 10] [--budget 0.12]

The strong bot is rules.engine.advisor.best_arrangement with its own defaults (today 96
tables for 13 cards and 24 for 16, every one dealt: advisor.strong_advice; before, 24 for
both). The figures below were measured with the settings of their time, which each
block names.

The duels. Every deal gives four 13-card hands (a seeded shuffle: every run plays the
same deals). Each hand is arranged once by every policy:

- normal: the first hint (RULES.md §7.2, what the timer submits);
- hints-mc: the best of the hints by a Monte Carlo estimate, 40 samples of first-hint
  opponents (the experiment issue 16 quotes: +2.25 ± 0.47 over the first hint);
- strong: rules.engine.advisor.best_arrangement (every non-dominated split, first-hint
  opponents, common random numbers), seeded by the deal and the seat.

Duel 1 (strong vs normal): the deal is played twice, seats 1 and 3 strong and 2 and 4
normal, then swapped, so that every hand is played once by each side and the luck of
the cards cancels. A deal's score is the strong bots' mean points per bot per round over
its two plays; the figure is the mean over the deals with a 95 % interval
(1.96 × standard error of the per-deal scores, which are independent). It is also given
per pair of seats (strong against normal only; the two strong bots' pair cancels out).
Duel 2 (strong vs hints-mc): the same with the hints-mc bot in the normal bot's seats.
Also printed, from the same decisions: one strong (or hints-mc) bot among three normal
ones, in each seat in turn — the format of the experiment issue 16 quotes, where a bot
meets three first-hint opponents (per bot, its figure is three pairs' worth; in the
2-against-2 duel a bot meets two of the other side, and its partner's pair cancels).

Deals run in `--workers` processes (each deal is independent); the decision times are
each decision's own wall clock in its worker (inflated whenever other work shares the
cores; the --speed-hands figures time one process alone, with its cpu time). Tests never
assert a time: this only prints figures.

The advice of a round (`--analysis-rounds`): every hand's hint values after the deal
and every hand's analysis after the settlement, in one process as the advice worker runs
them (games.live.advice_tasks, games.record.analysis), after a few hands have built the
per-process tables. That is all the work a round gives the worker, so it is what
bench/ws_load.py's "advisor worker CPU ... per settled round" reads when the worker keeps
up; when it falls behind (nice 10 on a shared 2-core machine) ws_load divides the CPU
the worker got by every settled round, done or not, and prints less than a round costs
— the 75-92 ms issue 23 quotes was such a figure: by the issue's own unit costs the
hint values alone were four decisions of 75-93 ms, 300 ms or more a round.

History, on the 2-core build machine shared with other work, seed 16.

Issue 16, 200 tables of first-hint opponents for 13 cards and 80 for 16 (after the 16-card
special pre-check), 2,000 deals x 2 seatings (3,127 s, 2 workers, load 4-7):
      duel 1  strong vs normal   per bot per round +1.94 ± 0.09 (+1.86 .. +2.03)
                                 per pair of seats +0.97 ± 0.04
      duel 2  strong vs hints-mc per bot per round +1.05 ± 0.08 (+0.98 .. +1.13)
      ref.    hints-mc vs normal per bot per round +1.59 ± 0.09, per pair +0.79 ± 0.04
      1 vs 3  one strong among three normal   +3.08 ± 0.14 (+2.94 .. +3.21) per round
      1 vs 3  one hints-mc among three normal +2.51 ± 0.13 (+2.38 .. +2.64) per round
              (the issue's "+2.25 ± 0.47" for that bot was most likely this format)
    decision, 13 cards: median 133-157 ms cpu; 16 cards: 445 ms (1,192 ms before the
      pre-check, 50 samples); analysis of a 4-player round: median 590-650 ms cpu
Then 150 tables for 13 cards (quiet machine, 723 s): the same duel figures (1 vs 3
+3.06 ± 0.14); decision 121 ms median (200 tables: 167 ms); 16 cards 428 ms; analysis
of a round 508 ms cpu.

Issue 23, first steps (sequential sampling, floor 32 in batches of 16 up to 150; the
analysis on the hint values' tables), `--deals 300 --workers 1`, load 1-5:
                                      before                 after
    1 vs 3  strong among three normal +2.98 ± 0.35           +2.95 ± 0.35
    decision, 13 cards, cpu median    184-250 ms             71-73 ms
    decision, 16 cards, cpu median    659-893 ms (80 tables) 256-320 ms
    advice of a 4-player round, cpu   1,670-2,174 ms         326-346 ms
    (measured without building the per-process tables first, and at another load: the
    same advisor read 161-183 ms a round below, where the bench builds them first)

Issue 23, second steps (16-card specials screened by counts, rows looked up by their
ranks, a cheaper hint search; 24 tables for 13 cards and for 16), back to back, each
tree with this script and its own defaults: the duels `--deals 600 --workers 1`, the
speed and round lines two runs at load 5-6 and 8-9 of `--deals 0 --speed-hands 40
--extra-hands 10 --analysis-rounds 20` (cpu figures):

                                      before (14b99b9)       after
    1 vs 3  strong among three normal +3.08 ± 0.25           +3.04 ± 0.25 (+2.78 .. +3.29)
    duel 1  strong vs normal          +1.99 ± 0.16           +1.94 ± 0.16
    strong fouls                      0 of 2,400 hands       0 of 2,400 hands
    decision, 13 cards, cpu median    30-36 ms               16 ms
    decision, 16 cards, cpu median    140-156 ms             44-54 ms
    advice of a 4-player round, cpu   161-183 ms             65-81 ms
                                      (hint values 159-180, analysis 3; after 63-77, 2-3)
    (a paired run on the same deals, the after settings against 32/16/150: -0.05
    ± 0.07 a round, within noise; the duels took 771 s before, 370 s after)

Issue 23, third steps (a cheaper hint search for the opponents, their specials screened
together, cheaper packing, scoring and Pareto sweep; the same tables, candidates and
EVs, so the same decisions), back to back, two runs at load 1-1.5 of `--deals 0
--speed-hands 40 --extra-hands 10 --analysis-rounds 20` (this machine ran the
before-tree slower than the second steps' "after" above):

                                      before (23923c5)       after
    1 vs 3  strong among three normal +3.04 ± 0.25           +3.04 ± 0.25 (+2.78 .. +3.29)
    strong fouls                      0 of 2,400 hands       0 of 2,400 hands
    decision, 13 cards, cpu median    25-27 ms               20 ms
    decision, 16 cards, cpu median    85-93 ms               69-74 ms
    advice of a 4-player round, cpu   96-111 ms              67-71 ms
                                      (hint values 94-106, analysis 3-4; after 65-68, 3-4)
    (the duels, `--deals 600 --workers 1` under nice 5: 144 s before, 112 s after)

Issue 23, fourth steps (the Pareto front from each pair of 5-card rows once; 多三张's
choices of 13 keyed from the 16 cards' rows once; the hint search refusing a pattern
whose rows beside a flush do not fit in what five of a suit leave, a cheaper per-hand
state): the same candidates, tables and EVs (435 hands of every preset), so the same
decisions. Back to back, alternating, two pairs of runs at load 3.5-5 of `--deals 0
--speed-hands 40 --extra-hands 10 --analysis-rounds 20` (the load moved them more than
the change; in one process, the two trees valuing each hand back to back in turn, a
13-card hand's values cost 9 % less and a 16-card hand's 4-6 %):

                                      before (ee595e7)       after
    1 vs 3  strong among three normal +3.04 ± 0.25           +3.04 ± 0.25 (+2.78 .. +3.29)
    strong fouls                      0 of 2,400 hands       0 of 2,400 hands
    decision, 13 cards, cpu median    16-22 ms               15-21 ms
    decision, 16 cards, cpu median    62-73 ms               59-69 ms
    advice of a 4-player round, cpu   66-86 ms               66-78 ms
    (the duels, `--deals 600 --workers 1`: 122-143 s after)
Issue 23, compiled (rules/engine/compiled.py: the opponents' first hints, the 13-card
Pareto front and the scoring, each equal to the code it stands for; the same decisions),
back to back on an idle machine, `--deals 0 --speed-hands 40 --extra-hands 10
--analysis-rounds 20` and `--deals 600 --workers 2`:

                                      before (c29f65e)       after
    1 vs 3  strong among three normal +3.04 ± 0.25           +3.04 ± 0.25 (+2.78 .. +3.29)
    strong fouls                      0 of 2,400 hands       0 of 2,400 hands
    decision, 13 cards, cpu median    17 ms                  4 ms
    decision, 16 cards, cpu median    65 ms                  50 ms
    advice of a 4-player round, cpu   59 ms (values 56)      21 ms (values 19, analysis 2)
Bots' hands are no longer valued at the deal (games.live.advice_tasks): a table of one
person and three bots values one hand there, and its analysis weighs the bots' hands.

Issue 23, the round's advice (the opponents' tables dealt compiled as random.sample deals
them, their special screen compiled, candidates and advice built only when read, the
first hints' counting sort, clean pairs scored from scalars, the deck counted once; the
same tables, candidates, EVs and choices, checked on 1,498 cases of every preset). The
round's analysis here now rebuilds each submission from its codes as the worker does
(validate_submission); it searched the first hint inside the clock before, so both
trees were timed with this script. Back to back, alternating, three pairs of `--deals 0
--speed-hands 40 --extra-hands 10 --analysis-rounds 20` at load 4.6-5 (CI and browser
tests shared the 2 cores; cpu figures):

                                      before (5e84092)       after (0f83d4c)
    decision, 13 cards, cpu median    4-5 ms                 3 ms
    decision, 16 cards, cpu median    42-53 ms               40-48 ms
    advice of a 4-player round, cpu   21-22 ms               12-13 ms
                                      (values 20, analysis 1-2; after 11-12, 1)
    1 vs 3  strong among three normal +3.04 ± 0.25           +3.04 ± 0.25 (+2.78 .. +3.29)
    strong fouls                      0 of 2,400 hands       0 of 2,400 hands
    (the duels, `--deals 600 --workers 2` at load 5: 72 s; the same decisions, so the
    same figures as the compiled step's)
Two more pairs at load 2.2-2.6 with cb92af3 (the hints' order found by identity): 13
cards 5-6 ms before, 3 after; 16 cards 41-42 ms before (p90 108-115), 39-40 after (p90
71-73); the round 18-19 ms before (values 17-18, analysis 1), 12-13 after (values 11-12,
analysis 1); and two pairs with hints carrying their keys (28887ea) at load 2.5-2.7,
where the before-tree ran slower: 13 cards 6-7 ms before, 3-4 after; the round 22-28 ms
before, 14-15 after. At load 3.6-4, six pairs of the round alone (`--analysis-rounds 30`,
before the last three kernel steps): 22-30 ms before, 14-21 after. Its maximum stays
above its median: a fresh process loads the compiled loops on its first decisions (tens
of milliseconds).

Issue 23, "a round's advice 5x cheaper", engine steps (the Pareto front's rows ordered
by a radix sort of their codes' places and backs the kept pairs cover skipped; the first
hint's backs sorted by their groups' places and patterns whose groups or flushes cannot
fit not walked; the twister seeded compiled; a screened-in opponent tested only for the
specials the screen let through; cheaper packing; the analysis sums only the submitted
row). The same answers bit for bit — every candidate, EV, standard error, sample count,
choice and hint list of value_hints, rate_arrangement (hints and other splits submitted),
best_arrangement and hand_hints on 1,500 seeded hands of every preset (13 and 16 cards,
jokers, 十三道 as banker and not, 2-5 players, a 马牌), so the duels' figures stand.
Back to back, alternating, six pairs of `--deals 0 --speed-hands 40 --extra-hands 10
--analysis-rounds 30` while another engineer's load tests ran (load 0.7-4; cpu medians):

                                      before (893b048)       after (3666edb)
    decision, 13 cards, cpu median    3-5 ms                 3-5 ms
    decision, 16 cards, cpu median    44-66 ms               53-74 ms (25 hands, three
                                                             pairs: 50-69 before, 44-65)
    advice of a 4-player round, cpu   14-24 ms (median 19)   14-18 ms (median 15.5)
    per round, each part's own clock (150 rounds, five pairs; inclusive):
      opponents' first hints          4.4-5.1 ms             3.0-3.7 ms
      opponent_seats in all           6.7-7.8 ms             4.9-5.9 ms
      Pareto front                    2.4-2.9 ms             1.2-1.3 ms
      candidates in all               6.4-7.5 ms             4.9-5.9 ms
      the player's hint search        2.9-3.4 ms             2.7-3.2 ms (unchanged)
      packing, deals, means/errors    2.3-2.7 ms             1.3-1.5 ms
    the compiled loops alone, one process, both trees: first hint 10.1 -> 7.9 µs a
    hand; Pareto front 347 -> 147-155 µs a hand.
Then (85db94b) the analysis of a submission that is no hint stopped reading the Pareto
front's splits to rule them out: 0.2 ms a hand less, which these figures do not show
(this script submits first hints).
What is left of a round: the opponents' first hints (a quarter), the player's hint
search in Python (search.py, a fifth) and a dozen parts of Python around them (0.3-1.5
ms each): short of issue 23's 5x, which would need the player's hints compiled.

Issue 23, the strong bot's own tables (96 for 13 cards, every one dealt:
advisor.strong_advice). At the default 2,000 deals the 24 tables it had shared with the
hints' values gave one strong bot among three first-hint players +2.97 ± 0.13 (+2.84 ..
+3.10), under the issue's +3.0, where 61e725a (150 tables) gave +3.06 ± 0.14; the
600-deal runs had read +3.04 (seed 16), +3.09 (seed 101) and +2.80 (seed 202). Same
machine, one after another (`--deals 2000 --workers 2 --speed-hands 60`, quiet):

    the strong bot's tables              1 vs 3 (2,000 deals)     decision, 13 cards
    24, every one (before)               +2.97 ± 0.13             median 2 ms
    up to 64, floor 24                   +3.03 ± 0.13             median 2 ms, p90 3
    up to 150, floor 24                  +3.03 ± 0.13             median 2 ms, p90 6
    150, every one                       +3.06 ± 0.14             median 5 ms (cpu 5)
    96, every one (chosen)               +3.08 ± 0.13 (+2.95 ..)  median 3 ms (cpu 3)
    strong fouls: 0 of 8,000 hands in every row. The hints' values, the analysis and the
    timer keep 24 tables (advisor.DEFAULT_SAMPLES): the advisor worker's round is not
    the bot's decision (bots' hands are not valued).
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from rules.engine.advisor import best_arrangement, points_at_tables, deal_tables  # noqa: E402
from rules.engine.advisor_candidates import candidates, hint_arrangement  # noqa: E402
from rules.engine.advisor_deals import unseen_cards  # noqa: E402
from rules.engine.cards import SeededSource, build_deck, shuffle  # noqa: E402
from rules.engine.hints import first_hint  # noqa: E402
from rules.engine.presets import preset  # noqa: E402
from rules.engine.settlement import SeatHand, settle  # noqa: E402

PLAYERS = 4
MC_SAMPLES = 40
_OPTIONS: dict = {}


def normal(hand, config, seed):
    return hint_arrangement(first_hint(hand, config), config)


def hints_mc(hand, config, seed):
    """The best of the hints (at most 10) by 40 samples of first-hint opponents."""
    found = [c for c in candidates(hand, config) if c.hint is not None]
    tables = deal_tables(unseen_cards(hand, config), config, PLAYERS - 1, MC_SAMPLES, seed)
    points = points_at_tables([c.arrangement for c in found], tables, config)
    return found[int(np.argmax(points.mean(axis=1)))].arrangement


def strong(hand, config, seed):
    return best_arrangement(hand, config, opponents=PLAYERS - 1, seed=seed,
                            budget=_OPTIONS.get("budget"))


def _timed(policy, hand, config, seed):
    start = time.perf_counter()
    arrangement = policy(hand, config, seed)
    return arrangement, (time.perf_counter() - start) * 1000


def _duel_score(mine, theirs, config) -> tuple[float, float]:
    """One deal played twice with the seats swapped: the first side's mean points per
    bot per round, and per pair against the other side."""
    total = 0
    for first in (True, False):
        side = [first, not first, first, not first]  # seats 1 and 3 / 2 and 4
        seats = [SeatHand(f"s{i}", (mine if side[i] else theirs)[i]) for i in range(PLAYERS)]
        totals = settle(seats, config).totals
        total += sum(totals[f"s{i}"] for i in range(PLAYERS) if side[i])
    per_bot = total / 4  # two bots, two plays
    return per_bot, per_bot / 2  # each bot meets two of the other side


def _alone_score(mine, theirs, config) -> tuple[float, float]:
    """One bot of the first side among three of the other, in each seat in turn: its mean
    points per round (and per pair, a third of it)."""
    total = 0
    for seat in range(PLAYERS):
        seats = [SeatHand(f"s{i}", (mine if i == seat else theirs)[i]) for i in range(PLAYERS)]
        total += settle(seats, config).totals[f"s{seat}"]
    return total / PLAYERS, total / PLAYERS / 3


def play_deal(index: int) -> dict:
    config = preset("standard")
    seed = _OPTIONS["seed"]
    deck = build_deck(config.deck, config.jokers)
    dealt = shuffle(deck, SeededSource(seed * 1_000_003 + index))
    hands = [list(dealt[i * 13:(i + 1) * 13]) for i in range(PLAYERS)]
    result = {"strong_ms": [], "mc_ms": []}
    arranged = {}
    for name, policy in (("normal", normal), ("mc", hints_mc), ("strong", strong)):
        picks = []
        for seat, hand in enumerate(hands):
            arrangement, ms = _timed(policy, hand, config, seed * 100_000 + index * 8 + seat)
            picks.append(arrangement)
            if name in ("strong", "mc"):
                result[f"{name}_ms"].append(ms)
        arranged[name] = picks
    result["strong_fouls"] = sum(arrangement.foul for arrangement in arranged["strong"])
    result["alone"] = _alone_score(arranged["strong"], arranged["normal"], config)
    result["mc_alone"] = _alone_score(arranged["mc"], arranged["normal"], config)
    result["vs_normal"] = _duel_score(arranged["strong"], arranged["normal"], config)
    result["vs_mc"] = _duel_score(arranged["strong"], arranged["mc"], config)
    result["mc_vs_normal"] = _duel_score(arranged["mc"], arranged["normal"], config)
    return result


def _init(options: dict) -> None:
    _OPTIONS.update(options)
    candidates(list(build_deck("standard", False))[:13], preset("standard"))  # warm caches


def _interval(values: list[float]) -> str:
    mean = statistics.mean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5
    return f"{mean:+.2f} ± {half:.2f} (95 %: {mean - half:+.2f} .. {mean + half:+.2f})"


def duels(deals: int, workers: int, options: dict) -> None:
    start = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(workers, _init, (options,)) as pool:
        results = pool.map(play_deal, range(deals), chunksize=8)
    elapsed = time.perf_counter() - start
    print(f"duels: {deals} deals x 2 seatings, standard preset, {PLAYERS} players, "
          f"{workers} workers, {elapsed:.0f} s")
    for key, label in (("vs_normal", "duel 1  strong vs normal (first hint)"),
                       ("vs_mc", "duel 2  strong vs hints-mc (best of hints, 40 MC)"),
                       ("mc_vs_normal", "ref.    hints-mc vs normal"),
                       ("alone", "1 vs 3  one strong among three normal (each seat in turn)"),
                       ("mc_alone", "1 vs 3  one hints-mc among three normal (issue's +2.25)")):
        per_bot = [r[key][0] for r in results]
        per_pair = [r[key][1] for r in results]
        print(f"  {label}\n    per bot per round   {_interval(per_bot)}\n"
              f"    per pair of seats   {_interval(per_pair)}")
    strong_ms = [ms for r in results for ms in r["strong_ms"]]
    mc_ms = [ms for r in results for ms in r["mc_ms"]]
    print(f"  strong fouls: {sum(r['strong_fouls'] for r in results)} in {PLAYERS * deals} hands")
    print(f"  decision (13 cards) strong median {statistics.median(strong_ms):.0f} ms, "
          f"p90 {np.percentile(strong_ms, 90):.0f} ms; hints-mc median "
          f"{statistics.median(mc_ms):.0f} ms")


def speed(name: str, hands: int, seed: int, budget) -> None:
    """Decision time in this process alone (no other worker running)."""
    config = preset(name)
    _init({"budget": budget})
    source = SeededSource(seed)
    deck = build_deck(config.deck, config.jokers)
    times, cpu = [], []
    for i in range(hands):
        hand = list(shuffle(deck, source)[:config.hand_size])
        start, start_cpu = time.perf_counter(), time.process_time()
        best_arrangement(hand, config, opponents=PLAYERS - 1, seed=i, budget=budget)
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    target = 15 if config.hand_size == 13 else 60
    print(f"decision {name} ({config.hand_size} cards): {hands} hands, median "
          f"{statistics.median(times):.0f} ms (cpu {statistics.median(cpu):.0f} ms), "
          f"p90 {np.percentile(times, 90):.0f} ms, max {max(times):.0f} ms "
          f"(issue 23: <= {target} ms)")


def advice_cpu(rounds: int, seed: int) -> None:
    """The advice worker's CPU for a 4-player round, as games.live.advice_tasks and
    games.record.analysis run it in one process: every hand's hint values after the deal
    (advisor.value_hints), then every hand's analysis after the settlement (here the
    first hint submitted, rebuilt from its codes as the worker does; before issue 23's
    last step the bench searched that first hint inside the clock, which the worker never
    does; advisor.rate_arrangement), seeded by the cards (seed_for)."""
    from rules.engine import advisor
    from rules.engine.advisor import rate_arrangement, seed_for, value_hints
    from rules.engine.arrangement import validate_submission
    config = preset("standard")
    source = SeededSource(seed + 7)
    deck = build_deck(config.deck, config.jokers)
    values_cpu, analysis_cpu = [], []
    for _ in range(3):  # as a worker that has advised before: its per-process tables built
        candidates(list(shuffle(deck, source)[:13]), config)
    for _ in range(rounds):
        getattr(advisor, "_WEIGHED", {}).clear()  # a new round: nothing weighed yet
        dealt = shuffle(deck, source)
        hands = [list(dealt[seat * 13:(seat + 1) * 13]) for seat in range(PLAYERS)]
        # What each player submitted (the first hint), made before the clock: the worker
        # reads it from the record and rebuilds it from its codes (validate_submission,
        # as games.record.analysis.analyse_hand does; that is timed).
        submitted = [normal(hand, config, 0).rows for hand in hands]
        start = time.process_time()
        for hand in hands:
            value_hints(hand, config, players=PLAYERS)
        middle = time.process_time()
        for hand, rows in zip(hands, submitted):
            played = validate_submission([card.code for card in hand],
                                         *([card.code for card in row] for row in rows),
                                         config)
            rate_arrangement(hand, played, config, players=PLAYERS, seed=seed_for(hand))
        values_cpu.append((middle - start) * 1000)
        analysis_cpu.append((time.process_time() - middle) * 1000)
    total = [a + b for a, b in zip(values_cpu, analysis_cpu)]
    # Every hand of every round, so this is what ws_load's advisor line gives when its
    # worker keeps up; a worker that falls behind leaves rounds undone and ws_load then
    # prints less than a round costs (module docstring).
    print(f"advice of a {PLAYERS}-player round (all of it, one process): {rounds} rounds, "
          f"cpu median {statistics.median(total):.0f} ms (hint values "
          f"{statistics.median(values_cpu):.0f} ms, analysis "
          f"{statistics.median(analysis_cpu):.0f} ms), max {max(total):.0f} ms "
          "(issue 23: <= 15 ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--speed-hands", type=int, default=60)
    parser.add_argument("--extra-hands", type=int, default=20)
    parser.add_argument("--analysis-rounds", type=int, default=10)
    parser.add_argument("--budget", type=float, default=None,
                        help="the strong bot's time budget in seconds (default: its own)")
    args = parser.parse_args()
    options = {"seed": args.seed, "budget": args.budget}
    if args.speed_hands:
        speed("standard", args.speed_hands, args.seed, args.budget)
    if args.extra_hands:
        speed("extra-three", args.extra_hands, args.seed, args.budget)
    if args.analysis_rounds:
        advice_cpu(args.analysis_rounds, args.seed)
    if args.deals:
        duels(args.deals, args.workers, options)


if __name__ == "__main__":
    main()
