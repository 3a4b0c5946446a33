#!/usr/bin/env bash
# make serve: the site as in production on one machine — DEBUG off, static files collected, a Redis that keeps
# its data on disk (append-only file), Celery worker(s) and beat (the job reconciler), gunicorn with several
# processes sharing their rate-limit counts in Redis, /healthz checked before saying "serving".
# PORT (8000), REDIS_PORT (6379), WEB_CONCURRENCY (2), CELERY_CONCURRENCY (2). Ctrl-C stops everything.
# Behind an HTTPS proxy: MUSTER_TLS=1 (docs/operations.md). SECRET_KEY: set it; without one, a random key is
# kept in .secret_key (never in git).
set -euo pipefail
cd "$(dirname "$0")/.."
unset DEBUG
PORT="${PORT:-8000}"
REDIS_PORT="${REDIS_PORT:-6379}"
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:$REDIS_PORT/0}"
export CACHE_URL="${CACHE_URL:-redis://127.0.0.1:$REDIS_PORT/1}"
export ALLOWED_HOSTS="${ALLOWED_HOSTS:-127.0.0.1,localhost}"
[ -n "${SECRET_KEY:-}" ] || export MUSTER_ALLOW_LOCAL_SECRET=1
export PORT
PY=.venv/bin/python
pids=""

cleanup() {
  trap - EXIT INT TERM
  for pid in $pids; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in $pids; do wait "$pid" 2>/dev/null || true; done
  REDIS_PERSIST=1 scripts/redis.sh stop "$REDIS_PORT"
  echo "Stopped."
}
trap cleanup EXIT INT TERM

REDIS_PERSIST=1 scripts/redis.sh start "$REDIS_PORT"
$PY manage.py check --deploy --fail-level ERROR
$PY manage.py migrate --noinput
$PY manage.py import_catalogue
$PY manage.py collectstatic --noinput -v0
.venv/bin/celery -A config worker --loglevel=INFO --concurrency="${CELERY_CONCURRENCY:-2}" \
  --hostname="muster-serve@%h" &
pids="$pids $!"
.venv/bin/celery -A config beat --loglevel=INFO --schedule=.run/celerybeat-schedule &
pids="$pids $!"
.venv/bin/gunicorn -c config/gunicorn.conf.py &
server=$!
pids="$pids $server"
for _ in $(seq 100); do
  curl -fsS "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1 && break
  kill -0 "$server" 2>/dev/null || { echo "gunicorn stopped; see above" >&2; exit 1; }
  sleep 0.2
done
curl -fsS "http://127.0.0.1:$PORT/healthz" && echo
echo "Serving Muster (production settings) on http://127.0.0.1:$PORT (Ctrl-C to stop)"
wait "$server"
