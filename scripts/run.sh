#!/usr/bin/env bash
# make run: Redis, migrations, the bundled catalogue, a Celery worker and the web server.
# Ctrl-C stops everything this script started. Running it again is harmless.
set -euo pipefail
cd "$(dirname "$0")/.."
export DEBUG="${DEBUG:-1}"
REDIS_PORT="${REDIS_PORT:-6379}"
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:$REDIS_PORT/0}"
PY=.venv/bin/python
worker=""
server=""

cleanup() {
  trap - EXIT INT TERM
  for pid in $server $worker; do
    kill -TERM "$pid" 2>/dev/null || true
  done
  for pid in $server $worker; do
    wait "$pid" 2>/dev/null || true
  done
  scripts/redis.sh stop "$REDIS_PORT"
  echo "Stopped."
}
trap cleanup EXIT INT TERM

scripts/redis.sh start "$REDIS_PORT"
$PY manage.py migrate --noinput
$PY manage.py import_catalogue
case "$DEBUG" in 1|true|yes|on) ;; *) $PY manage.py collectstatic --noinput -v0 ;; esac
.venv/bin/celery -A config worker --loglevel=INFO --concurrency="${CELERY_CONCURRENCY:-2}" \
  --hostname="muster-run@%h" &
worker=$!
echo "Serving Muster on http://127.0.0.1:8000 (Ctrl-C to stop)"
# In the background and waited for, so a signal to this script alone also stops everything.
$PY manage.py runserver 127.0.0.1:8000 --noreload &
server=$!
wait "$server"
