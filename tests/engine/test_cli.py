"""The engine's command line (issue 2): `python -m rules.engine COMMAND [--rules PRESET]`,
JSON Lines in, one JSON line out per input line, flushed, errors per line, exit status."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from rules.engine.arrangement import validate_arrangement
from rules.engine.cards import SeededSource, deal
from rules.engine.cli import main
from rules.engine.presets import preset

ROOT = Path(__file__).resolve().parents[2]


def run(command: str, *lines, rules: str | None = None) -> tuple[int, list[dict]]:
    """Run the CLI in-process on these lines (dicts are dumped, strings sent as they are)."""
    text = "".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines)
    out = io.StringIO()
    argv = [command] + (["--rules", rules] if rules else [])
    status = main(argv, io.StringIO(text), out)
    return status, [json.loads(line) for line in out.getvalue().splitlines()]


def player(pid, front, middle, back, declare=None):
    data = {"id": pid, "front": front.split(), "middle": middle.split(), "back": back.split()}
    if declare is not None:
        data["declare_special"] = declare
    return data


TRIPS = player("A", "2s 2h 2c", "Qs Qh Qc 4d 5s", "As Ah Ac Kd 9s")
WEAK = player("B", "3s 4h 6c", "7d 8s Tc Jh Ks", "Ad Kh Qd 9h 5d")
FOULED = player("F", "Jc Jd Js", "3d 6d 5h 7c 8c", "6s 6h 9d Td Th")
SIX_PAIRS = player("S", "3c 3d 4c", "6h 6s 7h 7c Ts", "Th Jc Jd 8c 8d")


# --- evaluate ----------------------------------------------------------------------------------


def test_evaluate_gives_the_category_slug_and_key():
    status, replies = run("evaluate", {"cards": ["As", "Kd", "Qc"]},
                          {"cards": ["Ah", "2s", "3d", "4c", "5h"]})
    assert status == 0
    assert replies == [{"category": "high_card", "key": [0, 14, 13, 12]},
                       {"category": "straight", "key": [4, 5]}]


def test_evaluate_accepts_jokers_only_with_the_jokers_preset():
    assert run("evaluate", {"cards": ["As", "Ah", "Ac", "Ad", "BJ"]}, rules="jokers")[1] == \
        [{"category": "five_of_a_kind", "key": [9, 14]}]
    status, replies = run("evaluate", {"cards": ["As", "Ah", "BJ"]})
    assert status == 1 and "BJ is not in this deck" in replies[0]["error"]


def test_evaluate_knows_the_65_card_deck():
    status, replies = run("evaluate", {"cards": ["Ad", "Ad", "9d", "7d", "4d"]},
                          rules="extra-suit")
    assert replies == [{"category": "flush", "key": [5, 14, 14, 9, 7, 4]}]


@pytest.mark.parametrize("line, message", [
    ("not json", "invalid JSON"),
    ("", "empty line"),
    ("[1, 2]", "expected a JSON object"),
    ('{"cards": ["As", "Kd"]}', "3 or 5 cards"),
    ('{"cards": ["As", "Kd", "1x"]}', "unknown card '1x'"),
    ('{"cards": ["As", "As", "Kd"]}', "As appears 2 times"),
    ('{"cards": "As Kd Qc"}', '"cards" must be a list'),
    ('{"rows": ["As", "Kd", "Qc"]}', '"cards" must be a list'),
])
def test_a_bad_line_gets_an_error_and_the_next_lines_still_run(line, message):
    status, replies = run("evaluate", line, {"cards": ["As", "Kd", "Qc"]})
    assert status == 1
    assert message in replies[0]["error"]
    assert replies[1]["category"] == "high_card"


# --- settle ------------------------------------------------------------------------------------


def test_settle_seed_000_example_scores_ten():
    status, replies = run("settle", {"players": [TRIPS, WEAK]})
    assert status == 0
    reply = replies[0]
    assert reply["totals"] == {"A": 10, "B": -10}
    assert reply["pairs"][0]["scoop"] == "A"
    assert [row["points"] for row in reply["pairs"][0]["rows"]] == [3, 1, 1]


def test_settle_refuses_a_foul_where_the_preset_does():
    status, replies = run("settle", {"players": [TRIPS, FOULED]})
    assert status == 1
    assert replies[0]["error"].startswith("player F: foul")
    assert "front three jacks is higher than the middle's 8 high" in replies[0]["error"]


def test_settle_accepts_a_foul_where_the_preset_does():
    status, replies = run("settle", {"players": [WEAK, FOULED]}, rules="classic")
    assert status == 0 and replies[0]["totals"] == {"B": 6, "F": -6}
    assert replies[0]["pairs"][0]["foul_b"] is True


def test_settle_refuses_a_card_repeated_across_the_table():
    twin = dict(WEAK, front=["2s", "4h", "6c"])
    status, replies = run("settle", {"players": [TRIPS, twin]})
    assert replies[0]["error"] == "across the table: 2s appears 2 times but the deck has only one"


def test_settle_allows_the_second_copy_of_a_diamond_with_65_cards():
    a = player("A", "Ad 2s 2c", "5h 5c 7c 8c Tc", "Ks Kh Kc 9s 9h")
    b = player("B", "Ad 2h 2d", "5s 5d 7d 8d Td", "Qs Qh Qc 9c 9d")
    status, replies = run("settle", {"players": [a, b]}, rules="extra-suit")
    assert status == 0
    c = player("C", "Ad 4h 4s", "Js Jh 7s 8s Jd", "As Ah Ac 3c 3d")
    status, replies = run("settle", {"players": [a, b, c]}, rules="extra-suit")
    assert "Ad appears 3 times but the deck has only 2" in replies[0]["error"]


def test_settle_refuses_a_declared_special_that_is_not_held():
    status, replies = run("settle", {"players": [dict(TRIPS, declare_special=True), WEAK]})
    assert status == 1 and replies[0]["error"].startswith("player A: you declared a special")


def test_settle_lets_a_declarer_give_rows_in_any_order():
    shuffled = player("S", "Th Jc Jd", "3c 3d 4c 6h 6s", "7h 7c Ts 8c 8d", declare=True)
    status, replies = run("settle", {"players": [shuffled, TRIPS]})
    assert status == 0
    assert replies[0]["pairs"][0]["special"] == {"winner": "S", "code": "six_pairs", "points": 4}
    assert replies[0]["totals"] == {"S": 4, "A": -4}


def test_settle_in_banker_mode_needs_the_banker():
    status, replies = run("settle", {"players": [TRIPS, WEAK]}, {"players": [TRIPS, WEAK],
                                                                 "banker": "B"},
                          {"players": [TRIPS, WEAK], "banker": "Z"}, rules="shisandao")
    assert status == 1
    assert "banker" in replies[0]["error"]
    assert replies[1]["banker"] == "B" and replies[1]["totals"] == {"A": 10, "B": -10}
    assert "banker" in replies[2]["error"]


def test_settle_in_all_pairs_mode_refuses_a_banker():
    status, replies = run("settle", {"players": [TRIPS, WEAK], "banker": "A"})
    assert status == 1 and "no banker" in replies[0]["error"]


@pytest.mark.parametrize("request_, message", [
    ({"players": [TRIPS]}, "2 to 4 players, not 1"),
    ({"players": "A B"}, '"players" must be a list'),
    ({"players": [dict(TRIPS, id=""), WEAK]}, '"id" must be a non-empty string'),
    ({"players": [dict(TRIPS, front=["2s", "2h"]), WEAK]}, "the front row takes 3 cards"),
    ({"players": [dict(TRIPS, declare_special="yes"), WEAK]}, "true or false"),
    ({"players": [TRIPS, dict(WEAK, id="A")]}, "different id"),
])
def test_settle_refuses_what_it_cannot_settle(request_, message):
    status, replies = run("settle", request_)
    assert status == 1 and message in replies[0]["error"]


# --- hints -------------------------------------------------------------------------------------


def test_hints_refuse_a_wrong_card_count():
    status, replies = run("hints", {"cards": ["As", "Kd", "Qc"]})
    assert status == 1 and "error" in replies[0]


@pytest.mark.parametrize("slug, seed", [("standard", 1), ("standard", 2), ("jokers", 3),
                                        ("fujian", 4), ("extra-three", 5)])
def test_hints_list_valid_arrangements_of_exactly_the_hand(slug, seed):
    pytest.importorskip("rules.engine.hints")
    config = preset(slug)
    hands, _ = deal(2, config.deck, config.jokers, config.hand_size, SeededSource(seed))
    hand = [card.code for card in hands[0]]
    status, replies = run("hints", {"cards": hand}, rules=slug)
    assert status == 0
    listed = replies[0]["hints"]
    assert 1 <= len(listed) <= 10
    patterns = [tuple(hint["pattern"]) for hint in listed]
    assert len(set(patterns)) == len(patterns)
    for hint in listed:
        used = Counter(hint["front"] + hint["middle"] + hint["back"])
        assert (len(hint["front"]), len(hint["middle"]), len(hint["back"])) == (3, 5, 5)
        assert not used - Counter(hand)  # 13 of the hand's cards (all of them, or of 16)
        # Each hint passes the same validation as a submission (no foul, special held).
        arrangement = validate_arrangement(hint["front"], hint["middle"], hint["back"], config,
                                           declare_special=hint["special"] is not None)
        assert hint["special"] == (arrangement.special.code if arrangement.special else None)


# --- the real process --------------------------------------------------------------------------


def _engine(*args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "rules.engine", *args], cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def test_python_m_rules_engine_answers_each_line_as_it_comes():
    process = _engine("evaluate")
    try:
        process.stdin.write('{"cards": ["As", "Kd", "Qc"]}\n')
        process.stdin.flush()
        # Read the reply while stdin is still open: it must have been flushed.
        assert json.loads(process.stdout.readline())["category"] == "high_card"
        process.stdin.write('{"cards": ["Xx"]}\n')
        process.stdin.flush()
        assert "error" in json.loads(process.stdout.readline())
    finally:
        process.stdin.close()
        status = process.wait(timeout=30)
    assert status == 1


def test_python_m_rules_engine_exits_zero_when_every_line_succeeds():
    process = _engine("settle", "--rules", "fujian")
    out, _ = process.communicate(json.dumps({"players": [TRIPS, WEAK]}) + "\n", timeout=30)
    assert process.returncode == 0
    assert json.loads(out)["totals"] == {"A": 6, "B": -6}


@pytest.mark.parametrize("args", [["evaluate", "--rules", "poker"], ["shuffle"], []])
def test_unknown_command_or_preset_is_a_usage_error(args):
    process = _engine(*args)
    _, err = process.communicate("", timeout=30)
    assert process.returncode == 2 and "usage" in err
