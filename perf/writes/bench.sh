#!/usr/bin/env bash
# BEFORE/AFTER of the write workloads, in one sitting: perf/e2e/run.py --only the given workloads against two jars
# in turn (each run measures its peer, Apache mod_dav, too), then one table of both runs.
# Usage: perf/writes/bench.sh BEFORE.jar AFTER.jar [workloads]   (default: put64k,put64k-1conn,put4k-16dirs,mixed32)
# Output: perf/target/writes/{before,after}.json and a Markdown table on stdout.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
before=$1 after=$2 only=${3:-put64k,put64k-1conn,put4k-16dirs,mixed32}
out=$here/../target/writes
mkdir -p "$out"
for side in before after; do
  jar=$before; [ "$side" = after ] && jar=$after
  "$here/../e2e/run.py" --only "$only" --jar "$jar" --out "$out/$side.json" >&2
done
python3 - "$out/before.json" "$out/after.json" <<'PY'
import json, sys
b, a = (json.load(open(p))["workloads"] for p in sys.argv[1:3])
print("| workload | conns | BEFORE Nubo req/s | BEFORE Apache | BEFORE ratio | AFTER Nubo req/s | AFTER Apache | AFTER ratio | AFTER Nubo p50 / p99 ms | errors |")
print("|---|---|---|---|---|---|---|---|---|---|")
for w in a:
    x, y = b.get(w), a[w]
    def r(v): return f"{v['nubo']['rps']:.0f} | {v['peer_result']['rps']:.0f} | {v['ratio']:.2f}×" if v else "| |"
    print(f"| {w} | {y['connections']} | {r(x)} | {r(y)} | {y['nubo']['p50_ms']:.2f} / {y['nubo']['p99_ms']:.2f} |"
          f" {y['nubo']['errors']} |")
PY
