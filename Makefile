# Muster: `make run` serves the site, `make test` runs every check. Both set themselves up.
SHELL := /bin/bash
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
DEPS_STAMP := $(VENV)/.deps-$(shell sha1sum requirements.txt | cut -c1-12)
MESSAGES_IGNORE := --ignore=.venv '--ignore=catalogue/data/*' '--ignore=tests/*' '--ignore=bench/*' '--ignore=scripts/*' '--ignore=staticfiles/*'

.PHONY: run serve test lint bench engine deps redis-server chromium postgresql gettext messages clean help
.DEFAULT_GOAL := help

help:
	@echo "make run    - set up everything and serve http://127.0.0.1:8000 (PORT=8001 for another; Ctrl-C stops it all)"
	@echo "make serve  - serve as in production: gunicorn, DEBUG off, Redis with persistence (docs/operations.md)"
	@echo "make test   - set up and run the whole suite (pytest, ruff, mypy)"
	@echo "make lint   - ruff, mypy and the layers' import contracts (lint-imports) only"
	@echo "make bench  - print the benchmarks"
	@echo "make engine - compile the battle engine with mypyc (run, test and bench do it; nothing to do if current)"

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(DEPS_STAMP): requirements.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	rm -f $(VENV)/.deps-*
	touch $@

deps: $(DEPS_STAMP)

# The battle engine compiled by mypyc (twice as fast); a stale or missing build is passed over, never used.
engine: deps
	@$(BIN)/python scripts/build_engine.py

# Debian's packages, installed only when missing (CI and fresh machines run as root).
redis-server:
	@command -v redis-server >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null; }

# Debian's PostgreSQL for the suite's PostgreSQL pass (scripts/postgres.sh starts its own on a private port; the
# package's own cluster on 5432 is not created).
postgresql:
	@ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || { mkdir -p /etc/postgresql-common && \
	  echo "create_main_cluster = false" > /etc/postgresql-common/createcluster.conf && apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; }

chromium:
	@command -v chromium >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

# gettext: the translations test extracts the interface's strings (xgettext) and compiles the catalogues (msgfmt).
gettext:
	@command -v msgfmt >/dev/null && command -v xgettext >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gettext >/dev/null; }

# After marking or changing interface strings: refresh locale/*/django.po, translate the new entries, then run
# this again to compile the .mo files (committed, so `make run` needs no gettext).
messages: deps gettext
	DEBUG=1 $(BIN)/python manage.py makemessages -l hu -l ru -l pl --no-obsolete $(MESSAGES_IGNORE)
	DEBUG=1 $(BIN)/python manage.py compilemessages --ignore=.venv

run: deps engine redis-server
	@scripts/run.sh

serve: deps engine redis-server
	@scripts/serve.sh

test: deps engine redis-server chromium postgresql gettext
	@scripts/test.sh

lint: deps
	$(BIN)/ruff check .
	$(BIN)/mypy .
	$(BIN)/lint-imports --no-logo

bench: deps engine redis-server
	@scripts/bench.sh

clean:
	rm -rf .run staticfiles
	rm -f *__mypyc*.so simulate/engine/*.so simulate/games/*.so simulate/.engine-build.json
