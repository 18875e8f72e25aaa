"""Fixtures of the live-table tests beside tests/games/conftest.py's."""

from __future__ import annotations

import pytest

from games.live.owner import door, lease


@pytest.fixture
def two_processes(settings):
    """Two processes' leases on the shared Redis: (a, b); b's inbox stops at the end."""
    settings.OWNER_LEASE_SECONDS = 2.0
    settings.OWNER_RENEW_SECONDS = 0.5
    made = [lease.new_leases(), lease.new_leases()]
    yield made
    for leases in made:
        leases.stopped = True
        door.stop_listening(leases.token)
        leases.release_all()
