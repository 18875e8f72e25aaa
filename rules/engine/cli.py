"""The engine's command line: `python -m rules.engine COMMAND [--rules PRESET]`.

Reads JSON Lines on stdin and writes exactly one JSON line per input line, in order,
flushed as it goes, so a tool can drive it line by line:

- `evaluate`  {"cards": ["As","Kd","Qc"]}  ->  {"category": "high_card", "key": [...]}
- `settle`    {"players": [{"id", "front", "middle", "back", "declare_special"}...],
               "banker": "p1" (banker mode only), "rules" (optional: a preset name or a
               rule-set object, e.g. with a "horse_card")}  ->  Settlement.to_dict()
- `hints`     {"cards": [13 codes, or 16 in extra-three]}  ->  {"hints": [...]}
- `verify-deal` {"seed": 64 hex, "commitment": 64 hex, "hands": [[codes]...] in deal
               order, "rules": a preset name or a rule-set object (optional, else
               --rules), "algorithm" (optional); 十三道 adds "exchange" {put, takes,
               swapped_by} (the hands are then the rows played after it) and "bank"
               {bids, banker, pot}; v2 and v3 add "round_number" and "client_seeds"
               [32 lowercase hex each, in seat order; v3: null for a seat whose seed
               the commitment fixed]}  ->  {"ok": true}; a deal that does not check out
               is {"error": "..."} naming what differs (docs/fairness.md). The line is
               read as strictly as the /verify/ page reads a transcript: no other key,
               lowercase hex, canonical card codes, no client seed under v1, one client
               seed and (十三道) one bid per seat, every pool card taken once
- `advise`    {"cards": [13 codes, or 16 in extra-three], "rules" (optional, as in
               verify-deal), "samples" (at most; default 24, for 13 cards and 16: the
               strong bot's, advisor.samples_for), "seed" (default 0), "players",
               "time_budget" (seconds: stop sampling early; "samples" says how many ran),
               "banker": "player" | "opponent" (banker mode; default "opponent"),
               "arrangement": {front, middle, back, declare_special} (optional)}
               ->  {"best": {front, middle, back, unused, special, ev, stderr, hint},
               "candidates": [... best first], "arrangement_ev": number or null,
               "samples", "seed", "players"} (rules/engine/advisor.py)

A line that cannot be served (bad JSON, an unknown card, wrong counts, a card repeated
beyond the deck's copies, a foul the preset refuses, a special not held) gets
{"error": "..."} and the rest still run; the exit status is 1 if any line failed.
Keys a command does not use are ignored (verify-deal excepted: it refuses them).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from typing import Any, Callable, TextIO

from .arrangement import ArrangementError, validate_arrangement, validate_submission
from .cards import CardError, check_in_deck, codes, parse_cards
from .config import ConfigError, RuleConfig
from .fairness import (ALGORITHM, ALGORITHM_V3, ALGORITHMS, CLIENT_SEED_DIGITS,
                       FairnessError, bank_winner, commitment, deal_from_seed, deal_seed,
                       held_after_exchange)
from .presets import PRESET_NAMES, PRESETS, preset
from .rows import evaluate
from .settlement import SeatHand, SettlementError, settle


class LineError(ValueError):
    """A line the command cannot serve; its message goes back as {"error": ...}."""


def main(argv: list[str] | None = None, stdin: TextIO | None = None,
         stdout: TextIO | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m rules.engine",
        description="Thirteen Water rules engine over JSON Lines (stdin -> stdout).")
    parser.add_argument("command", choices=tuple(COMMANDS))
    parser.add_argument("--rules", default="standard", choices=PRESET_NAMES,
                        help="the preset whose rules apply (default: standard)")
    args = parser.parse_args(argv)
    return run(COMMANDS[args.command], preset(args.rules),
               stdin or sys.stdin, stdout or sys.stdout)


def run(command: Callable[[dict, RuleConfig], dict], config: RuleConfig,
        stdin: TextIO, stdout: TextIO) -> int:
    """Serve every line of `stdin`; 1 if any line failed, else 0."""
    failed = False
    while True:
        line = stdin.readline()
        if not line:
            break
        try:
            reply = command(_request(line), config)
        except (LineError, ArrangementError, SettlementError, CardError, FairnessError,
                ConfigError) as error:
            reply = {"error": str(error)}
            failed = True
        except Exception as error:  # a bug must not silence the lines after it
            reply = {"error": f"internal error: {type(error).__name__}: {error}"}
            failed = True
        stdout.write(json.dumps(reply) + "\n")
        stdout.flush()
    return 1 if failed else 0


def _request(line: str) -> dict:
    text = line.strip()
    if not text:
        raise LineError("empty line: expected a JSON object")
    try:
        request = json.loads(text)
    except json.JSONDecodeError as error:
        raise LineError(f"invalid JSON: {error.msg} at column {error.colno}") from None
    if not isinstance(request, dict):
        raise LineError("expected a JSON object")
    return request


# --- commands -------------------------------------------------------------------------


def evaluate_command(request: dict, config: RuleConfig) -> dict:
    cards = _card_list(request, "cards")
    if len(cards) not in (3, 5):
        raise LineError(f"a row has 3 or 5 cards, not {len(cards)}")
    check_in_deck(cards, config.deck, config.jokers)
    value = evaluate(cards, config.wheel)
    return {"category": value.category, "key": list(value.key)}


def settle_command(request: dict, config: RuleConfig) -> dict:
    config = _line_rules(request, config)  # e.g. a table's rules with its horse card
    players = request.get("players")
    if not isinstance(players, list) or not all(isinstance(p, dict) for p in players):
        raise LineError('"players" must be a list of objects')
    if not config.min_players <= len(players) <= config.max_players:
        raise LineError(f"this rule set seats {config.min_players} to {config.max_players} "
                        f"players, not {len(players)}")
    hands = []
    for number, player in enumerate(players, 1):
        player_id = player.get("id")
        if not isinstance(player_id, str) or not player_id:
            raise LineError(f"player {number}: \"id\" must be a non-empty string")
        declare = player.get("declare_special", False)
        if not isinstance(declare, bool):
            raise LineError(f"player {player_id}: \"declare_special\" must be true or false")
        try:
            rows = [_card_list(player, row) for row in ("front", "middle", "back")]
            arrangement = validate_arrangement(*rows, config, declare_special=declare)
        except (LineError, ArrangementError, CardError) as error:
            raise LineError(f"player {player_id}: {error}") from None
        hands.append(SeatHand(player_id, arrangement))
    try:
        check_in_deck([card for hand in hands for card in hand.arrangement.cards],
                      config.deck, config.jokers)
    except CardError as error:
        raise LineError(f"across the table: {error}") from None
    banker = request.get("banker")
    if config.mode == "banker" and not isinstance(banker, str):
        raise LineError('this rule set plays against a banker: give "banker" as a player id')
    return settle(hands, config, banker).to_dict()


def hints_command(request: dict, config: RuleConfig) -> dict:
    from .hints import hints  # imported here: the CLI's other commands do not need it

    cards = _card_list(request, "cards")
    if len(cards) != config.hand_size:
        raise LineError(f"a hand in this rule set is {config.hand_size} cards, not {len(cards)}")
    check_in_deck(cards, config.deck, config.jokers)
    return {"hints": [
        {"special": hint.special, "front": codes(hint.front), "middle": codes(hint.middle),
         "back": codes(hint.back), "pattern": list(hint.pattern)}
        for hint in hints(cards, config)
    ]}


def verify_deal_command(request: dict, config: RuleConfig) -> dict:
    """Check a revealed seed against its commitment and the hands it dealt (a settled
    round's replay gives all of it). Hands are compared as multisets per seat, in the
    order the cards were dealt (seat order), so a sorted hand is fine. Under v2 and v3
    the deal runs on the server seed mixed with `round_number` and every seat's
    `client_seeds` (v3: a null seat's is the seed the commitment fixed)."""
    config = _line_rules(request, config)
    algorithm = request.get("algorithm", ALGORITHM)
    if algorithm not in ALGORITHMS:
        raise LineError(f"unknown deal algorithm {algorithm!r}: this engine verifies "
                        f"{', '.join(ALGORITHMS)}")
    for name in ("seed", "commitment"):
        if not isinstance(request.get(name), str):
            raise LineError(f'"{name}" must be a string of 64 hexadecimal digits')
    hands = request.get("hands")
    if not isinstance(hands, list) or not hands:
        raise LineError('"hands" must be a list of hands, one list of card codes per seat')
    parsed = []
    for seat, hand in enumerate(hands):
        if not isinstance(hand, list) or not all(isinstance(code, str) for code in hand):
            raise LineError(f"seat {seat}: a hand must be a list of card codes")
        odd = next((code for code in hand if not _CARD.fullmatch(code)), None)
        if odd is not None:
            raise LineError(f"seat {seat}: {odd!r} is not a card code as a transcript "
                            "writes it (rank then suit, e.g. As, Td, or BJ, SJ)")
        if len(hand) != config.hand_size:
            raise LineError(f"seat {seat}: a hand in this rule set is {config.hand_size} "
                            f"cards, not {len(hand)}")
        parsed.append(parse_cards(hand))
    _check_form(request, algorithm, len(parsed))
    if commitment(request["seed"]) != request["commitment"]:
        raise FairnessError("the seed does not match the published commitment")
    seed = _deal_seed(request, algorithm, len(parsed))
    if "bank" in request:
        _verify_bank(seed, request["bank"])
    dealt, rest = deal_from_seed(seed, config, len(parsed))
    expected = {seat: Counter(codes(hand)) for seat, hand in enumerate(dealt)}
    exchange = request.get("exchange")
    if exchange is not None:
        # 十三道: the hands are the rows played; check them against the deal moved by
        # the exchange.
        if not isinstance(exchange, dict):
            raise LineError('"exchange" must be an object {put, takes, swapped_by}')
        spare = codes(rest[:13]) if len(parsed) == 3 else []
        try:
            expected = held_after_exchange(
                {seat: codes(hand) for seat, hand in enumerate(dealt)}, spare,
                _seat_keys(exchange))
        except (TypeError, ValueError, AttributeError) as error:
            if isinstance(error, FairnessError):
                raise
            raise LineError(f"the exchange record does not fit this deal: {error}") from None
    for seat, hand in enumerate(parsed):
        if Counter(codes(hand)) != expected[seat]:
            after = ", after the exchange" if exchange is not None else ""
            raise FairnessError(f"seat {seat}'s cards are not the ones this seed deals{after}")
    return {"ok": True}


_TRANSCRIPT_KEYS = frozenset({"algorithm", "commitment", "seed", "round_number", "client_seeds",
                              "rules", "hands", "exchange", "bank"})
_HEX64 = re.compile(r"[0-9a-f]{64}")
_HEX32 = re.compile(r"[0-9a-f]{%d}" % CLIENT_SEED_DIGITS)
_CARD = re.compile(r"[2-9TJQKA][shcd]|BJ|SJ")
_SEAT_KEY = re.compile(r"0|[1-9][0-9]*")


def _is_whole(value, low: int = 0) -> bool:
    return not isinstance(value, bool) and isinstance(value, int) and value >= low


def _check_form(request: dict, algorithm: str, players: int) -> None:
    """Refuse what the /verify/ page refuses (static/js/verify/check.js): a key no
    transcript has, hex not in lowercase, client seeds under v1 (its deal is the server's
    seed alone: they would be checked by nothing), a v2/v3 round number below 1, not one
    client seed per seat, and a malformed 十三道 exchange or bank."""
    unknown = sorted(set(request) - _TRANSCRIPT_KEYS)
    if unknown:
        raise LineError(f"{unknown[0]!r} is no key of a transcript (docs/fairness.md)")
    for name in ("seed", "commitment"):
        if not _HEX64.fullmatch(request[name]):
            raise LineError(f'"{name}" must be 64 hexadecimal digits, in lowercase')
    if algorithm == ALGORITHM:
        for name in ("round_number", "client_seeds"):
            if name in request:
                raise LineError(f'"{name}": a {ALGORITHM} deal is the server\'s seed alone, '
                                "it has no client seeds (nothing would check them)")
    else:
        number, seeds = request.get("round_number"), request.get("client_seeds")
        if not _is_whole(number, 1):
            raise LineError('"round_number" must be the round\'s number, 1 or more '
                            f"({algorithm})")
        derived = algorithm == ALGORITHM_V3
        if (not isinstance(seeds, list) or len(seeds) != players
                or not all((derived and seed is None)
                           or (isinstance(seed, str) and _HEX32.fullmatch(seed))
                           for seed in seeds)):
            either = " or null" if derived else ""
            raise LineError(f'"client_seeds" must list one client seed per seat, in seat '
                            f"order: {CLIENT_SEED_DIGITS} lowercase hexadecimal digits"
                            f"{either} ({algorithm})")
    if "exchange" in request:
        _check_exchange(request["exchange"], players)
    if "bank" in request:
        _check_bank_form(request["bank"], players)


def _check_exchange(exchange, players: int) -> None:
    bad = LineError('"exchange" must be {"put": {seat: card}, "takes": [[chooser, seat], '
                    '…], "swapped_by": seat or null}, every card put in taken once')
    if not isinstance(exchange, dict) or set(exchange) != {"put", "takes", "swapped_by"}:
        raise bad
    put, takes, swapped = exchange["put"], exchange["takes"], exchange["swapped_by"]
    if (not isinstance(put, dict)
            or not all(_SEAT_KEY.fullmatch(seat) and int(seat) < players
                       and isinstance(card, str) and _CARD.fullmatch(card)
                       for seat, card in put.items())
            or not isinstance(takes, list)
            or not all(isinstance(take, list) and len(take) == 2
                       and all(_is_whole(seat) and seat < players for seat in take)
                       for take in takes)
            or not (swapped is None or (players == 3 and _is_whole(swapped)
                                        and swapped < players))):
        raise bad
    if sorted(str(source) for _chooser, source in takes) != sorted(put):
        raise bad


def _check_bank_form(bank, players: int) -> None:
    if (not isinstance(bank, dict) or set(bank) != {"bids", "banker", "pot"}
            or not isinstance(bank["bids"], dict) or len(bank["bids"]) != players
            or not all(_SEAT_KEY.fullmatch(seat) and int(seat) < players and _is_whole(bid)
                       for seat, bid in bank["bids"].items())
            or not (_is_whole(bank["banker"]) and bank["banker"] < players)
            or not _is_whole(bank["pot"])):
        raise LineError('"bank" must be {"bids": {seat: 道}, one for every seat, "banker": '
                        'seat, "pot": the bids\' sum}')


def _deal_seed(request: dict, algorithm: str, players: int) -> str:
    """The seed the deal ran on: v1 the server seed, v2 and v3 mixed with the round number
    and one client seed per seat (fairness.deal_seed; v3 works out a null seat's seed
    from the server seed). _check_form has read the line."""
    if algorithm == ALGORITHM:
        return request["seed"]
    return deal_seed(algorithm, request["seed"], request["round_number"],
                     request["client_seeds"])


def _seat_keys(exchange: dict) -> dict:
    """An exchange record as the engine reads it: seats as numbers, in deal order."""
    return {"put": {int(seat): card for seat, card in (exchange.get("put") or {}).items()},
            "takes": [[int(chooser), int(source)]
                      for chooser, source in exchange.get("takes") or []],
            "swapped_by": (None if exchange.get("swapped_by") is None
                           else int(exchange["swapped_by"]))}


def _verify_bank(seed: str, bank) -> None:
    if not isinstance(bank, dict) or not isinstance(bank.get("bids"), dict) or not bank["bids"]:
        raise LineError('"bank" must be {"bids": {seat: 道}, "banker": seat}')
    try:
        bids = {int(seat): int(bid) for seat, bid in bank["bids"].items()}
    except (TypeError, ValueError):
        raise LineError('"bank": bids are whole numbers of 道 by seat') from None
    if "pot" in bank and bank["pot"] != sum(bids.values()):
        raise FairnessError("the pot is not the sum of the bids")
    if bank_winner(seed, bids) != bank.get("banker"):
        raise FairnessError("the bank did not go to the highest bid, or the seed draws "
                            "another among the tied")


def _line_rules(request: dict, config: RuleConfig) -> RuleConfig:
    """A line's own "rules" (a preset name, or a rule-set object such as a round's frozen
    rules) override --rules: a replay carries the rules its round was dealt under."""
    rules = request.get("rules")
    if rules is None:
        return config
    if isinstance(rules, str):
        if rules not in PRESETS:
            raise LineError(f"unknown preset {rules!r}; choose one of {', '.join(PRESET_NAMES)}")
        return PRESETS[rules]
    if isinstance(rules, dict):
        return RuleConfig.from_dict(rules)
    raise LineError('"rules" must be a preset name or a rule-set object')


MAX_ADVISE_SAMPLES = 100_000


def advise_command(request: dict, config: RuleConfig) -> dict:
    """The EV of every candidate arrangement, best first (rules/engine/advisor.py)."""
    # Imported here: numpy is needed by this command only.
    from .advisor import advise, samples_for
    from .advisor_deals import AdvisorError

    config = _line_rules(request, config)
    cards = _card_list(request, "cards")
    if len(cards) != config.hand_size:
        raise LineError(f"a hand in this rule set is {config.hand_size} cards, not {len(cards)}")
    check_in_deck(cards, config.deck, config.jokers)
    samples = _whole(request, "samples", samples_for(len(cards)), 1, MAX_ADVISE_SAMPLES)
    seed = _whole(request, "seed", 0, 0, 2**63 - 1)
    players = _whole(request, "players", config.max_players, 2, config.max_players)
    budget = request.get("time_budget")
    if budget is not None and (isinstance(budget, bool) or not isinstance(budget, (int, float))
                               or not 0 < budget <= 600):
        raise LineError('"time_budget" must be a number of seconds, more than 0, at most 600')
    banker = request.get("banker", "opponent")
    if banker not in ("player", "opponent"):
        raise LineError('"banker" must be "player" or "opponent"')
    if banker == "player" and config.mode != "banker":
        raise LineError('"banker": this rule set has no banker')
    arrangement = None
    given = request.get("arrangement")
    if given is not None:
        if not isinstance(given, dict):
            raise LineError('"arrangement" must be an object {front, middle, back}')
        declare = given.get("declare_special", False)
        if not isinstance(declare, bool):
            raise LineError('"arrangement": "declare_special" must be true or false')
        try:
            rows = [_card_list(given, row) for row in ("front", "middle", "back")]
        except LineError as error:
            raise LineError(f"arrangement: {error}") from None
        arrangement = validate_submission(cards, *rows, config, declare_special=declare)
    try:
        advice = advise(cards, config, samples=samples, seed=seed, players=players,
                        player_is_banker=banker == "player", arrangement=arrangement,
                        time_budget=budget)
    except AdvisorError as error:
        raise LineError(str(error)) from None
    return {
        "best": _rated(advice.best),
        "candidates": [_rated(candidate) for candidate in advice.candidates],
        "arrangement_ev": None if advice.arrangement is None else advice.arrangement.ev,
        "samples": advice.samples,
        "seed": advice.seed,
        "players": advice.players,
    }


def _rated(candidate) -> dict:
    arrangement = candidate.arrangement
    return {"front": codes(arrangement.front), "middle": codes(arrangement.middle),
            "back": codes(arrangement.back), "unused": codes(candidate.unused),
            "special": candidate.special, "ev": candidate.ev, "stderr": candidate.stderr,
            "hint": candidate.hint}


def _whole(request: dict, name: str, default: int, low: int, high: int) -> int:
    value = request.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise LineError(f'"{name}" must be a whole number from {low} to {high}')
    return value


COMMANDS: dict[str, Callable[[dict, RuleConfig], dict]] = {
    "evaluate": evaluate_command,
    "settle": settle_command,
    "hints": hints_command,
    "verify-deal": verify_deal_command,
    "advise": advise_command,
}


def _card_list(request: dict, name: str) -> list:
    value: Any = request.get(name)
    if not isinstance(value, list) or not all(isinstance(code, str) for code in value):
        raise LineError(f'"{name}" must be a list of card codes')
    return parse_cards(value)
