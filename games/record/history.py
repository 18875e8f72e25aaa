"""History (战绩): reads of settled rounds — a player's rounds, a table's rounds, a
player's statistics and the leaderboard of a rule set.

Only settled rounds are ever read here, so nothing of a round still being played (its
cards, rows or who is winning) can reach a history page, the API or an export. Figures
come from what settlement stored: `Hand.points` and `Round.result` (the engine's
Settlement.to_dict(), seat positions as numbers); a replay (games.record.replays) is the place
that rebuilds a round from its event log instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any, Iterable

from django.db.models import Count, Q, QuerySet, Sum
from django.utils.translation import gettext as _

from games.models import Hand, Round, RoundPhase, Seat, Table
from rules.engine.config import ROWS
from rules.models import RuleSet


class HistoryError(Exception):
    """A history request that cannot be served; `code` is `table_not_found`,
    `rule_set_not_found` or `bad_filter`, and `message` says what to change."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class HistoryFilter:
    """Which of a player's rounds to show: one rule set (its slug) and/or a range of
    settlement dates (inclusive, in the site's time zone)."""

    rule_set: str | None = None
    settled_from: date | None = None
    settled_to: date | None = None

    def __post_init__(self) -> None:
        if self.settled_from and self.settled_to and self.settled_from > self.settled_to:
            raise HistoryError("bad_filter", _("The first date comes after the last one."))
        if self.rule_set and not RuleSet.objects.filter(slug=self.rule_set).exists():
            raise HistoryError("rule_set_not_found", _("There is no such rule set."))


def _iso(moment) -> str | None:
    return moment.isoformat().replace("+00:00", "Z") if moment is not None else None


# --- a player's rounds --------------------------------------------------------------------


def _settled_hands(user, filters: HistoryFilter) -> QuerySet[Hand]:
    hands = Hand.objects.filter(user_id=user.id, round__phase=RoundPhase.SETTLED)
    if filters.rule_set:
        hands = hands.filter(round__table__rule_set__slug=filters.rule_set)
    if filters.settled_from:
        hands = hands.filter(round__settled_at__date__gte=filters.settled_from)
    if filters.settled_to:
        hands = hands.filter(round__settled_at__date__lte=filters.settled_to)
    return hands


def player_hands(*, user, filters: HistoryFilter = HistoryFilter()) -> QuerySet[Hand]:
    """The player's hands in settled rounds, newest first (paginate the queryset); each
    knows how many `players` its round had."""
    return (_settled_hands(user, filters)
            .select_related("round", "round__table", "round__table__rule_set")
            .annotate(players=Count("round__hands"))
            .order_by("-round__settled_at", "-round_id"))


@dataclass(frozen=True)
class SeatRecord:
    """One seat's part of a settled round, read from its stored result."""

    points: int
    rows_won: dict[str, int]
    rows_lost: dict[str, int]
    rows_tied: dict[str, int]
    scoops_given: int
    scoops_taken: int
    home_run: bool
    special: str | None
    foul: bool


def seat_record(result: dict[str, Any], position: int) -> SeatRecord:
    """What a settlement says about one seat: rows won, lost and tied against each
    opponent whose rows were compared, scoops (打枪) made and suffered, the home run
    (全垒打), the special declared (报到) and a foul (倒水)."""
    won, lost, tied = (dict.fromkeys(ROWS, 0) for _ in range(3))
    given = taken = 0
    for pair in result.get("pairs", []):
        if position not in (pair["a"], pair["b"]):
            continue
        for row in pair.get("rows", []):
            if row["winner"] is None:
                tied[row["row"]] += 1
            elif row["winner"] == position:
                won[row["row"]] += 1
            else:
                lost[row["row"]] += 1
        if pair.get("scoop") is not None:
            if pair["scoop"] == position:
                given += 1
            else:
                taken += 1
    shown = result.get("hands", {}).get(str(position), {})
    return SeatRecord(
        points=result.get("totals", {}).get(str(position), 0),
        rows_won=won, rows_lost=lost, rows_tied=tied,
        scoops_given=given, scoops_taken=taken,
        home_run=result.get("home_run") == position,
        special=shown.get("special"), foul=bool(shown.get("foul")))


def round_line(hand: Hand) -> dict[str, Any]:
    """One line of a player's history: the round, and how it went for them."""
    round = hand.round
    record = seat_record(round.result, hand.position)
    return {
        "round_id": round.id,
        "number": round.number,
        "table": {"id": round.table_id, "name": round.table.name},
        "rule_set": {"slug": round.table.rule_set.slug, "name": round.rules.get("name", "")},
        "settled_at": _iso(round.settled_at),
        "players": getattr(hand, "players", None) or round.hands.count(),
        "position": hand.position,
        "points": hand.points,
        "scoops_given": record.scoops_given,
        "scoops_taken": record.scoops_taken,
        "home_run": record.home_run,
        "special": record.special,
        "foul": record.foul,
        "auto": hand.auto_submitted,
        **banker_outcome(round.result, hand.position),
    }


def banker_outcome(result: dict[str, Any], position: int) -> dict[str, Any]:
    """How points are counted (`unit`: 十三道's 道, else water) and, in 十三道, whether this
    seat was the banker (庄) and what it bid for the bank (None without bidding)."""
    if result.get("mode") != "banker":
        return {"unit": "water", "banker": False, "bid": None}
    return {"unit": "dao", "banker": result.get("banker") == position,
            "bid": (result.get("bids") or {}).get(str(position))}


# --- a table's rounds ---------------------------------------------------------------------


def table_for_history(*, table_id: Any, user) -> Table:
    """The table if `user` may read its rounds: anyone logged in for a public table; for
    a private one, whoever sits at it or played a round at it."""
    table = (Table.objects.select_related("rule_set").filter(pk=table_id).first()
             if str(table_id).isdigit() else None)
    if table is not None and table.is_private:
        member = (Seat.objects.filter(table=table, user_id=user.id).exists()
                  or Hand.objects.filter(round__table=table, user_id=user.id).exists())
        if not member:
            table = None
    if table is None:
        raise HistoryError("table_not_found", _("There is no such table, or it is private."))
    return table


def table_rounds(table: Table) -> QuerySet[Round]:
    """A table's settled rounds, newest first, with their hands and players loaded."""
    return (Round.objects.filter(table=table, phase=RoundPhase.SETTLED)
            .prefetch_related("hands__user").order_by("-number"))


def table_round_line(round: Round) -> dict[str, Any]:
    """One settled round of a table: every seat's player and result."""
    hands = []
    for hand in sorted(round.hands.all(), key=lambda h: h.position):
        record = seat_record(round.result, hand.position)
        hands.append({"position": hand.position, "user_id": hand.user_id,
                      "display_name": str(hand.user), "points": hand.points,
                      "special": record.special, "foul": record.foul,
                      "auto": hand.auto_submitted, "home_run": record.home_run,
                      **banker_outcome(round.result, hand.position)})
    return {"round_id": round.id, "number": round.number, "settled_at": _iso(round.settled_at),
            "hands": hands}


# --- statistics ---------------------------------------------------------------------------


def player_statistics(*, user, filters: HistoryFilter = HistoryFilter()) -> dict[str, Any]:
    """A player's figures over their settled rounds (optionally one rule set or dates):

    {rounds, total_water, rounds_won, rounds_lost, rounds_even, best, worst,
     rows: {front|middle|back: {won, lost, tied, win_rate}}, scoops_given, scoops_taken,
     home_runs, specials, fouls, auto_submissions,
     water_over_time: [{round_id, settled_at, points, total}] oldest first,
     dao_rounds, total_dao, banker_rounds}

    十三道 rounds are counted in 道 against the banker, not in water between every pair:
    their points go to `total_dao` (and `banker_rounds` counts the rounds you held the
    bank), not to `total_water` or its chart; every other figure counts all rounds.

    `win_rate` is rows won over rows compared (ties count as compared), None before any.
    """
    rows = {row: {"won": 0, "lost": 0, "tied": 0} for row in ROWS}
    stats: dict[str, Any] = {"rounds": 0, "total_water": 0, "rounds_won": 0, "rounds_lost": 0,
                             "rounds_even": 0, "best": None, "worst": None,
                             "scoops_given": 0, "scoops_taken": 0, "home_runs": 0,
                             "specials": 0, "fouls": 0, "auto_submissions": 0,
                             "dao_rounds": 0, "total_dao": 0, "banker_rounds": 0}
    over_time = []
    hands = (_settled_hands(user, filters).select_related("round")
             .only("position", "points", "auto_submitted", "round__id", "round__result",
                   "round__settled_at")
             .order_by("round__settled_at", "round_id"))
    for hand in hands:
        record = seat_record(hand.round.result, hand.position)
        points = hand.points or 0
        stats["rounds"] += 1
        banker = banker_outcome(hand.round.result, hand.position)
        if banker["unit"] == "dao":
            stats["dao_rounds"] += 1
            stats["total_dao"] += points
            stats["banker_rounds"] += banker["banker"]
        else:
            stats["total_water"] += points
        outcome = "rounds_won" if points > 0 else "rounds_lost" if points < 0 else "rounds_even"
        stats[outcome] += 1
        stats["best"] = points if stats["best"] is None else max(stats["best"], points)
        stats["worst"] = points if stats["worst"] is None else min(stats["worst"], points)
        for row in ROWS:
            rows[row]["won"] += record.rows_won[row]
            rows[row]["lost"] += record.rows_lost[row]
            rows[row]["tied"] += record.rows_tied[row]
        stats["scoops_given"] += record.scoops_given
        stats["scoops_taken"] += record.scoops_taken
        stats["home_runs"] += record.home_run
        stats["specials"] += record.special is not None
        stats["fouls"] += record.foul
        stats["auto_submissions"] += hand.auto_submitted
        if banker["unit"] == "water":
            over_time.append({"round_id": hand.round.id,
                              "settled_at": _iso(hand.round.settled_at),
                              "points": points, "total": stats["total_water"]})
    for counts in rows.values():
        compared = counts["won"] + counts["lost"] + counts["tied"]
        counts["win_rate"] = round(counts["won"] / compared, 4) if compared else None
    stats["rows"] = rows
    stats["water_over_time"] = over_time
    return stats


# --- the leaderboard ----------------------------------------------------------------------


def leaderboard(*, rule_set: str, limit: int = 50) -> list[dict[str, Any]]:
    """The players of a rule set by total water over its settled rounds (all tables),
    best first, bots left out: [{rank, user_id, display_name, rounds, total_water, rounds_won,
    average, unit}]. Equal totals share a rank; more rounds then the name break the order.
    `unit` is "dao" for a 十三道 rule set, whose totals are 道 against the banker."""
    found = RuleSet.objects.filter(slug=rule_set).values_list("mode", flat=True).first()
    if found is None:
        raise HistoryError("rule_set_not_found", _("There is no such rule set."))
    unit = "dao" if found == "banker" else "water"
    # Bots play seats like anyone, but a leaderboard is for people.
    rows = (Hand.objects.filter(round__phase=RoundPhase.SETTLED,
                                round__table__rule_set__slug=rule_set, user__bot_level="")
            .values("user_id", "user__username", "user__display_name")
            .annotate(total_water=Sum("points"), rounds=Count("id"),
                      rounds_won=Count("id", filter=Q(points__gt=0)))
            .order_by("-total_water", "-rounds", "user__display_name", "user_id")[:limit])
    board, rank, previous = [], 0, None
    for place, row in enumerate(rows, start=1):
        if row["total_water"] != previous:
            rank, previous = place, row["total_water"]
        board.append({
            "rank": rank,
            "user_id": row["user_id"],
            "display_name": row["user__display_name"] or row["user__username"],
            "rounds": row["rounds"],
            "total_water": row["total_water"],
            "rounds_won": row["rounds_won"],
            "average": round(row["total_water"] / row["rounds"], 2),
            "unit": unit,
        })
    return board


def rule_sets_played() -> list[dict[str, str]]:
    """Rule sets with at least one settled round: the leaderboard's and filters' choices."""
    return [{"slug": slug, "name": name} for slug, name in
            RuleSet.objects.filter(tables__rounds__phase=RoundPhase.SETTLED)
            .distinct().order_by("name").values_list("slug", "name")]


def water_chart_points(series: Iterable[dict[str, Any]], width: int = 600, height: int = 160,
                       pad: int = 8) -> dict[str, Any]:
    """Coordinates for an inline SVG line of cumulative water (the profile's chart):
    {points: "x,y x,y…", zero_y, width, height, low, high}, None-free and empty-safe."""
    totals = [0] + [entry["total"] for entry in series]
    low, high = min(totals), max(totals)
    span = (high - low) or 1
    step = (width - 2 * pad) / max(len(totals) - 1, 1)

    def y(value: int) -> float:
        return round(pad + (high - value) * (height - 2 * pad) / span, 1)

    points = " ".join(f"{round(pad + i * step, 1)},{y(total)}" for i, total in enumerate(totals))
    return {"points": points, "zero_y": y(0), "width": width, "height": height,
            "low": low, "high": high, "rounds": len(totals) - 1}
