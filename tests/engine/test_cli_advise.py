"""`python -m rules.engine advise` (issue 16): one JSON line per hand in, the EV of every
candidate arrangement out, best first; bad lines get {"error": ...} like every verb."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from rules.engine.advisor import advise
from rules.engine.cli import main
from rules.engine.presets import preset

from .conftest import cards

ROOT = Path(__file__).resolve().parents[2]
HAND = "As Ah Kd Qs Qc 9h 9d 7s 6c 5c 4d 3h 2s".split()
DRAGON = "Ah Kh Qh Jh Th 9d 8d 7d 6c 5c 4s 3s 2s".split()


def run(*lines, rules: str | None = None) -> tuple[int, list[dict]]:
    text = "".join((line if isinstance(line, str) else json.dumps(line)) + "\n"
                   for line in lines)
    out = io.StringIO()
    status = main(["advise"] + (["--rules", rules] if rules else []), io.StringIO(text), out)
    return status, [json.loads(line) for line in out.getvalue().splitlines()]


def test_advise_answers_best_candidates_samples_and_seed():
    status, [reply] = run({"cards": HAND, "samples": 10, "seed": 3})
    assert status == 0
    assert reply["samples"] == 10 and reply["seed"] == 3 and reply["players"] == 4
    assert reply["arrangement_ev"] is None
    best, ranked = reply["best"], reply["candidates"]
    assert best == ranked[0]
    assert [c["ev"] for c in ranked] == sorted((c["ev"] for c in ranked), reverse=True)
    assert set(best) == {"front", "middle", "back", "unused", "special", "ev", "stderr", "hint"}
    assert sorted(best["front"] + best["middle"] + best["back"]) == sorted(HAND)
    assert any(c["hint"] == 0 for c in ranked)


def test_advise_gives_what_the_engine_gives_for_the_same_seed():
    _, [reply] = run({"cards": HAND, "samples": 8, "seed": 12, "players": 3})
    advice = advise(cards(" ".join(HAND)), preset("standard"), samples=8, seed=12, players=3)
    assert reply["best"]["ev"] == advice.best.ev
    assert [c["ev"] for c in reply["candidates"]] == [c.ev for c in advice.candidates]


def test_advise_rates_the_given_arrangement_and_a_declared_special():
    arrangement = {"front": ["4s", "3s", "2s"], "middle": ["9d", "8d", "7d", "6c", "5c"],
                   "back": ["Ah", "Kh", "Qh", "Jh", "Th"], "declare_special": True}
    _, [reply] = run({"cards": DRAGON, "samples": 5, "players": 4, "arrangement": arrangement})
    assert reply["best"]["special"] == "dragon"
    assert reply["best"]["ev"] == 108.0  # 36 from each of three opponents
    assert reply["arrangement_ev"] == 108.0
    plain = dict(arrangement, declare_special=False)
    _, [reply] = run({"cards": DRAGON, "samples": 5, "arrangement": plain})
    assert reply["arrangement_ev"] < 108.0


def test_advise_takes_the_lines_rules_and_16_cards_in_extra_three():
    hand = "As Ah Ad Kd Qs Qc 9h 9d 7s 6c 5c 4d 3h 2s Td 8d".split()
    _, [reply] = run({"cards": hand, "rules": "extra-three", "samples": 2, "players": 2})
    assert len(reply["best"]["unused"]) == 3
    assert sorted(reply["best"]["front"] + reply["best"]["middle"] + reply["best"]["back"]
                  + reply["best"]["unused"]) == sorted(hand)


def test_advise_in_banker_mode_can_hold_the_bank():
    line = {"cards": HAND, "rules": "shisandao", "samples": 4}
    _, replies = run(line, dict(line, banker="player"), dict(line, banker="nobody"))
    assert "best" in replies[0] and "best" in replies[1]
    assert replies[2] == {"error": '"banker" must be "player" or "opponent"'}


def test_a_time_budget_stops_sampling_and_says_how_many_tables_ran():
    _, [reply] = run({"cards": HAND, "samples": 50_000, "time_budget": 0.05, "seed": 4})
    assert 1 <= reply["samples"] < 50_000
    _, [again] = run({"cards": HAND, "samples": reply["samples"], "seed": 4})
    assert again["candidates"] == reply["candidates"]


@pytest.mark.parametrize("line, message", [
    ({"cards": HAND[:12]}, "13 cards, not 12"),
    ({"cards": HAND, "samples": 0}, '"samples" must be a whole number'),
    ({"cards": HAND, "samples": "many"}, '"samples" must be a whole number'),
    ({"cards": HAND, "seed": -1}, '"seed" must be a whole number'),
    ({"cards": HAND, "time_budget": 0}, '"time_budget" must be a number of seconds'),
    ({"cards": HAND, "players": 5}, '"players" must be a whole number from 2 to 4'),
    ({"cards": HAND, "banker": "player"}, "this rule set has no banker"),
    ({"cards": HAND, "rules": "nope"}, "unknown preset"),
    ({"cards": HAND, "arrangement": ["As"]}, '"arrangement" must be an object'),
    ({"cards": HAND, "arrangement": {"front": HAND[:3], "middle": HAND[3:8]}},
     'arrangement: "back" must be a list of card codes'),
    ({"cards": HAND, "arrangement": {"front": ["As", "Ah", "Qs"],
                                     "middle": ["Kd", "Qc", "9h", "7s", "6c"],
                                     "back": ["9d", "5c", "4d", "3h", "2s"]}}, "foul"),
    ({"cards": HAND[:12] + ["As"]}, "As appears 2 times"),
])
def test_a_bad_advise_line_gets_an_error_and_the_rest_still_run(line, message):
    status, replies = run(line, {"cards": HAND, "samples": 2})
    assert status == 1
    assert message in replies[0]["error"]
    assert "best" in replies[1]


def test_a_foul_is_rated_where_the_rule_set_allows_it():
    foul = {"front": ["As", "Ah", "Qs"], "middle": ["Kd", "Qc", "9h", "7s", "6c"],
            "back": ["9d", "5c", "4d", "3h", "2s"]}
    status, [reply] = run({"cards": HAND, "samples": 6, "arrangement": foul}, rules="classic")
    assert status == 0
    assert reply["arrangement_ev"] < reply["best"]["ev"]


def test_python_m_rules_engine_advise_runs_as_a_program():
    line = json.dumps({"cards": HAND, "samples": 3}) + "\nnot json\n"
    done = subprocess.run([sys.executable, "-m", "rules.engine", "advise"], cwd=ROOT,
                          input=line, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    first, second = (json.loads(text) for text in done.stdout.splitlines())
    assert first["samples"] == 3 and "error" in second


@pytest.mark.parametrize("rules, hand, default", [
    ("standard", HAND, 24),
    ("extra-three", "As Ah Ad Kd Qs Qc 9h 9d 7s 6c 5c 4d 3h 2s Td 8d".split(), 24)])
def test_advise_samples_by_default_what_the_strong_bot_samples(monkeypatch, rules, hand,
                                                               default):
    """Issue 23: the default sample size is the strong bot's for the hand's size
    (advisor.samples_for): 24 tables at most for 13 cards and for 16 — with 16 what
    keeps a decision within issue 23's 60 ms (bench/advise.py)."""
    from rules.engine import advisor

    asked = []
    real = advisor.advise

    def spy(cards, config, *, samples, **options):
        asked.append(samples)
        return real(cards, config, samples=2, **options)

    monkeypatch.setattr(advisor, "advise", spy)
    _, [reply] = run({"cards": hand, "rules": rules, "players": 2})
    assert "error" not in reply and asked == [default] == [advisor.samples_for(len(hand))]
