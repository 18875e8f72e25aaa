"""WebSocket routes, served by config/asgi.py behind session authentication.

The games app's consumers (live tables) add their routes to this list.
"""

websocket_urlpatterns: list = []
