#!/usr/bin/env bash
# Where a PUT's time goes: nubo.jar under 16 connections of 64 KiB WebDAV PUTs to new names (wrk, 20 s after a 20 s
# warm-up) with Java Flight Recorder on; prints the hottest frames (own CPU samples), the packages they belong to,
# and where threads waited (monitor enters and parks over 1 ms, by the frame that waited).
# Usage: perf/writes/profile.sh [path/to/nubo.jar]   (the recording stays in $PROFILE_OUT, default /tmp/put.jfr)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
jar=${1:-}
out=${PROFILE_OUT:-/tmp/put.jfr}
# shellcheck source=server.sh
. "$here/server.sh"
curl -fs -o /dev/null -u admin:admin-pass-1 -X MKCOL "$B/dav/files/admin/put/"
E2E_METHOD=PUT E2E_PUT=w wrk -t2 -c16 -d20s -H "$auth" -s "$here/../e2e/load.lua" "$B/dav/files/admin/put/" >/dev/null
jcmd "$pid" JFR.start name=put settings=profile filename="$out" >/dev/null
E2E_METHOD=PUT E2E_PUT=m wrk -t2 -c16 -d20s -H "$auth" -s "$here/../e2e/load.lua" "$B/dav/files/admin/put/" |
  grep RESULT
jcmd "$pid" JFR.stop name=put >/dev/null
jfr print --json --events jdk.ExecutionSample,jdk.JavaMonitorEnter,jdk.ThreadPark "$out" > "$work/events.json"
python3 - "$work/events.json" <<'PY'
import collections, json, sys
events = json.load(open(sys.argv[1]))["recording"]["events"]
def frames(e):
    return [f"{f['method']['type']['name']}.{f['method']['name']}" for f in (e["values"].get("stackTrace") or {}).get("frames", [])]
own, pkg, nubo, waits = collections.Counter(), collections.Counter(), collections.Counter(), collections.Counter()
samples = 0
for e in events:
    fs = frames(e)
    if not fs:
        continue
    if e["type"] == "jdk.ExecutionSample":
        samples += 1
        own[fs[0]] += 1
        pkg[".".join(fs[0].split(".")[:3])] += 1
        first = next((f for f in fs if f.startswith("dev.nubo.")), None)
        if first:
            nubo[first] += 1
    else:
        dur = e["values"].get("duration", "PT0S")
        ms = float(dur[2:-1]) * 1000 if dur.startswith("PT") and dur.endswith("S") else 0
        if ms >= 1:
            where = next((f for f in fs if f.startswith("dev.nubo.")), fs[min(2, len(fs) - 1)])
            waits[(e["type"].split(".")[1], where)] += ms
print(f"{samples} CPU samples")
print("\nhottest frames (own samples):")
for f, n in own.most_common(15):
    print(f"  {100 * n / samples:5.1f} %  {f}")
print("\nby package of the sampled frame:")
for p, n in pkg.most_common(12):
    print(f"  {100 * n / samples:5.1f} %  {p}")
print("\nnearest Nubo frame on the stack (inclusive):")
for f, n in nubo.most_common(12):
    print(f"  {100 * n / samples:5.1f} %  {f}")
print("\nwaits of 1 ms or more (total ms, kind, nearest Nubo frame):")
for (kind, f), ms in waits.most_common(12):
    print(f"  {ms:8.0f}  {kind:18s} {f}")
PY
