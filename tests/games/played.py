"""Whole rounds played through the real services, for the history and replay tests.

A round is dealt from a chosen seed (hooks.deal_seed_factory), some players submit or
declare by hand, and the arrange timer submits the first hint for the rest, exactly as at
a live table. Seeds below were picked for what their first hints produce under the
standard preset with four players.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from games.live import services
from games.live.services import hooks
from games.models import Round
from rules.engine.arrangement import arrange
from rules.engine.cards import parse_cards
from rules.engine.config import RuleConfig
from rules.engine.hints import first_hint

from .conftest import best_rows, start_round

REAL_NOW = hooks.now  # before any test replaces the clock
SCOOP_SEED = f"{2:064x}"  # a scoop (打枪), no home run
HOME_RUN_SEED = f"{109:064x}"  # seat 2 scoops everyone: a home run (全垒打)
SPECIAL_SEED = f"{24:064x}"  # seat 0 holds three straights (三顺子), declared by its hint


def fouled_rows(hand) -> dict[str, list[str]]:
    """Rows that foul (倒水): the first hint with two rows swapped."""
    config = RuleConfig.from_dict(hand.round.rules)
    hint = first_hint(parse_cards(hand.dealt_cards), config)
    front, middle, back = ([c.code for c in row] for row in (hint.front, hint.middle, hint.back))
    for rows in ((front, back, middle), (middle[:3], front + middle[3:], back),
                 (back[:3], middle, front + back[3:])):
        if arrange(*rows, config).foul:
            return dict(zip(("front", "middle", "back"), rows))
    raise AssertionError("no fouled layout found for this hand")


def play_round(table, users, *, seed: str, committed, monkeypatch, manual=(), declare=(),
               fouls=(), at: datetime | None = None) -> Round:
    """Deal from `seed`, let `manual` positions submit their first normal hint, `declare`
    positions declare, `fouls` positions submit fouled rows, and the timer the rest.
    `at` is when the round is dealt (hooks.now); it settles 31 seconds later."""
    monkeypatch.setattr(hooks, "deal_seed_factory", lambda: seed)
    if at is not None:
        monkeypatch.setattr(hooks, "now", lambda: at)
    round = start_round(table, users, committed)
    by_position = {hand.position: hand for hand in round.hands.select_related("user")}
    for position in manual:
        hand = by_position[position]
        rows = dict(zip(("front", "middle", "back"), best_rows(hand)))
        committed(services.round_submit, table_id=table.id, user=hand.user, **rows)
    for position in declare:
        committed(services.round_declare, table_id=table.id, user=by_position[position].user)
    for position in fouls:
        hand = by_position[position]
        committed(services.round_submit, table_id=table.id, user=hand.user,
                  **fouled_rows(hand))
    round.refresh_from_db()
    if round.phase != "settled":
        monkeypatch.setattr(hooks, "now", lambda: round.deadline + timedelta(seconds=1))
        committed(services.round_auto_submit, round_id=round.id, version=round.table_version)
        round.refresh_from_db()
    monkeypatch.setattr(hooks, "now", REAL_NOW)
    assert round.phase == "settled"
    return round
