"""Provably fair deals: a deal is a deterministic function of a secret seed.

Before the cards are dealt the server publishes `commitment(seed)`; once the round is
settled it reveals the seed, and anyone can recompute the deal and check both.

The scheme, version `hmac-sha256-fy-v1` (docs/fairness.md spells it out for other
implementations, such as the replay page's in-browser check):

1. seed: 32 bytes from `secrets`, written as 64 lowercase hex digits.
2. commitment: SHA-256 of the 32 seed bytes, as 64 lowercase hex digits.
3. random stream: block i (i = 0, 1, 2, …) is HMAC-SHA256(key = seed bytes,
   message = b"thirteen-water/deal/v1/" + i as 8 big-endian bytes); the stream is the
   blocks one after another, read 4 bytes at a time as big-endian unsigned integers.
4. randbelow(n): draw x from the stream until x < 2**32 - (2**32 mod n) (rejection
   sampling removes modulo bias), then return x mod n.
5. shuffle: the deck in its canonical order (`cards.build_deck`: ♠ 2…A, ♥, ♣, ♦, the
   65-card deck's second diamonds, then BJ, SJ), Fisher–Yates from the last position
   down: for i = len-1 … 1, swap positions i and randbelow(i + 1).
6. deal: player k (seat order) receives shuffled cards [k*h, (k+1)*h) with h the hand
   size (13, or 16 in 多三张); the rest stays undealt.
7. 十三道's bank, when the highest bids tie: the same seed keys a second stream whose
   messages start b"thirteen-water/bank/v1/"; the banker is the tied seat positions,
   sorted, at index randbelow(number tied) — so the draw is as committed as the deal.

Version `hmac-sha256-fy-v2` lets every player add to the deal, so that neither the server
nor any one player can choose it: the server commits to its seed S (steps 1–2) before
any player can send a client seed for the round; each seated player sends a client seed
of 16 random bytes (32 hex digits; under v2 the server drew one for a player who sent
none, and said so); then the round's seed is

    R = HMAC-SHA256(key = S's 32 bytes,
                    message = b"thirteen-water/round/v2/" + round number as 8 big-endian
                              bytes + every client seed's 16 bytes, in seat order)

written as 64 hex digits, and steps 3–7 run on R exactly as v1 runs them on S.

Version `hmac-sha256-fy-v3` is v2 without the server's last move: under v2 a seat that
sent no client seed (a bot, an away player) got one the server drew at the deal, after
it had seen every other seed, so it could choose among as many deals as it liked. Under
v3 such a seat's client seed is fixed by the commitment already:

    C_k = the first 16 bytes of HMAC-SHA256(key = S's 32 bytes,
              message = b"thirteen-water/seat/v3/" + round number as 8 big-endian bytes
                        + k as 8 big-endian bytes)

with k the seat's place in deal order (0, 1, …); a transcript writes such a seat's
client seed as null, and a verifier computes C_k itself. R is then v2's formula over
every seat's seed, sent or derived, with the message starting b"thirteen-water/round/v3/"
instead (so that a v3 transcript relabelled v2 deals other cards). `deal_seed(algorithm, S, number, client seeds)` is R
(v2, v3: None stands for a derived seed, v3 only) or S itself (v1).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections import Counter
from typing import Sequence

from .cards import Card, build_deck, shuffle
from .config import RuleConfig

ALGORITHM = "hmac-sha256-fy-v1"
ALGORITHM_V2 = "hmac-sha256-fy-v2"
ALGORITHM_V3 = "hmac-sha256-fy-v3"  # what rounds are dealt under now
ALGORITHMS = (ALGORITHM, ALGORITHM_V2, ALGORITHM_V3)
CLIENT_SEED_DIGITS = 32  # 16 bytes, as hex
_DOMAIN = b"thirteen-water/deal/v1/"
_ROUND_DOMAIN = b"thirteen-water/round/v2/"
_ROUND_DOMAIN_V3 = b"thirteen-water/round/v3/"
_SEAT_DOMAIN = b"thirteen-water/seat/v3/"
_BANK_DOMAIN = b"thirteen-water/bank/v1/"
_SPACE = 1 << 32


class FairnessError(ValueError):
    """A seed, commitment or deal that does not check out; the message says why."""


def new_seed() -> str:
    """A fresh secret seed: 32 bytes from the operating system's secure generator."""
    return secrets.token_hex(32)


def _seed_bytes(seed: str) -> bytes:
    if not isinstance(seed, str) or len(seed) != 64:
        raise FairnessError("a seed is 64 hexadecimal digits")
    try:
        return bytes.fromhex(seed)
    except ValueError:
        raise FairnessError("a seed is 64 hexadecimal digits") from None


def client_seed(value) -> str:
    """A client seed as sent, checked and written in lowercase: exactly 32 hexadecimal
    digits; FairnessError otherwise."""
    if (not isinstance(value, str) or len(value) != CLIENT_SEED_DIGITS
            or any(c not in "0123456789abcdefABCDEF" for c in value)):
        raise FairnessError(f"a client seed is {CLIENT_SEED_DIGITS} hexadecimal digits")
    return value.lower()


def round_seed(server_seed: str, round_number: int, client_seeds: Sequence[str],
               domain: bytes = _ROUND_DOMAIN) -> str:
    """v2: the round's seed from the server's seed, the round number and every seated
    player's client seed in seat order (the module docstring's formula); v3 the same
    under its own domain."""
    message = domain + _round_number(round_number).to_bytes(8, "big") + b"".join(
        bytes.fromhex(client_seed(seed)) for seed in client_seeds)
    return hmac.new(_seed_bytes(server_seed), message, hashlib.sha256).hexdigest()


def _round_number(round_number) -> int:
    if isinstance(round_number, bool) or not isinstance(round_number, int) or round_number < 0:
        raise FairnessError("a round number is a whole number")
    return round_number


def derived_client_seed(server_seed: str, round_number: int, seat: int) -> str:
    """v3: the client seed of the seat `seat` places into the deal order that sent none
    — fixed by the server seed, so by the commitment, before anyone was ready (the module
    docstring's C_k)."""
    if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
        raise FairnessError("a seat is a whole number")
    message = (_SEAT_DOMAIN + _round_number(round_number).to_bytes(8, "big")
               + seat.to_bytes(8, "big"))
    digest = hmac.new(_seed_bytes(server_seed), message, hashlib.sha256).digest()
    return digest[:CLIENT_SEED_DIGITS // 2].hex()


def resolved_client_seeds(server_seed: str, round_number: int,
                          client_seeds: Sequence[str | None]) -> list[str]:
    """v3: every seat's client seed in deal order, a None (the seat sent none) replaced
    by its derived seed."""
    return [derived_client_seed(server_seed, round_number, seat) if seed is None else seed
            for seat, seed in enumerate(client_seeds)]


def deal_seed(algorithm: str, server_seed: str, round_number: int = 0,
              client_seeds: Sequence[str | None] = ()) -> str:
    """The seed steps 3–7 run on: the server's seed itself (v1), or the round's seed
    mixed with every client seed (v2; v3, where None is a seat's derived seed)."""
    if algorithm == ALGORITHM:
        return server_seed
    if algorithm == ALGORITHM_V2:
        return round_seed(server_seed, round_number, client_seeds)
    if algorithm == ALGORITHM_V3:
        return round_seed(server_seed, round_number,
                          resolved_client_seeds(server_seed, round_number, client_seeds),
                          _ROUND_DOMAIN_V3)
    raise FairnessError(f"unknown deal algorithm {algorithm!r}")


def wrong_derived_seat(algorithm: str, server_seed: str, round_number: int,
                       entries: Sequence[dict]) -> int | None:
    """v3: the position of the first logged seat marked `derived` whose seed is not the
    one the server seed fixes for its place in deal order (None: all are, or not v3)."""
    if algorithm != ALGORITHM_V3:
        return None
    for place, entry in enumerate(entries):
        if entry.get("derived") and entry.get("seed") != derived_client_seed(
                server_seed, round_number, place):
            return entry.get("position")
    return None


def commitment(seed: str) -> str:
    """The SHA-256 commitment published before the deal."""
    return hashlib.sha256(_seed_bytes(seed)).hexdigest()


class SeedStream:
    """The deterministic random source of step 3–4: `randbelow(n)` from HMAC blocks."""

    def __init__(self, seed: str, domain: bytes = _DOMAIN) -> None:
        self._key = _seed_bytes(seed)
        self._domain = domain
        self._counter = 0
        self._buffer = b""

    def _next_uint32(self) -> int:
        if len(self._buffer) < 4:
            block = hmac.new(self._key, self._domain + self._counter.to_bytes(8, "big"),
                             hashlib.sha256).digest()
            self._counter += 1
            self._buffer += block
        value, self._buffer = int.from_bytes(self._buffer[:4], "big"), self._buffer[4:]
        return value

    def randbelow(self, n: int) -> int:
        if n < 1 or n > _SPACE:
            raise ValueError("randbelow needs 1 <= n <= 2**32")
        limit = _SPACE - (_SPACE % n)
        while True:
            x = self._next_uint32()
            if x < limit:
                return x % n


def shuffled_deck(seed: str, config: RuleConfig) -> list[Card]:
    """The whole deck in the order the seed shuffles it (steps 5)."""
    return shuffle(build_deck(config.deck, config.jokers), SeedStream(seed))


def deal_from_seed(seed: str, config: RuleConfig, players: int
                   ) -> tuple[list[list[Card]], list[Card]]:
    """Step 6: each player's cards in seat order, and the undealt rest."""
    pack = shuffled_deck(seed, config)
    size = config.hand_size
    if not 1 <= players or players * size > len(pack):
        raise FairnessError(f"{players} hands of {size} cards do not fit a {len(pack)}-card deck")
    hands = [pack[k * size:(k + 1) * size] for k in range(players)]
    return hands, pack[players * size:]


def verify_deal(seed: str, published_commitment: str, hands: Sequence[Sequence[Card]],
                config: RuleConfig) -> None:
    """Check a revealed seed against its commitment and the hands that were dealt.

    Hands are compared as multisets per seat (a player's sorted hand is fine). Raises
    FairnessError naming the first thing that does not match.
    """
    if commitment(seed) != str(published_commitment).strip().lower():
        raise FairnessError("the seed does not match the published commitment")
    expected, _rest = deal_from_seed(seed, config, len(hands))
    for seat, (dealt, recomputed) in enumerate(zip(hands, expected)):
        if Counter(dealt) != Counter(recomputed):
            raise FairnessError(f"seat {seat}'s cards are not the ones this seed deals")


def bank_draw(seed: str, tied: Sequence[int]) -> int:
    """Step 7: the banker among seat positions whose bids tie for the highest."""
    if not tied:
        raise FairnessError("a draw for the bank needs at least one tied bidder")
    ordered = sorted(tied)
    return ordered[SeedStream(seed, _BANK_DOMAIN).randbelow(len(ordered))]


def bank_winner(seed: str, bids: dict[int, int]) -> int:
    """十三道's banker for these bids (RULES.md §8.1): the highest bidder, a tie drawn by
    step 7 among the tied."""
    top = max(bids.values())
    tied = sorted(position for position, bid in bids.items() if bid == top)
    return tied[0] if len(tied) == 1 else bank_draw(seed, tied)


def held_after_exchange(dealt: dict[int, Sequence[str]], spare: Sequence[str],
                        exchange: dict) -> dict[int, Counter]:
    """十三道: the cards each seat held after the exchange (RULES.md §8.2–§8.3), from the
    codes the seed dealt, the spare hand and a settled round's `exchange` record — the
    card each seat put into the pool, the `takes` ([chooser, seat whose card they took]),
    and who swapped for the spare hand. A taken card is no change of the deal: the deal is
    checked as dealt, the rows against these. FairnessError if the record moves a card
    its seat did not hold."""
    held = {position: Counter(cards) for position, cards in dealt.items()}
    put = {int(position): card for position, card in (exchange.get("put") or {}).items()}
    for position, card in put.items():
        if held.get(position, Counter())[card] < 1:
            raise FairnessError(f"seat {position} put {card} into the pool without holding it")
        held[position][card] -= 1
    for chooser, source in exchange.get("takes") or []:
        if source not in put or chooser not in held:
            raise FairnessError(f"seat {chooser} took a pool card seat {source} never put in")
        held[chooser][put.pop(source)] += 1
    swapped = exchange.get("swapped_by")
    if swapped is not None:
        if swapped not in held:
            raise FairnessError(f"seat {swapped} took the spare hand without playing")
        held[swapped] = Counter(spare)
    return {position: +cards for position, cards in held.items()}
