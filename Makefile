# Two commands set up a fresh machine: `make run` and `make test` (see README.md).
# Both create .venv at the repository root and install pyproject.toml's pinned packages;
# the install re-runs only when pyproject.toml changes (the stamp file below).

PYTHON_FOR_VENV ?= python3.11
VENV := .venv
PYTHON := $(VENV)/bin/python
INSTALLED := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test test-embedded install migrate messages clean

run: migrate
	$(PYTHON) -m rules.engine.compiled  # the advisor's numba loops: ~20 s the first time
	@echo "Thirteen Water is running at http://$(HOST):$(PORT)"
	EMBEDDED_WORKER=true $(VENV)/bin/daphne -b $(HOST) -p $(PORT) config.asgi:application

test: install
	node --test tests/js/  # the table page's JavaScript (Node 20's own runner)
	# Compiled once here, not in each live server the browser tests start: on a fresh
	# clone each would spend ~20 s compiling, and its hint values would come that late.
	$(PYTHON) -m rules.engine.compiled
	$(VENV)/bin/pytest $(PYTEST_ARGS)

# The suite on the embedded default `make run` uses (SQLite, the in-memory channel layer,
# one process owning every table), whatever DATABASE_URL and REDIS_URL say: CI runs it
# after `make test` on PostgreSQL and Redis, so both databases' paths are checked. The
# tests that need PostgreSQL, Redis or Chromium are left out (`make test` runs them).
test-embedded: install
	env -u DATABASE_URL -u REDIS_URL $(VENV)/bin/pytest -p no:cacheprovider \
		-m "not requires_postgres and not requires_redis and not requires_chromium" \
		$(PYTEST_ARGS)

install: $(INSTALLED)

# The presets are loaded by the rules app's data migration.
migrate: install
	$(PYTHON) manage.py migrate --noinput

$(PYTHON):
	$(PYTHON_FOR_VENV) -m venv $(VENV)

$(INSTALLED): pyproject.toml | $(PYTHON)
	$(PYTHON) -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $@

# Refresh the Simplified Chinese catalogue after changing translatable text; commit both
# the .po and the compiled .mo (so neither run nor test needs gettext installed).
messages: install
	$(PYTHON) manage.py makemessages --locale zh_Hans --ignore '$(VENV)/*' --ignore 'tests/*' \
		--ignore 'rules/engine/*' --ignore 'bench/*'
	$(PYTHON) manage.py compilemessages --locale zh_Hans --ignore '$(VENV)/*'

clean:
	rm -rf $(VENV) staticfiles .pytest_cache
