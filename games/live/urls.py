from django.urls import path

from games.live import views

app_name = "games"

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("create/", views.create, name="create"),
    path("join/", views.join, name="join"),
    path("play-now/", views.play_now, name="play_now"),
    path("practise/", views.practise, name="practise"),
    path("yours/", views.your_tables, name="your_tables"),
    path("<int:table_id>/leave/", views.leave, name="leave"),
    path("<int:table_id>/", views.table, name="table"),
]
