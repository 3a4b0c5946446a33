#!/usr/bin/env bash
# make test: its own Redis port and database, then pytest, ruff, mypy and the import contracts (lint-imports).
# Exit status: the first failure.
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

status=0
start=$(date +%s)
.venv/bin/pytest "$@" || status=$?
echo "pytest: $(( $(date +%s) - start ))s"
.venv/bin/ruff check . || { [ $status -eq 0 ] && status=1; }
.venv/bin/mypy . || { [ $status -eq 0 ] && status=1; }
.venv/bin/lint-imports --no-logo || { [ $status -eq 0 ] && status=1; }
[ $status -eq 0 ] && echo "make test: all passed" || echo "make test: FAILED (status $status)"
exit $status
