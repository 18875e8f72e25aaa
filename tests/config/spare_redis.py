"""A throw-away redis-server on a spare port that a test may kill -9 and start again.

Never the shared Redis: faults are injected only into a server the test started itself.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest

REDIS_SERVER = shutil.which("redis-server")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class SpareRedis:
    """start(), kill() (SIGKILL: no goodbye to the clients), restart() on the same port.

    With `keep_data` the server writes an append-only file in `directory`, so a restart
    brings back what was stored (Celery's queued countdowns), as a production Redis does."""

    def __init__(self, directory: Path, *, keep_data: bool = False) -> None:
        if REDIS_SERVER is None:
            pytest.skip("redis-server is not installed")
        self.directory = directory
        self.keep_data = keep_data
        self.port = free_port()
        self.process: subprocess.Popen | None = None

    def url(self, database: int = 0) -> str:
        return f"redis://127.0.0.1:{self.port}/{database}"

    def start(self) -> "SpareRedis":
        persistence = (["--appendonly", "yes", "--appendfsync", "always"] if self.keep_data
                       else ["--appendonly", "no"])
        self.process = subprocess.Popen(
            [REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--dir", str(self.directory), *persistence],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2) as link:
                    link.sendall(b"PING\r\n")
                    if link.recv(16).startswith(b"+PONG"):
                        return self
            except OSError:
                pass
            time.sleep(0.05)
        raise RuntimeError(f"redis-server on port {self.port} did not start")

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def restart(self, down_for: float = 0.0) -> None:
        self.kill()
        time.sleep(down_for)
        self.start()


@pytest.fixture
def spare_redis(tmp_path):
    server = SpareRedis(tmp_path).start()
    yield server
    server.kill()
