"""A room's session summary (一局总结): standings over the session's settled rounds —
totals, rounds won, scoops (打枪), home runs (全垒打), specials, fouls, timer
submissions, the biggest single-round win — and each round, with its replay.

Computed once, when the session ends (games.live.services.sessions), from what the
settlements stored, and kept on the Session: every round in it is settled, so a summary
holds no hidden information and its share link may be opened by anyone logged in.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch

from games.models import Hand, Round, RoundPhase, Session
from games.record.history import banker_outcome, seat_record


def session_summary(session: Session) -> dict[str, Any]:
    """{table, number, rounds_planned, rounds: [{round_id, number, totals}], standings:
    [{rank, user_id, display_name, total, rounds_won, scoops_given, scoops_taken,
    home_runs, specials, fouls, auto_submissions}], biggest_win: {user_id, display_name,
    points, round_id} | None, unit}. Standings run best first; equal totals share a rank."""
    rounds = list(Round.objects.filter(session=session, phase=RoundPhase.SETTLED)
                  .order_by("number")
                  .prefetch_related(Prefetch("hands", Hand.objects.select_related("user"))))
    players: dict[int, dict[str, Any]] = {}
    lines, biggest, unit = [], None, "water"
    for round in rounds:
        totals = {}
        for hand in round.hands.all():
            record = seat_record(round.result, hand.position)
            unit = banker_outcome(round.result, hand.position)["unit"]
            row = players.setdefault(hand.user_id, {
                "user_id": hand.user_id, "display_name": str(hand.user), "total": 0,
                "rounds": 0, "rounds_won": 0, "scoops_given": 0, "scoops_taken": 0,
                "home_runs": 0, "specials": 0, "fouls": 0, "auto_submissions": 0})
            points = hand.points or 0
            row["total"] += points
            row["rounds"] += 1
            row["rounds_won"] += points > 0
            row["scoops_given"] += record.scoops_given
            row["scoops_taken"] += record.scoops_taken
            row["home_runs"] += record.home_run
            row["specials"] += record.special is not None
            row["fouls"] += record.foul
            row["auto_submissions"] += hand.auto_submitted
            totals[str(hand.user_id)] = points
            if points > 0 and (biggest is None or points > biggest["points"]):
                biggest = {"user_id": hand.user_id, "display_name": str(hand.user),
                           "points": points, "round_id": round.id, "number": round.number}
        lines.append({"round_id": round.id, "number": round.number, "totals": totals})
    standings = sorted(players.values(), key=lambda r: (-r["total"], r["display_name"]))
    rank, previous = 0, None
    for place, row in enumerate(standings, start=1):
        if row["total"] != previous:
            rank, previous = place, row["total"]
        row["rank"] = rank
    return {"table": {"id": session.table_id, "name": session.table.name},
            "number": session.number, "rounds_planned": session.rounds_planned,
            "rounds": lines, "standings": standings, "biggest_win": biggest, "unit": unit}


def player_sessions(*, user, limit: int = 20) -> list[Session]:
    """The ended sessions the player played a round of, newest first."""
    return list(Session.objects.filter(ended_at__isnull=False, rounds__hands__user=user)
                .select_related("table").distinct().order_by("-ended_at")[:limit])


def shared_session(*, share_code: str) -> Session | None:
    """An ended session by its share link: anyone logged in may read its summary (its
    rounds are all settled, so it shows nothing hidden)."""
    return (Session.objects.filter(share_code=share_code, ended_at__isnull=False)
            .select_related("table").first())
