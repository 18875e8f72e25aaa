"""Bots at the table (issue 16): what a bot does, and the doors it does it through.

A bot is a seat like any other (games.live.services.bot_seats makes and seats them). It
sees its table exactly as a player in its seat does — `selectors.table_state` for the
bot's account: the public seats and round, and its own hand's private view — and acts
through the same services a socket calls: ready, submit or declare, and in 十三道 bid,
put in, choose, swap and answer. It never reads another hand.

    bots_wake(table_id)          after a change of a bot table (hooks.bots_may_act, via
                                 games.live.bot_tasks): hand seats over, fill, or stand
                                 the bots up; returns the bots that have something to do
    bot_act(table_id, user_id)   one bot does its next thing, if it still has one (the
                                 task runs after a human-like pause; a stale one does
                                 nothing)
    next_step(view)              what that next thing is, from the bot's view alone
    choose_arrangement(...)      how it arranges: easy a random one of the top hints,
                                 normal the first hint, strong the advisor's best
    table_open, practise_create  open a table whose empty seats bots fill; a practise
                                 table (private, the player and the chosen bots)

Play now, which opens tables that bots fill once nobody came, is
games.live.services.quick_play.

Between rounds a bot readies only while a person sits at the table, connected and not
away (托管): a table of bots alone never deals. In 十三道 a bot takes the timer's default
at every step of the bank and the exchange (bid 0, put in its lowest card, pass, decline
the spare hand) and sends each of its pairs to comparison in the negotiation, so no
banker round ever waits on it.
"""

from __future__ import annotations

import random
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _

from games.errors import GameError
from games.live.owner import owned
from games.live import selectors
from games.live.services import bot_seats, quick_play
from games.live.services.banker import (exchange_choose, exchange_put, exchange_swap,
                                        negotiate_answer, round_bid)
from games.live.services.rooms import player_back, vote_end
from games.live.services.rounds import round_declare, round_submit
from games.live.services.table_row import lock_table, playable_config, seats_of
from games.live.services.tables import player_connection, player_ready, table_create
from games.machine.exchange import lowest
from games.models import Round, Table, TableStatus
from rules.engine.advisor import strong_advice
from rules.engine.cards import codes, parse_cards
from rules.engine.config import RuleConfig
from rules.models import RuleSet

EASY_HINTS = 3  # an easy bot picks one of this many hints at random


# --- what a bot would do, from what its seat sees ----------------------------------------


def next_step(view: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """The bot's next action at its table, from `view` (selectors.table_state as the
    bot's seat sees it): (kind, arguments), or None when it has nothing to do."""
    you, table = view.get("you"), view["table"]
    if you is None or table["status"] == TableStatus.CLOSED:
        return None
    if table["status"] != TableStatus.PLAYING:
        return _between_rounds(view, you)
    round = view.get("round") or {}
    if "round_id" not in you or you["round_id"] != round.get("id"):
        return None  # not dealt into this round
    phase = round.get("phase")
    if phase == "bidding" and you.get("bid") is None:
        return "bid", {"amount": 0}
    if phase == "exchanging":
        return _exchange(round, you)
    if phase == "arranging" and you.get("submission") is None:
        return "arrange", {}
    if phase == "negotiating":
        for pair, negotiation in sorted(you.get("negotiations", {}).items()):
            if negotiation["status"] not in ("agreed", "compare"):
                return "answer", {"pair": int(pair), "answer": "compare"}
    return None


def _between_rounds(view, you) -> tuple[str, dict[str, Any]] | None:
    seats = view["seats"]
    me = next(seat for seat in seats if seat["position"] == you["position"])
    people = [seat for seat in seats if not seat["bot"]]
    if not any(person["connected"] and not person["away"] for person in people):
        # Nobody is here to play with: the bot is not at the table either (so an idle
        # table still closes), and deals nothing.
        return ("disconnect", {}) if me["connected"] else None
    if me["away"]:
        return "back", {}
    session = view.get("session")
    if (session and not session["ended"] and not me["end_vote"]
            and all(person["end_vote"] for person in people)):
        return "vote_end", {}
    if not me["ready"] or not me["connected"]:
        return "ready", {}
    return None


def _exchange(round, you) -> tuple[str, dict[str, Any]] | None:
    if you.get("offer"):
        return "choose", {"take": False}
    if you.get("swap_offer"):
        return "swap", {"accept": False}
    exchange = round.get("exchange") or {}
    put = exchange.get("put")
    if put is not None and you["position"] not in put and you.get("cards"):
        return "put", {"card": lowest(you["cards"])}
    return None


def choose_arrangement(you: dict[str, Any], config: RuleConfig, level: str, *,
                       players: int, is_banker: bool = False,
                       rng: random.Random | None = None) -> dict[str, Any]:
    """The rows (or the special) a bot of `level` submits, from its own hand's view
    (`you`: its cards and hints): {special, front, middle, back}."""
    hints = you["hints"]
    if level == "easy":
        return (rng or random).choice(hints[:EASY_HINTS])
    if level == "strong":
        return advisor_choice(you["cards"], config, players=players, is_banker=is_banker)
    return hints[0]


def advisor_choice(cards, config: RuleConfig, *, players: int, is_banker: bool = False
                   ) -> dict[str, Any]:
    """The strong bot's arrangement: the advisor's EV-best on the strong bot's tables
    (rules.engine.advisor.strong_advice), with the options in settings.BOT_ADVISOR — the
    one place they are set (samples 0: the strong bot's own)."""
    options = dict(settings.BOT_ADVISOR)
    options["samples"] = options.get("samples") or None
    advice = strong_advice(parse_cards(cards), config, players=players,
                           player_is_banker=is_banker, **options)
    best = advice.best.arrangement
    return {"special": advice.best.special, "front": codes(best.front),
            "middle": codes(best.middle), "back": codes(best.back)}


# --- the doors: one service each, as a socket would call it -------------------------------


def _arrange(table_id, bot, view, _arguments) -> None:
    you, round = view["you"], view["round"]
    rules = Round.objects.filter(pk=you["round_id"]).values_list("rules", flat=True).first()
    config = RuleConfig.from_dict(rules)
    choice = choose_arrangement(you, config, bot.bot_level, players=len(round["players"]),
                                is_banker=round.get("banker") == you["position"])
    if choice.get("special"):
        round_declare(table_id=table_id, user=bot)
    else:
        round_submit(table_id=table_id, user=bot, front=choice["front"],
                     middle=choice["middle"], back=choice["back"])


def _ready(table_id, bot, view, _arguments) -> None:
    me = next(s for s in view["seats"] if s["position"] == view["you"]["position"])
    if not me["connected"]:
        player_connection(table_id=table_id, user=bot, connected=True)
    if not me["ready"]:
        player_ready(table_id=table_id, user=bot)


DOORS = {
    "ready": _ready,
    "disconnect": lambda t, bot, _v, _a: player_connection(table_id=t, user=bot,
                                                           connected=False),
    "back": lambda t, bot, _v, _a: player_back(table_id=t, user=bot),
    "vote_end": lambda t, bot, _v, _a: vote_end(table_id=t, user=bot, vote=True),
    "bid": lambda t, bot, _v, a: round_bid(table_id=t, user=bot, **a),
    "put": lambda t, bot, _v, a: exchange_put(table_id=t, user=bot, **a),
    "choose": lambda t, bot, _v, a: exchange_choose(table_id=t, user=bot, **a),
    "swap": lambda t, bot, _v, a: exchange_swap(table_id=t, user=bot, **a),
    "answer": lambda t, bot, _v, a: negotiate_answer(table_id=t, user=bot, **a),
    "arrange": _arrange,
}


def bot_view(table_id: int, bot) -> dict[str, Any] | None:
    """The table as the bot's seat sees it — what a socket in that seat would be sent."""
    try:
        return selectors.table_state(table_id=table_id, user=bot)
    except GameError:
        return None  # closed, gone, or a private table the bot no longer sits at


@owned
def bot_act(*, table_id: int, user_id: int) -> str | None:
    """The bot does its next thing at the table, if it still has one; returns what it
    did. Stale-safe: the state is read again, and a refusal (the table moved on since)
    changes nothing."""
    bot = get_user_model().objects.filter(pk=user_id).exclude(bot_level="").first()
    view = bot_view(table_id, bot) if bot is not None else None
    step = next_step(view) if view is not None else None
    if step is None:
        return None
    kind, arguments = step
    try:
        DOORS[kind](table_id, bot, view, arguments)
    except GameError:
        return None
    return kind


@owned
def bots_wake(*, table_id: int) -> list[int]:
    """A bot table changed: under its lock, people waiting take bots' seats, the empty
    seats fill, or the bots stand up when no person sits there (between rounds); then
    the ids of the bots that have something to do."""
    with transaction.atomic():
        try:
            table = lock_table(table_id)
        except GameError:
            return []
        if not table.fill_with_bots or table.status == TableStatus.CLOSED:
            return []
        seats = seats_of(table)
        if bot_seats.hand_over(table, seats):
            seats = seats_of(table)
        if bot_seats.leave_if_alone(table, seats):
            return []
        if quick_play.people_came(table, seats):  # a rated table: people, not bots
            return []
        if bot_seats.fill(table, seats):
            seats = seats_of(table)
        bots = [seat.user for seat in seats if bot_seats.is_bot(seat)]
    due = []
    for bot in bots:
        view = bot_view(table_id, bot)
        if view is not None and next_step(view) is not None:
            due.append(bot.id)
    return due


# --- tables with bots --------------------------------------------------------------------


@owned
def table_open(*, user, fill_with_bots: bool = False, bot_level: str = "", **options
               ) -> Table:
    """Open a table (tables.table_create's options); with `fill_with_bots`, bots of
    `bot_level` (default normal) sit in its other seats at once and give them up to the
    people who join."""
    if not fill_with_bots:
        return table_create(user=user, **options)
    level = bot_seats.check_level(bot_level or bot_seats.DEFAULT_LEVEL)
    with transaction.atomic():
        table = table_create(user=user, fill_with_bots=True, **options)
        bot_seats.fill(lock_table(table.id), seats_of(table), level)
    return table


@owned
def practise_create(*, user, rule_set: RuleSet | str, bots, level: str,
                    rounds: int | None = 4, **options) -> Table:
    """"Practise with bots": a private table of the player and `bots` bots of `level`
    (1 to the rule set's seats less one), bots filling every other seat."""
    level = bot_seats.check_level(level)
    if isinstance(rule_set, str):
        rule_set = RuleSet.objects.filter(slug=rule_set).first()
        if rule_set is None:
            raise GameError("bad_request", "there is no such rule set")
    most = playable_config(rule_set).max_players - 1
    if isinstance(bots, bool) or not isinstance(bots, int) or not 1 <= bots <= most:
        raise GameError("bad_request", f"practise with 1 to {most} bots in this rule set")
    name = _("Practise · %(name)s") % {"name": getattr(user, "display_name", "") or user}
    return table_open(user=user, fill_with_bots=True, bot_level=level, rule_set=rule_set,
                      name=name[:60], is_private=True, seats=bots + 1, rounds=rounds,
                      **options)
