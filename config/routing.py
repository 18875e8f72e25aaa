"""WebSocket routes, served by config/asgi.py behind session authentication.

The games app's consumers (live tables) add their routes to this list.
"""

from games.live.routing import websocket_urlpatterns as games_websocket_urlpatterns

websocket_urlpatterns: list = [*games_websocket_urlpatterns]
