#!/usr/bin/env bash
# What keeping the search index in step costs an upload: WebDAV PUTs of 64 KiB to new names (wrk with
# perf/e2e/load.lua) against two jars, BEFORE (no search queue trigger, no indexer, no media worker) and
# AFTER, alternating BEFORE, AFTER, BEFORE, AFTER, ... so drift on a shared machine hits both alike. Each pass starts
# a fresh server on a fresh data directory, warms it up for BENCH_WARM seconds of PUTs, then measures 1 and 16
# connections for BENCH_DUR each. The AFTER figure includes the indexer and media worker running beside the PUTs
# on the same two cores, which is what a user's upload meets.
# Usage: perf/search/put-cost.sh BEFORE.jar AFTER.jar > report.md
# Env: BENCH_DUR (10s), BENCH_ROUNDS (3), BENCH_WARM (15). Needs wrk, curl, python3, java.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[ $# -eq 2 ] || { echo "usage: $0 BEFORE.jar AFTER.jar" >&2; exit 2; }
before=$1 after=$2
dur=${BENCH_DUR:-10s} rounds=${BENCH_ROUNDS:-3} warm=${BENCH_WARM:-15}
out=$(mktemp -d /tmp/nubo-put-cost.XXXXXX)
pid=
stop() { [ -n "$pid" ] && { kill -TERM "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; }; pid=; }
trap 'stop; rm -rf "$out/data"' EXIT

pass() { # jar label round
  local port pw=bench-admin-pass url auth
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  rm -rf "$out/data"
  NUBO_PORT=$port NUBO_DATA_DIR=$out/data NUBO_ADMIN_PASSWORD=$pw java -jar "$1" >"$out/server-$2-$3.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 120); do curl -fs "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && break; sleep 1; done
  curl -fs "http://127.0.0.1:$port/api/health" >/dev/null || { echo "no server; $out/server-$2-$3.log" >&2; exit 1; }
  url=http://127.0.0.1:$port/dav/files/admin/
  auth=$(printf 'admin:%s' "$pw" | base64 -w0)
  curl -fs -u "admin:$pw" -X MKCOL "${url}put/" >/dev/null
  load() { # connections seconds name-prefix
    E2E_METHOD=PUT E2E_PUT=$3 wrk -t1 -c"$1" -d"$2" --timeout 30s -H "Authorization: Basic $auth" \
      -s "$here/../e2e/load.lua" "${url}put/"
  }
  load 16 "${warm}s" warm >/dev/null
  for c in 1 16; do
    load "$c" "$dur" "c$c" | tee "$out/$2-$3-$c.txt" | sed -n 's/^RESULT //p' |
      awk -v l="$2" -v c="$c" '{for (i = 1; i <= NF; i++) {split($i, kv, "="); v[kv[1]] = kv[2]}
        print l, c, v["rps"], v["p50"], v["p99"], v["non2xx"] + v["sockerr"]}' >>"$out/rows.txt"
  done
  stop
}

for r in $(seq 1 "$rounds"); do
  pass "$before" before "$r"
  pass "$after" after "$r"
done

python3 - "$out/rows.txt" "$dur" "$rounds" "$warm" <<'PY'
import sys, statistics
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
dur, rounds, warm = sys.argv[2:5]
print(f"64 KiB WebDAV PUTs to new names, wrk, {dur} per pass after {warm} s of warm-up, {rounds} alternating rounds, "
      "a fresh server and data directory per pass; medians, with every pass in brackets\n")
print("| connections | BEFORE PUT/s | AFTER PUT/s | AFTER / BEFORE | BEFORE p50 / p99 ms | AFTER p50 / p99 ms | errors |")
print("|---|---|---|---|---|---|---|")
for c in ("1", "16"):
    b = [r for r in rows if r[0] == "before" and r[1] == c]
    a = [r for r in rows if r[0] == "after" and r[1] == c]
    med = lambda xs, i: statistics.median(float(x[i]) for x in xs)
    runs = lambda xs: ", ".join(x[2] for x in xs)
    errs = sum(int(x[5]) for x in a + b)
    print(f"| {c} | {med(b, 2):.0f} ({runs(b)}) | {med(a, 2):.0f} ({runs(a)}) | {med(a, 2) / med(b, 2):.2f} "
          f"| {med(b, 3):.1f} / {med(b, 4):.1f} | {med(a, 3):.1f} / {med(a, 4):.1f} | {errs} |")
PY
