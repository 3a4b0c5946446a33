#!/usr/bin/env bash
# make test: its own Redis port and database, then pytest (on SQLite, then the tests that touch the database on
# PostgreSQL), ruff, mypy and the import contracts (lint-imports). Exit status: the first failure.
set -uo pipefail
cd "$(dirname "$0")/.."
REDIS_PORT="${TEST_REDIS_PORT:-6390}"
export REDIS_URL="redis://127.0.0.1:$REDIS_PORT/0"
export DJANGO_SETTINGS_MODULE=config.settings_test
export MUSTER_TEST_DB="$PWD/.run/test-db.sqlite3"
export PLAYWRIGHT_BROWSERS_PATH=0 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
unset DEBUG
mkdir -p .run
scripts/redis.sh start "$REDIS_PORT" || exit 1
trap 'scripts/redis.sh stop "$REDIS_PORT"' EXIT

# The whole suite runs in TEST_WORKERS processes (pytest-xdist; default 2, CI's two cores; 0: one process); a
# targeted run (with arguments) in one unless TEST_WORKERS says otherwise. --dist load hands the tests out in
# collection order, so each process keeps pytest-django's order (transactional tests, which empty the database
# after them, last). Each process has its own database, Celery queue and control channel (config/settings_test.py).
workers="${TEST_WORKERS:-$([ $# -eq 0 ] && echo 2 || echo 0)}"
parallel=()
[ "$workers" != 0 ] && parallel=(-n "$workers" --dist load)

status=0
start=$(date +%s)
.venv/bin/pytest "${parallel[@]}" "$@" || status=$?
echo "pytest: $(( $(date +%s) - start ))s"

# The PostgreSQL pass: the tests whose database work PostgreSQL could do differently (tests/conftest.py:
# POSTGRESQL_PATHS and the postgresql marker; not the browser ones) again, on a real PostgreSQL started here on a
# private port (TEST_PG_PORT, default the Redis port - 900). The whole suite runs it; a targeted run (with
# arguments) only with TEST_POSTGRES=1.
if { [ $# -eq 0 ] || [ "${TEST_POSTGRES:-0}" = 1 ]; } && [ "${TEST_POSTGRES:-1}" != 0 ]; then
  PG_PORT="${TEST_PG_PORT:-$((REDIS_PORT - 900))}"
  trap 'scripts/postgres.sh stop "$PG_PORT"; scripts/redis.sh stop "$REDIS_PORT"' EXIT
  if url=$(scripts/postgres.sh start "$PG_PORT"); then
    start=$(date +%s)
    DATABASE_URL="$url" MUSTER_DB_PASS=postgresql FUZZ_SECONDS="${PG_FUZZ_SECONDS:-25}" \
      .venv/bin/pytest "${parallel[@]}" "$@" || { [ $status -eq 0 ] && status=1; }
    echo "pytest on PostgreSQL: $(( $(date +%s) - start ))s"
  else
    echo "PostgreSQL did not start" >&2
    [ $status -eq 0 ] && status=1
  fi
fi
.venv/bin/ruff check . || { [ $status -eq 0 ] && status=1; }
.venv/bin/mypy . || { [ $status -eq 0 ] && status=1; }
.venv/bin/lint-imports --no-logo || { [ $status -eq 0 ] && status=1; }
[ $status -eq 0 ] && echo "make test: all passed" || echo "make test: FAILED (status $status)"
exit $status
