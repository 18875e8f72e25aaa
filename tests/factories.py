"""Small builders the Django tests share (players, tables, rounds)."""

from __future__ import annotations

import hashlib

from django.utils import timezone

from accounts.models import User
from games.models import Hand, Round, RoundPhase, Table
from rules.engine.presets import PRESETS
from rules.models import RuleSet

GOOD_PASSWORD = "felt-table-13-water"


def make_user(username: str = "alice", display_name: str = "Alice", **extra) -> User:
    return User.objects.create_user(username=username, display_name=display_name,
                                    password=GOOD_PASSWORD, **extra)


def make_table(name: str = "Table 1", rule_set: str = "standard", **extra) -> Table:
    return Table.objects.create(name=name, rule_set=RuleSet.objects.get(slug=rule_set), **extra)


def make_round(table: Table, number: int = 1, **extra) -> Round:
    fields = {
        "rules": PRESETS[table.rule_set.slug].to_dict(),
        "phase": RoundPhase.ARRANGING,
        "deal_commitment": hashlib.sha256(f"{table.pk}-{number}".encode()).hexdigest(),
        "table_version": table.version,
        **extra,
    }
    return Round.objects.create(table=table, number=number, **fields)


def make_hand(round: Round, user: User, position: int = 0, **extra) -> Hand:
    cards = ["As", "Ks", "Qs", "Js", "Ts", "9s", "8s", "7s", "6s", "5s", "4s", "3s", "2s"]
    return Hand.objects.create(round=round, user=user, position=position,
                               dealt_cards=cards, **extra)


def settled_now() -> dict:
    return {"phase": RoundPhase.SETTLED, "settled_at": timezone.now(), "result": {"points": {}}}


def move_deadline(round: Round, deadline) -> None:
    """Set a live round's deadline behind its table's owner, as a test does to let its
    timer act now: the owner, which keeps the round being played in memory between
    commands (games.live.owner.memory), is told to read it again."""
    from games.live.owner import memory

    Round.objects.filter(pk=round.pk).update(deadline=deadline)
    memory.forget(round.table_id)
