"""The tables API's routes, included under /api/ by config/urls.py."""

from django.urls import path

from games.live.api import TableJoinApi, TableListApi, TableStateApi

urlpatterns = [
    path("tables/", TableListApi.as_view(), name="api-table-list"),
    path("tables/join/", TableJoinApi.as_view(), name="api-table-join"),
    path("tables/<int:table_id>/", TableStateApi.as_view(), name="api-table-state"),
]
