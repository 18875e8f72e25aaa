"""The advisor's opponents dealt and screened compiled (issue 23): the tables
random.Random(seed).sample deals, from the same seeded state (deal_state, deal), and
special_screen.may_hold's screen of their hands by counts (may_hold, may_declare) — the
same numbers, bit for bit (tests/engine/test_compiled_deals.py). Part of the advisor's
compiled loops (compiled.py, which names them all); only the processes that advise
import it."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from numba import njit

from .config import RuleConfig


def deal_state(seed: int) -> tuple[np.ndarray, np.ndarray]:
    """random.Random(seed)'s Mersenne Twister state, as the compiled dealer continues it:
    the 624 words and the next word's place. An int seed is seeded compiled, as CPython's
    random_seed does (init_by_array over the 32-bit words of |seed|, low first): the same
    words, without building a Random and reading its 625-int state (40 µs a hand)."""
    if type(seed) is not int:
        import random
        words = random.Random(seed).getstate()[1]
        return (np.array(words[:624], dtype=np.int64), np.array([words[624]], dtype=np.int64))
    n = abs(seed)
    key = np.array([n >> shift & 0xFFFFFFFF for shift in range(0, max(n.bit_length(), 1), 32)],
                   dtype=np.int64)
    words = np.empty(624, dtype=np.int64)
    _seed_words(key, words)
    return words, np.array([624], dtype=np.int64)


@njit(cache=True, nogil=True)
def _seed_words(key, mt):
    """init_by_array of CPython's _randommodule.c (MT19937), on int64 words mod 2**32."""
    mask = 0xFFFFFFFF
    mt[0] = 19650218
    for i in range(1, 624):  # init_genrand(19650218)
        mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & mask
    i, j = 1, 0
    for _ in range(max(624, key.shape[0])):
        mt[i] = ((mt[i] ^ (((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525) & mask))
                 + key[j] + j) & mask
        i += 1
        j += 1
        if i >= 624:
            mt[0] = mt[623]
            i = 1
        if j >= key.shape[0]:
            j = 0
    for _ in range(623):
        mt[i] = ((mt[i] ^ (((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941) & mask)) - i) & mask
        i += 1
        if i >= 624:
            mt[0] = mt[623]
            i = 1
    mt[0] = 0x80000000


def sample_setsize(k: int) -> int:
    """random.sample's threshold (CPython 3.11): a population of at most this many is
    drawn from a shrinking pool, a larger one by rejecting repeats."""
    from math import ceil, log
    setsize = 21
    if k > 5:
        setsize += 4 ** ceil(log(k * 3, 4))
    return setsize


def deal(words: np.ndarray, place: np.ndarray, population: int, k: int,
         tables: int) -> np.ndarray:
    """(tables, k): the positions in the population that `tables` calls of
    random.Random.sample(population, k) would draw, one call after another, from the
    generator state (words, place), which moves on as theirs would (CPython 3.11's
    sample over _randbelow_with_getrandbits: the same numbers, bit for bit)."""
    out = np.empty((tables, k), dtype=np.int64)
    _deal(words, place, population, k, population <= sample_setsize(k), out)
    return out


@njit(cache=True, nogil=True)
def _next_word(words, place):
    """genrand_uint32 of CPython's _randommodule.c (MT19937), on int64 words."""
    if place[0] >= 624:
        for kk in range(624):
            y = (words[kk] & 0x80000000) | (words[(kk + 1) % 624] & 0x7fffffff)
            value = words[(kk + 397) % 624] ^ (y >> 1)
            if y & 1:
                value ^= 0x9908b0df
            words[kk] = value
        place[0] = 0
    y = words[place[0]]
    place[0] += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9d2c5680
    y ^= (y << 15) & 0xefc60000
    y ^= y >> 18
    return y


@njit(cache=True, nogil=True)
def _below(words, place, n):
    """random.Random._randbelow_with_getrandbits(n): getrandbits(n.bit_length()) until
    below n (getrandbits(k <= 32) is the next word's top k bits)."""
    bits = 0
    while (1 << bits) <= n:
        bits += 1
    r = _next_word(words, place) >> (32 - bits)
    while r >= n:
        r = _next_word(words, place) >> (32 - bits)
    return r


@njit(cache=True, nogil=True)
def _deal(words, place, n, k, from_pool, out):
    pool = np.empty(n, dtype=np.int64)
    selected = np.zeros(n, dtype=np.bool_)
    for t in range(out.shape[0]):
        if from_pool:
            for i in range(n):
                pool[i] = i
            for i in range(k):
                j = _below(words, place, n - i)
                out[t, i] = pool[j]
                pool[j] = pool[n - i - 1]
        else:
            selected[:] = False
            for i in range(k):
                j = _below(words, place, n)
                while selected[j]:
                    j = _below(words, place, n)
                selected[j] = True
                out[t, i] = j


# special_screen.may_hold's specials, by number (SCREENS.index(code)); any other code
# passes every hand.
SCREENS = ("supreme_dragon", "dragon", "royals_jqka", "twelve_faces", "three_quads",
           "four_trips", "six_pairs", "five_pairs_trips", "all_high", "all_low",
           "half_high", "half_low", "one_color", "black_one_red", "red_one_black",
           "three_flushes", "three_straights", "three_straight_flushes")


@lru_cache(maxsize=64)
def _screen_plan(specials) -> tuple[np.ndarray, np.ndarray]:
    """The rule set's specials as may_hold reads them: each one's number in SCREENS
    (-1: unknown, passes every hand) and the ranks a count must be 0 over for all_high
    and all_low, as may_hold's slices of the 15 rank counts take them."""
    numbers, spans = [], []
    for rule in specials:
        code = rule.code
        numbers.append(SCREENS.index(code) if code in SCREENS else -1)
        if code == "all_high":
            spans.append(slice(None, max(rule.param("min_rank", 8), 0)).indices(15)[:2])
        elif code == "all_low":
            spans.append(slice(rule.param("max_rank", 8) + 1, None).indices(15)[:2])
        else:
            spans.append((0, 0))
    return (np.array(numbers, dtype=np.int64),
            np.array(spans, dtype=np.int64).reshape(len(numbers), 2))


def may_declare(ranks: np.ndarray, suits: np.ndarray, config: RuleConfig) -> np.ndarray:
    """special_screen.may_declare of 13-card hands without jokers given as their cards'
    ranks (2..14) and suits (SUITS' order, twin diamonds as diamonds), (hands, 13) each:
    the same answer, hand by hand (False only where every special's screen refuses)."""
    return may_hold(ranks, suits, config) != 0


def may_hold(ranks: np.ndarray, suits: np.ndarray, config: RuleConfig) -> np.ndarray:
    """(hands,) int64: bit i set where the counts allow config.specials[i]
    (special_screen.may_hold's screen of that rule; unknown codes always), hands as for
    may_declare."""
    out = np.zeros(len(ranks), dtype=np.int64)
    if not config.specials:
        return out
    if len(config.specials) > 62:  # more than the bits: every hand may hold every one
        return out - 1
    from .special_screen import _run_codes
    numbers, spans = _screen_plan(config.specials)
    _may_hold(ranks, suits, numbers, spans, _run_codes(), out)
    return out


@njit(cache=True, nogil=True)
def _may_hold(ranks, suits, numbers, spans, run_codes, out):
    count = np.zeros(15, dtype=np.int64)
    suit = np.zeros(4, dtype=np.int64)
    for hand in range(ranks.shape[0]):
        count[:] = 0
        suit[:] = 0
        for i in range(ranks.shape[1]):
            count[ranks[hand, i]] += 1
            suit[suits[hand, i]] += 1
        most = 0
        for r in range(15):
            most = max(most, count[r])
        red = suit[1] + suit[3]  # h, d in SUITS = "shcd"
        out[hand] = 0
        for at in range(numbers.shape[0]):
            n = numbers[at]
            if n < 0:
                held = True
            elif n == 0:  # supreme_dragon
                used = 0
                for s in range(4):
                    used += suit[s] > 0
                held = most <= 1 and used <= 1
            elif n == 1:  # dragon
                held = most <= 1
            elif n == 2:  # royals_jqka
                held = count[11] + count[12] + count[13] + count[14] == 13
            elif n == 3:  # twelve_faces
                held = count[11] + count[12] + count[13] >= 12
            elif n == 4 or n == 5:  # three_quads, four_trips
                least = 4 if n == 4 else 3
                sets = 0
                for r in range(15):
                    sets += count[r] >= least
                held = sets >= (3 if n == 4 else 4)
            elif n == 6:  # six_pairs
                pairs = 0
                for r in range(15):
                    pairs += count[r] // 2
                held = pairs >= 6
            elif n == 7:  # five_pairs_trips
                odd = 0
                top = 0
                for r in range(15):
                    if count[r] % 2 == 1:
                        odd += 1
                        top = max(top, count[r])
                held = odd == 1 and top >= 3
            elif n == 8 or n == 9:  # all_high, all_low: no card over the span
                total = 0
                for r in range(spans[at, 0], spans[at, 1]):
                    total += count[r]
                held = total == 0
            elif n == 10 or n == 11:  # half_high, half_low
                held = count[14] == 1
            elif n == 12:  # one_color
                held = red == 0 or red == 13
            elif n == 13:  # black_one_red
                held = red == 1
            elif n == 14:  # red_one_black
                held = red == 12
            else:  # the three flushes, straights, straight flushes
                flushes = True
                straights = True
                if n == 15 or n == 17:
                    shape = np.sort(suit)[::-1]
                    flushes = (shape[0] == 13 or (shape[0] == 10 and shape[1] == 3)
                               or (shape[0] == 8 and shape[1] == 5)
                               or (shape[0] == 5 and shape[1] == 5 and shape[2] == 3))
                if n == 16 or n == 17:
                    code = 0
                    for r in range(15):
                        code |= min(count[r], 3) << (2 * r)
                    at_code = min(np.searchsorted(run_codes, code), run_codes.shape[0] - 1)
                    straights = most <= 3 and run_codes[at_code] == code
                held = flushes and straights
            if held:
                out[hand] |= 1 << at
