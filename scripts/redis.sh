#!/usr/bin/env bash
# scripts/redis.sh start|stop PORT — a Redis on 127.0.0.1 without persistence, for this checkout.
# "start" reuses a Redis already answering on PORT (and then "stop" leaves it alone).
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
    redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no --daemonize yes \
      --pidfile "$PWD/.run/redis-$port.pid" --logfile "$PWD/.run/redis-$port.log" --dir "$PWD/.run"
    for _ in $(seq 50); do redis-cli -p "$port" ping >/dev/null 2>&1 && break; sleep 0.1; done
    redis-cli -p "$port" ping >/dev/null || { echo "Redis did not start; see .run/redis-$port.log" >&2; exit 1; }
    touch "$marker"
    echo "Redis started on 127.0.0.1:$port (no persistence)."
    ;;
  stop)
    if [ -f "$marker" ]; then
      redis-cli -p "$port" shutdown nosave >/dev/null 2>&1 || true
      rm -f "$marker"
    fi
    ;;
  *) echo "usage: $0 start|stop PORT" >&2; exit 2 ;;
esac
