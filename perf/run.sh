#!/usr/bin/env bash
# The benchmark suite in one command: JMH micro-benchmarks (perf/jmh.sh), end-to-end load against nubo.jar with
# Apache mod_dav, Apache's static files and Radicale as peers in the same run (perf/e2e/run.py), then the gates
# against perf/baseline.json (perf/gate.py).
#
#   perf/run.sh                   the whole suite (about 20 minutes on 2 cores): writes perf/target/results/*.json and
#                                 regenerates perf/RESULTS.md; exits 1 when a gate fails (slower beyond its noise
#                                 band, more bytes per op, errors) or a benchmark is missing
#   perf/run.sh --quick           proves the harness (under 3 minutes): every benchmark runs briefly and every gate
#                                 is evaluated; results under perf/target/quick/; exits 1 only when a benchmark
#                                 did not run, a request failed or a figure is malformed, never on a timing; then
#                                 perf/gate_test.py proves the gates fail a slower run (synthetic cases, and this
#                                 run against a baseline doctored to be twice as fast)
#   perf/run.sh --save-baseline   the whole suite, then its figures become perf/baseline.json
# Env: NUBO_JAR (default ear/target/nubo.jar). Needs a built tree (mvn -B -ntp -DskipTests package), java, wrk,
# apache2, radicale, python3-requests, nextcloudcmd and rclone.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
quick=0
save=0
for arg in "$@"; do
  case $arg in
    --quick) quick=1 ;;
    --save-baseline) save=1 ;;
    *) echo "usage: $0 [--quick | --save-baseline]" >&2; exit 2 ;;
  esac
done
jar=${NUBO_JAR:-$root/ear/target/nubo.jar}
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
if [ "$quick" = 1 ]; then
  out=$here/target/quick
  mkdir -p "$out"
  "$here/jmh.sh" --quick "$out/jmh.json"
  "$here/e2e/run.py" --quick --jar "$jar" --out "$out/e2e.json"
  "$here/gate.py" --jmh "$out/jmh.json" --e2e "$out/e2e.json" --baseline "$here/baseline.json" \
    --markdown "$out/RESULTS.md" --json "$out/gate.json" --commit "$commit" --title "Benchmark results (quick mode)"
  # the gates' failure path, on this very run: against a baseline twice as fast every gate must fail
  exec "$here/gate_test.py" "$out/jmh.json" "$out/e2e.json"
fi
out=$here/target/results
mkdir -p "$out"
start=$(date +%s)
"$here/jmh.sh" "$out/jmh.json"
"$here/e2e/run.py" --jar "$jar" --out "$out/e2e.json"
extra=(--enforce)
# a new baseline is judged against the old one for the table, but its verdicts do not fail the run
if [ "$save" = 1 ]; then extra=(--save-baseline "$here/baseline.json"); fi
status=0
"$here/gate.py" --jmh "$out/jmh.json" --e2e "$out/e2e.json" --baseline "$here/baseline.json" \
  --markdown "$here/RESULTS.md" --json "$out/gate.json" --commit "$commit" "${extra[@]}" \
  --title "Benchmark results" || status=$?
echo "perf: whole suite in $(($(date +%s) - start)) s; table in perf/RESULTS.md" >&2
exit "$status"
