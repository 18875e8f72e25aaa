"""Replays (回放): a settled round rebuilt from its RoundEvent log and its revealed seed.

Nothing here reads Hand rows or `Round.result`: the deal comes from the seed (the same
`fairness.deal_from_seed` the services dealt with), the order and the timer's help from
the `submitted` events, the rows and every pair's detail from the `settled` event. So a
replay shows what was logged, and `replay_verify` can check the log against itself and
the seed — a changed event or seed is reported, not shown as if it were true.

Who may watch (RULES.md §10): the round's players always, anyone logged in when the
table is public, nobody before the round is settled (the log of an unsettled round is
not even read). A refusal is a `ReplayRefused` whose code the doors turn into 404 or 403.

The events (games.live.services and games.machine write them):
    dealt      {players: [{position, user_id}] in deal order, deal_commitment, fairness,
                deadline}
    submitted  {position, auto}                      one per player, in the order accepted
    settled    {result: Settlement.to_dict() with int positions, deal_seed}
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _

from accounts.avatars import avatar_url
from games.models import Hand, Round, RoundEvent, RoundPhase
from games.record import banker_replay
from rules.engine import fairness
from rules.engine.arrangement import ArrangementError, validate_arrangement
from rules.engine.cards import CardError, codes, parse_cards, sorted_for_display
from rules.engine.config import ROWS, ConfigError, RuleConfig
from rules.engine.settlement import SeatHand, SettlementError, settle


class ReplayRefused(Exception):
    """A replay the user may not watch: `round_not_found` (no such round, or a private
    table's round they did not play) or `round_not_settled` (its cards are still hidden)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class BrokenLog(Exception):
    """A log a replay cannot be built from at all (an event missing or malformed)."""


# --- who may watch ------------------------------------------------------------------------


def may_watch(round: Round, user) -> bool:
    """The round's players, or anyone logged in when its table is public — whatever the
    phase; `round_for_replay` adds that nobody watches before the settlement."""
    if user is None or not user.is_authenticated:
        return False
    if not round.table.is_private:
        return True
    return Hand.objects.filter(round=round, user_id=user.id).exists()


def round_for_replay(*, round_id: Any, user) -> Round:
    """The round if `user` may watch its replay now; ReplayRefused otherwise."""
    round = (Round.objects.select_related("table", "table__rule_set")
             .filter(pk=round_id).first() if str(round_id).isdigit() else None)
    if round is None or not may_watch(round, user):
        # A private table's round looks like no round at all to outsiders.
        raise ReplayRefused("round_not_found", _("There is no such round, or it is private."))
    if round.phase != RoundPhase.SETTLED or not round.deal_seed:
        raise ReplayRefused("round_not_settled",
                            _("This round is not settled yet: its replay opens once it is."))
    return round


def replay_get(*, round_id: Any, user) -> dict[str, Any]:
    """The replay of a round `user` may watch, with its verification."""
    return replay_build(round_for_replay(round_id=round_id, user=user))


# --- building -----------------------------------------------------------------------------


@dataclass(frozen=True)
class _Log:
    dealt: dict[str, Any]
    submitted: list[dict[str, Any]]
    settled: dict[str, Any]
    seqs: list[int]
    types: list[str]
    events: list[tuple[str, dict[str, Any]]]  # every event in order (十三道's steps)


def _read_log(round: Round) -> _Log:
    events = list(RoundEvent.objects.filter(round=round).order_by("seq"))
    by_type: dict[str, list[dict[str, Any]]] = {}
    for event in events:
        by_type.setdefault(event.type, []).append(event.payload)
    dealt, settled = by_type.get("dealt", []), by_type.get("settled", [])
    if len(dealt) != 1 or len(settled) != 1:
        raise BrokenLog(_("the log needs exactly one deal and one settlement"))
    if not isinstance(dealt[0].get("players"), list) or not isinstance(
            settled[0].get("result"), dict):
        raise BrokenLog(_("the deal or the settlement event is malformed"))
    return _Log(dealt[0], by_type.get("submitted", []), settled[0],
                [event.seq for event in events], [event.type for event in events],
                [(event.type, event.payload) for event in events])


def replay_build(round: Round) -> dict[str, Any]:
    """The replay of a settled round (callers check who may watch): the table and rules,
    the fairness data the browser re-checks, every hand as the `settled` message showed
    it, the pairs and totals, the steps of the player and the server's verification.

    `hands` has the keys and values of selectors.settled_payload's `hands`, so a replay
    equals what the table saw when the round was revealed.
    """
    if round.phase != RoundPhase.SETTLED or not round.deal_seed:
        raise ValueError("only a settled round has a replay")  # hidden information
    try:
        log = _read_log(round)
    except BrokenLog as error:
        return _unreadable(round, str(error))
    config = RuleConfig.from_dict(round.rules)
    result = log.settled["result"]
    order = [player["position"] for player in log.dealt["players"]]
    dealt, candidates = (_seed_deal(_deal_seed(round, log), config, len(order))
                         or (None, None))
    users = _players(player["user_id"] for player in log.dealt["players"])
    auto = {event.get("position"): bool(event.get("auto")) for event in log.submitted}
    hands = []
    for index, player in enumerate(log.dealt["players"]):
        position = player["position"]
        shown = result.get("hands", {}).get(str(position), {})
        rows = [shown.get(row) or [] for row in ROWS]
        discards = list(shown.get("discards") or [])
        cards = dealt[index] if dealt else _display_order(sum(rows, []) + discards)
        hands.append({
            "position": position,
            "user_id": player["user_id"],
            "display_name": str(users.get(player["user_id"], "?")),
            "avatar": avatar_url(users[player["user_id"]]) if player["user_id"] in users else None,
            "cards": cards,
            "candidates": candidates[index] if candidates else [],
            "discards": discards,
            "front": rows[0], "middle": rows[1], "back": rows[2],
            "pattern": shown.get("pattern"),
            "special": shown.get("special"),
            "foul": bool(shown.get("foul")),
            "auto": auto.get(position, False),
            "points": result.get("totals", {}).get(str(position)),
        })
    table = round.table
    replay = {
        "id": round.id,
        "number": round.number,
        "table": {"id": table.id, "name": table.name, "is_private": table.is_private},
        "rule_set": {"slug": table.rule_set.slug, "name": config.name},
        "rules": {"name": config.name, "mode": config.mode, "wheel": config.wheel,
                  "deck": config.deck, "jokers": config.jokers,
                  "hand_size": config.hand_size},
        "dealt_at": _iso(round.created_at),
        "settled_at": _iso(round.settled_at),
        "fairness": {
            "algorithm": log.dealt.get("fairness"),
            "commitment": log.dealt.get("deal_commitment"),
            "seed": round.deal_seed,
            # v2: the round number and every seat's client seed, in seat order, mixed
            # with the server's seed into the deal (docs/fairness.md).
            "round_number": round.number,
            "client_seeds": log.dealt.get("client_seeds", []),
            "deal_order": order,
        },
        "hands": hands,
        "pairs": result.get("pairs", []),
        "totals": result.get("totals", {}),
        "home_run": result.get("home_run"),
        # 十三道 (None / empty otherwise): the bank, the bids, the exchange record, the
        # negotiations and the points moved outside the rows.
        "banker": result.get("banker"),
        "bids": result.get("bids"),
        "exchange": result.get("exchange"),
        "negotiations": result.get("negotiations"),
        "adjustments": result.get("adjustments", []),
        "steps": replay_steps(log, hands, config),
    }
    replay["verification"] = verify_log(round, log, config)
    return replay


def _unreadable(round: Round, reason: str) -> dict[str, Any]:
    """A replay of a log that cannot be read: no steps, and a failed verification."""
    config = RuleConfig.from_dict(round.rules)
    return {
        "id": round.id, "number": round.number,
        "table": {"id": round.table.id, "name": round.table.name,
                  "is_private": round.table.is_private},
        "rule_set": {"slug": round.table.rule_set.slug, "name": config.name},
        "rules": {"name": config.name, "mode": config.mode, "wheel": config.wheel,
                  "deck": config.deck, "jokers": config.jokers, "hand_size": config.hand_size},
        "dealt_at": _iso(round.created_at), "settled_at": _iso(round.settled_at),
        "fairness": {"algorithm": None, "commitment": round.deal_commitment,
                     "seed": round.deal_seed, "deal_order": []},
        "hands": [], "pairs": [], "totals": {}, "home_run": None, "steps": [],
        "verification": {"ok": False, "checks": [
            {"check": "log", "ok": False, "message": reason}]},
    }


def _deal_seed(round: Round, log: _Log) -> str:
    """The seed the deal ran on (docs/fairness.md, v1–v3), a v3 seat without a seed worked
    out again rather than read from the log; "" when none can be made (the checks say why)."""
    algorithm, entries = log.dealt.get("fairness"), log.dealt.get("client_seeds") or []
    derived = algorithm == fairness.ALGORITHM_V3
    try:
        return fairness.deal_seed(algorithm, round.deal_seed, round.number, [
            None if derived and e.get("derived") else e["seed"] for e in entries])
    except (fairness.FairnessError, KeyError, TypeError):
        return ""


def _seed_deal(seed: str, config: RuleConfig, players: int
               ) -> tuple[list[list[str]], list[list[str]]] | None:
    """Each seat's cards as the seed deals them and, in 多三张, the last 3 of them, its
    candidates (docs/fairness.md), both in display order; None for a seed that cannot
    deal (the verification says why)."""
    try:
        hands, _rest = fairness.deal_from_seed(seed, config, players)
    except fairness.FairnessError:
        return None
    return ([codes(sorted_for_display(hand)) for hand in hands],
            [codes(sorted_for_display(hand[13:])) for hand in hands])


def _display_order(cards: list[str]) -> list[str]:
    try:
        return codes(sorted_for_display(parse_cards(cards)))
    except CardError:
        return list(cards)


def _players(user_ids) -> dict[int, Any]:
    return {user.pk: user for user in get_user_model().objects.filter(pk__in=list(user_ids))}


def _iso(moment) -> str | None:
    return moment.isoformat().replace("+00:00", "Z") if moment is not None else None


# --- the steps the player walks through ----------------------------------------------------


def replay_steps(log: _Log, hands: list[dict[str, Any]], config: RuleConfig
                 ) -> list[dict[str, Any]]:
    """The replay as steps, each with the running score after it (`running`, position ->
    points as strings like the totals), so a player can jump to any step:

        {kind: "deal"}                                      the cards, face up
        {kind: "submit", position, auto, special, foul}     one per submission, in order
        {kind: "row", row, results: [{a, b, winner, points}]}   front, middle, back
        {kind: "special", a, b, winner, code, points}       a pair decided by a special
        {kind: "scoop", winner, loser, points}              打枪: what the scoop added
        {kind: "home_run", position, points}                全垒打: what it added in all
        {kind: "totals", totals}

    十三道 adds (games.record.banker_replay): {kind: "bank", bids, tied, banker, pot} and
    {kind: "exchange", step, position, from?, card?, auto} after the deal, {kind:
    "negotiated", a, b, points} for each agreed pair, {kind: "adjustments", adjustments}
    (the pot and the spare hand's fees) before the totals.
    """
    result = log.settled["result"]
    pairs = result.get("pairs", [])
    running = {str(hand["position"]): 0 for hand in hands}
    steps: list[dict[str, Any]] = []

    def add(step: dict[str, Any], moves: list[tuple[Any, int]] = ()) -> None:
        for position, points in moves:
            key = str(position)
            running[key] = running.get(key, 0) + points
        steps.append({**step, "running": dict(running)})

    add({"kind": "deal"})
    banker = config.mode == "banker"
    if banker:
        banker_replay.opening_steps(log.events, result, add)
    shown = {hand["position"]: hand for hand in hands}
    for event in log.submitted:
        hand = shown.get(event.get("position"), {})
        add({"kind": "submit", "position": event.get("position"),
             "auto": bool(event.get("auto")), "special": hand.get("special"),
             "foul": bool(hand.get("foul"))})
    if banker:
        banker_replay.negotiation_steps(result, add)
    compared = [pair for pair in pairs
                if not pair.get("special") and not pair.get("negotiated")]
    for row in ROWS:
        results, moves = [], []
        for pair in compared:
            for outcome in pair.get("rows", []):
                if outcome.get("row") != row:
                    continue
                winner, points = outcome.get("winner"), outcome.get("points", 0)
                results.append({"a": pair["a"], "b": pair["b"], "winner": winner,
                                "points": points})
                if winner is not None:
                    loser = pair["b"] if winner == pair["a"] else pair["a"]
                    moves += [(winner, points), (loser, -points)]
        if results:
            add({"kind": "row", "row": row, "results": results}, moves)
    for pair in pairs:
        special = pair.get("special")
        if special:
            add({"kind": "special", "a": pair["a"], "b": pair["b"],
                 "winner": special.get("winner"), "code": special.get("code"),
                 "points": abs(pair.get("points", 0))},
                [(pair["a"], pair.get("points", 0)), (pair["b"], -pair.get("points", 0))])
    home_run_multiplier = max(config.home_run_multiplier, 1)
    for pair in compared:
        if pair.get("scoop") is None:
            continue
        # a's points after the scoop, before the home run multiplied them again.
        scooped = pair.get("points", 0)
        if pair.get("home_run") is not None:
            scooped //= home_run_multiplier
        added = scooped - pair.get("base", 0)
        winner = pair["scoop"]
        loser = pair["b"] if winner == pair["a"] else pair["a"]
        add({"kind": "scoop", "winner": winner, "loser": loser, "points": abs(added)},
            [(pair["a"], added), (pair["b"], -added)])
    home_run = result.get("home_run")
    if home_run is not None:
        moves, total = [], 0
        for pair in compared:
            if pair.get("home_run") is None:
                continue
            before = pair.get("points", 0) // home_run_multiplier
            added = pair.get("points", 0) - before
            moves += [(pair["a"], added), (pair["b"], -added)]
            total += abs(added)
        add({"kind": "home_run", "position": home_run, "points": total}, moves)
    if banker:
        banker_replay.adjustment_steps(result, add)
    add({"kind": "totals", "totals": result.get("totals", {})})
    return steps


# --- verification -------------------------------------------------------------------------


def verify_log(round: Round, log: _Log, config: RuleConfig) -> dict[str, Any]:
    """Check the log against the seed and itself; {"ok", "checks": [{check, ok, message}]}.

    - log:        one deal, one submission per player, one settlement, numbered 1, 2, 3…
    - commitment: SHA-256 of the revealed seed is the commitment published at the deal,
                  under the algorithm the deal names
    - deal:       each player's three rows hold exactly the cards the seed dealt them
    - settlement: the rules settle those rows to the logged pairs and totals
    """
    checks = [
        ("log", _check_log(round, log)),
        ("commitment", _check_commitment(round, log)),
        ("deal", _check_deal(round, log, config)),
        ("settlement", _check_settlement(log, config)),
    ]
    return {"ok": all(problem is None for _name, problem in checks), "checks": [
        {"check": name, "ok": problem is None, "message": problem or _ok_message(name)}
        for name, problem in checks]}


def _ok_message(check: str) -> str:
    return {
        "log": _("The log holds the deal, one submission per player and the settlement."),
        "commitment": _("SHA-256 of the revealed seed is the commitment published "
                        "before the deal."),
        "deal": _("Every player's rows (with their discards in 多三张, after the exchange in "
                  "十三道) hold exactly the cards the seed dealt them."),
        "settlement": _("The rules settle the submitted rows to the logged points."),
    }[check]


def _check_log(round: Round, log: _Log) -> str | None:
    if log.seqs != list(range(1, len(log.seqs) + 1)):
        return _("events are missing from the log (numbers %(seqs)s)") % {
            "seqs": ", ".join(map(str, log.seqs))}
    if log.types[0] != "dealt" or log.types[-1] != "settled":
        return _("the log does not start with the deal and end with the settlement")
    positions = [player.get("position") for player in log.dealt["players"]]
    submitted = [event.get("position") for event in log.submitted]
    if sorted(submitted) != sorted(positions) or len(set(positions)) != len(positions):
        return _("the submissions do not match the players dealt in")
    hands = log.settled["result"].get("hands", {})
    for event in log.submitted:
        shown = hands.get(str(event.get("position")), {})
        if bool(shown.get("auto")) != bool(event.get("auto")):
            return _("seat %(position)s's submission and the settlement disagree on "
                     "whether the timer submitted") % {"position": event.get("position")}
    if log.settled.get("deal_seed") != round.deal_seed:
        return _("the seed in the log is not the round's revealed seed")
    return None


def _check_commitment(round: Round, log: _Log) -> str | None:
    algorithm = log.dealt.get("fairness")
    if algorithm not in fairness.ALGORITHMS:
        return _("the deal names the algorithm %(algorithm)s, which this server cannot "
                 "check") % {"algorithm": algorithm}
    published = log.dealt.get("deal_commitment")
    if published != round.deal_commitment:
        return _("the commitment in the log is not the round's published commitment")
    try:
        if fairness.commitment(round.deal_seed) != published:
            return _("SHA-256 of the revealed seed is not the published commitment")
    except fairness.FairnessError:
        return _("the revealed seed is not 64 hexadecimal digits")
    wrong = fairness.wrong_derived_seat(algorithm, round.deal_seed, round.number,
                                        log.dealt.get("client_seeds") or [])
    return None if wrong is None else _(
        "seat %(position)s's client seed is not the one the revealed seed fixes for it") % {
        "position": wrong}


def _check_deal(round: Round, log: _Log, config: RuleConfig) -> str | None:
    players = log.dealt["players"]
    if config.mode == "banker":
        try:
            order = [player["position"] for player in players]
            result = log.settled["result"]
            seed = _deal_seed(round, log)
            return (banker_replay.check_bank(seed, log.events, result)
                    or banker_replay.check_deal(seed, config, order, result))
        except (fairness.FairnessError, KeyError, TypeError, ValueError):
            return _("the revealed seed cannot deal this round")
    deal = _seed_deal(_deal_seed(round, log), config, len(players))
    if deal is None:
        return _("the revealed seed cannot deal this round")
    hands = log.settled["result"].get("hands", {})
    for player, cards in zip(players, deal[0]):
        shown = hands.get(str(player.get("position")), {})
        # The rows and, in 多三张, the discards: together every card the seed dealt.
        held = [code for row in (*ROWS, "discards") for code in (shown.get(row) or [])]
        if Counter(held) != Counter(cards):
            return _("seat %(position)s's rows are not the cards the seed dealt them") % {
                "position": player.get("position")}
    return None


def _check_settlement(log: _Log, config: RuleConfig) -> str | None:
    result = log.settled["result"]
    seat_hands = []
    try:
        for player in log.dealt["players"]:
            shown = result["hands"][str(player["position"])]
            arrangement = validate_arrangement(
                shown["front"], shown["middle"], shown["back"], config,
                declare_special=shown.get("special") is not None)
            seat_hands.append(SeatHand(str(player["position"]), arrangement))
        if config.mode == "banker":
            again = banker_replay.settle_again(seat_hands, config, result)
        else:
            again = settle(seat_hands, config).to_dict()
    except (KeyError, TypeError, ArrangementError, CardError, SettlementError,
            ConfigError) as error:
        return _("the logged rows cannot be settled: %(error)s") % {"error": error}
    logged = _comparable(result)
    if _comparable(again) != logged:
        return _("settling the logged rows gives other points than the log holds")
    return None


_PLATFORM_HAND_KEYS = frozenset({"auto", "discards"})


def _comparable(result: dict[str, Any]) -> dict[str, Any]:
    """A settlement with every seat id as text (the log holds them as numbers) and the
    hands without what the platform adds and the engine does not know: the `auto` flag
    and the discards (which the deal check covers)."""
    def seat(value):
        return None if value is None else str(value)

    pairs = []
    for pair in result.get("pairs", []):
        special = pair.get("special")
        pairs.append({
            **pair, "a": seat(pair.get("a")), "b": seat(pair.get("b")),
            "scoop": seat(pair.get("scoop")), "home_run": seat(pair.get("home_run")),
            "horse": seat(pair.get("horse")),
            "rows": [{**row, "winner": seat(row.get("winner"))} for row in pair.get("rows", [])],
            "special": None if special is None else {**special,
                                                     "winner": seat(special.get("winner"))},
        })
    hands = {str(position): {key: value for key, value in hand.items()
                             if key not in _PLATFORM_HAND_KEYS}
             for position, hand in result.get("hands", {}).items()}
    return {"home_run": seat(result.get("home_run")), "banker": seat(result.get("banker")),
            "horse": seat(result.get("horse")),
            "totals": {str(k): v for k, v in result.get("totals", {}).items()},
            "pairs": pairs, "hands": hands, "mode": result.get("mode")}
