"""The lobby and the table page: thin doors onto games.live.services and games.live.selectors.

The lobby lists public tables and the player's own, creates a table (its empty seats
filled with bots if asked), opens a practise table with bots, and joins one by invite
code (POST, then a redirect; a GET of those addresses — the language switch returns to
the page it was on — goes back to the lobby). "Your tables" lists the tables the player
sits at, each with Leave. The table page renders the table as the player may see it right now
(`table_state`, embedded with json_script) and hands over to static/js/table.js, which
plays the round over the WebSocket (docs/protocol.md). The page links to the table's
history (games/record/urls.py) and, once a round is settled, to that round's replay.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games.live.forms import JoinForm, PractiseForm, TableCreateForm
from games.live.selectors import lobby_tables, table_state
from games.live.services import GameError, seat_leave, table_join
from games.live.services.tables import default_table_name
from games.live.services.quick_play import play_now as play_now_service
from games.live.services.bots import practise_create, table_open
from games.live.strings import table_strings
from games.models import Seat, Table, TableStatus
from games.script_routes import url_template


def _error_text(error: GameError) -> str:
    """The refusal in the player's language where the lobby knows the code; the service's
    own message otherwise."""
    known = {
        "table_not_found": _("No open table has that invite code."),
        "table_full": _("Every seat at that table is taken."),
        "table_closed": _("That table is closed."),
        "round_in_progress": _("You cannot leave while your round is being played: "
                               "leave once it is settled."),
        "not_seated": _("You do not sit at that table."),
    }
    return known.get(error.code) or error.message


def _your_tables(user) -> list[dict]:
    """The tables `user` sits at that are not closed, newest first, each with how many
    people and bots sit there."""
    tables = (Table.objects.filter(seats__user=user).exclude(status=TableStatus.CLOSED)
              .select_related("rule_set").order_by("-created_at", "-id"))
    listed = [{"id": table.id, "name": table.name, "rule_set": table.rule_set.name,
               "is_private": table.is_private, "playing": table.status == TableStatus.PLAYING,
               "seat_count": table.seat_count} for table in tables]
    seated = {}
    for table_id, bot_level in Seat.objects.filter(
            table_id__in=[t["id"] for t in listed]).values_list("table_id", "user__bot_level"):
        counts = seated.setdefault(table_id, {"people": 0, "bots": 0})
        counts["bots" if bot_level else "people"] += 1
    for table in listed:
        table.update(seated.get(table["id"], {"people": 0, "bots": 0}))
    return listed


def _back_to_lobby(view):
    """A POST-only door that a GET reaches (the language switch returns to the page it
    was on: a refused form's address) sends the player to the lobby instead of a 405."""
    def door(request, *args, **kwargs):
        if request.method == "GET":
            return redirect("games:lobby")
        return view(request, *args, **kwargs)
    door.__name__, door.__doc__ = view.__name__, view.__doc__
    return door


def _lobby(request, create_form=None, join_form=None, practise_form=None, status=200):
    return render(request, "games/lobby.html", {
        "tables": _with_bot_seats(lobby_tables()),
        "your_tables": _your_tables(request.user),
        "create_form": create_form or TableCreateForm(
            prefix="create", initial={"name": default_table_name(request.user)}),
        "practise_form": practise_form or PractiseForm(prefix="practise"),
        "join_form": join_form or JoinForm(prefix="join"),
    }, status=status)


def _with_bot_seats(tables: list[dict]) -> list[dict]:
    """Each listed table's number of bot seats: a person who joins takes one of them."""
    counts = dict(Seat.objects.filter(table_id__in=[t["id"] for t in tables])
                  .exclude(user__bot_level="").values("table_id")
                  .annotate(n=Count("id")).values_list("table_id", "n"))
    for table in tables:
        table["bot_seats"] = counts.get(table["id"], 0)
    return tables


@login_required
@require_GET
def lobby(request):
    return _lobby(request)


@login_required
@_back_to_lobby
@require_POST
def create(request):
    form = TableCreateForm(request.POST, prefix="create")
    if not form.is_valid():
        # Said at the top too: on a phone the form's own errors are far below the fold.
        messages.error(request, _("The table was not created: see the form below."))
        return _lobby(request, create_form=form, status=400)
    try:
        data = form.cleaned_data
        table = table_open(user=request.user, rule_set=data["rule_set"], name=data["name"],
                           is_private=data["is_private"], seats=data["seats"],
                           rounds=data["rounds"], arrange_seconds=data["arrange_seconds"],
                           horse_card=data["horse_card"],
                           fill_with_bots=data["fill_with_bots"],
                           bot_level=data["bot_level"] or "normal", rated=data["rated"])
    except GameError as error:
        messages.error(request, _("The table was not created: %(reason)s")
                       % {"reason": _error_text(error)})
        return _lobby(request, create_form=form, status=400)
    return redirect("games:table", table_id=table.pk)


@login_required
@_back_to_lobby
@require_POST
def practise(request):
    """"Practise with bots": a private table where the player sits with the chosen bots
    (games.live.services.bots.practise_create)."""
    form = PractiseForm(request.POST, prefix="practise")
    if not form.is_valid():
        messages.error(request, _("The practise table was not opened: see the form below."))
        return _lobby(request, practise_form=form, status=400)
    data = form.cleaned_data
    try:
        table = practise_create(user=request.user, rule_set=data["rule_set"],
                                bots=data["bots"], level=data["level"], rounds=data["rounds"])
    except GameError as error:
        messages.error(request, _("The practise table was not opened: %(reason)s")
                       % {"reason": _error_text(error)})
        return _lobby(request, practise_form=form, status=400)
    return redirect("games:table", table_id=table.pk)


@login_required
@_back_to_lobby
@require_POST
def play_now(request):
    """"Play now": a seat at a public table of the chosen rule set that waits for
    players, or a new one (games.live.services.play_now)."""
    rule_set = request.POST.get("rule_set", "")
    try:
        table = play_now_service(user=request.user, rule_set=rule_set)
    except GameError as error:
        messages.error(request, _error_text(error))
        return redirect("games:lobby")
    return redirect("games:table", table_id=table.pk)


@login_required
@_back_to_lobby
@require_POST
def join(request):
    form = JoinForm(request.POST, prefix="join")
    if not form.is_valid():
        return _lobby(request, join_form=form, status=400)
    try:
        table = table_join(user=request.user, invite_code=form.cleaned_data["invite_code"])
    except GameError as error:
        form.add_error("invite_code", _error_text(error))
        return _lobby(request, join_form=form, status=400)
    messages.success(request, _("You joined %(name)s.") % {"name": table.name})
    return redirect("games:table", table_id=table.pk)


@login_required
@require_GET
def your_tables(request):
    """The tables the player sits at, with Leave (issue 24: nothing listed them)."""
    return render(request, "games/your_tables.html", {"your_tables": _your_tables(request.user)})


@login_required
@require_POST
def leave(request, table_id: int):
    """Leave a table from Your tables or the lobby; the last person's leaving closes it."""
    try:
        seat_leave(table_id=table_id, user=request.user)
    except GameError as error:
        messages.error(request, _error_text(error))
    else:
        messages.success(request, _("You left the table."))
    return redirect("games:lobby" if request.POST.get("next") == "lobby" else "games:your_tables")


@login_required
@require_GET
def table(request, table_id: int):
    try:
        state = table_state(table_id=table_id, user=request.user)
    except GameError:
        raise Http404(_("There is no such table, or it is private.")) from None
    return render(request, "games/table.html", {
        "table": state["table"],
        "state": {"type": "state", **state},
        "page": {
            "table_id": table_id,
            "user_id": request.user.pk,
            "rules": _rules_for_page(state["table"]["rule_set"]["slug"]),
            "lobby_url": reverse("games:lobby"),
            "replay_url": url_template("history:replay", "round_id"),
        },
        "strings": table_strings(),
    })


def _rules_for_page(slug: str) -> dict:
    """What the arranging view needs of the rules: the wheel for labels, fouls allowed or
    not, the hand size (16 in 多三张, whose `extra_cards` candidates get their own tray),
    十三道's mode, phases and bid cap, and the specials' names and points for the declare
    button and the reveal."""
    from rules.selectors import ruleset_get

    rule_set = ruleset_get(slug=slug)
    return {
        "wheel": rule_set.wheel,
        "allow_foul": rule_set.allow_foul,
        "min_players": rule_set.min_players,
        "max_players": rule_set.max_players,
        "arrange_seconds": rule_set.arrange_seconds,
        "extra_cards": rule_set.extra_cards,
        "hand_size": 13 + rule_set.extra_cards,
        # 十三道: the banker round's phases and the cap on a bid for the bank.
        "mode": rule_set.mode,
        "bidding": rule_set.bidding,
        "exchange": rule_set.exchange,
        "negotiation": rule_set.negotiation,
        "max_bid": rule_set.max_bid,
        "bid_seconds": rule_set.bid_seconds,
        "exchange_seconds": rule_set.exchange_seconds,
        "negotiate_seconds": rule_set.negotiate_seconds,
        "specials": {special.code: {"name": special.name, "points": special.points,
                                    "label": special.get_code_display()}
                     for special in rule_set.specials.all()},
    }
