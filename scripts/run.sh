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

cleanup() {
  trap - EXIT INT TERM
  if [ -n "$worker" ] && kill -0 "$worker" 2>/dev/null; then
    kill -TERM "$worker" 2>/dev/null || true
    wait "$worker" 2>/dev/null || true
  fi
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
$PY manage.py runserver 127.0.0.1:8000 --noreload
