"""The history pages' routes, included at the site's root by config/urls.py."""

from django.urls import path

from games.record import views

app_name = "history"

urlpatterns = [
    path("history/", views.my_rounds, name="rounds"),
    path("history/export.txt", views.my_rounds_export, name="export"),
    path("history/tables/<int:table_id>/", views.table_rounds, name="table"),
    path("history/leaderboard/", views.leaderboard, name="leaderboard"),
    path("history/leaderboard/<slug:slug>/", views.leaderboard, name="leaderboard_rule_set"),
    path("replays/<int:round_id>/", views.replay, name="replay"),
    path("sessions/<str:share_code>/", views.session_summary_page, name="session"),
    path("replays/<int:round_id>/export.txt", views.replay_export, name="replay_export"),
    path("verify/", views.verify_deal_page, name="verify"),
]
