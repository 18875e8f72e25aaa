"""Every string id the 十三道 scripts ask for is in the page's string table: ids the table
page picks by phase (`t(...seatState(...))`, the `adjust.<reason>` ids) and the replay's
step ids escape tests/games/live/test_views.py's search for literal `t("…")` calls, and a
missing id would show on the page as the id itself."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.live.strings import table_strings
from games.record.strings import replay_strings

ROOT = Path(__file__).resolve().parents[2]
TABLE_IDS = re.compile(r'"((?:seat|phase|deal|bank|bid|pool|spare|reveal|adjust|row_title)\.[a-z_]+)"')
REPLAY_IDS = re.compile(r'"((?:step|verify|hand)\.[a-z_]+)"')
# Built from a reason or an exchange step at run time (banker_reveal.js, replay/model.js).
REASONS = ("bid", "pot", "swap")
TABLE_BUILT = {f"adjust.{reason}" for reason in REASONS}
REPLAY_BUILT = ({f"step.adjust_{reason}" for reason in REASONS}
                | {f"step.exchange_{step}" for step in ("put_in", "take", "keep", "swap",
                                                         "swap_banker", "decline")}
                | {f"step.exchange_{step}_auto" for step in ("put_in", "take", "decline")})


def ids_in(folder: str, pattern: re.Pattern) -> set[str]:
    found: set[str] = set()
    for path in (ROOT / folder).glob("*.js"):
        found |= set(pattern.findall(path.read_text()))
    return found


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_the_table_scripts_ask_only_for_strings_the_page_has(language):
    from django.utils import translation

    with translation.override(language):
        strings = table_strings()
    wanted = ids_in("static/js", TABLE_IDS) | TABLE_BUILT
    assert {"seat.bid_in", "deal.you_win", "pool.take", "spare.decline"} <= wanted
    assert not wanted - set(strings), sorted(wanted - set(strings))


def test_the_replay_scripts_ask_only_for_strings_the_page_has():
    strings = replay_strings()
    wanted = ids_in("static/js/replay", REPLAY_IDS) | REPLAY_BUILT
    assert {"step.bank", "verify.ok_banker"} <= wanted
    assert not wanted - set(strings), sorted(wanted - set(strings))
