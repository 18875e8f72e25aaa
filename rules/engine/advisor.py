"""The expected-value advisor (issue 16): what each way of arranging a hand is worth, in
points, against the opponents the player may meet — and which way is worth the most.

    advise(cards, config, samples=24, seed=0) -> Advice
        .best          the EV-best candidate (never a foul)
        .candidates    every candidate with its EV, best first
        .arrangement   the EV of `arrangement=` when one was given

How (each part has its own module):

- candidates (advisor_candidates): the hints, then every valid split that no other valid
  split beats row for row — the only arrangements that can be worth the most.
- tables (advisor_deals): opponents dealt from the cards the player cannot see (the deck
  minus the player's cards: 52 or 65 cards, jokers included when the rule set has them),
  each submitting its first hint, a special declared when it has one — found compiled
  for most of them (compiled.first_rows), and packed straight into arrays (opponent_seats).
- scoring (advisor_scoring): every candidate settled against every table by the rule
  set's full settlement — row values, 打枪 scoop, 全垒打 home run, specials, fouls —
  the same numbers settle() gives the player's seat, computed in bulk.

Common random numbers: all candidates meet the same tables, so two candidates' EVs differ
only by what their rows do against them; a comparison is fair at a sample size where
each EV alone is still noisy, and an arrangement beaten row for row by another never
shows a higher EV than it (where a higher row never pays less: every preset).

The table: `players` seats (default the rule set's `max_players`), the player and
`players - 1` opponents. Banker mode (十三道, §8.5): by default the player is a
non-banker and the banker is an opponent — most seats at a table are not the bank, and a
non-banker's points depend on the banker's hand alone, so only the banker is dealt and
arranged; `player_is_banker=True` makes the player the bank against every opponent.
The 十三道 exchange is not modelled: the advisor takes the cards the player holds after
it and knows nothing of the others' hands beyond them.

Sequential (issue 23): the tables are dealt in batches, at least FLOOR of them, and the
sampling stops before `samples` once the best candidate is clear of every other (advise's
comment on FLOOR); a hand's weighing is kept, so that the analysis after the settlement
settles only the submitted arrangement on the tables its hint values met at the deal.

Reproducible: the tables come from `random.Random(seed)` one after another and the
stopping rule reads only their points, so (cards, rules, seed, samples) give the same
answer on every run and machine, and a time budget that stopped after n samples gives
what `samples=n` gives.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections import Counter
from dataclasses import dataclass, field as data_field
from functools import cached_property
from itertools import islice
from typing import Sequence

import numpy as np

from .advisor_candidates import (Candidate, SplitCandidate, candidates, hint_arrangement,
                                 pack_candidates)
from .advisor_deals import (AdvisorError, Deal, Dealt, DealStream, check_table,
                            exact_deals, opponent_arrangements, opponent_seats,
                            sample_deals, unseen_cards)
from .advisor_scoring import SEAT_FIELDS, SeatArrays, opponents_sweep
from .arrangement import Arrangement
from .cards import Card, CardError, check_in_deck, display_order
from .config import RuleConfig
from .hints import Hint, kept_hints

# 24 tables at most, the floor: what the hints' values, the analysis and the CLI deal by
# default (issue 23; the advisor's worker values every person's hand of every round).
# Past 24 the extra tables go to hands whose best candidates are worth nearly the same;
# the sequential stop serves callers who ask for more (the CLI, BOT_ADVISOR_SAMPLES).
DEFAULT_SAMPLES = 24
# 多三张: an opponent's first hint over 16 cards costs about three times a 13-card one
# and the candidates come from several choices of 13: the same 24 keep a decision
# within issue 23's 60 ms.
EXTRA_SAMPLES = 24
# The strong bot's 13 cards meet 96 tables, every one dealt (strong_advice): a bot decides
# one hand at a time, and 96 tables cost a decision ~3 ms of issue 23's 15. On
# bench/bots.py's 2,000 deals one strong bot among three first-hint players made
# +2.97 ± 0.13 a round with 24 tables, +3.03 with up to 64 or 150 (floor 24, the
# sequential stop), +3.08 with 96 every time and +3.06 with 150 every time.
STRONG_TABLES = 96


@dataclass(frozen=True)
class CandidateEV:
    """One arrangement and its worth: the mean of the player's points over the tables
    (`ev`), the standard error of that mean, the cards left out (多三张) and the
    arrangement's place in the hint list (None when it is not a hint). `played` is the
    arrangement, or a split candidate that builds it when `arrangement` is first read
    (advisor_candidates.SplitCandidate: most candidates are never shown)."""

    played: Arrangement | SplitCandidate
    ev: float
    stderr: float
    unused: tuple[Card, ...] = ()
    hint: int | None = None

    @property
    def arrangement(self) -> Arrangement:
        played = self.played
        return played.arrangement if isinstance(played, SplitCandidate) else played

    @property
    def special(self) -> str | None:
        match = self.arrangement.special
        return match.code if match else None


@dataclass(frozen=True)
class Advice:
    """What the advisor found for one hand, and how (sample size, seed, table).

    `candidates` (every candidate rated, best first) is made when first read: the hint
    values and the analysis read the best, the hints' EVs (`hint_evs`) and the given
    arrangement's, and a hand has a hundred candidates or more."""

    best: CandidateEV
    arrangement: CandidateEV | None
    samples: int
    seed: int
    players: int
    exact: bool = False
    _found: list = data_field(default_factory=list, repr=False, compare=False)
    _means: list = data_field(default_factory=list, repr=False, compare=False)
    _errors: list = data_field(default_factory=list, repr=False, compare=False)

    @cached_property
    def candidates(self) -> tuple[CandidateEV, ...]:
        rated = [_rated(candidate, ev, error) for candidate, ev, error
                 in zip(self._found, self._means, self._errors)]
        # Best first; equal EVs keep the candidates' order (hints first, in hint order).
        order = sorted(range(len(rated)), key=lambda i: -rated[i].ev)
        return tuple(rated[i] for i in order)

    def hint_evs(self) -> dict[int, float]:
        """The EV of each hint that is a candidate, by its place in the hint list."""
        found = self._found  # a FrontCandidates' splits are no hints: its `made` only
        return {candidate.hint: ev for candidate, ev in zip(getattr(found, "made", found),
                                                            self._means)
                if candidate.hint is not None}


def _rated(candidate: Candidate | SplitCandidate, ev: float, error: float) -> CandidateEV:
    return CandidateEV(candidate if isinstance(candidate, SplitCandidate)
                       else candidate.arrangement, ev, error, candidate.unused,
                       candidate.hint)


def advise(cards: Sequence[Card], config: RuleConfig, *, samples: int | None = None,
           seed: int = 0, players: int | None = None, player_is_banker: bool = False,
           arrangement: Arrangement | None = None, time_budget: float | None = None,
           exact: bool = False, unseen: Sequence[Card] | None = None,
           floor: int | None = None, keep: bool = True) -> Advice:
    """Weigh every candidate arrangement of `cards` (13, or 16 in 多三张) against the same
    tables (module docstring).

    `samples`: tables to sample at most (default samples_for the hand's size; the
    sequential stop usually ends sooner; a `time_budget` in seconds stops dealing early
    but always keeps one table). `exact`: walk every possible deal instead
    of sampling — only for tiny cases (tests), refused past advisor_deals.EXACT_LIMIT.
    `floor`: the tables always dealt before the sequential stop may end the sampling
    (default FLOOR; never more than `samples`; floor=samples deals every one).
    `keep`: remember the weighing for a later call on the same hand (the analysis after
    the hint values; the comment on _WEIGHED); off for a decision nobody rates here.
    `arrangement`: also return the EV of this arrangement of the player's cards (it may be
    a foul where the rule set allows one: validate it first, as a submission).
    `unseen`: the cards the opponents are dealt from, when more is known than the
    player's own cards (default: the deck minus them; tests give a few cards, so that
    every deal can be enumerated).
    """
    cards = list(cards)
    if len(cards) != config.hand_size:
        raise AdvisorError(f"a hand in this rule set is {config.hand_size} cards, "
                           f"not {len(cards)}")
    samples = samples_for(len(cards)) if samples is None else samples
    try:
        check_in_deck(cards, config.deck, config.jokers)
    except CardError as error:
        raise AdvisorError(str(error)) from None
    if samples < 1:
        raise AdvisorError("samples must be at least 1")
    floor = FLOOR if floor is None else floor
    if floor < 1:
        raise AdvisorError("floor must be at least 1")
    players = config.max_players if players is None else players
    opponents = check_table(cards, config, players)
    if config.mode == "banker" and not player_is_banker:
        opponents = 1  # the banker: the only opponent a non-banker settles with
    if arrangement is not None:
        _check_owned(arrangement, cards)

    key = (tuple(sorted(card.code for card in cards)), config, opponents, player_is_banker,
           samples, floor, seed, exact, None if unseen is None else tuple(unseen))
    weighed = _WEIGHED.get(key) if time_budget is None else None
    if weighed is None:
        found = candidates(cards, config)
        pool = unseen_cards(cards, config) if unseen is None else list(unseen)
        if len(pool) < opponents * config.hand_size:
            raise AdvisorError(f"{len(pool)} unseen cards cannot deal {opponents} "
                               f"opponent(s) {config.hand_size} cards each")
        weighed = _weigh(found, pool, config, opponents, samples, floor, seed,
                         player_is_banker, time_budget, exact)
        weighed += (_row_stats(weighed[3], len(weighed[1].foul), exact),)
        if time_budget is None and keep:
            _remember(key, weighed)
    found, field, sweep, points, stats = weighed
    given = None
    if arrangement is not None:  # its own row's figures: the candidates' are kept
        given = _row_stats(_scored(SeatArrays.pack([arrangement], config), field, sweep,
                                   config, player_is_banker), len(field.foul), exact)
    return _advice(found, arrangement, cards, stats, given, len(field.foul), seed, players,
                   exact)


# Sequential sampling (issue 23): tables are dealt in batches, and after each one the
# sampling stops once no candidate could be worth more than the best by INDIFFERENCE
# points, at Z standard errors of their paired difference (common random numbers make
# that error small for arrangements that play alike). FLOOR tables are always dealt, the
# same whatever `samples` (so a time budget that stopped after n tables gives what
# samples=n gives). Not fewer than 24: on 16 tables a candidate's EV may rest on tables
# that all agreed, its standard error then 0 however far from the truth (the exact-EV
# test of tests/engine/test_advisor.py met one), and 16 tables every time lost
# -0.08 ± 0.10 a round on the duel deals.
FLOOR = 24
BATCH = 8
Z = 2.0
INDIFFERENCE = 0.25

# What a hand's advice computed — its candidates, the tables, every candidate's points
# there and their means and errors — kept for the same (cards, rules, table, seed,
# samples): the analysis after the settlement meets the tables the hint values met at
# the deal, and only the submitted arrangement is settled and summed again; a hand valued
# twice costs nothing the second time.
_WEIGHED: dict = {}
_WEIGHED_LIMIT = 1024  # ~50-250 kB each (arrays, candidates): 256 rounds, 50-250 MB


_WEIGHED_LOCK = threading.Lock()  # the timer and the bots may advise from several threads


def _remember(key: tuple, weighed: tuple) -> None:
    with _WEIGHED_LOCK:
        while len(_WEIGHED) >= _WEIGHED_LIMIT:
            del _WEIGHED[next(iter(_WEIGHED))]  # the oldest: dicts keep insertion order
        _WEIGHED[key] = weighed


def _weigh(found: list[Candidate], pool: list[Card], config: RuleConfig, opponents: int,
           samples: int, floor: int, seed: int, player_is_banker: bool,
           time_budget: float | None, exact: bool
           ) -> tuple[list[Candidate], SeatArrays, np.ndarray | None, np.ndarray]:
    """The candidates, the tables they met (packed, with their opponents_sweep) and their
    points there ((candidates, tables)), sampling sequentially up to `samples` tables
    (the comment on FLOOR). Tables are kept packed, not as arrangements: a few kilobytes a
    hand, so that a worker can keep thousands until their analyses come."""
    packed = pack_candidates(found, config)
    if exact:
        field, sweep = pack_tables(deal_tables(pool, config, opponents, samples, seed,
                                               exact=True), config)
        return found, field, sweep, _scored(packed, field, sweep, config, player_is_banker)
    deals = DealStream(pool, opponents, config, seed)  # sample_deals' tables, compiled
    deadline = None if time_budget is None else time.perf_counter() + time_budget
    dealt = 0
    parts, blocks = [], []
    while dealt < samples:
        want = min(samples, floor if not dealt else dealt + BATCH)
        # The batch's deals drawn first, so that its opponents are arranged together
        # (advisor_deals.opponent_seats: one compiled call, one special screen); under a
        # deadline table by table, which stops after any table (the deals drawn past it
        # are never used).
        drawn = deals.draw(want - dealt)
        if deadline is None:
            part = _arranged(drawn, config, (want - dealt, opponents))
        else:
            tables = []
            for table in range(want - dealt):
                seats = Dealt(drawn.pool, drawn.index[table * opponents:
                                                      (table + 1) * opponents])
                tables.append(_arranged(seats, config, (1, opponents)))
                if time.perf_counter() >= deadline:
                    break
            part = _joined(tables)
        dealt += len(part[0].foul)
        parts.append(part)
        blocks.append(_scored(packed, *parts[-1], config, player_is_banker))
        if deadline is not None and time.perf_counter() >= deadline:
            break
        if dealt < samples and _settled(np.concatenate(blocks, axis=1)):
            break
    field, sweep = _joined(parts)
    return found, field, sweep, np.concatenate(blocks, axis=1).astype(np.int32)


def _arranged(hands: Dealt, config: RuleConfig,
              shape: tuple[int, int]) -> tuple[SeatArrays, np.ndarray | None]:
    """Tables of dealt hands (flat, `shape` = (tables, opponents)) arranged by the
    opponents' policy and packed, with their opponents_sweep (all-pairs mode)."""
    from . import compiled  # numba loads in the processes that advise, not in all
    field = opponent_seats(hands, config, shape)
    # compiled.opponents_sweep: advisor_scoring.opponents_sweep's flags, compiled
    return field, compiled.opponents_sweep(field, config) if config.mode == "all_pairs" else None


def _joined(parts: list) -> tuple[SeatArrays, np.ndarray | None]:
    """(field, sweep) parts, one after another along the tables."""
    field = SeatArrays(*(np.concatenate([getattr(part, name) for part, _ in parts])
                         for name in SEAT_FIELDS))
    sweep = None if parts[0][1] is None else np.concatenate([sweep for _, sweep in parts])
    return field, sweep


def _settled(points: np.ndarray) -> bool:
    """Whether the best candidate so far is clear of every other (Z, INDIFFERENCE)."""
    if len(points) < 2:
        return True
    best = int(np.argmax(points.mean(axis=1)))
    behind = points[best] - points  # (candidates, tables): the best's lead at each table
    lead = behind.mean(axis=1)
    error = behind.std(axis=1, ddof=1) / np.sqrt(points.shape[1])
    return bool(np.all(lead + INDIFFERENCE >= Z * error))


def arrangement_ev(cards: Sequence[Card], arrangement: Arrangement, config: RuleConfig,
                   **options) -> CandidateEV:
    """The EV of one arrangement of `cards`, on the tables `advise` would use with the
    same options (so it compares directly with `advise(...).best.ev`)."""
    return advise(cards, config, arrangement=arrangement, **options).arrangement


# --- the steps ------------------------------------------------------------------------------


def _check_owned(arrangement: Arrangement, cards: list[Card]) -> None:
    missing = Counter(arrangement.cards) - Counter(cards)
    if missing:
        raise AdvisorError(f"{', '.join(sorted(c.code for c in missing))}: not in the hand")


def deal_tables(unseen: Sequence[Card], config: RuleConfig, opponents: int, samples: int,
                seed: int, time_budget: float | None = None,
                exact: bool = False) -> list[tuple[Arrangement, ...]]:
    """The tables: each one's opponents dealt from `unseen` and arranged by the policy
    (advisor_deals); every possible deal once with `exact`."""
    if exact:
        dealt: Sequence[Deal] = exact_deals(unseen, opponents, config)
    else:
        dealt = sample_deals(unseen, opponents, config, seed)
        if time_budget is None:
            dealt = islice(dealt, samples)
    deadline = None if time_budget is None or exact else time.perf_counter() + time_budget
    tables = []
    for deal in dealt:
        tables.append(tuple(opponent_arrangements(deal, config)))
        if not exact and len(tables) >= samples:
            break
        if deadline is not None and time.perf_counter() >= deadline:
            break
    return tables


def points_at_tables(seats: Sequence[Arrangement], tables: Sequence[tuple[Arrangement, ...]],
                     config: RuleConfig, player_is_banker: bool = False) -> np.ndarray:
    """(seats, tables): the player's points playing each arrangement in `seats` at each
    table — what settle() gives the player's seat (banker mode: the first opponent of a
    table is the banker unless `player_is_banker`)."""
    return _scored(SeatArrays.pack(list(seats), config), *pack_tables(tables, config),
                   config, player_is_banker)


def pack_tables(tables: Sequence[tuple[Arrangement, ...]],
                config: RuleConfig) -> tuple[SeatArrays, np.ndarray | None]:
    """The tables' opponents packed (tables, opponents), and (all-pairs mode) which of
    them scoops every other at its table (advisor_scoring.opponents_sweep)."""
    flat = [seat for table in tables for seat in table]
    field = SeatArrays.pack(flat, config, (len(tables), len(tables[0])))
    return field, opponents_sweep(field, config) if config.mode == "all_pairs" else None


def _scored(packed: SeatArrays, field: SeatArrays, sweep: np.ndarray | None,
            config: RuleConfig, player_is_banker: bool) -> np.ndarray:
    """(candidates, tables): advisor_scoring.table_points, compiled (compiled.table_points:
    the same numbers, pair by pair, with no arrays in between)."""
    from . import compiled  # numba loads in the processes that advise, not in all
    return compiled.table_points(packed, field, config, player_is_banker, sweep)


def _row_stats(points: np.ndarray, count: int, exact: bool) -> tuple[np.ndarray, np.ndarray]:
    """Each row's mean over the tables and its standard error. numpy reduces each row of
    (rows, tables) on its own, so a row's figures are the same bits whatever rows stand
    beside it: the candidates' are worked out once a hand, the given arrangement's apart."""
    means = points.mean(axis=1)
    # The standard error of a sampled mean; an exact mean over every deal has none.
    errors = (points.std(axis=1, ddof=1) / np.sqrt(count) if count > 1 and not exact
              else np.zeros(len(means)))
    return means, errors


def _advice(found: list[Candidate], arrangement: Arrangement | None, cards: list[Card],
            stats: tuple[np.ndarray, np.ndarray], given_stats: tuple | None, count: int,
            seed: int, players: int, exact: bool) -> Advice:
    means, errors = stats
    count_found = len(found)
    mean_list, error_list = means[:count_found].tolist(), errors[:count_found].tolist()
    # The best: the first of the highest EV (Advice.candidates' order).
    at = int(np.argmax(means[:count_found]))
    best = _rated(found[at], mean_list[at], error_list[at])
    given = None
    if arrangement is not None:
        unused = tuple(sorted((Counter(cards) - Counter(arrangement.cards)).elements(),
                              key=display_order))
        given = CandidateEV(arrangement, float(given_stats[0][0]), float(given_stats[1][0]),
                            unused, _hint_index(found, arrangement))
    return Advice(best, given, count, seed, players, exact, found, mean_list, error_list)


def _hint_index(found: list[Candidate], arrangement: Arrangement) -> int | None:
    """The hint the given arrangement plays the same as, if any."""
    signature = Candidate(arrangement).signature
    # A FrontCandidates' splits are no hints: only its `made` (reading the splits made a
    # hundred SplitCandidates for a submission that is not a hint: 0.2 ms).
    for candidate in getattr(found, "made", found):
        if candidate.hint is not None and candidate.signature == signature:
            return candidate.hint
    return None


def best_arrangement(cards: Sequence[Card], config: RuleConfig, *, opponents: int | None = None,
                     seed: int = 0, budget: float | None = None) -> Arrangement:
    """The EV-best arrangement of `cards` — what the strong bot submits (issue 16).
    `opponents`: the other players at the table (default: the rule set's largest table);
    `budget`: seconds to spend at most (default: no limit; the strong bot's tables
    decide, which keeps the answer reproducible from `seed`)."""
    players = None if opponents is None else opponents + 1
    return strong_advice(cards, config, seed=seed, players=players,
                         time_budget=budget).best.arrangement


def strong_advice(cards: Sequence[Card], config: RuleConfig, *, samples: int | None = None,
                  **options) -> Advice:
    """The strong bot's advice: STRONG_TABLES tables for 13 cards and EXTRA_SAMPLES for
    16, every one dealt; `samples` (BOT_ADVISOR_SAMPLES): at most that many instead, the
    sequential stop ending sooner where the best is clear. `options`: advise()'s. Not
    kept: a bot's hand is rated by the advisor's worker on the hint values' tables, so
    the timer worker would only fill its memory with weighings nobody reads again."""
    if samples is None:
        samples = STRONG_TABLES if len(cards) == 13 else EXTRA_SAMPLES
        options["floor"] = samples
    return advise(cards, config, samples=samples, keep=False, **options)


def samples_for(dealt: int) -> int:
    """The tables advise() samples by default for a hand of `dealt` cards (13, or 16):
    the hints' values, the analysis and the CLI."""
    return DEFAULT_SAMPLES if dealt == 13 else EXTRA_SAMPLES


def rate_arrangement(cards: Sequence[Card], arrangement: Arrangement, config: RuleConfig,
                     **options) -> Advice:
    """The post-round analysis of one hand (issue 16): the EV-best arrangement and the
    EV of the one played, on the same tables (`.best.ev - .arrangement.ev` is what the
    choice cost). Options as for advise()."""
    return advise(cards, config, arrangement=arrangement, **options)


# --- what the hints are worth (issue 16): the table's hint values, the timer, the analysis --

TIMER_SAMPLES = 24  # the timer's own search when no stored value is there: the floor


def seed_for(cards: Sequence[Card]) -> int:
    """A seed that follows from the cards alone (in any order): the hint values, the
    timer and the analysis of one hand meet the same tables, so they agree, and anyone
    holding the cards can reproduce the figures."""
    text = " ".join(sorted(card.code for card in cards))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big")


@dataclass(frozen=True)
class HintValues:
    """Every hint (in RULES.md §7.1's order) with its EV, and the EV-best arrangement
    as a hint (`best_hint`; `best_index` is its place among the hints, None when it is
    not one of them)."""

    hints: tuple[Hint, ...]
    evs: tuple[float, ...]
    best: CandidateEV
    best_hint: Hint
    best_index: int | None
    samples: int
    seed: int
    players: int


def value_hints(cards: Sequence[Card], config: RuleConfig, *, players: int | None = None,
                player_is_banker: bool = False, samples: int | None = None,
                seed: int | None = None, **options) -> HintValues:
    """The hints of `cards` with their EVs, and the EV-best among every candidate, all
    on the same tables (seed: seed_for(cards) unless given; `options`: advise()'s
    `exact` and `unseen`, for tests)."""
    seed = seed_for(cards) if seed is None else seed
    advice = advise(cards, config, samples=samples, seed=seed, players=players,
                    player_is_banker=player_is_banker, **options)
    hint_list = tuple(kept_hints(cards, config))
    by_hint = advice.hint_evs()
    by_signature = None  # worked out only for a hint that plays as another (rare)
    evs = []
    for index, hint in enumerate(hint_list):
        if index in by_hint:
            evs.append(by_hint[index])
            continue
        if by_signature is None:
            by_signature = {Candidate(c.arrangement).signature: c.ev
                            for c in advice.candidates}
        evs.append(by_signature.get(Candidate(hint_arrangement(hint, config)).signature, 0.0))
    best = advice.best
    best_index = best.hint
    # A split candidate plays no hint's rows: candidates() keeps a split only where no
    # hint shows its codes, and with 13 cards it declares nothing and plays the 马牌
    # with every hint.
    if best_index is None and not isinstance(best.played, SplitCandidate):
        # A candidate that plays the same as a hint is that hint.
        signature = Candidate(best.arrangement).signature
        best_index = next((i for i, hint in enumerate(hint_list)
                           if Candidate(hint_arrangement(hint, config)).signature
                           == signature), None)
    best_hint = hint_list[best_index] if best_index is not None else as_hint(best, config)
    return HintValues(hint_list, tuple(evs), best, best_hint, best_index, advice.samples,
                      seed, advice.players)


def as_hint(candidate: CandidateEV, config: RuleConfig) -> Hint:
    """A candidate shown like a hint: its rows, pattern, row bonus and left-out cards."""
    arrangement = candidate.arrangement
    special = candidate.special
    bonus = 0 if special else sum(
        config.row_points(row, value.category) - 1
        for row, value in zip(("front", "middle", "back"), arrangement.values))
    return Hint(special, tuple(arrangement.front), tuple(arrangement.middle),
                tuple(arrangement.back), arrangement.pattern, bonus,
                tuple(sorted(candidate.unused, key=display_order)))


def timer_arrangement(cards: Sequence[Card], config: RuleConfig, *, players: int,
                      player_is_banker: bool = False) -> Arrangement:
    """What a "best EV" timer submits when no stored value is at hand: the EV-best on a
    small sample (TIMER_SAMPLES tables, seeded by the cards)."""
    return advise(cards, config, samples=TIMER_SAMPLES, seed=seed_for(cards),
                  players=players, player_is_banker=player_is_banker).best.arrangement
