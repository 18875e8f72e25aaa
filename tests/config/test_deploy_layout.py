"""The production process layout under deploy/ (issue 12, 2): every long-running process
is supervised with a restart policy, the health check asks a URL that exists, and the
proxy balances over the web processes the target starts."""

from __future__ import annotations

import configparser
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.urls import resolve

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
SYSTEMD = DEPLOY / "systemd"


def unit(name: str) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str
    parser.read_string((SYSTEMD / name).read_text().replace("\\\n", " "))
    return parser


@pytest.mark.parametrize("name", ["thirteen-water-web@.service",
                                  "thirteen-water-worker.service",
                                  "thirteen-water-advisor.service"])
def test_long_running_processes_always_restart(name):
    service = unit(name)
    assert service["Service"]["Restart"] == "always"
    assert service["Unit"]["StartLimitIntervalSec"] == "0"  # never give up restarting
    assert service["Service"]["EnvironmentFile"] == "/etc/thirteen-water/env"


def test_the_web_unit_runs_the_asgi_application_on_its_instance_port():
    start = unit("thirteen-water-web@.service")["Service"]["ExecStart"]
    assert "daphne" in start and "-p %i" in start and "config.asgi:application" in start


def test_the_worker_unit_runs_the_celery_app():
    start = unit("thirteen-water-worker.service")["Service"]["ExecStart"]
    assert "celery -A config worker" in start


def test_the_target_starts_the_web_processes_the_proxy_balances():
    wants = " ".join(unit("thirteen-water.target")["Unit"]["Wants"].split())
    ports = set(re.findall(r"thirteen-water-web@(\d+)\.service", wants))
    proxied = set(re.findall(r"server 127\.0\.0\.1:(\d+)",
                             (DEPLOY / "nginx" / "thirteen-water.conf").read_text()))
    assert len(ports) >= 2 and ports == proxied
    assert "thirteen-water-worker.service" in wants
    assert "thirteen-water-advisor.service" in wants
    assert "thirteen-water-health.timer" in wants


def test_every_queue_a_task_is_routed_to_has_a_worker_and_timers_wait_behind_no_advice():
    """The advisor's slow tasks go to their own queue (config.settings): the timer worker
    must not take it, and some worker must."""
    from django.conf import settings

    taken = {}
    for name in ("thirteen-water-worker.service", "thirteen-water-advisor.service"):
        start = unit(name)["Service"]["ExecStart"]
        taken[name] = set(re.search(r"-Q (\S+)", start).group(1).split(","))
    from config.celery import app

    assert set(settings.CELERY_TASK_ROUTES) <= set(app.tasks)  # routes name real tasks
    routed = {route["queue"] for route in settings.CELERY_TASK_ROUTES.values()}
    assert taken["thirteen-water-worker.service"] == {settings.CELERY_TASK_DEFAULT_QUEUE}
    assert routed <= taken["thirteen-water-advisor.service"]
    assert {q.name for q in settings.CELERY_TASK_QUEUES} == set().union(*taken.values())


def test_the_health_check_asks_the_health_url():
    script = (DEPLOY / "healthcheck.sh").read_text()
    url = re.search(r"http://127\.0\.0\.1:\$port(/\S+?)\"", script).group(1)
    assert resolve(url).url_name == "health"
    assert subprocess.run(["sh", "-n", str(DEPLOY / "healthcheck.sh")]).returncode == 0


def test_the_example_environment_names_the_proxy_and_the_deployment():
    settings = dict(line.split("=", 1) for line in
                    (SYSTEMD / "thirteen-water.env.example").read_text().splitlines()
                    if line and not line.startswith("#"))
    assert settings["NUM_PROXIES"] == "1"  # nginx, and nothing else
    assert settings["DEPLOYMENT_NAME"] and settings["DEBUG"] == "false"


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze")
def test_systemd_accepts_the_units(tmp_path):
    result = subprocess.run(["systemd-analyze", "verify", "--man=no",
                             *map(str, SYSTEMD.glob("*.service"))],
                            capture_output=True, text=True)
    # (The programs it names live under /srv/thirteen-water, absent here.)
    assert "Unknown" not in result.stderr and "Invalid" not in result.stderr
