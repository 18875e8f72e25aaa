"""`python -m rules.engine verify-deal` (issue 6): a revealed seed, its commitment and the
hands it dealt -> {"ok": true}, or {"error": ...} naming what does not check out."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from rules.engine.cards import codes, sorted_for_display
from rules.engine.cli import main
from rules.engine.fairness import commitment, deal_from_seed
from rules.engine.presets import PRESETS

ROOT = Path(__file__).resolve().parents[2]
SEED_ONE = "00" * 31 + "01"  # tests/engine/test_fairness.py's known-answer seed
OTHER_SEED = "00" * 31 + "02"


def run(*lines, rules: str | None = None) -> tuple[int, list[dict]]:
    text = "".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines)
    out = io.StringIO()
    status = main(["verify-deal"] + (["--rules", rules] if rules else []), io.StringIO(text), out)
    return status, [json.loads(line) for line in out.getvalue().splitlines()]


def dealt(seed: str, slug: str = "standard", players: int = 4) -> list[list[str]]:
    hands, _rest = deal_from_seed(seed, PRESETS[slug], players)
    return [codes(sorted_for_display(hand)) for hand in hands]


def request(seed=SEED_ONE, slug="standard", players=4, **extra) -> dict:
    return {"seed": seed, "commitment": commitment(seed), "hands": dealt(seed, slug, players),
            **extra}


def test_an_honest_deal_verifies_with_hands_in_display_order():
    assert run(request()) == (0, [{"ok": True}])


def test_the_known_answer_deal_verifies_from_literal_codes():
    # The first 8 shuffled cards of SEED_ONE are pinned in test_fairness.py; seat 0 gets 13.
    hand = dealt(SEED_ONE, players=1)[0]
    assert {"2d", "2c", "5h", "3c", "7d", "3s", "7s", "Ts"} <= set(hand)
    line = {"seed": SEED_ONE, "hands": [hand],
            "commitment": "ec4916dd28fc4c10d78e287ca5d9cc51ee1ae73cbfde08c6b37324cbfaac8bc5"}
    assert run(line) == (0, [{"ok": True}])


def test_a_seed_that_is_not_the_committed_one_is_detected():
    line = request()
    line["seed"] = OTHER_SEED
    status, replies = run(line)
    assert status == 1 and "commitment" in replies[0]["error"]


def test_a_swapped_card_is_detected_and_the_seat_named():
    line = request()
    line["hands"][2][0], line["hands"][3][0] = line["hands"][3][0], line["hands"][2][0]
    status, replies = run(line)
    assert status == 1 and replies[0]["error"] == "seat 2's cards are not the ones this seed deals"


def test_hands_in_the_wrong_seat_order_are_detected():
    line = request()
    line["hands"].reverse()
    assert "seat 0" in run(line)[1][0]["error"]


def test_the_line_rules_override_the_command_line_preset():
    line = request(slug="extra-suit", players=5, rules="extra-suit")
    assert run(line) == (0, [{"ok": True}])
    # The same deal under the standard deck (the default) is another shuffle.
    del line["rules"]
    assert "error" in run(line)[1][0]
    assert run(line, rules="extra-suit") == (0, [{"ok": True}])


def test_a_rounds_frozen_rules_object_is_accepted():
    line = request(slug="jokers", rules=PRESETS["jokers"].to_dict())
    assert run(line) == (0, [{"ok": True}])


def test_bad_lines_get_clear_errors_and_the_rest_still_run():
    good = request()
    status, replies = run(
        "not json",
        {**good, "seed": "xyz"},
        {**good, "commitment": 5},
        {**good, "hands": []},
        {**good, "hands": [good["hands"][0][:12]]},
        {**good, "hands": [["Zz"] * 13]},
        {**good, "rules": "no-such-preset"},
        {**good, "rules": {"deck": "tarot"}},
        {**good, "algorithm": "md5-v0"},
        {**good, "hands": good["hands"] * 2},
        good,
    )
    errors = [reply.get("error", "") for reply in replies]
    assert status == 1
    assert "invalid JSON" in errors[0]
    assert "64 hexadecimal digits" in errors[1]
    assert '"commitment" must be a string' in errors[2]
    assert '"hands" must be a list' in errors[3]
    assert "13 cards, not 12" in errors[4]
    assert "Zz" in errors[5]
    assert "unknown preset 'no-such-preset'" in errors[6]
    assert "deck" in errors[7]
    assert "unknown deal algorithm 'md5-v0'" in errors[8]
    assert "do not fit a 52-card deck" in errors[9]
    assert replies[10] == {"ok": True}


def test_python_m_rules_engine_verify_deal_from_a_shell():
    process = subprocess.run([sys.executable, "-m", "rules.engine", "verify-deal"], cwd=ROOT,
                             input=json.dumps(request()) + "\n", capture_output=True,
                             text=True, timeout=60)
    assert process.returncode == 0, process.stderr
    assert json.loads(process.stdout) == {"ok": True}
