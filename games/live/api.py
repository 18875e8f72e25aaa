"""The tables API: the lobby (list, create, join by invite code) and a table's current state
as the requesting player may see it. Thin doors onto games.live.services and
games.live.selectors; a refused request answers {"code", "message"} with docs/protocol.md's
error codes."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from games.live import selectors, services
from games.live.services import GameError
from games.live.services.bots import table_open
from games.serializers import ErrorOutputSerializer, RuleSetBriefSerializer


class RuleSetSummarySerializer(RuleSetBriefSerializer):
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField()
    arrange_seconds = serializers.IntegerField()
    allow_foul = serializers.BooleanField()


class LobbyTableOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.CharField()
    invite_code = serializers.CharField()
    rule_set = RuleSetBriefSerializer()
    players = serializers.IntegerField()
    max_players = serializers.IntegerField()
    free_seats = serializers.IntegerField()
    rounds_planned = serializers.IntegerField(allow_null=True, help_text=(
        "The session's planned rounds, or null for an open-ended session."))
    rounds_played = serializers.IntegerField(help_text=(
        "Rounds settled in the session under way."))
    playing = serializers.BooleanField(help_text="A round is being played now.")
    rated = serializers.CharField(allow_null=True, help_text=(
        "The rating its rounds move (thirteen, shisandao, extra_three), or null: unrated."))
    version = serializers.IntegerField()
    created_at = serializers.CharField()


class TableStateOutputSerializer(serializers.Serializer):
    """docs/protocol.md's `state` payload (without `type`)."""

    @extend_schema_serializer(component_name="TableStateTable")
    class TableSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        name = serializers.CharField()
        status = serializers.CharField()
        is_private = serializers.BooleanField()
        invite_code = serializers.CharField(required=False)
        rule_set = RuleSetSummarySerializer()
        next_commitment = serializers.CharField(help_text=(
            "SHA-256 of the server seed the next round will be dealt with (v2)."))
        rated = serializers.CharField(allow_null=True, help_text=(
            "The rating its rounds move (thirteen, shisandao, extra_three), or null: unrated."))
        room = serializers.JSONField(help_text=(
            "The host's options: {seats, rounds_planned, arrange_seconds, horse_card, "
            "host}."))

    @extend_schema_serializer(component_name="TableStateSeat")
    class SeatSerializer(serializers.Serializer):
        position = serializers.IntegerField()
        user_id = serializers.IntegerField()
        display_name = serializers.CharField()
        ready = serializers.BooleanField()
        connected = serializers.BooleanField()
        submitted = serializers.BooleanField()
        host = serializers.BooleanField()
        away = serializers.BooleanField()
        end_vote = serializers.BooleanField()
        bot = serializers.CharField(allow_null=True, required=False, help_text=(
            "A bot's level (easy, normal, strong), or null for a person."))
        avatar = serializers.CharField()
        rating = serializers.JSONField(allow_null=True, help_text=(
            "At a rated table, a person's rating there: {value, provisional, rounds}; "
            "else null."))

    version = serializers.IntegerField()
    table = TableSerializer()
    seats = SeatSerializer(many=True)
    round = serializers.JSONField(allow_null=True, help_text=(
        "null; an arranging round {id, number, phase, deadline, deal_commitment, players, "
        "submitted}; or the settled payload (docs/protocol.md)."))
    you = serializers.JSONField(allow_null=True, help_text=(
        "null for a watcher; {position, ready, client_seed} for a seated player, plus "
        "round_id, cards, hints, deadline and submission while they arrange."))
    session = serializers.JSONField(allow_null=True, help_text=(
        "The session under way or the last one: {number, rounds_played, rounds_planned, "
        "ended, end_reason, share_code, totals}."))
    chat = serializers.JSONField(help_text="The last chat lines, oldest first.")


def _refused(error: GameError) -> Response:
    code = _REFUSAL_STATUS.get(error.code, status.HTTP_400_BAD_REQUEST)
    return Response({"code": error.code, "message": error.message}, status=code)


# The table's owner not answering is the server's trouble, not the request's: 503.
_REFUSAL_STATUS = {"table_not_found": status.HTTP_404_NOT_FOUND,
                   "table_unavailable": status.HTTP_503_SERVICE_UNAVAILABLE}


def _seat_and_show(request, service, data: dict, success: int) -> Response:
    """Run a service that seats the requester (create, join) and answer with the table's
    state as they now see it, or with the service's refusal."""
    try:
        table = service(user=request.user, **data)
    except GameError as error:
        return _refused(error)
    return Response(selectors.table_state(table_id=table.id, user=request.user),
                    status=success)


class TableListApi(APIView):
    """Public tables (GET), or open a new one and sit at seat 0 (POST)."""

    @extend_schema_serializer(component_name="TableCreateInput")
    class InputSerializer(serializers.Serializer):
        rule_set = serializers.SlugField(help_text="A rule set's slug, e.g. standard.")
        name = serializers.CharField(max_length=60, required=False, allow_blank=True,
                                     default="", help_text=(
                                         "Empty or left out: \"<your name>'s table\"."))
        is_private = serializers.BooleanField(default=False)
        seats = serializers.IntegerField(required=False, allow_null=True, default=None)
        rounds = serializers.IntegerField(required=False, allow_null=True, default=None)
        arrange_seconds = serializers.IntegerField(required=False, allow_null=True,
                                                   default=None)
        horse_card = serializers.CharField(required=False, allow_blank=True, default="",
                                           max_length=2)
        fill_with_bots = serializers.BooleanField(default=False, help_text=(
            "Bots sit in the seats nobody takes and give them up to people who join."))
        bot_level = serializers.ChoiceField(choices=["easy", "normal", "strong"],
                                            default="normal")
        rated = serializers.BooleanField(default=False, help_text=(
            "Its rounds move the players' ratings: people only, a preset's full rules."))

    @extend_schema(operation_id="tables_list", responses=LobbyTableOutputSerializer(many=True))
    def get(self, request):
        return Response(selectors.lobby_tables())

    @extend_schema(operation_id="tables_create", request=InputSerializer,
                   responses={201: TableStateOutputSerializer, 400: ErrorOutputSerializer})
    def post(self, request):
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return _seat_and_show(request, table_open, serializer.validated_data,
                              status.HTTP_201_CREATED)


class TableJoinApi(APIView):
    """Sit at the table with this invite code (the lowest free seat)."""

    @extend_schema_serializer(component_name="TableJoinInput")
    class InputSerializer(serializers.Serializer):
        invite_code = serializers.CharField(max_length=20)

    @extend_schema(operation_id="tables_join", request=InputSerializer,
                   responses={200: TableStateOutputSerializer, 400: ErrorOutputSerializer,
                              404: ErrorOutputSerializer})
    def post(self, request):
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return _seat_and_show(request, services.table_join, serializer.validated_data,
                              status.HTTP_200_OK)


class TableStateApi(APIView):
    """A table as the requesting player may see it: their own cards only (RULES.md §10)."""

    @extend_schema(operation_id="tables_retrieve",
                   responses={200: TableStateOutputSerializer, 404: ErrorOutputSerializer})
    def get(self, request, table_id: int):
        try:
            state = selectors.table_state(table_id=table_id, user=request.user)
        except GameError as error:
            return _refused(error)
        # The socket's `state` itself, as the selector built it: the serializer above
        # documents it (the schema) but must not filter it (issue 25: the HTTP state lost
        # the room, the session, the chat and the seats' host/away/end_vote).
        return Response(state)
