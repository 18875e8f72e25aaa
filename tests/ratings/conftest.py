from tests.games.conftest import committed, outbox, players  # noqa: F401 — shared fixtures
