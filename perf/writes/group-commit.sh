#!/usr/bin/env bash
# Does PostgreSQL's commit_delay help concurrent small writes? nubo.jar (embedded PostgreSQL) under 16 connections of
# 4 KiB WebDAV PUTs to new names spread over 16 folders (wrk, 10 s per setting after a 20 s warm-up), with
# commit_delay (microseconds) and commit_siblings changed at runtime (ALTER SYSTEM + reload; no restart). Every
# commit still waits for its WAL flush: commit_delay only makes a committing backend wait a little so that others'
# commits share the flush.
# Usage: perf/writes/group-commit.sh [path/to/nubo.jar]   (prints a Markdown table)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
jar=${1:-}
# shellcheck source=server.sh
. "$here/server.sh"
curl -fs -o /dev/null -u admin:admin-pass-1 -X MKCOL "$B/dav/files/admin/put16/"
for i in $(seq 0 15); do curl -fs -o /dev/null -u admin:admin-pass-1 -X MKCOL "$B/dav/files/admin/put16/d$i/"; done
load() { E2E_METHOD=PUT E2E_PUT=$1 E2E_SIZE=4096 E2E_PUT_FOLDERS=16 wrk -t2 -c16 -d"$2" -H "$auth" \
  -s "$here/../e2e/load.lua" "$B/dav/files/admin/put16/" | grep RESULT; }
load warm 20s >/dev/null
echo "| commit_delay (µs) | commit_siblings | PUT/s | p50 ms | p99 ms | errors |"
echo "|---|---|---|---|---|---|"
n=0
for round in 1 2; do
  for setting in "0 5" "200 4" "1000 4" "3000 2"; do
    set -- $setting
    q "ALTER SYSTEM SET commit_delay = $1"; q "ALTER SYSTEM SET commit_siblings = $2"; q "SELECT pg_reload_conf()" >/dev/null
    n=$((n + 1))
    load "r$n" 10s | sed -E 's/.*rps=([0-9.]+) p50=([0-9.]+) p99=([0-9.]+) non2xx=([0-9]+) sockerr=([0-9]+).*/\1 \2 \3 \4 \5/' |
      while read -r rps p50 p99 e1 e2; do echo "| $1 | $2 | ${rps%.*} | $p50 | $p99 | $((e1 + e2)) |"; done
  done
done
