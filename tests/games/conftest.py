"""Fixtures for the live-table tests: players, a seated table, a chosen deal, the messages
the services broadcast, and timers that the tests fire themselves; and, for the history,
replay and export tests, whole rounds played at a seated table (tests/games/played.py).

Every test here uses the in-memory channel layer (even where REDIS_URL is set) except
test_celery_redis, which switches to channels-redis on purpose; and no test queues a real
Celery countdown unless it asks to (`timers` records them instead).
"""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.test import override_settings
from django.utils import timezone

from games.live import broadcast, services
from games.live.owner import memory
from games.live.services import hooks
from games.live.selectors import SEAT_USER_FIELDS
from games.models import Hand, Round, Seat, Table
from rules.engine import fairness
from rules.engine.cards import parse_cards
from rules.engine.config import RuleConfig
from rules.engine.hints import first_hint
from tests.factories import make_user

IN_MEMORY_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
SEED = "5eed" * 16  # 64 hex digits: a deal every test can count on
REAL_SCHEDULE = hooks.schedule_arrange_timeout  # before the `timers` fixture replaces it


@pytest.fixture(autouse=True)
def in_memory_channel_layer():
    # A fast password hasher too: every test here creates several players.
    with override_settings(CHANNEL_LAYERS=IN_MEMORY_LAYERS,
                           PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


class Timers(list):
    """The arrange timers the services asked for: (round_id, version, countdown)."""

    def fire_all(self) -> list[bool]:
        fired = [services.round_auto_submit(round_id=r, version=v) for r, v, _c in self]
        return fired


@pytest.fixture(autouse=True)
def timers(monkeypatch) -> Timers:
    scheduled = Timers()
    monkeypatch.setattr(hooks, "schedule_arrange_timeout",
                        lambda round_id, version, countdown:
                        scheduled.append((round_id, version, countdown)))
    return scheduled


class Advice(list):
    """The advisor's tasks the services queued (issue 16): (task, round_id); `hints`:
    round id → the hint lists the deal handed over with its hint values' task."""

    def __init__(self) -> None:
        super().__init__()
        self.hints: dict[int, dict | None] = {}


@pytest.fixture(autouse=True)
def advice_tasks(monkeypatch) -> Advice:
    queued = Advice()

    def hint_values(round_id, hints=None):
        queued.append(("hint_values", round_id))
        queued.hints[round_id] = hints

    monkeypatch.setattr(hooks, "schedule_hint_values", hint_values)
    monkeypatch.setattr(hooks, "schedule_analysis",
                        lambda round_id: queued.append(("analysis", round_id)))
    return queued


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch) -> str:
    """Every deal comes from SEED alone: the v1 scheme, where the server's seed is the
    whole deal (v2 mixes in every player's client seed; its tests ask for it)."""
    monkeypatch.setattr(hooks, "deal_seed_factory", lambda: SEED)
    monkeypatch.setattr(hooks, "deal_scheme", fairness.ALGORITHM)
    return SEED


class Outbox(list):
    """(group, message) pairs the services sent, in order."""

    def types(self, group: str | None = None) -> list[str]:
        return [m["type"] for g, m in self if group is None or g == group]

    def to(self, group: str) -> list[dict]:
        return [m for g, m in self if g == group]


@pytest.fixture
def outbox(monkeypatch) -> Outbox:
    sent = Outbox()
    original = broadcast.send_many

    def record(messages):
        sent.extend(messages)
        original(messages)

    monkeypatch.setattr(broadcast, "send_many", record)
    return sent


@pytest.fixture
def players(db):
    return [make_user(username=f"p{n}", display_name=f"Player {n}") for n in range(4)]


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """Run a service as if its transaction committed: its on-commit messages and timers
    run (a test's own transaction never commits)."""

    def run(service, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            result = service(**kwargs)
        assert_owner_memory_matches_rows()
        return result

    return run


def assert_owner_memory_matches_rows() -> None:
    """What every table's owner keeps between commands (games.live.owner.memory) is what
    its rows hold, field for field: checked after each committed service call, so a
    service that writes a seat, round or hand behind the kept objects' back fails here."""
    for table_id, kept in memory.kept_tables().items():
        stored = Table.objects.filter(pk=table_id).values_list("version", flat=True).first()
        if stored != kept.version:
            continue  # moved on since: the memory is stale and will not be used
        if kept.seats is not None:
            fresh_seats = list(Seat.objects.filter(table_id=table_id).order_by("position"))
            assert [_seat_fields(seat) for seat in kept.seats] == \
                [_seat_fields(seat) for seat in fresh_seats]
        if kept.round is not None:
            assert _fields(kept.round) == _fields(Round.objects.get(pk=kept.round.pk))
            fresh = {hand.pk: hand for hand in Hand.objects.filter(round_id=kept.round.pk)}
            assert sorted(fresh) == sorted(hand.pk for hand in kept.hands)
            for hand in kept.hands:
                assert _fields(hand) == _fields(fresh[hand.pk]), f"hand {hand.position}"


def _seat_fields(seat) -> dict:
    """A seat's stored values and what the seats message shows of its player."""
    return {**_fields(seat), **{name: getattr(seat.user, name) for name in SEAT_USER_FIELDS}}


def _fields(instance) -> dict:
    """A row's stored values as JSON would hold them (tuples as lists, keys as text)."""
    values = {field.attname: getattr(instance, field.attname)
              for field in instance._meta.concrete_fields}
    return json.loads(json.dumps(values, sort_keys=True, default=str))


def seat_all(table, users, committed=None):
    """Seat the users at the table, each with a socket open (a seat nobody is connected
    to at a deal is away, 托管, and played by the timer)."""
    run = committed or (lambda service, **kwargs: service(**kwargs))
    for user in users[1:]:
        run(services.table_join, user=user, invite_code=table.invite_code)
    for user in users:
        run(services.player_connection, table_id=table.id, user=user, connected=True)


def start_round(table, users, committed=None) -> Round:
    """Everybody presses ready; in a room with seats to spare its host starts the
    session's first round (rooms.start_now)."""
    run = committed or (lambda service, **kwargs: service(**kwargs))
    for user in users:
        if Round.objects.filter(table=table, phase="arranging").exists():
            break  # dealt already: the others were away (托管), readied by the table
        run(services.player_ready, table_id=table.id, user=user)
    if not Round.objects.filter(table=table, phase="arranging").exists():
        table.refresh_from_db()
        run(services.start_now, table_id=table.id, user=table.host)
    return Round.objects.get(table=table, phase="arranging")


def best_rows(hand: Hand) -> tuple[list[str], list[str], list[str]]:
    """The first normal hint's rows for a dealt hand (never a foul)."""
    config = RuleConfig.from_dict(hand.round.rules)
    hint = first_hint(parse_cards(hand.dealt_cards), config)
    return [c.code for c in hint.front], [c.code for c in hint.middle], [c.code for c in hint.back]


# --- whole rounds, for the history, replay and export tests ---------------------------------


@pytest.fixture
def table(players):
    """The four players seated at a public standard table, "Felt"."""
    table = services.table_create(user=players[0], rule_set="standard", name="Felt")
    seat_all(table, players)
    return table


@pytest.fixture
def play(table, players, committed, monkeypatch):
    """play(seed, manual=…, declare=…, fouls=…, at=…) → a round settled at `table`
    (played.play_round says what each option does)."""
    from .played import play_round  # played.py builds on the helpers above

    def run(seed, **kwargs):
        return play_round(table, players, seed=seed, committed=committed,
                          monkeypatch=monkeypatch, **kwargs)
    return run


@pytest.fixture
def private_round(players, committed, monkeypatch):
    """A round settled (a scoop, 打枪) at a private table, "Home", where players 0 and 1 sit."""
    from .played import SCOOP_SEED, play_round

    table = services.table_create(user=players[0], rule_set="standard", name="Home",
                                  is_private=True)
    seat_all(table, players[:2])
    return play_round(table, players[:2], seed=SCOOP_SEED, committed=committed,
                      monkeypatch=monkeypatch)


@pytest.fixture
def later(monkeypatch):
    """Move the services' clock on by `seconds` (hooks.now): `later(30)`."""
    def move(seconds):
        moved = timezone.now() + timedelta(seconds=seconds)
        monkeypatch.setattr(hooks, "now", lambda: moved)
    return move
