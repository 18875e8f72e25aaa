"""A verifier of deal transcripts written from docs/fairness.md alone, standard library
only, sharing no code with the platform — the check an outsider would write.

    python tests/fairness/independent_verifier.py < transcript.json   # prints ok or why

`verify(text)` returns None when the transcript checks out, else the reason.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import sys
from collections import Counter

RANKS = "23456789TJQKA"


def canonical(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def deck(name: str, jokers: bool) -> list[str]:
    cards = [rank + suit for suit in "shcd" for rank in RANKS]
    if name == "extra_suit":
        cards += [rank + "d" for rank in RANKS]
    elif name != "standard":
        raise ValueError("unknown deck")
    if jokers:
        cards += ["BJ", "SJ"]
    return cards


class Stream:
    def __init__(self, key: bytes, domain: bytes) -> None:
        self.key, self.domain, self.counter, self.buffer = key, domain, 0, b""

    def uint32(self) -> int:
        if len(self.buffer) < 4:
            message = self.domain + self.counter.to_bytes(8, "big")
            self.buffer += hmac.new(self.key, message, hashlib.sha256).digest()
            self.counter += 1
        value, self.buffer = int.from_bytes(self.buffer[:4], "big"), self.buffer[4:]
        return value

    def randbelow(self, n: int) -> int:
        limit = 2**32 - 2**32 % n
        while True:
            x = self.uint32()
            if x < limit:
                return x % n


def hex_bytes(text, length: int) -> bytes:
    if not isinstance(text, str) or len(text) != 2 * length or text != text.lower():
        raise ValueError("bad hex")
    return bytes.fromhex(text)


def verify(text: str) -> str | None:
    try:
        transcript = json.loads(text)
    except ValueError:
        return "not JSON"
    if not isinstance(transcript, dict) or canonical(transcript) != text:
        return "not the canonical form"
    try:
        return _check(transcript)
    except (KeyError, TypeError, ValueError, IndexError) as error:
        return f"malformed: {error!r}"


def _check(t: dict) -> str | None:
    allowed = {"algorithm", "commitment", "seed", "round_number", "client_seeds", "rules",
               "hands", "exchange", "bank"}
    if set(t) - allowed:
        return "unknown keys"
    server = hex_bytes(t["seed"], 32)
    if hashlib.sha256(server).hexdigest() != t["commitment"]:
        return "the seed does not match the commitment"
    hands = t["hands"]
    if t["algorithm"] == "hmac-sha256-fy-v1":
        if "round_number" in t or "client_seeds" in t:
            return "v1 has no client seeds"
        key = server
    elif t["algorithm"] in ("hmac-sha256-fy-v2", "hmac-sha256-fy-v3"):
        number, seeds = t["round_number"], t["client_seeds"]
        if type(number) is not int or number < 1 or len(seeds) != len(hands):
            return "bad round number or client seeds"
        if t["algorithm"] == "hmac-sha256-fy-v3":
            # v3: a seat that sent none (null) has the seed the commitment fixed.
            seeds = [hmac.new(server, b"thirteen-water/seat/v3/" + number.to_bytes(8, "big")
                              + k.to_bytes(8, "big"), hashlib.sha256).digest()[:16].hex()
                     if seed is None else seed for k, seed in enumerate(seeds)]
        domain = b"thirteen-water/round/" + t["algorithm"][-2:].encode() + b"/"
        message = domain + number.to_bytes(8, "big") + b"".join(
            hex_bytes(seed, 16) for seed in seeds)
        key = hmac.new(server, message, hashlib.sha256).digest()
    else:
        return "unknown algorithm"
    rules = t["rules"]
    if set(rules) != {"deck", "jokers", "extra_cards"} or rules["extra_cards"] not in (0, 3) \
            or type(rules["jokers"]) is not bool:
        return "bad rules"
    cards = deck(rules["deck"], rules["jokers"])
    stream = Stream(key, b"thirteen-water/deal/v1/")
    for i in range(len(cards) - 1, 0, -1):
        j = stream.randbelow(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    size = 13 + rules["extra_cards"]
    if not hands or len(hands) * size > len(cards):
        return "bad hands"
    held = {k: Counter(cards[k * size:(k + 1) * size]) for k in range(len(hands))}
    if "exchange" in t:
        held = _exchanged(held, cards[len(hands) * size:len(hands) * size + 13], t["exchange"])
        if held is None:
            return "the exchange moves cards a seat did not hold"
    for k, hand in enumerate(hands):
        if Counter(hand) != held[k]:
            return f"seat {k}'s cards are not the deal"
    if "bank" in t:
        return _check_bank(key, t["bank"], len(hands))
    return None


def _exchanged(held: dict, spare: list[str], exchange: dict) -> dict | None:
    if set(exchange) != {"put", "takes", "swapped_by"}:
        return None
    put = {int(seat): card for seat, card in exchange["put"].items()}
    for seat, card in put.items():
        if held[seat][card] < 1:
            return None
        held[seat][card] -= 1
    for chooser, seat in exchange["takes"]:
        if seat not in put:
            return None
        held[chooser][put.pop(seat)] += 1
    if put:
        return None  # a pool card nobody took
    if exchange["swapped_by"] is not None:
        if len(held) != 3:
            return None
        held[exchange["swapped_by"]] = Counter(spare)
    return {seat: +cards for seat, cards in held.items()}


def _check_bank(key: bytes, bank: dict, players: int) -> str | None:
    if set(bank) != {"bids", "banker", "pot"}:
        return "bad bank"
    bids = {int(seat): bid for seat, bid in bank["bids"].items()}
    if sorted(bids) != list(range(players)) or any(type(b) is not int for b in bids.values()):
        return "bad bids"
    if sum(bids.values()) != bank["pot"]:
        return "the pot is not the bids"
    top = max(bids.values())
    tied = sorted(seat for seat, bid in bids.items() if bid == top)
    banker = tied[0] if len(tied) == 1 else tied[
        Stream(key, b"thirteen-water/bank/v1/").randbelow(len(tied))]
    return None if banker == bank["banker"] else "the bank went to the wrong seat"


if __name__ == "__main__":
    problem = verify(sys.stdin.read().strip())
    print("ok" if problem is None else problem)
    sys.exit(0 if problem is None else 1)
