"""The production configuration passes `manage.py check --deploy` with no warnings."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PRODUCTION = {
    "DEBUG": "false",
    "SECRET_KEY": "k7#Qp2w9!xZ4vB8nM1rT6yU3iO0pL5aS7dF2gH9jK4lE8cV1bN6mQ3wR0tY5uI",
    "ALLOWED_HOSTS": "thirteen-water.example",
    "CSRF_TRUSTED_ORIGINS": "https://thirteen-water.example",
    "DATABASE_URL": "postgres://water@db.invalid:5432/water",  # never connected to by check
    "REDIS_URL": "redis://redis.invalid:6379/0",
}


def manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items()
             if k not in {*PRODUCTION, "EMBEDDED_WORKER", "DJANGO_SETTINGS_MODULE"}}
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env={**clean, **env},
                          capture_output=True, text=True, timeout=120)


def test_production_configuration_passes_check_deploy():
    result = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)

    assert result.returncode == 0, result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout


def test_production_refuses_to_start_without_a_secret_key():
    env = {k: v for k, v in PRODUCTION.items() if k != "SECRET_KEY"}
    result = manage("check", **env)

    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr


def test_check_deploy_warns_when_nobody_would_fire_the_timers():
    env = {k: v for k, v in PRODUCTION.items() if k != "REDIS_URL"}
    result = manage("check", "--deploy", **env)

    assert "games.W001" in result.stderr


def test_a_single_process_deployment_with_the_embedded_worker_is_fine():
    env = {k: v for k, v in PRODUCTION.items() if k != "REDIS_URL"}
    result = manage("check", "--deploy", "--fail-level", "WARNING", EMBEDDED_WORKER="true", **env)

    assert result.returncode == 0, result.stderr
