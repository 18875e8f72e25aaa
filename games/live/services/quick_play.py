"""Play now, the home page's button: never alone (issue 24), and rated where it can be
(issue 26).

    play_now(user, rule_set)     your own open table of the rule set, if any; else
      - a preset's full rules (ratings.families): a seat at the rated waiting table whose
        people's rating is nearest yours, within a band that widens the longer that table
        has waited (RATING_BAND + RATING_BAND_PER_SECOND × seconds); else a new rated
        table of your own;
      - any other rule set: a seat beside people waiting, or at a bot table, where a bot
        gives its seat up; else a new table.
    Either way the new table waits PLAY_NOW_BOT_SECONDS for people; pressing Play now is
    being ready, for the opener and for whoever joins a rated table.
    people_came(table, seats)   at the end of that wait (bots.bots_wake): a rated table
      where people came deals them a rated round at once. Where nobody came, the bots fill
      the seats as at any bot table, and a bot sitting down makes the table unrated
      (bot_seats.fill): a rated round is people only, and nobody is left alone.
"""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.db.models import Count, Exists, F, OuterRef, Q
from django.utils.translation import gettext as _

from games.errors import GameError
from games.live.owner import owned
from games.live.services import bot_seats, hooks, sessions
from games.live.services.rounds import deal_if_playable
from games.rows import save_fields
from games.live.services.table_row import playable_config, round_running
from games.live.services.tables import (default_table_name, player_ready, seat_take,
                                        table_create)
from games.models import Seat, Session, Table, TableStatus
from ratings import families
from ratings.services import ratings_of
from ratings.skill import MU
from rules.models import RuleSet


@owned
def play_now(*, user, rule_set: RuleSet | str) -> Table:
    if isinstance(rule_set, str):
        rule_set = RuleSet.objects.filter(slug=rule_set).first()
        if rule_set is None:
            raise GameError("bad_request", _("There is no such rule set."))
    public = (Table.objects.filter(is_private=False, rule_set=rule_set)
              .exclude(status=TableStatus.CLOSED))
    own = public.filter(seats__user=user).order_by("-created_at").first()
    if own is not None:
        return own
    family = families.preset_family(rule_set.slug, rule_set.is_preset,
                                    playable_config(rule_set).to_dict())
    if family is not None:
        return _rated_match(user, public, family) or _open(user, rule_set, rated=True)
    return _beside_people(user, public) or _open(user, rule_set, rated=False)


def band(waited_seconds: float) -> float:
    """How far from your rating a waiting rated table may be and still take you."""
    return settings.RATING_BAND + settings.RATING_BAND_PER_SECOND * max(waited_seconds, 0)


def _waiting(public):
    """The tables where people sit, with how many seats are taken."""
    return (public.annotate(people=Count("seats", filter=Q(seats__user__bot_level="")),
                            taken=Count("seats"))
            .filter(people__gt=0))


def _session_under_way():
    """True for a table whose session has not ended (a subquery on the table's row)."""
    return Exists(Session.objects.filter(table=OuterRef("pk"), ended_at__isnull=True))


def _rated_match(user, public, family: str) -> Table | None:
    tables = list(_waiting(public).filter(rating_family=family, taken__lt=F("seat_count"),
                                          status=TableStatus.OPEN)
                  .filter(~_session_under_way()).order_by("created_at"))
    if not tables:
        return None
    seated = dict(Seat.objects.filter(table__in=tables).values_list("user_id", "table_id"))
    rated = ratings_of([*seated, user.id], family)
    mine = rated[user.id].mu if user.id in rated else MU
    level: dict[int, list[float]] = {}
    for person, table_id in seated.items():
        level.setdefault(table_id, []).append(rated[person].mu if person in rated else MU)
    moment = hooks.now()

    def distance(table: Table) -> float:
        mus = level.get(table.id, [MU])
        return abs(sum(mus) / len(mus) - mine)

    for table in sorted(tables, key=distance):
        if distance(table) > band((moment - table.created_at).total_seconds()):
            continue
        try:
            seat_take(table_id=table.id, user=user)
        except GameError:
            continue  # filled or started meanwhile
        player_ready(table_id=table.id, user=user)  # pressing Play now is being ready
        return table
    return None


def _beside_people(user, public) -> Table | None:
    waiting = (_waiting(public)
               .filter(Q(fill_with_bots=True)
                       | Q(~_session_under_way(), status=TableStatus.OPEN,
                           taken__lt=F("seat_count")))
               .order_by("created_at"))
    for table in waiting:
        try:
            seat_take(table_id=table.id, user=user)
        except GameError as error:
            if error.code == "seat_promised":  # a bot's seat once this round settles
                return table
            continue  # filled meanwhile
        return table
    return None


def _open(user, rule_set: RuleSet, *, rated: bool) -> Table:
    seconds = settings.PLAY_NOW_BOT_SECONDS
    with transaction.atomic():
        table = table_create(user=user, rule_set=rule_set, name=default_table_name(user),
                             rated=rated)
        # People first; when the wait is over, bots may fill the seats nobody took (a
        # rated table then becomes unrated: bot_seats.fill).
        table.fill_with_bots = True
        save_fields(table, ("fill_with_bots",))
        bot_seats.wait_for_people(table.id, seconds)
        # Pressing Play now is being ready: the bots' arrival deals the first round.
        player_ready(table_id=table.id, user=user)
        table_id = table.id
        transaction.on_commit(lambda: hooks.app.tasks[hooks.BOTS_WAKE_TASK].apply_async(
            kwargs={"table_id": table_id}, countdown=seconds + 0.2))
    return table


def people_came(table: Table, seats: list[Seat]) -> bool:
    """At a rated table whose wait is over (under its lock): when two people or more sit
    there and no session is under way, deal the ready ones a rated round now rather than
    let bots in. True when the table is left to its people."""
    if not table.rating_family or bot_seats.waiting_for_people(table.id):
        return False
    people = [seat for seat in seats if not bot_seats.is_bot(seat)]
    if len(people) < 2:
        return False
    if not round_running(table) and sessions.open_session(table) is None:
        ready = [seat for seat in people if seat.ready or seat.away]
        if len(ready) >= 2:
            deal_if_playable(table, ready)
    return True
