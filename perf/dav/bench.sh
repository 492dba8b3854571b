#!/usr/bin/env bash
# WebDAV against Apache httpd mod_dav in one run, on this machine, everything on 127.0.0.1: PROPFIND Depth 1 on a
# 1,000-file folder, GET of 4 KiB with Basic auth, GET of 16 MiB, PUT of 64 KiB (and PROPFIND Depth 0 on one
# file), driven by wrk through ../shared/tools/dav-bench.sh with the same settings for both servers.
# Usage: perf/dav/bench.sh [path/to/nubo.jar]   (prints a Markdown report on stdout; raw wrk output under /tmp)
# Env: BENCH_DUR (10s), BENCH_CONN (16), BENCH_RUNS (2), BENCH_ONLY as dav-bench.sh takes them; BENCH_WARM (20,
# seconds of unmeasured warm-up per workload). Needs apache2, wrk, curl, jcmd.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tools=$(cd "$here/../../../shared/tools" && pwd)
jar=${1:-$here/../../ear/target/nubo.jar}
bench_name=dav
# shellcheck source=../files/server.sh
. "$here/../files/server.sh"
export BENCH_DUR=${BENCH_DUR:-10s} BENCH_CONN=${BENCH_CONN:-16} BENCH_RUNS=${BENCH_RUNS:-2}

"$tools/peers/start-peers.sh" apache >/dev/null
trap 'cleanup; "$tools/peers/stop-peers.sh" >/dev/null 2>&1 || true' EXIT

rss() { awk '/VmRSS/ {printf "%d", $2 / 1024}' /proc/$pid/status; }
# A JVM compiles its hot paths during the first minutes under load (on two cores the JIT takes one of them), so
# both servers get one unmeasured pass of every workload first (BENCH_WARM seconds each; 0 skips it), and Nubo's
# measured pass starts once the JIT's queue is empty (at most 2 minutes later).
warm=${BENCH_WARM:-20}
warmup() { # url user pass
  [ "$warm" -gt 0 ] || return 0
  BENCH_RUNS=1 BENCH_DUR=${warm}s BENCH_OUT=$work/warm "$tools/dav-bench.sh" "$@" files > /dev/null 2>&1 || true
}
jit_idle() {
  for _ in $(seq 1 60); do
    jcmd "$pid" Compiler.queue 2>/dev/null | grep -qE '^C2 CompilerThread|^[0-9]+ +4 ' || return 0
    sleep 2
  done
}
warmup "http://127.0.0.1:$port/dav/files/admin/" admin "$pass"
jit_idle
BENCH_OUT=$work/nubo "$tools/dav-bench.sh" "http://127.0.0.1:$port/dav/files/admin/" admin "$pass" files \
  > "$work/nubo.txt" 2>&1
nubo_rss=$(rss)
warmup "http://127.0.0.1:18080/dav/" test test123
BENCH_OUT=$work/apache "$tools/dav-bench.sh" "http://127.0.0.1:18080/dav/" test test123 files \
  > "$work/apache.txt" 2>&1

python3 - "$work/nubo.txt" "$work/apache.txt" "$nubo_rss" "$BENCH_DUR" "$BENCH_CONN" "$BENCH_RUNS" <<'PY'
import sys, statistics
def load(path):
    rows = {}
    for line in open(path):
        f = line.split()
        if len(f) >= 10 and f[1].isdigit() and not line.startswith('#'):
            try:
                rows.setdefault(f[0], []).append((float(f[2]), f[3], float(f[4]), float(f[6]), int(f[8]), int(f[9])))
            except ValueError:
                pass
    return rows
nubo, apache = load(sys.argv[1]), load(sys.argv[2])
rss, dur, conn, runs = sys.argv[3:7]
goals = {"propfind1": 2.0, "get4k": 1.5, "get16m": 0.9, "put64k": 1.0, "propfind0": None}
print(f"wrk, {conn} connections, {dur} per run, best of {runs} runs per workload after a warm-up pass; Nubo RSS after its runs: {rss} MiB\n")
print("| workload | Nubo req/s | Apache req/s | ratio | goal | Nubo p50 / p99 ms | Apache p50 / p99 ms | errors (Nubo, Apache) |")
print("|---|---|---|---|---|---|---|---|")
for w in ["propfind1", "get4k", "get16m", "put64k", "propfind0"]:
    if w not in nubo or w not in apache:
        print(f"| {w} | missing | | | | | | |"); continue
    n = max(nubo[w]); a = max(apache[w])
    ratio = n[0] / a[0] if a[0] else float('nan')
    g = goals[w]
    goal = "" if g is None else (f"≥ {g}× {'met' if ratio >= g else 'MISSED'}")
    errs = f"{sum(r[4] + r[5] for r in nubo[w])}, {sum(r[4] + r[5] for r in apache[w])}"
    print(f"| {w} | {n[0]:.0f} | {a[0]:.0f} | {ratio:.2f}× | {goal} | {n[2]:.1f} / {n[3]:.1f} | {a[2]:.1f} / {a[3]:.1f} | {errs} |")
print("\nget16m in MB/s: Nubo " + max(nubo.get('get16m', [(0,'0')]))[1] + ", Apache " + max(apache.get('get16m', [(0,'0')]))[1])
PY
echo
echo "Raw: Nubo"; grep -v '^$' "$work/nubo.txt" | sed 's/^/    /'
echo "Raw: Apache"; grep -v '^$' "$work/apache.txt" | sed 's/^/    /'
