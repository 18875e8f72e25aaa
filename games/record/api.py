"""The history API: a player's rounds and statistics, a table's rounds, the leaderboard
of a rule set, and a settled round's replay as JSON. Thin doors onto games.record.history and
games.record.replays, under the same rules of who may see what as the pages; a refusal answers
{"code", "message"} (404 for what the user may not know exists, 403 for a round that is
not settled yet, 400 for a filter that makes no sense).
"""

from __future__ import annotations

from django.core.paginator import EmptyPage, Paginator
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.renderers import BaseRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from games.record import history
# One {"code", "message"} shape and one {slug, name} of a rule set for the whole API.
from games.serializers import ErrorOutputSerializer, RuleSetBriefSerializer
from games.record.export import marked_hands
from games.record.history import HistoryError, HistoryFilter
from games.record.replays import ReplayRefused, replay_get
from games.record.transcript import encode, transcript

MAX_PAGE_SIZE = 100


_REFUSAL_STATUS = {
    "round_not_found": status.HTTP_404_NOT_FOUND,
    "table_not_found": status.HTTP_404_NOT_FOUND,
    "rule_set_not_found": status.HTTP_404_NOT_FOUND,
    "page_not_found": status.HTTP_404_NOT_FOUND,
    "round_not_settled": status.HTTP_403_FORBIDDEN,
}


def _refused(error: HistoryError | ReplayRefused) -> Response:
    return Response({"code": error.code, "message": error.message},
                    status=_REFUSAL_STATUS.get(error.code, status.HTTP_400_BAD_REQUEST))


@extend_schema_serializer(component_name="HistoryFilterInput")
class FilterInputSerializer(serializers.Serializer):
    rule_set = serializers.SlugField(required=False, help_text="A rule set's slug.")
    settled_from = serializers.DateField(required=False, help_text="First day, YYYY-MM-DD.")
    settled_to = serializers.DateField(required=False, help_text="Last day, YYYY-MM-DD.")


@extend_schema_serializer(component_name="HistoryPageInput")
class PageInputSerializer(serializers.Serializer):
    page = serializers.IntegerField(required=False, min_value=1, default=1)
    page_size = serializers.IntegerField(required=False, min_value=1, max_value=MAX_PAGE_SIZE,
                                         default=20)


FILTER_PARAMETERS = [
    OpenApiParameter("rule_set", OpenApiTypes.STR, description="Only this rule set (slug)."),
    OpenApiParameter("settled_from", OpenApiTypes.DATE, description="Settled on or after."),
    OpenApiParameter("settled_to", OpenApiTypes.DATE, description="Settled on or before."),
]
PAGE_PARAMETERS = [
    OpenApiParameter("page", OpenApiTypes.INT, description="From 1."),
    OpenApiParameter("page_size", OpenApiTypes.INT, description=f"1 to {MAX_PAGE_SIZE}."),
]


def _query(serializer_class, request) -> dict:
    """The query string read by `serializer_class`; a bad value is a HistoryError that
    names the parameter, answered like every other refusal."""
    serializer = serializer_class(data=request.query_params)
    if not serializer.is_valid():
        name, messages = next(iter(serializer.errors.items()))
        raise HistoryError("bad_filter", f"{name}: {' '.join(map(str, messages))}")
    return dict(serializer.validated_data)


def _filters(request) -> HistoryFilter:
    return HistoryFilter(**_query(FilterInputSerializer, request))


def _page(items, request, line) -> dict:
    """The page of `items` the query string asks for (PageInputSerializer), each item as
    `line` makes it: what every paged answer holds (PageOutputSerializer)."""
    paging = _query(PageInputSerializer, request)
    paginator = Paginator(items, paging["page_size"])
    try:
        page = paginator.page(paging["page"])
    except EmptyPage:
        raise HistoryError("page_not_found",
                           f"there are {paginator.num_pages} pages; ask for one of them") from None
    return {"count": paginator.count, "page": page.number, "pages": paginator.num_pages,
            "results": [line(item) for item in page.object_list]}


# --- output shapes (for the schema; the selectors build the dicts) -------------------------


class BriefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class RoundLineOutputSerializer(serializers.Serializer):
    round_id = serializers.IntegerField()
    number = serializers.IntegerField()
    table = BriefSerializer()
    rule_set = RuleSetBriefSerializer()
    settled_at = serializers.CharField()
    players = serializers.IntegerField()
    position = serializers.IntegerField()
    points = serializers.IntegerField()
    scoops_given = serializers.IntegerField()
    scoops_taken = serializers.IntegerField()
    home_run = serializers.BooleanField()
    special = serializers.CharField(allow_null=True)
    foul = serializers.BooleanField()
    auto = serializers.BooleanField(help_text="True when the timer submitted the first hint.")
    unit = serializers.ChoiceField(["water", "dao"], help_text=(
        "How `points` count: water between every pair, or 十三道's 道 against the banker."))
    banker = serializers.BooleanField(help_text="十三道: you held the bank (庄).")
    bid = serializers.IntegerField(allow_null=True, help_text="十三道: your bid for the bank.")


# A paged answer as _page builds it; each subclass says what its `results` are.
class PageOutputSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    page = serializers.IntegerField()
    pages = serializers.IntegerField()


class RoundPageOutputSerializer(PageOutputSerializer):
    results = RoundLineOutputSerializer(many=True)


class RowStatsSerializer(serializers.Serializer):
    won = serializers.IntegerField()
    lost = serializers.IntegerField()
    tied = serializers.IntegerField()
    win_rate = serializers.FloatField(allow_null=True)


class StatisticsOutputSerializer(serializers.Serializer):
    @extend_schema_serializer(component_name="StatisticsRows")
    class RowsSerializer(serializers.Serializer):
        front = RowStatsSerializer()
        middle = RowStatsSerializer()
        back = RowStatsSerializer()

    @extend_schema_serializer(component_name="WaterPoint")
    class WaterSerializer(serializers.Serializer):
        round_id = serializers.IntegerField()
        settled_at = serializers.CharField()
        points = serializers.IntegerField()
        total = serializers.IntegerField()

    rounds = serializers.IntegerField()
    total_water = serializers.IntegerField()
    rounds_won = serializers.IntegerField()
    rounds_lost = serializers.IntegerField()
    rounds_even = serializers.IntegerField()
    best = serializers.IntegerField(allow_null=True)
    worst = serializers.IntegerField(allow_null=True)
    rows = RowsSerializer()
    scoops_given = serializers.IntegerField()
    scoops_taken = serializers.IntegerField()
    home_runs = serializers.IntegerField()
    specials = serializers.IntegerField()
    fouls = serializers.IntegerField()
    auto_submissions = serializers.IntegerField()
    water_over_time = WaterSerializer(many=True)
    dao_rounds = serializers.IntegerField(help_text="十三道 rounds, counted in 道 apart.")
    total_dao = serializers.IntegerField(help_text="十三道: 道 won or lost against the banker.")
    banker_rounds = serializers.IntegerField(help_text="十三道 rounds you held the bank (庄).")


class TableRoundOutputSerializer(serializers.Serializer):
    @extend_schema_serializer(component_name="TableRoundHand")
    class HandSerializer(serializers.Serializer):
        position = serializers.IntegerField()
        user_id = serializers.IntegerField()
        display_name = serializers.CharField()
        points = serializers.IntegerField()
        special = serializers.CharField(allow_null=True)
        foul = serializers.BooleanField()
        auto = serializers.BooleanField()
        home_run = serializers.BooleanField()
        unit = serializers.ChoiceField(["water", "dao"])
        banker = serializers.BooleanField()
        bid = serializers.IntegerField(allow_null=True)

    round_id = serializers.IntegerField()
    number = serializers.IntegerField()
    settled_at = serializers.CharField()
    hands = HandSerializer(many=True)


class _WithTableSerializer(serializers.Serializer):
    table = BriefSerializer()


# The table, then the page of its rounds: DRF lists the bases' fields in the bases' order.
class TableRoundPageOutputSerializer(_WithTableSerializer, PageOutputSerializer):
    results = TableRoundOutputSerializer(many=True)


class LeaderOutputSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    user_id = serializers.IntegerField()
    display_name = serializers.CharField()
    rounds = serializers.IntegerField()
    total_water = serializers.IntegerField()
    rounds_won = serializers.IntegerField()
    average = serializers.FloatField()
    unit = serializers.ChoiceField(["water", "dao"], help_text="十三道 counts 道, not water.")


class ReplayOutputSerializer(serializers.Serializer):
    """games.record.replays.replay_build's dict, passed through as it is, plus `shown`."""

    def get_shown(self, replay) -> dict:
        return {str(position): {part: codes for part, codes in cards.items() if part != "pattern"}
                for position, cards in marked_hands(replay).items()}

    id = serializers.IntegerField()
    number = serializers.IntegerField()
    table = serializers.JSONField(help_text="{id, name, is_private}")
    rule_set = serializers.JSONField(help_text="{slug, name}")
    rules = serializers.JSONField(help_text="{name, mode, wheel, deck, jokers, hand_size}")
    dealt_at = serializers.CharField()
    settled_at = serializers.CharField()
    fairness = serializers.JSONField(help_text=(
        "{algorithm, commitment, seed, deal_order}: docs/fairness.md says how to check them."))
    hands = serializers.JSONField(help_text=(
        "Every seat as the `settled` message showed it: position, user_id, display_name, "
        "avatar, cards, candidates and discards (多三张; else empty), front, middle, back, "
        "pattern, special, foul, auto, points."))
    shown = serializers.SerializerMethodField(help_text=(
        "Seat position (as text) -> {cards, candidates, front, middle, back, discards} as the "
        "pages and the hand history show them: in 多一色 the second copy met of a card, seat "
        "by seat, is written with a prime (Ad'). Plain codes everywhere else."))
    pairs = serializers.JSONField(help_text="Each pair's rows, scoop, home run and special.")
    totals = serializers.JSONField(help_text="Seat position (as text) -> points.")
    home_run = serializers.IntegerField(allow_null=True)
    banker = serializers.IntegerField(allow_null=True, help_text="十三道: the banker's seat.")
    bids = serializers.JSONField(allow_null=True, help_text="十三道: seat -> bid for the bank.")
    exchange = serializers.JSONField(allow_null=True, help_text=(
        "十三道: {put: seat -> card put into the pool, takes: [[chooser, seat taken from]], "
        "swapped_by: seat that took the spare hand, held: seat -> cards after it}."))
    negotiations = serializers.JSONField(allow_null=True, help_text=(
        "十三道: player's seat -> {status, by, amount} (amount: what the banker wins)."))
    adjustments = serializers.JSONField(help_text=(
        "十三道: [{position, points, reason: bid | pot | swap}], points moved outside the rows."))
    steps = serializers.JSONField(help_text=(
        "The replay's steps (deal, submit, row, special, scoop, home_run, totals), each "
        "with the running score."))
    verification = serializers.JSONField(help_text="{ok, checks: [{check, ok, message}]}")


# --- endpoints ----------------------------------------------------------------------------


class MyRoundsApi(APIView):
    """Your settled rounds, newest first, with how each went for you."""

    @extend_schema(operation_id="history_rounds", parameters=FILTER_PARAMETERS + PAGE_PARAMETERS,
                   responses={200: RoundPageOutputSerializer, 400: ErrorOutputSerializer,
                              404: ErrorOutputSerializer})
    def get(self, request):
        try:
            hands = history.player_hands(user=request.user, filters=_filters(request))
            page = _page(hands, request, history.round_line)
        except HistoryError as error:
            return _refused(error)
        return Response(RoundPageOutputSerializer(page).data)


class MyStatisticsApi(APIView):
    """Your figures over your settled rounds: water, rows, scoops, specials, fouls, the
    timer's help, and the water after each round."""

    @extend_schema(operation_id="history_statistics", parameters=FILTER_PARAMETERS,
                   responses={200: StatisticsOutputSerializer, 400: ErrorOutputSerializer,
                              404: ErrorOutputSerializer})
    def get(self, request):
        try:
            stats = history.player_statistics(user=request.user, filters=_filters(request))
        except HistoryError as error:
            return _refused(error)
        return Response(StatisticsOutputSerializer(stats).data)


class TableRoundsApi(APIView):
    """A table's settled rounds: anyone logged in for a public table, its players for a
    private one."""

    @extend_schema(operation_id="history_table_rounds", parameters=PAGE_PARAMETERS,
                   responses={200: TableRoundPageOutputSerializer, 404: ErrorOutputSerializer})
    def get(self, request, table_id: int):
        try:
            table = history.table_for_history(table_id=table_id, user=request.user)
            page = _page(history.table_rounds(table), request, history.table_round_line)
        except HistoryError as error:
            return _refused(error)
        page["table"] = {"id": table.id, "name": table.name}
        return Response(TableRoundPageOutputSerializer(page).data)


class LeaderboardApi(APIView):
    """The players of a rule set by total water over its settled rounds."""

    @extend_schema(operation_id="history_leaderboard",
                   responses={200: LeaderOutputSerializer(many=True), 404: ErrorOutputSerializer})
    def get(self, request, slug: str):
        try:
            board = history.leaderboard(rule_set=slug)
        except HistoryError as error:
            return _refused(error)
        return Response(LeaderOutputSerializer(board, many=True).data)


class RoundReplayApi(APIView):
    """A settled round rebuilt from its event log, with the revealed seed and the
    server's verification. Its players may always see it, anyone logged in when the
    table is public; nobody before it is settled (403)."""

    @extend_schema(operation_id="rounds_replay",
                   responses={200: ReplayOutputSerializer, 403: ErrorOutputSerializer,
                              404: ErrorOutputSerializer})
    def get(self, request, round_id: int):
        try:
            replay = replay_get(round_id=round_id, user=request.user)
        except ReplayRefused as error:
            return _refused(error)
        return Response(ReplayOutputSerializer(replay).data)


class CanonicalJSONRenderer(BaseRenderer):
    """A transcript's one canonical text (games.record.transcript.encode: keys sorted, no
    spaces, ASCII only), the very bytes of the export's Transcript line and the replay
    page's line, so that a byte changed anywhere no longer verifies."""

    media_type = "application/json"
    format = "json"
    charset = None  # ASCII only: the bytes carry no charset to choose

    def render(self, data, accepted_media_type=None, renderer_context=None):
        return encode(data).encode("ascii")


class CanonicalJSONOnly(BaseContentNegotiation):
    """The transcript is one representation: application/json whatever the Accept
    header asks (a browser's text/html included), never 406."""

    def select_parser(self, request, parsers):
        return parsers[0] if parsers else None

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type


class RoundTranscriptApi(APIView):
    """A settled round's deal transcript (games.record.transcript, docs/fairness.md): the
    public verification page's input and verify-deal's line, served as its canonical
    bytes with content type application/json for every Accept header. The replay's rules
    of who may see it; nobody before the round is settled (403)."""

    renderer_classes = [CanonicalJSONRenderer]
    content_negotiation_class = CanonicalJSONOnly

    @extend_schema(operation_id="rounds_transcript",
                   responses={200: OpenApiTypes.OBJECT, 403: ErrorOutputSerializer,
                              404: ErrorOutputSerializer})
    def get(self, request, round_id: int):
        try:
            replay = replay_get(round_id=round_id, user=request.user)
        except ReplayRefused as error:
            return _refused(error)
        return Response(transcript(replay))
