#!/usr/bin/env bash
# JMH micro-benchmarks of the core's hot paths (perf/src/main/java/dev/nubo/perf/jmh), each with its allocation per
# operation from the GC profiler (gc.alloc.rate.norm, B/op).
#
#   perf/jmh.sh [--quick] OUT.json
#
# Full (default): one fork, 4 warm-up iterations of 2 s, 5 measured ones of 3 s: about 25 s a benchmark, under
# 4 minutes for the 8 of them on two cores. --quick: one fork, no warm-up, one 200 ms iteration: proves that each
# benchmark runs (about 15 s in all); its numbers mean nothing.
#
# Writes JMH's JSON to OUT.json and its full log beside it (OUT.log); prints the summary (time and B/op per
# benchmark). Exits non-zero if the module is not built, if any benchmark fails, or if a benchmark has no result.
# Build first, from the repository root: mvn -B -ntp -DskipTests package
set -euo pipefail

usage() {
    echo "usage: perf/jmh.sh [--quick] OUT.json" >&2
    exit 2
}

quick=false
if [ "${1:-}" = "--quick" ]; then
    quick=true
    shift
fi
[ $# -eq 1 ] || usage
case "$1" in -*) usage ;; esac
out=$1
log="${out%.json}.log"

here="$(cd "$(dirname "$0")" && pwd)"
classes="$here/target/classes"
classpath="$here/target/classpath.txt"
list="$classes/META-INF/BenchmarkList"
if [ ! -s "$list" ] || [ ! -s "$classpath" ]; then
    echo "perf/jmh.sh: the perf module is not built ($list or $classpath is missing)." >&2
    echo "Build it from the repository root: mvn -B -ntp -DskipTests package" >&2
    exit 1
fi
if [ -n "$(find "$here/src" -name '*.java' -newer "$list" -print -quit)" ]; then
    echo "perf/jmh.sh: perf/src changed since the module was built; rebuild it:" >&2
    echo "  mvn -B -ntp -DskipTests package" >&2
    exit 1
fi
expected=$(grep -c . "$list")

if $quick; then
    timing=(-f 1 -wi 0 -i 1 -r 200ms)
else
    timing=(-f 1 -wi 4 -w 2s -i 5 -r 3s)
fi

rm -f "$out"
start=$SECONDS
status=0
# -foe: a benchmark that throws stops the run and fails it, rather than leaving a gap in the results
java -cp "$classes:$(cat "$classpath")" org.openjdk.jmh.Main \
    "${timing[@]}" -foe true -prof gc -rf json -rff "$out" -o "$log" || status=$?
elapsed=$((SECONDS - start))

if [ "$status" -ne 0 ] || [ ! -s "$out" ]; then
    echo "perf/jmh.sh: the JMH run failed (exit $status) after ${elapsed}s; the end of $log:" >&2
    tail -n 40 "$log" >&2 || true
    exit 1
fi
results=$(grep -c '"benchmark" :' "$out" || true)
allocations=$(grep -c '"gc.alloc.rate.norm" :' "$out" || true)
if [ "$results" -ne "$expected" ] || [ "$allocations" -ne "$expected" ]; then
    echo "perf/jmh.sh: $out holds $results results and $allocations allocation rates for $expected benchmarks;" \
        "see $log" >&2
    exit 1
fi

# the summary table: each benchmark's time, and its allocation per operation
sed -n '/^Benchmark  *Mode/,$p' "$log" | grep -v -e ':gc\.alloc\.rate  ' -e ':gc\.count' -e ':gc\.time' \
    -e '^Benchmark result is saved' -e '^$'
echo "$expected benchmarks in ${elapsed}s ($($quick && echo quick || echo full) mode): $out, log $log"
