"""Live play: the services that change a table (games.live.services), the selectors that
read it for one viewer, and the doors onto them — the WebSocket consumer, the timer tasks,
the lobby and table pages and the tables API. games/README.md maps a round's path."""
