"""WebSocket routes of live tables (included by config/routing.py)."""

from django.urls import path

from games.live.consumers import TableConsumer

websocket_urlpatterns = [
    path("ws/tables/<int:table_id>/", TableConsumer.as_asgi()),
]
