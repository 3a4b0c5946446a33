#!/usr/bin/env bash
# make run: Redis, migrations, the bundled catalogue, a Celery worker with beat inside it (the job reconciler's
# periodic check, simulate/reconcile.py) and the web server.
# Ctrl-C stops everything this script started. Running it again is harmless.
#
# PORT (default 8000) is where the site answers; REDIS_PORT (default 6379) the Redis it starts or reuses.
# Tasks go to a queue of this checkout's own (CELERY_QUEUE, default muster-<hash of the checkout's path>):
# two checkouts sharing one Redis never run each other's tasks.
set -euo pipefail
cd "$(dirname "$0")/.."
export DEBUG="${DEBUG:-1}"
PORT="${PORT:-8000}"
REDIS_PORT="${REDIS_PORT:-6379}"
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:$REDIS_PORT/0}"
export CELERY_QUEUE="${CELERY_QUEUE:-muster-$(pwd -P | sha1sum | cut -c1-10)}"
PY=.venv/bin/python
worker=""
server=""
own_redis=0

case "$PORT" in ''|*[!0-9]*) echo "PORT must be a number, not '$PORT'" >&2; exit 2 ;; esac

cleanup() {
  trap - EXIT INT TERM
  for pid in $server $worker; do
    kill -TERM "$pid" 2>/dev/null || true
  done
  for pid in $server $worker; do
    wait "$pid" 2>/dev/null || true
  done
  if [ "$own_redis" = 1 ]; then scripts/redis.sh stop "$REDIS_PORT"; fi
  echo "Stopped."
}
trap cleanup EXIT INT TERM

# The worker runs unprivileged. As root (the README's fresh machine) it drops to `nobody` when it needs no
# file of the checkout; with the default SQLite database in a root-owned checkout it cannot (the database
# and the journal SQLite writes beside it belong to root), so it stays root and says so.
worker_user=()
if [ "$(id -u)" = 0 ]; then
  case "${DATABASE_URL:-sqlite}" in
    sqlite*) echo "Note: the Celery worker runs as root because the SQLite database in this root-owned checkout" \
                  "must be written by it; with DATABASE_URL=postgres://… it runs as 'nobody'." ;;
    *) worker_user=(--uid=nobody --gid="$(id -gn nobody)") ;;
  esac
fi

# A Redis already answering (the test suite's, another checkout's) is used and left as its owner keeps it.
if redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1; then
  echo "Redis already answers on 127.0.0.1:$REDIS_PORT; using it and leaving it running."
else
  scripts/redis.sh start "$REDIS_PORT"
  own_redis=1
fi
$PY manage.py migrate --noinput
$PY manage.py import_catalogue
case "$DEBUG" in 1|true|yes|on) ;; *) $PY manage.py collectstatic --noinput -v0 ;; esac
# -B: beat runs inside this one worker (fine for one development worker; make serve runs beat on its own).
.venv/bin/celery -A config worker --loglevel=INFO --concurrency="${CELERY_CONCURRENCY:-2}" \
  --hostname="muster-run-$PORT@%h" -B --schedule="/tmp/muster-beat-$PORT-$$" ${worker_user[@]+"${worker_user[@]}"} &
worker=$!
echo "Serving Muster on http://127.0.0.1:$PORT (tasks on the queue $CELERY_QUEUE; Ctrl-C to stop)"
# In the background and waited for, so a signal to this script alone also stops everything.
$PY manage.py runserver "127.0.0.1:$PORT" --noreload &
server=$!
wait "$server"
