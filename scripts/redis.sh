#!/usr/bin/env bash
# scripts/redis.sh start|stop PORT — a Redis on 127.0.0.1 for this checkout: without persistence (tests, make run),
# or with REDIS_PERSIST=1 keeping its data in an append-only file under .run/redis-data-PORT (make serve: queued
# matchup chunks survive a Redis restart). "start" reuses a Redis already answering on PORT (and then "stop"
# leaves it alone).
set -euo pipefail
cd "$(dirname "$0")/.."
action=$1 port=$2
mkdir -p .run
marker=".run/redis-$port.ours"
case "$action" in
  start)
    if redis-cli -p "$port" ping >/dev/null 2>&1; then
      echo "Redis already answers on 127.0.0.1:$port; using it."
      rm -f "$marker"
      exit 0
    fi
    if [ "${REDIS_PERSIST:-0}" = 1 ]; then
      mkdir -p ".run/redis-data-$port"
      persistence=(--appendonly yes --appendfsync everysec --save '' --dir "$PWD/.run/redis-data-$port")
      what="append-only file in .run/redis-data-$port"
    else
      persistence=(--save '' --appendonly no --dir "$PWD/.run")
      what="no persistence"
    fi
    redis-server --port "$port" --bind 127.0.0.1 "${persistence[@]}" --daemonize yes \
      --pidfile "$PWD/.run/redis-$port.pid" --logfile "$PWD/.run/redis-$port.log"
    for _ in $(seq 50); do redis-cli -p "$port" ping >/dev/null 2>&1 && break; sleep 0.1; done
    redis-cli -p "$port" ping >/dev/null || { echo "Redis did not start; see .run/redis-$port.log" >&2; exit 1; }
    touch "$marker"
    echo "Redis started on 127.0.0.1:$port ($what)."
    ;;
  stop)
    if [ -f "$marker" ]; then
      if [ "${REDIS_PERSIST:-0}" = 1 ]; then
        redis-cli -p "$port" shutdown save >/dev/null 2>&1 || true
      else
        redis-cli -p "$port" shutdown nosave >/dev/null 2>&1 || true
      fi
      rm -f "$marker"
    fi
    ;;
  *) echo "usage: $0 start|stop PORT" >&2; exit 2 ;;
esac
