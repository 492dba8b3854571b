#!/usr/bin/env bash
# The Nextcloud dialect (issue 6), on this machine, everything on 127.0.0.1, one Nubo server:
#   upload-1000      nextcloudcmd's first upload of 1,000 files of 1-4 KiB in 10 folders, wall time
#   resync-nochange  nextcloudcmd on the same folders with nothing changed, three times, wall time of each
#   propfind-nc      PROPFIND Depth 1 on a folder of 1,000 files at /nextcloud/remote.php/dav/files/USER/, asking the
#                    13 properties nextcloudcmd asks (4 DAV, 9 oc:)
#   propfind-dav     the same folder at /dav/files/USER/, asking the 4 DAV properties only
# Checks before anything is timed: the upload put all 1,000 files on the server; no re-sync changes anything (the
# remote folder's etag and the local files' sizes and mtimes stay the same); both PROPFIND answers list the same
# 1,001 names with the same getetag values, and every dialect response has a non-empty oc:fileid, oc:id and
# oc:permissions. Exits non-zero when one fails.
# Goal: the dialect's extra properties cost under 30 %, i.e. the median over the rounds of p50 dialect / p50 plain < 1.30.
# Usage: perf/nextcloud/bench.sh [path/to/nubo.jar] > report.md
#   Prints a Markdown report on stdout and progress on stderr. Keeps nextcloudcmd's logs, the PROPFIND answers,
#   the raw wrk output and Nubo's server.log under $work (/tmp/nubo-nextcloud.*, named on stderr at the end);
#   Nubo's data directory and the synced files are removed.
# Env: BENCH_DUR (5s, each measured wrk pass), BENCH_ROUNDS (6 pairs of passes, dialect then plain),
#   BENCH_WARM (20, seconds of unmeasured wrk warm-up of each kind before the first pass),
#   BENCH_CONN (4, wrk connections; 2 threads). Needs nextcloudcmd (nextcloud-desktop-cmd), wrk, curl, python3,
#   /usr/bin/time.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
jar=${1:-$here/../../ear/target/nubo.jar}
dur=${BENCH_DUR:-5s}
rounds=${BENCH_ROUNDS:-6}
warm=${BENCH_WARM:-20}
conn=${BENCH_CONN:-4}
say() { echo "bench: $*" >&2; }
die() { say "$*"; exit 1; }
for cmd in nextcloudcmd wrk curl java python3 /usr/bin/time; do command -v "$cmd" >/dev/null || die "$cmd is missing"; done
[ -f "$jar" ] || die "no jar at $jar"
[[ $warm =~ ^[0-9]+$ ]] || die "BENCH_WARM must be a number of seconds"
[[ $rounds =~ ^[1-9][0-9]*$ ]] || die "BENCH_ROUNDS must be a positive number"

say "starting Nubo ($jar)"
bench_name=nextcloud
# shellcheck source-path=SCRIPTDIR source=../files/server.sh
. "$here/../files/server.sh"
# server.sh's cleanup removes all of $work; keep the logs and answers, drop the data and the synced files.
stop_all() {
  kill -TERM "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -rf "$work/data" "$work/sync" "$work/nchome" "$work/seed"
  say "logs and raw output under $work (server log: $work/server.log)"
}
trap stop_all EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

origin=http://127.0.0.1:$port
user=ncbench
upass=ncbench-pass-1
uauth=(-u "$user:$upass")
nc=$origin/nextcloud
ncdav=$nc/remote.php/dav/files/$user
plaindav=$origin/dav/files/$user
say "Nubo on $origin, work in $work"

status=$(curl -s -o "$work/user.json" -w '%{http_code}' "${auth[@]}" -H 'Content-Type: application/json' \
  --data "{\"username\":\"$user\",\"password\":\"$upass\"}" "$base/admin/users")
[ "$status" = 201 ] || die "creating $user answered $status: $(cat "$work/user.json")"

# CPU seconds used so far by Nubo's JVM and its embedded PostgreSQL (the processes whose command line or, for
# PostgreSQL's backends, working directory lies under $work)
server_cpu() {
  python3 - "$work" <<'PY'
import os, sys
work, hz, total = sys.argv[1], os.sysconf("SC_CLK_TCK"), 0
for p in filter(str.isdigit, os.listdir("/proc")):
    try:
        cmd = open(f"/proc/{p}/cmdline", "rb").read().decode(errors="replace")
        if work not in cmd and not (cmd.startswith("postgres") and os.readlink(f"/proc/{p}/cwd").startswith(work)):
            continue
        f = open(f"/proc/{p}/stat").read().rsplit(")", 1)[1].split()
        total += sum(int(x) for x in f[11:15])  # utime, stime and those of reaped children (backends)
    except (OSError, IndexError, ValueError):
        pass
print(f"{total / hz:.2f}")
PY
}
sub() { python3 -c "import sys; print(f'{float(sys.argv[1]) - float(sys.argv[2]):.2f}')" "$1" "$2"; }
etag_of() { # url -> the getetag of the resource (Depth 0)
  curl -s "${uauth[@]}" -X PROPFIND -H 'Depth: 0' -H 'Content-Type: application/xml' \
    --data '<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>' "$1" |
    sed -n 's:.*<d\:getetag>\([^<]*\)</d\:getetag>.*:\1:p' | head -1
}
# file: every local file but the client's journal and log, with its size, its mtime in whole seconds (the first
# re-sync sets each file's mtime to the server's, which keeps seconds) and its MD5
local_state() {
  (
    cd "$work/sync"
    find . -type f ! -name '.sync_*' ! -name '.*sync.log*' -printf '%p %s %T@\n' | sed 's/\.[0-9]*$//' | sort
    find . -type f ! -name '.sync_*' ! -name '.*sync.log*' -print0 | sort -z | xargs -0 md5sum
  ) >"$1"
}

# ---------------------------------------------------------------- nextcloudcmd
say "writing 1,000 files of 1-4 KiB in 10 folders"
mkdir -p "$work/sync" "$work/nchome"
for d in $(seq 0 9); do
  mkdir -p "$work/sync/folder $d"
  for f in $(seq -w 0 99); do
    head -c $((1024 + (10#$d * 100 + 10#$f) * 31 % 3072)) /dev/urandom >"$work/sync/folder $d/file $f.bin"
  done
done
bytes=$(find "$work/sync" -type f -printf '%s\n' | awk '{s += $1} END {print s}')
status=$(curl -s -o /dev/null -w '%{http_code}' "${uauth[@]}" -X MKCOL "$ncdav/sync/")
[ "$status" = 201 ] || die "MKCOL $ncdav/sync/ answered $status"

ncsync() { # name -> "wall client_cpu server_cpu" in seconds
  local t0 t1 s0 s1
  s0=$(server_cpu)
  t0=$(date +%s.%N)
  HOME=$work/nchome /usr/bin/time -f '%U %S' -o "$work/$1.time" nextcloudcmd --non-interactive -u "$user" \
    -p "$upass" --path /sync --max-sync-retries 1 "$work/sync" "$nc" >"$work/$1.log" 2>&1 ||
    die "nextcloudcmd ($1) failed; see $work/$1.log"
  t1=$(date +%s.%N)
  s1=$(server_cpu)
  echo "$(sub "$t1" "$t0") $(awk '{printf "%.2f", $1 + $2}' "$work/$1.time") $(sub "$s1" "$s0")"
}

say "nextcloudcmd: first upload"
read -r up_wall up_client up_server <<<"$(ncsync upload)"
# every file is on the server: Depth 1 on each folder lists it and its 100 files
on_server=0
for d in $(seq 0 9); do
  n=$(curl -s "${uauth[@]}" -X PROPFIND -H 'Depth: 1' -H 'Content-Type: application/xml' \
    --data '<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:getcontentlength/></d:prop></d:propfind>' \
    "$plaindav/sync/folder%20$d/" | grep -o '<d:response>' | wc -l)
  on_server=$((on_server + n - 1))
done
[ "$on_server" = 1000 ] || die "after the upload the server holds $on_server files in sync/, not 1000"
ups=$(grep -c 'PUT of .* FINISHED WITH STATUS "OK"' "$work/upload.log" || true)

etag0=$(etag_of "$ncdav/sync/")
local_state "$work/local-0.txt"
re_wall=() re_client=() re_server=() re_meta=()
for i in 1 2 3; do
  say "nextcloudcmd: re-sync $i, nothing changed"
  read -r w c s <<<"$(ncsync "resync-$i")"
  re_wall+=("$w") re_client+=("$c") re_server+=("$s")
  re_meta+=("$(grep -c 'Discovered .*CSYNC_INSTRUCTION_UPDATE_METADATA' "$work/resync-$i.log" || true)")
  [ "$(etag_of "$ncdav/sync/")" = "$etag0" ] || die "re-sync $i changed the remote folder (its etag moved)"
  local_state "$work/local-$i.txt"
  diff -q "$work/local-0.txt" "$work/local-$i.txt" >/dev/null ||
    die "re-sync $i changed the local files: $(diff "$work/local-0.txt" "$work/local-$i.txt" | head -4 | tr '\n' ' ')"
  if grep -qE 'PUT of|GET of' "$work/resync-$i.log"; then die "re-sync $i transferred a file; see $work/resync-$i.log"; fi
done
median() { printf '%s\n' "$@" | sort -n | sed -n "$((($# + 1) / 2))p"; }

# ---------------------------------------------------------------- PROPFIND Depth 1, dialect against plain
say "seeding 1,000 files of 1 KiB for the PROPFIND"
mkdir -p "$work/seed"
status=$(curl -s -o /dev/null -w '%{http_code}' "${uauth[@]}" -X MKCOL "$plaindav/many/")
[ "$status" = 201 ] || die "MKCOL $plaindav/many/ answered $status"
head -c 1024 /dev/urandom >"$work/seed/1k"
cfg=$work/seed/put.cfg
: >"$cfg"
for i in $(seq -w 1 1000); do
  printf 'url = "%s/many/f%s.txt"\nupload-file = "%s"\noutput = "/dev/null"\n' "$plaindav" "$i" "$work/seed/1k" >>"$cfg"
done
t0=$(date +%s.%N)
curl -s --no-progress-meter "${uauth[@]}" -H 'Expect:' --parallel --parallel-max 8 -K "$cfg" -w '%{http_code}\n' \
  >"$work/seed/codes" || true
seed_wall=$(sub "$(date +%s.%N)" "$t0")
[ "$(grep -c '^201$' "$work/seed/codes")" = 1000 ] ||
  die "the seeding PUTs answered: $(sort "$work/seed/codes" | uniq -c | tr -s ' \n' ' ')"

nc_body='<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:prop><d:resourcetype/><d:getlastmodified/><d:getcontentlength/><d:getetag/><oc:size/><oc:id/><oc:fileid/><oc:downloadURL/><oc:dDC/><oc:permissions/><oc:checksums/><oc:data-fingerprint/><oc:share-types/></d:prop></d:propfind>'
dav_body='<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/><d:getlastmodified/><d:getcontentlength/><d:getetag/></d:prop></d:propfind>'
declare -A url=([nc]=$ncdav/many/ [dav]=$plaindav/many/) body=([nc]=$nc_body [dav]=$dav_body)
for kind in nc dav; do
  status=$(curl -s -o "$work/$kind.xml" -w '%{http_code}' "${uauth[@]}" -X PROPFIND -H 'Depth: 1' \
    -H 'Content-Type: application/xml' --data "${body[$kind]}" "${url[$kind]}")
  [ "$status" = 207 ] || die "PROPFIND ${url[$kind]} answered $status"
done
size_nc=$(stat -c %s "$work/nc.xml")
size_dav=$(stat -c %s "$work/dav.xml")
python3 - "$work/nc.xml" "$work/dav.xml" <<'PY' || die "the two PROPFIND answers differ (under $work)"
import sys, urllib.parse, xml.etree.ElementTree as ET
D, OC = "{DAV:}", "{http://owncloud.org/ns}"
def entries(path, nc):
    out = {}
    for r in ET.parse(path).getroot().iter(D + "response"):
        href = urllib.parse.unquote(r.find(D + "href").text)
        name = href.rstrip("/").rsplit("/", 1)[-1]
        ok = [p for p in r.iter(D + "propstat") if " 200 " in p.find(D + "status").text]
        props = {e.tag: (e.text or "").strip() for p in ok for e in p.find(D + "prop")}
        missing = [k for k in ("fileid", "id", "permissions") if nc and not props.get(OC + k)]
        if missing:
            sys.exit(f"{href}: empty or missing oc:{', oc:'.join(missing)}")
        if not props.get(D + "getetag"):
            sys.exit(f"{href}: no getetag")
        if name in out:
            sys.exit(f"{href}: listed twice")
        out[name] = props[D + "getetag"]
    return out
a, b = entries(sys.argv[1], True), entries(sys.argv[2], False)
if len(a) != 1001 or len(b) != 1001:
    sys.exit(f"responses: {len(a)} in the dialect, {len(b)} plain; expected 1001")
if a.keys() != b.keys():
    sys.exit(f"names only in the dialect: {sorted(a.keys() - b.keys())[:5]}, only plain: {sorted(b.keys() - a.keys())[:5]}")
diff = [n for n in a if a[n] != b[n]]
if diff:
    sys.exit(f"{len(diff)} getetag values differ, e.g. {diff[0]}: {a[diff[0]]} vs {b[diff[0]]}")
PY
say "equivalence: the same 1,001 names and getetags in both answers; oc:fileid, oc:id, oc:permissions in all"

basic=$(printf '%s:%s' "$user" "$upass" | base64 -w0)
for kind in nc dav; do
  python3 - "$work/$kind.lua" "${body[$kind]}" "$basic" <<'PY'
import json, sys
path, body, basic = sys.argv[1:]
open(path, "w").write(f"""wrk.method = "PROPFIND"
wrk.body = {json.dumps(body)}
wrk.headers["Depth"] = "1"
wrk.headers["Content-Type"] = "application/xml"
wrk.headers["Authorization"] = "Basic {basic}"
function done(summary, latency, requests)
  local dur = summary.duration / 1e6
  local e = summary.errors
  io.write(string.format("RESULT reqs=%d rps=%.1f p50=%.2f p99=%.2f non2xx=%d sockerr=%d\\n",
    summary.requests, summary.requests / dur, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    e.status, e.connect + e.read + e.write + e.timeout))
end
""")
PY
done
rows=()
# warm-up once per kind, then short passes in alternation (dialect, plain, dialect, ...): the machine's drift over a
# run (JIT, autovacuum after the seeding, neighbours) lands on both kinds alike, and each pair gives one ratio
for kind in nc dav; do
  if [ "$warm" -gt 0 ]; then
    say "wrk $kind: warm-up ${warm}s"
    wrk -t2 -c"$conn" -d"${warm}s" --timeout 30s -s "$work/$kind.lua" "${url[$kind]}" >"$work/$kind.warm.txt" 2>&1 ||
      die "wrk warm-up failed; see $work/$kind.warm.txt"
  fi
done
for round in $(seq 1 "$rounds"); do
  for kind in nc dav; do
    say "wrk $kind, round $round of $rounds: measuring $dur"
    wrk -t2 -c"$conn" -d"$dur" --timeout 30s --latency -s "$work/$kind.lua" "${url[$kind]}" >"$work/$kind-$round.txt" 2>&1 ||
      die "wrk failed; see $work/$kind-$round.txt"
    r=$(grep '^RESULT' "$work/$kind-$round.txt") || die "no RESULT line in $work/$kind-$round.txt"
    rows+=("round=$round kind=$kind ${r#RESULT }")
  done
done
rss=$(awk '/VmRSS/ {printf "%d", $2 / 1024}' "/proc/$pid/status")

# ---------------------------------------------------------------- report
# server-side times from Nubo's access log (nubo.access, "ms" per request): the upload's PUTs, the seeding PUTs, and
# every PROPFIND of many/ on each surface (warm-ups included)
served=$(python3 - "$work/server.log" "$user" <<'PY'
import json, re, sys
log, user = sys.argv[1:]
groups = {"nc-put": [], "dav-put": [], "nc-propfind": [], "dav-propfind": []}
for line in open(log, errors="replace"):
    m = re.search(r'(\{"rid":.*\})\s*$', line)
    if not m:
        continue
    a = json.loads(m.group(1))
    p, meth = a.get("path", ""), a.get("method")
    if meth == "PUT" and p.startswith(f"/nextcloud/remote.php/dav/files/{user}/sync/"):
        groups["nc-put"].append(a["ms"])
    elif meth == "PUT" and p.startswith(f"/dav/files/{user}/many/"):
        groups["dav-put"].append(a["ms"])
    elif meth == "PROPFIND" and p == f"/nextcloud/remote.php/dav/files/{user}/many/":
        groups["nc-propfind"].append(a["ms"])
    elif meth == "PROPFIND" and p == f"/dav/files/{user}/many/":
        groups["dav-propfind"].append(a["ms"])
def q(v, f):
    return sorted(v)[min(len(v) - 1, int(len(v) * f))] if v else 0
print(" ".join(f"{k}={len(v)}:{q(v, 0.5):.1f}:{q(v, 0.99):.1f}" for k, v in groups.items()))
PY
)
commit=$(git -C "$here/../.." rev-parse --short HEAD 2>/dev/null || echo '?')
if [ -n "$(git -C "$here/../.." status --porcelain -- ':!perf' 2>/dev/null)" ]; then commit="$commit (tree not clean)"; fi
python3 - "$jar" "$commit" "$(nproc)" "$(java -version 2>&1 | head -1)" \
  "$(nextcloudcmd --version 2>/dev/null | head -1)" "$dur" "$warm" "$conn" "$rss" "$bytes" "$size_nc" "$size_dav" \
  "$up_wall $up_client $up_server $ups" "${re_wall[*]}" "${re_client[*]}" "${re_server[*]}" "${re_meta[*]}" \
  "$(median "${re_wall[@]}")" "$seed_wall" "$served" "${rows[@]}" <<'PY'
import datetime, os, sys
(jar, commit, cores, java, ncver, dur, warm, conn, rss, nbytes, size_nc, size_dav, up, re_wall, re_client, re_server,
 re_meta, re_median, seed_wall, served) = sys.argv[1:21]
rows = [dict(f.split("=") for f in r.split()) for r in sys.argv[21:]]
served = {k: v.split(":") for k, v in (f.split("=") for f in served.split())}
up_wall, up_client, up_server, ups = up.split()
built = datetime.datetime.fromtimestamp(os.path.getmtime(jar)).strftime("%Y-%m-%d %H:%M")
today = datetime.date.today()
print(f"## bench.sh, {today}, commit {commit}\n")
print(f"{today}, {cores} cores, {java}, {ncver}; Nubo `{jar}` (built {built}, tree at {commit}), default heap, "
      f"fresh data dir, everything on 127.0.0.1. PROPFIND: `wrk -t2 -c{conn} -d{dur} --timeout 30s --latency`, "
      + (f"{warm} s of unmeasured warm-up of each kind" if warm != "0" else "no warm-up")
      + f", then {len(rows) // 2} rounds of a dialect pass followed by a plain pass.\n")
print("Checked before timing: the upload left 1,000 files on the server; no re-sync moved the remote folder's etag, "
      "changed a local file or transferred one; both PROPFIND answers list the same 1,001 names with the same "
      "getetag values, and every dialect response has oc:fileid, oc:id and oc:permissions.\n")
print("| nextcloudcmd | wall s | nextcloudcmd CPU s | Nubo + PostgreSQL CPU s | items with UPDATE_METADATA |")
print("|---|---|---|---|---|")
print(f"| first upload, 1,000 files of 1-4 KiB ({int(nbytes) / 1048576:.1f} MiB) in 10 folders ({ups} PUTs) "
      f"| {up_wall} | {up_client} | {up_server} | |")
for i, (w, c, s, m) in enumerate(zip(re_wall.split(), re_client.split(), re_server.split(), re_meta.split()), 1):
    print(f"| re-sync {i}, nothing changed | {w} | {c} | {s} | {m} |")
print(f"\nRe-sync without changes, median of 3: {re_median} s.\n")
print(f"For comparison, the 1,000 PUTs of 1 KiB that seed the PROPFIND folder (curl, plain /dav, 8 at a time) took "
      f"{seed_wall} s. Server-side time per PUT (Nubo's access log), p50 / p99: the upload's "
      f"{served['nc-put'][1]} / {served['nc-put'][2]} ms ({served['nc-put'][0]} PUTs), the seeding's "
      f"{served['dav-put'][1]} / {served['dav-put'][2]} ms ({served['dav-put'][0]}).\n")
names = {"nc": "dialect, 13 properties", "dav": "plain /dav, 4 properties"}
print("| PROPFIND Depth 1, 1,000 files | round | req/s | p50 ms | p99 ms | requests | non-2xx | socket errors |")
print("|---|---|---|---|---|---|---|---|")
for r in rows:
    print(f"| {names[r['kind']]} | {r['round']} | {float(r['rps']):,.0f} | {float(r['p50']):.1f} "
          f"| {float(r['p99']):.1f} | {int(r['reqs']):,} | {r['non2xx']} | {r['sockerr']} |")
p50 = {(r["round"], r["kind"]): float(r["p50"]) for r in rows}
print()
ratios = []
for rnd in sorted({r["round"] for r in rows}, key=int):
    ratios.append(p50[(rnd, "nc")] / p50[(rnd, "dav")])
ratios_sorted = sorted(ratios)
mid = len(ratios_sorted) // 2
median = ratios_sorted[mid] if len(ratios_sorted) % 2 else (ratios_sorted[mid - 1] + ratios_sorted[mid]) / 2
print("p50 dialect / plain per round: " + ", ".join(f"{x:.2f}" for x in ratios) + ".")
print(f"\n**Median ratio {median:.2f}** (goal < 1.30: {'met' if median < 1.30 else 'MISSED'}).")
print(f"\nServer-side time per PROPFIND (access log, warm-ups included), p50 / p99: dialect "
      f"{served['nc-propfind'][1]} / {served['nc-propfind'][2]} ms ({int(served['nc-propfind'][0]):,} requests), plain "
      f"{served['dav-propfind'][1]} / {served['dav-propfind'][2]} ms ({int(served['dav-propfind'][0]):,}).")
print(f"\nAnswer sizes: dialect {int(size_nc):,} bytes, plain {int(size_dav):,} bytes. "
      f"Nubo's RSS at the end: {int(rss):,} MiB.")
PY
