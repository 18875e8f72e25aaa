from django.urls import path

from ratings.api import LeaderboardApi, MyRatingsApi

urlpatterns = [
    path("ratings/me/", MyRatingsApi.as_view(), name="api-ratings-mine"),
    path("ratings/<slug:family>/", LeaderboardApi.as_view(), name="api-ratings-leaderboard"),
]
