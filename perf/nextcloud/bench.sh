#!/usr/bin/env bash
# The Nextcloud dialect, on this machine, everything on 127.0.0.1, in one run of Nubo:
#   sync-up-1000   nextcloudcmd's first upload of 1,000 small files (1-4 KiB, 10 folders), wall time
#   resync-nochange  nextcloudcmd on the same folder with nothing changed, three times, wall time each
#   propfind-nc    PROPFIND Depth 1 on a folder of 1,000 files in the dialect, with the properties nextcloudcmd asks
#   propfind-dav   the same folder through /dav with the four DAV properties only
# Before timing, the two PROPFIND answers must list the same names with the same etags, and every dialect entry
# must carry oc:fileid, oc:id and oc:permissions. The goal: the dialect's extra properties cost under 30 % (p50).
# Usage: perf/nextcloud/bench.sh [path/to/nubo.jar] > report.md   (progress on stderr)
# Env: BENCH_DUR (10s per measured wrk pass), BENCH_CONN (4). Needs nextcloudcmd, wrk, curl, python3.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
jar=${1:-$here/../../ear/target/nubo.jar}
dur=${BENCH_DUR:-10s}
conn=${BENCH_CONN:-4}
say() { echo "bench: $*" >&2; }
die() { say "$*"; exit 1; }
for cmd in nextcloudcmd wrk curl java python3; do command -v "$cmd" >/dev/null || die "$cmd is missing"; done
[ -f "$jar" ] || die "no jar at $jar"

bench_name=nextcloud
# shellcheck source-path=SCRIPTDIR source=../files/server.sh
. "$here/../files/server.sh"
origin=http://127.0.0.1:$port
nc=$origin/nextcloud
dav_files=$origin/nextcloud/remote.php/dav/files/admin
say "Nubo on $origin, work in $work"

# --- nextcloudcmd: first upload of 1,000 small files, then re-syncs without changes
src=$work/sync
mkdir -p "$src" "$work/home"
for d in $(seq 0 9); do
  mkdir -p "$src/folder $d"
  for f in $(seq 0 99); do head -c $((1024 + (d * 100 + f) * 3 % 3072)) /dev/urandom > "$src/folder $d/file $f.bin"; done
done
curl -fs "${auth[@]}" -X MKCOL "$dav_files/sync/" >/dev/null
ncsync() {
  local t0 t1
  t0=$(date +%s.%N)
  HOME=$work/home nextcloudcmd --non-interactive -u admin -p "$pass" --path /sync --max-sync-retries 1 \
    "$src" "$nc" > "$work/$1.log" 2>&1 || die "nextcloudcmd $1 failed; see $work/$1.log"
  t1=$(date +%s.%N)
  python3 -c "print(f'{$t1 - $t0:.2f}')"
}
say "nextcloudcmd: first upload"
up=$(ncsync upload)
n=$(grep -c 'PUT of .* FINISHED WITH STATUS "OK"' "$work/upload.log" || true)
[ "$n" = 1000 ] || die "the upload sent $n files, not 1000"
re=()
for i in 1 2 3; do
  say "nextcloudcmd: re-sync $i"
  re+=("$(ncsync "resync-$i")")
  if grep -q 'Starting .* propagation of' "$work/resync-$i.log"; then die "re-sync $i propagated something"; fi
done
re_sorted=$(printf '%s\n' "${re[@]}" | sort -n | sed -n 2p)

# --- PROPFIND Depth 1 on 1,000 files: the dialect against plain WebDAV
say "seeding 1,000 files for the PROPFIND"
curl -fs "${auth[@]}" -X MKCOL "$dav_files/many/" >/dev/null
cfg=$work/put.cfg
: > "$cfg"
head -c 1024 /dev/urandom > "$work/1k"
for i in $(seq -w 1 1000); do printf 'url = "%s/dav/files/admin/many/f%s.txt"\nupload-file = "%s"\n' "$origin" "$i" "$work/1k" >> "$cfg"; done
curl -fs "${auth[@]}" -H 'Expect:' --parallel --parallel-max 8 -K "$cfg" -o /dev/null
nc_body='<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:prop><d:resourcetype/><d:getlastmodified/><d:getcontentlength/><d:getetag/><oc:size/><oc:id/><oc:fileid/><oc:downloadURL/><oc:dDC/><oc:permissions/><oc:checksums/><oc:data-fingerprint/><oc:share-types/></d:prop></d:propfind>'
dav_body='<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/><d:getlastmodified/><d:getcontentlength/><d:getetag/></d:prop></d:propfind>'
nc_url=$nc/remote.php/dav/files/admin/many/
dav_url=$origin/dav/files/admin/many/
curl -fs "${auth[@]}" -X PROPFIND -H 'Depth: 1' -H 'Content-Type: application/xml' --data "$nc_body" "$nc_url" > "$work/nc.xml"
curl -fs "${auth[@]}" -X PROPFIND -H 'Depth: 1' -H 'Content-Type: application/xml' --data "$dav_body" "$dav_url" > "$work/dav.xml"
python3 - "$work/nc.xml" "$work/dav.xml" <<'PY' || die "the two PROPFIND answers differ"
import sys, urllib.parse, xml.etree.ElementTree as ET
D, OC = "{DAV:}", "{http://owncloud.org/ns}"
def entries(path, nc):
    out = {}
    for r in ET.parse(path).getroot().iter(D + "response"):
        href = urllib.parse.unquote(r.find(D + "href").text)
        name = href.rstrip("/").rsplit("/", 1)[-1]
        ok = [p for p in r.iter(D + "propstat") if " 200 " in p.find(D + "status").text]
        props = {e.tag: (e.text or "") for p in ok for e in p.find(D + "prop")}
        if nc and not all(props.get(OC + k) for k in ("fileid", "id", "permissions")):
            sys.exit(f"{href}: no oc:fileid, oc:id or oc:permissions")
        out[name] = props.get(D + "getetag")
    return out
a, b = entries(sys.argv[1], True), entries(sys.argv[2], False)
if len(a) != 1001 or a != b:
    sys.exit(f"{len(a)} vs {len(b)} entries, same: {a == b}")
PY
basic=$(printf 'admin:%s' "$pass" | base64 -w0)
lua() { # file body
  python3 - "$1" "$2" "$basic" <<'PY'
import sys, json
path, body, basic = sys.argv[1:]
open(path, "w").write(f"""wrk.method = "PROPFIND"
wrk.body = {json.dumps(body)}
wrk.headers["Depth"] = "1"
wrk.headers["Content-Type"] = "application/xml"
wrk.headers["Authorization"] = "Basic {basic}"
done = function(summary, latency, requests)
  io.write(string.format("RESULT %.1f %.2f %.2f %d %d\\n", summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    summary.errors.status, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
""")
PY
}
lua "$work/nc.lua" "$nc_body"
lua "$work/dav.lua" "$dav_body"
declare -A url=([nc]=$nc_url [dav]=$dav_url)
rows=()
for round in 1 2; do
  for kind in nc dav; do
    say "wrk $kind, round $round"
    wrk -t2 -c"$conn" -d5s -s "$work/$kind.lua" "${url[$kind]}" > /dev/null
    r=$(wrk -t2 -c"$conn" -d"$dur" --timeout 30s -s "$work/$kind.lua" "${url[$kind]}" | grep '^RESULT')
    rows+=("$round $kind ${r#RESULT }")
  done
done
rss=$(ps -o rss= -p "$pid" | awk '{printf "%.0f", $1/1024}')

echo "## Nextcloud dialect, $(date -u +%Y-%m-%d), commit $(git -C "$here/../.." rev-parse --short HEAD)"
echo
echo "$(nproc) cores, $(java -version 2>&1 | head -1), nextcloudcmd $(nextcloudcmd --version 2>/dev/null | grep -o '[0-9][0-9.]*' | head -1), wrk -t2 -c$conn -d$dur after 5 s of warm-up; Nubo RSS at the end ${rss} MiB."
echo
echo "| nextcloudcmd | wall time |"
echo "|---|---|"
echo "| first upload, 1,000 files of 1-4 KiB in 10 folders | $up s |"
echo "| re-sync without changes (3 runs; median) | ${re[0]} / ${re[1]} / ${re[2]} s; $re_sorted s |"
echo
echo "| PROPFIND Depth 1, 1,000 files | round | req/s | p50 ms | p99 ms | non-2xx | socket errors |"
echo "|---|---|---|---|---|---|---|"
for row in "${rows[@]}"; do
  read -r round kind rps p50 p99 bad sock <<<"$row"
  name=$([ "$kind" = nc ] && echo "dialect (13 properties)" || echo "plain /dav (4 properties)")
  echo "| $name | $round | $rps | $p50 | $p99 | $bad | $sock |"
done
echo
python3 - "${rows[@]}" <<'PY'
import sys
p50 = {}
for row in sys.argv[1:]:
    r, kind, rps, a, b, *_ = row.split()
    p50.setdefault(r, {})[kind] = float(a)
ratios = [p50[r]["nc"] / p50[r]["dav"] for r in sorted(p50)]
print("p50 dialect / plain: " + ", ".join(f"{x:.2f}" for x in ratios) + " (goal under 1.30)")
PY
