"""The history pages: your rounds (filtered, paged, exportable), a table's rounds, the
leaderboard of a rule set, and a settled round's replay. Thin doors onto
games.record.history, games.record.replays and games.record.export; who may see what is
decided there, and a refusal here is a page saying why (404 for what the visitor may not
know exists, 403 for a round not settled yet).
"""

from __future__ import annotations

from datetime import datetime

from django import forms
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.conf import settings
from django.utils import translation
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext, gettext_lazy as _
from django.views.decorators.http import require_GET

from games.models import Round
from games.record import history, sessions
from games.record.analysis import replay_analysis
from games.record.export import SECOND_COPY_MARK, history_text, marked_hands, round_text
from games.record.history import HistoryError, HistoryFilter
from games.record.strings import replay_strings, verify_strings
from games.record.transcript import encode, transcript
from games.script_routes import url_template
from games.record.replays import ReplayRefused, replay_get
from rules.engine.cards import SUIT_SYMBOLS
from rules.engine.config import ROWS
from rules.models import RuleSet

ROUNDS_PER_PAGE = 20


class HistoryFilterForm(forms.Form):
    rule_set = forms.ChoiceField(label=_("Rule set"), required=False)
    settled_from = forms.DateField(label=_("From"), required=False,
                                   widget=forms.DateInput(attrs={"type": "date"}))
    settled_to = forms.DateField(label=_("To"), required=False,
                                 widget=forms.DateInput(attrs={"type": "date"}))

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["rule_set"].choices = [("", _("All rule sets"))] + list(
            RuleSet.objects.order_by("name").values_list("slug", "name"))

    def clean(self):
        data = super().clean()
        try:
            self.history_filter = HistoryFilter(rule_set=data.get("rule_set") or None,
                                                settled_from=data.get("settled_from"),
                                                settled_to=data.get("settled_to"))
        except HistoryError as error:
            raise forms.ValidationError(error.message, code=error.code) from None
        return data


def _filter_from(request) -> tuple[HistoryFilterForm, HistoryFilter | None]:
    form = HistoryFilterForm(request.GET)
    return form, (form.history_filter if form.is_valid() else None)


def _refused_page(request, error: HistoryError | ReplayRefused):
    code = 403 if error.code == "round_not_settled" else 404
    return render(request, "history/refused.html", {"message": error.message}, status=code)


def _faces(codes) -> str:
    """Cards as the site shows them in text: K♥ in red, 10♣ in black, 大王; a second copy
    of 多一色 (written Ad' in the export) marked. Not "Kc Th 6d" (issue 24, item 8)."""
    def face(code: str) -> tuple[str, str]:
        second = code.endswith(SECOND_COPY_MARK)
        code = code.rstrip(SECOND_COPY_MARK)
        if code in ("BJ", "SJ"):
            return ("face red joker" if code == "BJ" else "face joker",
                    gettext("Big joker") if code == "BJ" else gettext("Small joker"))
        colour = "red" if code[1] in "hd" else "black"
        rank = "10" if code[0] == "T" else code[0]
        return f"face {colour}{' second' if second else ''}", rank + SUIT_SYMBOLS[code[1]]

    codes = list(codes)
    # data-codes: the engine's codes (Ad' a second copy), as the export writes them.
    shown = format_html_join(" ", '<span class="{}">{}</span>', (face(code) for code in codes))
    return format_html('<span class="faces" data-codes="{}">{}</span>', " ".join(codes), shown)


def _shown_name(name: str) -> str:
    """A practice table's name in the reader's language: it is stored in its creator's
    ("Practise · Mei"), which a Chinese reader's replay title showed (issue 24, item 8)."""
    pattern = "Practise · %(name)s"
    for code, _language in settings.LANGUAGES:
        with translation.override(code):
            prefix = gettext(pattern).split("%(name)s")[0]
        if prefix and name.startswith(prefix):
            return gettext(pattern) % {"name": name[len(prefix):]}
    return name


def _rated_hands(data: dict) -> list[dict]:
    """The analysis of each hand (games.record.analysis), its best rows as card faces."""
    round = Round.objects.filter(pk=data["id"]).first()
    rated = replay_analysis(round, data["hands"]) if round is not None else []
    return [{**hand, "faces": {part: _faces(hand["best"].get(part) or [])
                               for part in (*ROWS, "discards")}} for hand in rated]


def _text(text: str, filename: str) -> HttpResponse:
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@login_required
@require_GET
def my_rounds(request):
    form, filters = _filter_from(request)
    if filters is None:
        return render(request, "history/rounds.html", {"form": form, "page": None}, status=400)
    page = Paginator(history.player_hands(user=request.user, filters=filters),
                     ROUNDS_PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "history/rounds.html", {
        "form": form,
        "page": page,
        "lines": [history.round_line(hand) for hand in page.object_list],
        "statistics": history.player_statistics(user=request.user, filters=filters),
        "sessions": sessions.player_sessions(user=request.user),
    })


@login_required
@require_GET
def my_rounds_export(request):
    form, filters = _filter_from(request)
    if filters is None:
        return HttpResponse(" ".join(" ".join(map(str, errors)) for errors in form.errors.values()),
                            status=400, content_type="text/plain; charset=utf-8")
    return _text(history_text(user=request.user, filters=filters),
                 f"thirteen-water-{request.user.username}.txt")


@login_required
@require_GET
def session_summary_page(request, share_code: str):
    """A session's summary (一局总结): standings and each round with its replay. Its
    share link opens for anyone logged in."""
    session = sessions.shared_session(share_code=share_code)
    if session is None:
        return render(request, "history/refused.html",
                      {"message": _("There is no such session, or it has not ended.")},
                      status=404)
    return render(request, "history/session.html", {
        "session": session, "summary": session.summary,
        "table_name": _shown_name(session.summary["table"]["name"])})


@login_required
@require_GET
def table_rounds(request, table_id: int):
    try:
        table = history.table_for_history(table_id=table_id, user=request.user)
    except HistoryError as error:
        return _refused_page(request, error)
    page = Paginator(history.table_rounds(table), ROUNDS_PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "history/table.html", {
        "table": table,
        "page": page,
        "lines": [history.table_round_line(round) for round in page.object_list],
    })


@login_required
@require_GET
def leaderboard(request, slug: str | None = None):
    rule_sets = list(RuleSet.objects.order_by("name"))
    if slug is None:  # the standard rule set first, where most rounds are played
        played = [rs["slug"] for rs in history.rule_sets_played()]
        slugs = [rs.slug for rs in rule_sets]
        first = next((slug for slug in ["standard", *played, *slugs]
                      if slug in slugs), None)
        if first is None:
            return render(request, "history/refused.html",
                          {"message": _("There are no rule sets yet.")}, status=404)
        return redirect("history:leaderboard_rule_set", slug=first)
    try:
        board = history.leaderboard(rule_set=slug)
    except HistoryError as error:
        return _refused_page(request, error)
    return render(request, "history/leaderboard.html", {
        "rule_sets": rule_sets,
        "rule_set": next(rs for rs in rule_sets if rs.slug == slug),
        "board": board,
    })


@login_required
@require_GET
def replay(request, round_id: int):
    try:
        data = replay_get(round_id=round_id, user=request.user)
    except ReplayRefused as error:
        return _refused_page(request, error)
    return render(request, "history/replay.html", {
        "replay": data,
        "settled_at": datetime.fromisoformat(data["settled_at"]) if data["settled_at"] else None,
        "rows": ROWS,
        "verify_line": _verify_line(data),
        "table_name": _shown_name(data["table"]["name"]),
        # the result table's rows as card faces, 多一色's second copies marked as in the export
        "shown": [{"hand": hand, "faces": {part: _faces(cards) for part, cards in
                                           marked_hands(data)[hand["position"]].items()
                                           if part in (*ROWS, "discards")}}
                  for hand in data["hands"]],
        "rated_hands": _rated_hands(data),
        "strings": replay_strings(),
        "you": next((hand["position"] for hand in data["hands"]
                     if hand["user_id"] == request.user.id), None),
    })


@login_required
@require_GET
def replay_export(request, round_id: int):
    try:
        data = replay_get(round_id=round_id, user=request.user)
    except ReplayRefused as error:
        return HttpResponse(error.message, status=403 if error.code == "round_not_settled"
                            else 404, content_type="text/plain; charset=utf-8")
    return _text(round_text(data), f"thirteen-water-round-{data['id']}.txt")


def _verify_line(data: dict) -> str:
    """The JSON line `python -m rules.engine verify-deal` checks this round with: its
    transcript (games.record.transcript, docs/fairness.md)."""
    return encode(transcript(data))


@require_GET
def verify_deal_page(request):
    """The public deal check (issue: player-seeded deals): anyone, logged in or not,
    pastes a round's transcript — or names a settled round they may watch, whose
    transcript the page fetches — and their browser checks it alone (static/js/verify/),
    by docs/fairness.md's steps. The server only serves the page."""
    return render(request, "history/verify.html", {
        "config": {"transcript_url": url_template("api-round-transcript", "round_id"),
                   "round": request.GET.get("round", "")},
        "strings": verify_strings(),
    })
