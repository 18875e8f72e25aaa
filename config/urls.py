from django.contrib import admin
from django.urls import include, path

from config import views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz/", views.health, name="health"),  # for the supervisor and proxy (deploy/)
    path("accounts/", include("accounts.urls")),
    path("rules/", include("rules.urls")),
    path("tables/", include("games.live.urls")),
    path("", include("games.record.urls")),  # history/…, replays/<round_id>/
    path("ratings/", include("ratings.urls")),  # the rating leaderboards
    path("api/", include("games.live.api_urls")),  # tables: lobby, create, join, state
    path("api/", include("games.record.api_urls")),  # history, statistics, replays
    path("api/", include("ratings.api_urls")),  # rating leaderboards, your ratings
    path("api/", include("config.api")),
    path("i18n/", include("django.conf.urls.i18n")),  # set_language: the language switch
    path("admin/", admin.site.urls),
]
