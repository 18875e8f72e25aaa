"""The ratings API: a family's leaderboard and your own ratings with their history."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from ratings import families, selectors


class RatingOutputSerializer(serializers.Serializer):
    family = serializers.ChoiceField(choices=list(families.NAMES))
    rating = serializers.IntegerField(help_text="mu, rounded: what the seats show.")
    provisional = serializers.BooleanField(help_text="Still unsure (sigma above 250).")
    conservative = serializers.IntegerField(help_text="mu − 3·sigma: what ranks.")
    sigma = serializers.IntegerField()
    rounds = serializers.IntegerField(help_text="Rated rounds played in this game.")


class RatingLeaderOutputSerializer(RatingOutputSerializer):
    rank = serializers.IntegerField()
    user_id = serializers.IntegerField()
    display_name = serializers.CharField()


class RatingHistoryEntrySerializer(serializers.Serializer):
    round_id = serializers.IntegerField()
    at = serializers.DateTimeField()
    rating = serializers.IntegerField(help_text="The rating after this round.")
    delta = serializers.IntegerField()
    loss = serializers.FloatField(allow_null=True, help_text=(
        "Points the analysis says this arrangement gave up; null until analysed."))


class MyRatingOutputSerializer(RatingOutputSerializer):
    name = serializers.CharField()
    history = RatingHistoryEntrySerializer(many=True)


class LeaderboardApi(APIView):
    """People with enough rated rounds in a game family, by conservative rating."""

    @extend_schema(operation_id="ratings_leaderboard",
                   responses={200: RatingLeaderOutputSerializer(many=True)})
    def get(self, request, family: str):
        try:
            board = selectors.leaderboard(family)
        except KeyError:
            return Response({"code": "bad_request", "message": "families are: "
                             + ", ".join(families.NAMES)}, status=404)
        return Response(RatingLeaderOutputSerializer(board, many=True).data)


class MyRatingsApi(APIView):
    """Your rating in each game you have played rated, with each rated round's change."""

    @extend_schema(operation_id="ratings_mine", responses=MyRatingOutputSerializer(many=True))
    def get(self, request):
        return Response(MyRatingOutputSerializer(selectors.player_ratings(request.user),
                                                 many=True).data)
