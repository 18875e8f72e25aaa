"""The horse card (马牌, issue: rooms): a table's option under most Fujian rule sets.
Whoever plays the card has every result they settle with every opponent doubled, after
打枪 and 全垒打; the others' results against each other stay as they were."""

from __future__ import annotations

import io
import json
from dataclasses import replace

import pytest

from rules.engine.cli import main
from rules.engine.config import ConfigError
from rules.engine.presets import preset
from rules.engine.settlement import settle

from tests.engine.test_settlement import TRIPS, WEAK_B, WEAK_C, WEAK_D, points_of, seat


def four(config):
    return [seat("A", *TRIPS, config=config), seat("B", *WEAK_B, config=config),
            seat("C", *WEAK_C, config=config), seat("D", *WEAK_D, config=config)]


def test_the_holder_has_every_result_doubled_after_the_scoop_and_home_run():
    plain = settle(four(preset("standard")), preset("standard"))
    config = replace(preset("standard"), horse_card="Kd")  # in TRIPS's back row: A holds it
    horse = settle(four(config), config)
    assert horse.horse == "A"
    for other in "BCD":
        assert points_of(horse, "A", other) == 2 * points_of(plain, "A", other)
        assert next(p for p in horse.pairs if {p.a, p.b} == {"A", other}).horse == "A"
    assert points_of(horse, "B", "C") == points_of(plain, "B", "C")  # not the holder's
    assert sum(horse.totals.values()) == 0
    assert plain.home_run == "A" and horse.totals["A"] == 2 * plain.totals["A"]


def test_a_horse_card_nobody_plays_changes_nothing():
    config = replace(preset("standard"), horse_card="5h")  # WEAK_C plays 5h...
    plain = settle(four(preset("standard")), preset("standard"))
    result = settle(four(config), config)
    assert result.horse == "C" and result.totals["C"] == 2 * plain.totals["C"]
    unheld = replace(config, horse_card="9c")  # ...and 9c, in C's back: also C
    assert settle(four(unheld), unheld).horse == "C"
    two = [seat("A", *TRIPS), seat("B", *WEAK_B)]
    nobody = replace(preset("standard"), horse_card="5c")  # only C and D's cards hold it
    assert settle(two, nobody).horse is None
    assert settle(two, nobody).totals == settle(two, preset("standard")).totals


@pytest.mark.parametrize("options, words", [
    ({"horse_card": "Xx"}, "not a card"),
    ({"horse_card": "BJ", "jokers": True}, "not a joker"),
    ({"horse_card": "th"}, "like 5h"),
    ({"horse_card": "5h", "mode": "banker"}, "十三道"),
    ({"horse_card": "5d", "deck": "extra_suit"}, "two of every diamond"),
])
def test_a_horse_card_the_deck_cannot_use_is_refused(options, words):
    base = {"specials": []} if options.get("mode") == "banker" else {}
    with pytest.raises(ConfigError, match=words):
        replace(preset("standard"), **options, **base).validate()


def test_a_heart_horse_card_is_fine_on_the_65_card_deck():
    replace(preset("extra-suit"), horse_card="Kh").validate()


def test_the_cli_settles_with_a_horse_card():
    rules = {**preset("fujian").to_dict(), "horse_card": "Kd"}
    line = {"rules": rules, "players": [
        {"id": "A", "front": TRIPS[0].split(), "middle": TRIPS[1].split(),
         "back": TRIPS[2].split()},
        {"id": "B", "front": WEAK_B[0].split(), "middle": WEAK_B[1].split(),
         "back": WEAK_B[2].split()}]}
    out = io.StringIO()
    assert main(["settle"], io.StringIO(json.dumps(line) + "\n"), out) == 0, out.getvalue()
    answer = json.loads(out.getvalue())
    assert answer["horse"] == "A" and answer["pairs"][0]["horse"] == "A"
