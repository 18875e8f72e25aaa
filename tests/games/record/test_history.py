"""games.record.history: a player's rounds with filters, a table's rounds, statistics that match
the stored rounds, the leaderboard per rule set — and never a round still being played."""

from __future__ import annotations

from datetime import date, datetime, timezone

import pytest

from games.live import services
from games.record.history import (HistoryError, HistoryFilter, leaderboard, player_hands,
                           player_statistics, round_line, rule_sets_played, seat_record,
                           table_for_history, table_round_line, table_rounds,
                           water_chart_points)
from games.models import Hand, Round
from rules.engine.config import ROWS
from tests.factories import make_user

from tests.games.conftest import best_rows, seat_all, start_round
from tests.games.played import HOME_RUN_SEED, SCOOP_SEED, SPECIAL_SEED, play_round

pytestmark = pytest.mark.django_db


def day(n: int) -> datetime:
    return datetime(2026, 3, n, 12, 0, tzinfo=timezone.utc)


@pytest.fixture
def three_rounds(play):
    """A scoop on 1 March, a home run on 2 March, a special on 3 March."""
    return [play(SCOOP_SEED, at=day(1), manual=(0,)), play(HOME_RUN_SEED, at=day(2)),
            play(SPECIAL_SEED, at=day(3), declare=(0,))]


def expected_record(round: Round, position: int) -> dict:
    """A seat's figures worked out here, straight from the stored settlement."""
    result = round.result
    mine = [p for p in result["pairs"] if position in (p["a"], p["b"])]
    rows = [r for p in mine for r in p["rows"]]
    return {
        "points": Hand.objects.get(round=round, position=position).points,
        "won": sum(r["winner"] == position for r in rows),
        "lost": sum(r["winner"] not in (None, position) for r in rows),
        "tied": sum(r["winner"] is None for r in rows),
        "scoops_given": sum(p["scoop"] == position for p in mine),
        "scoops_taken": sum(p["scoop"] not in (None, position) for p in mine),
        "home_run": result["home_run"] == position,
        "special": result["hands"][str(position)]["special"],
        "foul": result["hands"][str(position)]["foul"],
    }


# --- a player's rounds --------------------------------------------------------------------


def test_a_players_rounds_are_the_settled_ones_newest_first(three_rounds, table, players,
                                                             committed):
    start_round(table, players, committed)  # a fourth round, still being arranged
    lines = [round_line(hand) for hand in player_hands(user=players[1])]
    assert [line["round_id"] for line in lines] == [r.id for r in reversed(three_rounds)]
    assert [line["settled_at"][:10] for line in lines] == ["2026-03-03", "2026-03-02",
                                                            "2026-03-01"]
    assert {line["players"] for line in lines} == {4}


def test_each_line_says_how_the_round_went_for_the_player(three_rounds, players):
    scoop, home_run, special = three_rounds
    for user in players:
        for hand in player_hands(user=user):
            line = round_line(hand)
            expected = expected_record(hand.round, hand.position)
            assert line["points"] == expected["points"]
            assert line["scoops_given"] == expected["scoops_given"]
            assert line["scoops_taken"] == expected["scoops_taken"]
            assert line["home_run"] == expected["home_run"]
            assert line["special"] == expected["special"]
            assert line["foul"] == expected["foul"]
            assert line["auto"] == hand.auto_submitted
            assert line["rule_set"] == {"slug": "standard", "name": hand.round.rules["name"]}
    mine = {round_line(h)["round_id"]: round_line(h) for h in player_hands(user=players[0])}
    assert mine[scoop.id]["auto"] is False and mine[home_run.id]["auto"] is True
    assert mine[special.id]["special"] == "three_straights"
    winner = {round_line(h)["round_id"]: round_line(h) for h in player_hands(user=players[2])}
    assert winner[home_run.id]["home_run"] is True and winner[home_run.id]["scoops_given"] == 3


def test_filter_by_dates_inclusive(three_rounds, players):
    def rounds(**kwargs):
        return [h.round_id for h in player_hands(user=players[0], filters=HistoryFilter(**kwargs))]

    first, second, third = (r.id for r in three_rounds)
    assert rounds(settled_from=date(2026, 3, 2)) == [third, second]
    assert rounds(settled_to=date(2026, 3, 2)) == [second, first]
    assert rounds(settled_from=date(2026, 3, 2), settled_to=date(2026, 3, 2)) == [second]
    assert rounds(settled_from=date(2026, 4, 1)) == []


def test_filter_by_rule_set(three_rounds, players, committed, monkeypatch):
    classic = services.table_create(user=players[0], rule_set="classic", name="Classic")
    seat_all(classic, players[:2])
    other = play_round(classic, players[:2], seed=SCOOP_SEED, committed=committed,
                       monkeypatch=monkeypatch)

    def rounds(slug):
        return {h.round_id for h in player_hands(user=players[0],
                                                 filters=HistoryFilter(rule_set=slug))}

    assert rounds("classic") == {other.id}
    assert rounds("standard") == {r.id for r in three_rounds}
    assert rounds("fujian") == set()
    assert {r["slug"] for r in rule_sets_played()} == {"classic", "standard"}


def test_bad_filters_are_refused_clearly(db):
    with pytest.raises(HistoryError) as error:
        HistoryFilter(settled_from=date(2026, 3, 2), settled_to=date(2026, 3, 1))
    assert error.value.code == "bad_filter" and "first date" in error.value.message
    with pytest.raises(HistoryError) as error:
        HistoryFilter(rule_set="no-such-game")
    assert error.value.code == "rule_set_not_found"


def test_a_round_being_played_is_nowhere_in_the_history(table, players, committed):
    round = start_round(table, players, committed)
    rows = best_rows(round.hands.get(position=0))
    services.round_submit(table_id=table.id, user=players[0],
                          **dict(zip(("front", "middle", "back"), rows)))
    assert list(player_hands(user=players[0])) == []
    assert player_statistics(user=players[0])["rounds"] == 0
    assert list(table_rounds(table)) == []
    assert leaderboard(rule_set="standard") == []


# --- a table's rounds ---------------------------------------------------------------------


def test_a_tables_rounds_show_every_seat(three_rounds, table, players):
    lines = [table_round_line(r) for r in table_rounds(table_for_history(
        table_id=table.id, user=make_user(username="visitor", display_name="Visitor")))]
    assert [line["number"] for line in lines] == [3, 2, 1]
    for line, round in zip(lines, reversed(three_rounds)):
        assert [h["points"] for h in line["hands"]] == [
            round.result["totals"][str(p)] for p in range(4)]
        assert sum(h["points"] for h in line["hands"]) == 0
        assert [h["display_name"] for h in line["hands"]] == [f"Player {n}" for n in range(4)]


def test_a_private_tables_rounds_are_for_its_people_only(private_round, players, committed):
    table = private_round.table
    assert table_for_history(table_id=table.id, user=players[1]) == table
    committed(services.seat_leave, table_id=table.id, user=players[1])
    assert table_for_history(table_id=table.id, user=players[1]) == table  # played there
    for outsider_id in (table.id, 999_999, "x"):
        with pytest.raises(HistoryError) as error:
            table_for_history(table_id=outsider_id, user=players[3])
        assert error.value.code == "table_not_found"


# --- statistics ---------------------------------------------------------------------------


def test_statistics_match_the_stored_rounds(three_rounds, players):
    for user in players:
        stats = player_statistics(user=user)
        hands = list(Hand.objects.filter(user=user, round__phase="settled")
                     .select_related("round").order_by("round__settled_at"))
        records = [expected_record(h.round, h.position) for h in hands]
        points = [h.points for h in hands]
        assert stats["rounds"] == 3
        assert stats["total_water"] == sum(points)
        assert (stats["rounds_won"], stats["rounds_lost"], stats["rounds_even"]) == (
            sum(p > 0 for p in points), sum(p < 0 for p in points), points.count(0))
        assert (stats["best"], stats["worst"]) == (max(points), min(points))
        assert stats["scoops_given"] == sum(r["scoops_given"] for r in records)
        assert stats["scoops_taken"] == sum(r["scoops_taken"] for r in records)
        assert stats["home_runs"] == sum(r["home_run"] for r in records)
        assert stats["specials"] == sum(r["special"] is not None for r in records)
        assert stats["fouls"] == 0
        assert stats["auto_submissions"] == sum(h.auto_submitted for h in hands)
        rows = stats["rows"]
        assert sum(rows[r]["won"] for r in ROWS) == sum(r["won"] for r in records)
        assert sum(rows[r]["lost"] for r in ROWS) == sum(r["lost"] for r in records)
        assert sum(rows[r]["tied"] for r in ROWS) == sum(r["tied"] for r in records)
        for counts in rows.values():
            compared = counts["won"] + counts["lost"] + counts["tied"]
            assert counts["win_rate"] == round(counts["won"] / compared, 4)
        assert [e["points"] for e in stats["water_over_time"]] == points
        assert stats["water_over_time"][-1]["total"] == sum(points)
    # The home run's maker: three scoops given in that round alone.
    assert player_statistics(user=players[2])["home_runs"] == 1
    assert player_statistics(user=players[0])["specials"] == 1


def test_statistics_count_fouls_and_follow_the_filter(three_rounds, players, committed,
                                                      monkeypatch):
    classic = services.table_create(user=players[0], rule_set="classic", name="Classic")
    seat_all(classic, players[:2])
    play_round(classic, players[:2], seed=SCOOP_SEED, committed=committed,
               monkeypatch=monkeypatch, manual=(0,), fouls=(1,))
    assert player_statistics(user=players[1])["fouls"] == 1
    only_classic = player_statistics(user=players[1], filters=HistoryFilter(rule_set="classic"))
    assert only_classic["rounds"] == 1 and only_classic["fouls"] == 1
    assert only_classic["scoops_taken"] == 1 and only_classic["total_water"] < 0
    assert only_classic["rows"]["front"] == {"won": 0, "lost": 1, "tied": 0, "win_rate": 0.0}


def test_statistics_of_a_newcomer_are_zero_not_errors(db):
    stats = player_statistics(user=make_user(username="new", display_name="New"))
    assert stats["rounds"] == 0 and stats["best"] is None
    assert stats["rows"]["front"]["win_rate"] is None
    assert stats["water_over_time"] == []


def test_seat_record_reads_a_stored_settlement(three_rounds):
    home_run = three_rounds[1]
    record = seat_record(home_run.result, 2)
    assert record.home_run and record.scoops_given == 3 and record.scoops_taken == 0
    assert sum(record.rows_won.values()) == 9


# --- the leaderboard ----------------------------------------------------------------------


def test_the_leaderboard_ranks_by_total_water(three_rounds, players):
    board = leaderboard(rule_set="standard")
    totals = {u.id: sum(Hand.objects.filter(user=u).values_list("points", flat=True))
              for u in players}
    assert [row["total_water"] for row in board] == sorted(totals.values(), reverse=True)
    for row in board:
        assert row["total_water"] == totals[row["user_id"]]
        assert row["rounds"] == 3
        assert row["average"] == round(row["total_water"] / 3, 2)
    assert board[0]["rank"] == 1
    for before, after in zip(board, board[1:]):
        assert after["rank"] == (before["rank"] if after["total_water"] == before["total_water"]
                                 else board.index(after) + 1)


def test_the_leaderboard_is_per_rule_set(three_rounds):
    assert leaderboard(rule_set="classic") == []
    with pytest.raises(HistoryError):
        leaderboard(rule_set="no-such-game")


def test_equal_totals_share_a_rank(db, players, committed, monkeypatch):
    table = services.table_create(user=players[0], rule_set="standard", name="Two")
    seat_all(table, players[:2])
    play_round(table, players[:2], seed=SCOOP_SEED, committed=committed,
               monkeypatch=monkeypatch)
    Hand.objects.filter(round__table=table).update(points=0)
    assert [row["rank"] for row in leaderboard(rule_set="standard")] == [1, 1]


# --- the chart ----------------------------------------------------------------------------


def test_the_water_chart_starts_at_zero_and_spans_the_box():
    chart = water_chart_points([{"total": 5}, {"total": -3}, {"total": 2}], width=108,
                               height=40, pad=4)
    xs = [float(point.split(",")[0]) for point in chart["points"].split()]
    ys = [float(point.split(",")[1]) for point in chart["points"].split()]
    assert xs == [4.0, 37.3, 70.7, 104.0]
    assert min(ys) == 4 and max(ys) == 36  # 5 at the top, -3 at the bottom
    assert ys[0] == chart["zero_y"]
    assert (chart["low"], chart["high"], chart["rounds"]) == (-3, 5, 3)


def test_the_water_chart_of_no_rounds_is_a_flat_line():
    chart = water_chart_points([])
    assert chart["rounds"] == 0 and len(chart["points"].split()) == 1
