#!/usr/bin/env bash
# scripts/postgres.sh start|stop PORT — a throwaway PostgreSQL (Debian's package) on 127.0.0.1:PORT for the
# suite's PostgreSQL pass: its data in .run/pg-PORT, no durability (fsync off), the superuser "muster" trusted on
# loopback. Prints nothing but errors and the DATABASE_URL line on start. As root it runs as the "postgres" user
# (PostgreSQL refuses root).
set -euo pipefail
cd "$(dirname "$0")/.."
action=$1 port=$2
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -n "$bin" ] || { echo "PostgreSQL is not installed (make postgresql installs Debian's package)" >&2; exit 1; }
data="$PWD/.run/pg-$port"
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
case "$action" in
  start)
    mkdir -p .run
    if [ ! -f "$data/PG_VERSION" ]; then
      rm -rf "$data"; mkdir -p "$data"
      [ "$(id -u)" = 0 ] && chown postgres: "$data"
      as_pg "$bin/initdb" -D "$data" -U muster -A trust -E UTF8 --locale=C.UTF-8 --no-sync >/dev/null
    fi
    if ! as_pg "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1; then
      as_pg "$bin/pg_ctl" -D "$data" -l "$data/server.log" -w -t 60 start -o \
        "-p $port -k $data -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100" \
        >/dev/null || { cat "$data/server.log" >&2; exit 1; }
    fi
    echo "postgres://muster@127.0.0.1:$port/postgres"
    ;;
  stop)
    if [ -f "$data/PG_VERSION" ]; then
      as_pg "$bin/pg_ctl" -D "$data" -m fast -w stop >/dev/null 2>&1 || true
    fi
    ;;
  *) echo "usage: $0 start|stop PORT" >&2; exit 2 ;;
esac
