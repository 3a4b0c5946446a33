#!/usr/bin/env bash
# make bench: every benchmark in bench/, each a plain script printing its figures.
set -euo pipefail
cd "$(dirname "$0")/.."
export DJANGO_SETTINGS_MODULE="${DJANGO_SETTINGS_MODULE:-config.settings_test}"
shopt -s nullglob
for script in bench/*.py; do
  case "$(basename "$script")" in _*) continue ;; esac
  echo "== $script"
  .venv/bin/python "$script"
done
