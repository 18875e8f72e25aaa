"""The history API's routes, included under /api/ by config/urls.py."""

from django.urls import path

from games.record.api import (LeaderboardApi, MyRoundsApi, MyStatisticsApi, RoundReplayApi,
                              RoundTranscriptApi, TableRoundsApi)

urlpatterns = [
    path("history/", MyRoundsApi.as_view(), name="api-history-rounds"),
    path("history/statistics/", MyStatisticsApi.as_view(), name="api-history-statistics"),
    path("history/tables/<int:table_id>/", TableRoundsApi.as_view(),
         name="api-history-table"),
    path("history/leaderboard/<slug:slug>/", LeaderboardApi.as_view(),
         name="api-history-leaderboard"),
    path("rounds/<int:round_id>/replay/", RoundReplayApi.as_view(), name="api-round-replay"),
    path("rounds/<int:round_id>/transcript/", RoundTranscriptApi.as_view(),
         name="api-round-transcript"),
]
