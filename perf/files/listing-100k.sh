#!/usr/bin/env bash
# Keyset listing at depth: one folder of 100,000 entries, every 1,000-entry page timed from the first to the last,
# in each sort order. Usage: perf/files/listing-100k.sh [path/to/nubo.jar] [entries]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
jar=${1:-$here/../../ear/target/nubo.jar}
entries=${2:-100000}
bench_name=listing
# shellcheck source=server.sh
. "$here/server.sh"

root=$(curl -fs "${auth[@]}" "$base/files/root" | python3 -c 'import sys,json; print(json.load(sys.stdin)["id"])')
folder=$(curl -fs "${auth[@]}" -H 'Content-Type: application/json' -d '{"name":"big"}' "$base/files/$root/folders" \
  | python3 -c 'import sys,json; print(json.load(sys.stdin)["id"])')
pgport=$(pg_port)
java -cp "$pgjar" "$here/SeedFolder.java" "jdbc:postgresql://127.0.0.1:$pgport/postgres" "$folder" "$entries"

echo "| sort | pages | first page ms | p50 ms | p99 ms | last page ms | entries seen |"
echo "|---|---|---|---|---|---|---|"
for sort in name size modified type; do
  cursor=""; times=(); seen=0
  while :; do
    url="$base/files/$folder/children?limit=1000&sort=$sort${cursor:+&cursor=$cursor}"
    t=$(curl -fs "${auth[@]}" -o "$work/page.json" -w '%{time_total}' "$url")
    read -r n cursor < <(python3 -c 'import sys,json; d=json.load(open(sys.argv[1])); print(len(d["entries"]), d.get("next") or "")' "$work/page.json")
    times+=("$t"); seen=$((seen + n))
    [ -z "$cursor" ] && break
  done
  python3 - "$sort" "$seen" "${times[@]}" <<'PY'
import sys, statistics
sort, seen, ts = sys.argv[1], sys.argv[2], [float(t) * 1000 for t in sys.argv[3:]]
s = sorted(ts)
p99 = s[min(len(s) - 1, int(round(0.99 * (len(s) - 1))))]
print(f"| {sort} | {len(ts)} | {ts[0]:.1f} | {statistics.median(ts):.1f} | {p99:.1f} | {ts[-1]:.1f} | {seen} |")
PY
done
