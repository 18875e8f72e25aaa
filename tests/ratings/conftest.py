from tests.games.conftest import committed, later, outbox, players  # noqa: F401 — shared fixtures
