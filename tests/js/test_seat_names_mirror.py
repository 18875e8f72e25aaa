"""static/js/seat_names.js (the table and the replay's script) and games.record.names (the
history pages the server draws) name every seat alike, in every language: a bot's account
"Bot · Normal 3" is the seat "Bot 3" with its level "Bot · Normal" apart, and a person's
name, a look-alike's included, is left as it is. The replay's words for it are the
table's own."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.live.strings import table_strings
from games.record.names import seat_level, seat_name
from games.record.strings import replay_strings
from tests.js.node import needs_node, run_main

pytestmark = needs_node

SCRIPT = """
import { botLevel, botLevelOf, shownName } from "./static/js/seat_names.js";
function main({ names, strings }) {
  const t = (id, params = {}) => strings[id].replace(/\\{(\\w+)\\}/g, (_, key) => params[key]);
  return names.map((name) => {
    const level = botLevelOf(name);
    return [shownName(name, t), level ? t("felt.bot_level", { level: botLevel(level, t) }) : ""];
  });
}
"""

NAMES = ["Bot · Easy 1", "Bot · Normal 3", "Bot · Strong 12", "Mei", "机器人 3", "Bot 3",
         "Bot · normal 3", "Bot · Normal", "Bot · Normal 3 ", "My Bot · Normal 3"]


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_the_replay_and_the_history_pages_name_seats_as_the_table_does(language):
    with translation.override(language):
        strings = replay_strings()
        table = table_strings()
        server = [[seat_name(name), seat_level(name)] for name in NAMES]
    for key in ("felt.bot_name", "felt.bot_level", "felt.level_easy", "felt.level_normal",
                "felt.level_strong"):
        assert strings[key] == table[key], key
    assert run_main(SCRIPT, {"names": NAMES, "strings": strings}, timeout=60) == server
    assert server[1][0] == strings["felt.bot_name"].replace("{number}", "3")
