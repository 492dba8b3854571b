#!/usr/bin/env bash
# The launcher's memory limits against an unbounded JVM, in one run: the whole end-to-end suite (perf/e2e/run.py,
# full mode, every workload and both sync rows) once with NUBO_HEAP=jvm (the server in the JVM you started, no
# limits: BEFORE) and once with NUBO_HEAP=auto (a sized server JVM: AFTER), back to back on one build.
# Prints a Markdown table of req/s per workload for both, their ratio, and the server's resident memory at the end
# of each run (launcher + server JVM); also written to perf/memory/target/heap-ab.md.
#
#   perf/memory/heap-ab.sh [--jar ear/target/nubo.jar] [--order "jvm auto"] [--only NAMES]
#
# Takes the bench lock for each pass (about 15 minutes each on 2 cores). Needs what perf/e2e/run.py needs.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
jar=$root/ear/target/nubo.jar
order="jvm auto"
only=()
while [ $# -gt 0 ]; do
  case $1 in
    --jar) jar=$2; shift ;;
    --order) order=$2; shift ;;
    --only) only=(--only "$2"); shift ;;
    *) echo "usage: see the head of $0" >&2; exit 2 ;;
  esac
  shift
done
out=$here/target
mkdir -p "$out"
for heap in $order; do
  echo "heap-ab: NUBO_HEAP=$heap" >&2
  NUBO_HEAP=$heap flock -o /tmp/nubo-bench.lock "$root/perf/e2e/run.py" --jar "$jar" "${only[@]}" \
    --out "$out/e2e-$heap.json"
done
python3 - "$out" $order <<'PY' | tee "$out/heap-ab.md"
import json, sys, pathlib
out, names = pathlib.Path(sys.argv[1]), sys.argv[2:]
docs = {n: json.loads((out / f"e2e-{n}.json").read_text()) for n in names}
a, b = names[0], names[-1]
print(f"Machine: {docs[a]['machine']}")
print()
print(f"| workload | req/s NUBO_HEAP={a} | req/s NUBO_HEAP={b} | {b} / {a} | p99 ms {a} | p99 ms {b} |")
print("|---|---|---|---|---|---|")
for w in docs[a]["workloads"]:
    x, y = docs[a]["workloads"][w]["nubo"], docs[b]["workloads"].get(w, {}).get("nubo")
    if not y:
        continue
    r = y["rps"] / x["rps"] if x["rps"] else float("nan")
    print(f"| {w} | {x['rps']:.0f} | {y['rps']:.0f} | {r:.2f} | {x['p99_ms']:.1f} | {y['p99_ms']:.1f} |")
print()
for n in names:
    d = docs[n]
    print(f"NUBO_HEAP={n}: RSS at the end {d['nubo_rss_mib']} MiB, peak {d['nubo_peak_rss_mib']} MiB, "
          f"suite {d['wall_seconds']} s")
PY
