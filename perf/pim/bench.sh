#!/usr/bin/env bash
# CalDAV / CardDAV against Radicale in one run, on this machine, everything on 127.0.0.1. Both servers get the same
# data (seed.py: Nubo one PUT per object, Radicale one PUT per collection), must give the same answer counts to the
# three REPORTs before anything is timed (and query-month the count seed.py computes itself), and are then loaded one
# at a time by wrk with report.lua:
#   query-month   calendar-query, getetag + calendar-data, VEVENT time-range June 2030 (5,000 events, 10 % recurring)
#   sync-10       sync-collection, Depth 0, getetag, from a token taken before 10 events changed (seed.py sync-prep)
#   multiget-500  addressbook-multiget of all 500 contacts, getetag + address-data
# Usage: perf/pim/bench.sh [path/to/nubo.jar] > report.md
#   Prints a Markdown report on stdout and progress on stderr; exits non-zero when the answers differ. Keeps the raw
#   wrk output, the REPORT bodies and answers, seed.log and Nubo's server.log under $work (/tmp/nubo-pim.*, named on
#   stderr at the end; Nubo's data directory is removed).
# Env: BENCH_DUR (10s, the measured pass per workload), BENCH_WARM (10, seconds of unmeasured warm-up per workload
#   just before it; 0 skips it).
# Needs wrk, radicale (Debian's, /usr/bin/python3 -m radicale), python3-requests, curl; Radicale's port 18082 free.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tools=$(cd "$here/../../../shared/tools" && pwd)
jar=${1:-$here/../../ear/target/nubo.jar}
dur=${BENCH_DUR:-10s}
warm=${BENCH_WARM:-10}
py=/usr/bin/python3 # Debian's: the one Radicale runs on, with requests
radicale_port=18082

say() { echo "bench: $*" >&2; }
die() { say "$*"; exit 1; }
for cmd in wrk curl java "$py"; do command -v "$cmd" >/dev/null || die "$cmd is missing (apt-get install -y wrk radicale)"; done
"$py" -c 'import radicale, requests' 2>/dev/null || die "$py lacks radicale or requests (apt-get install -y radicale)"
[ -f "$jar" ] || die "no jar at $jar"
[[ $warm =~ ^[0-9]+$ ]] || die "BENCH_WARM must be a number of seconds"
if curl -s -o /dev/null "http://127.0.0.1:$radicale_port/"; then
  die "something already listens on 127.0.0.1:$radicale_port; stop it first (../shared/tools/peers/stop-peers.sh radicale)"
fi

say "starting Nubo ($jar)"
bench_name=pim
# shellcheck source-path=SCRIPTDIR source=../files/server.sh
. "$here/../files/server.sh"
out=$work/out
mkdir -p "$out/nubo" "$out/radicale"

# server.sh's cleanup removes all of $work; keep everything but Nubo's data directory.
radicale_started=0
stop_all() {
  if [ "$radicale_started" = 1 ]; then "$tools/peers/stop-peers.sh" radicale >/dev/null 2>&1 || true; fi
  kill -TERM "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -rf "$work/data"
  say "raw output under $work"
}
trap stop_all EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

say "starting Radicale"
radicale_started=1
"$tools/peers/start-peers.sh" radicale >/dev/null
radicale_pid=$(cat /tmp/peers/radicale/radicale.pid)
kill -0 "$radicale_pid" 2>/dev/null || die "Radicale did not start; see /tmp/peers/radicale/radicale.log"

# Per server: the origin, credentials, the calendar and address book paths, the process to watch.
servers=(nubo radicale)
declare -A origin user password cal book proc
origin[nubo]=http://127.0.0.1:$port user[nubo]=admin password[nubo]=$pass
cal[nubo]=/dav/calendars/admin/bench/ book[nubo]=/dav/addressbooks/admin/bench-book/ proc[nubo]=$pid
origin[radicale]=http://127.0.0.1:$radicale_port user[radicale]=test password[radicale]=test123
cal[radicale]=/test/bench/ book[radicale]=/test/bench-book/ proc[radicale]=$radicale_pid
workloads=(query-month sync-10 multiget-500)

# the path a workload's REPORT goes to, and its Depth header
path_of() { case $2 in multiget-500) echo "${book[$1]}" ;; *) echo "${cal[$1]}" ;; esac; }
depth_of() { case $1 in sync-10) echo 0 ;; *) echo 1 ;; esac; }

prepare() { # server
  local s=$1 bulk=()
  if [ "$s" = radicale ]; then bulk=(--bulk); fi
  say "seeding $s"
  "$py" "$here/seed.py" seed "${origin[$s]}" "${user[$s]}" "${password[$s]}" "${cal[$s]}" "${book[$s]}" \
    "${bulk[@]}" 2>>"$out/seed.log" || { cat "$out/seed.log" >&2; die "seeding $s failed"; }
  "$py" "$here/seed.py" bodies "$out/$s" "${book[$s]}"
  "$py" "$here/seed.py" sync-prep "${origin[$s]}" "${user[$s]}" "${password[$s]}" "${cal[$s]}" "$out/$s/sync-10.xml"
}

count() { # server workload -> "status=N responses=N etag=N data=N"
  local s=$1 w=$2 status
  status=$(curl -s -o "$out/$s/$w.answer.xml" -w '%{http_code}' --max-time 300 -u "${user[$s]}:${password[$s]}" \
    -X REPORT -H "Depth: $(depth_of "$w")" -H 'Content-Type: application/xml; charset=utf-8' \
    --data-binary @"$out/$s/$w.xml" "${origin[$s]}$(path_of "$s" "$w")") || true
  echo "status=$status $("$py" "$here/seed.py" count "$out/$s/$w.answer.xml")"
}

# Wait (at most a minute) until a server's process uses under 10 % of a core: Radicale is still answering the
# requests wrk left in flight when it stopped, a JVM is still compiling.
settle() { # pid
  local hz a b
  hz=$(getconf CLK_TCK)
  for _ in $(seq 1 60); do
    a=$(awk '{print $14 + $15}' "/proc/$1/stat")
    sleep 1
    b=$(awk '{print $14 + $15}' "/proc/$1/stat")
    [ $((b - a)) -ge $((hz / 10)) ] || return 0
  done
}

load() { # server workload seconds file -> the RESULT line of report.lua
  local s=$1 w=$2
  settle "${proc[$s]}"
  PIM_BODY=$out/$s/$w.xml PIM_DEPTH=$(depth_of "$w") wrk -t2 -c8 -d"$3" --timeout 30s --latency \
    -H "Authorization: Basic $(printf '%s:%s' "${user[$s]}" "${password[$s]}" | base64 -w0)" \
    -s "$here/report.lua" "${origin[$s]}$(path_of "$s" "$w")" >"$4" 2>&1 || { cat "$4" >&2; die "wrk failed on $s $w"; }
  grep '^RESULT' "$4" || die "no RESULT line in $4"
}

# ---------------------------------------------------------------- seed and check
expected=$("$py" "$here/seed.py" expected)
declare -A answer
for s in "${servers[@]}"; do
  prepare "$s"
  for w in "${workloads[@]}"; do answer[$s/$w]=$(count "$s" "$w"); done
done
grep '^seed:' "$out/seed.log" >&2 || true

field() { sed -n "s/.*\b$1=\([0-9.]*\).*/\1/p" <<<"$2"; }
# the same counts on both servers; the expected number of responses (seed.py's own expansion for the month query);
# a 207; every response with a getetag and (query, multiget) its data
fail=0
for w in "${workloads[@]}"; do
  case $w in query-month) want=$expected ;; sync-10) want=10 ;; multiget-500) want=500 ;; esac
  for s in "${servers[@]}"; do
    a=${answer[$s/$w]}
    n=$(field responses "$a")
    data=$n
    if [ "$w" = sync-10 ]; then data=0; fi
    if [ "$(field status "$a")" != 207 ] || [ "$n" != "$want" ] || [ "$(field etag "$a")" != "$n" ] ||
      [ "$(field data "$a")" != "$data" ]; then
      say "equivalence: $w on $s answered [$a]; expected status=207 responses=$want etag=$want data=$data"
      fail=1
    fi
  done
  if [ "${answer[nubo/$w]}" != "${answer[radicale/$w]}" ]; then
    say "equivalence: $w answered [${answer[nubo/$w]}] on nubo, [${answer[radicale/$w]}] on radicale"
    fail=1
  fi
done
[ "$fail" = 0 ] || die "the servers' answers differ (answers under $out); nothing measured"
say "equivalence: query-month $expected, sync-10 10, multiget-500 500 on both"

# ---------------------------------------------------------------- load, one server at a time
declare -A result
for s in "${servers[@]}"; do
  for w in "${workloads[@]}"; do
    if [ "$warm" -gt 0 ]; then
      say "$s $w: warm-up ${warm}s"
      load "$s" "$w" "${warm}s" "$out/$s/$w.warm.txt" >/dev/null
    fi
    say "$s $w: measuring $dur"
    result[$s/$w]=$(load "$s" "$w" "$dur" "$out/$s/$w.wrk.txt")
  done
  if [ "$s" = nubo ]; then nubo_rss=$(awk '/VmRSS/ {printf "%d", $2 / 1024}' "/proc/$pid/status"); fi
done

# ---------------------------------------------------------------- report
commit=$(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo '?')
if [ -n "$(git -C "$here" status --porcelain -- ':!perf' 2>/dev/null)" ]; then commit="$commit (tree not clean)"; fi
"$py" - "$expected" "$nubo_rss" "$dur" "$warm" "$jar" "$commit" \
  "$("$py" -c 'import radicale; print(radicale.VERSION)')" "$(java -version 2>&1 | head -1)" \
  "${result[nubo/query-month]}" "${result[radicale/query-month]}" "${result[nubo/sync-10]}" \
  "${result[radicale/sync-10]}" "${result[nubo/multiget-500]}" "${result[radicale/multiget-500]}" <<'PY'
import datetime, os, sys
expected, rss, dur, warm, jar, commit, radicale, java = sys.argv[1:9]
res = sys.argv[9:]
def parse(line):
    return {k: float(v) for k, v in (f.split("=") for f in line.split()[1:])}
workloads = ["query-month", "sync-10", "multiget-500"]
rows = {w: (parse(res[2 * i]), parse(res[2 * i + 1])) for i, w in enumerate(workloads)}
goals = {"query-month": 5.0}
def num(x):  # 3 significant figures or so, thousands separated
    return f"{x:,.0f}" if x >= 100 else f"{x:.1f}" if x >= 10 else f"{x:.2f}"
def ms(x):
    return f"{x:,.0f}" if x >= 1000 else f"{x:.1f}"
built = datetime.datetime.fromtimestamp(os.path.getmtime(jar)).strftime("%Y-%m-%d %H:%M")
print(f"# CalDAV / CardDAV: Nubo against Radicale {radicale}\n")
print(f"{datetime.date.today()}, {os.cpu_count()} cores, {java}; Nubo `{jar}` (built {built}, tree at {commit}), "
      f"default heap, fresh data dir; Radicale {radicale} (../shared/tools/peers/start-peers.sh radicale); both on "
      f"127.0.0.1, one loaded at a time. `wrk -t2 -c8 -d{dur} --timeout 30s --latency -s report.lua` per workload, "
      + (f"after {warm} s of unmeasured warm-up of the same workload." if warm != "0" else "no warm-up.") + "\n")
print(f"Equivalence, checked before measuring (`seed.py count`): query-month answered {expected} responses on both "
      f"(`seed.py expected`: {expected}), sync-10 10, multiget-500 500, each with its getetag (and data).\n")
print("| workload | Nubo req/s | Radicale req/s | ratio | goal | Nubo p50 / p99 ms | Radicale p50 / p99 ms "
      "| non-2xx (Nubo / Radicale) | socket errors (Nubo / Radicale) |")
print("|---|---|---|---|---|---|---|---|---|")
for w in workloads:
    n, r = rows[w]
    ratio = n["rps"] / r["rps"] if r["rps"] else float("inf")
    g = goals.get(w)
    goal = f"≥ {g:g}× {'met' if ratio >= g else 'MISSED'}" if g else ""
    rt = f"{ratio:,.0f}×" if ratio >= 100 else f"{ratio:.1f}×"
    print(f"| {w} | {num(n['rps'])} | {num(r['rps'])} | {rt} | {goal} | {ms(n['p50'])} / {ms(n['p99'])} "
          f"| {ms(r['p50'])} / {ms(r['p99'])} | {n['non2xx']:.0f} / {r['non2xx']:.0f} "
          f"| {n['sockerr']:.0f} / {r['sockerr']:.0f} |")
print("\nRequests completed in the measured passes (Nubo / Radicale): "
      + ", ".join(f"{w} {rows[w][0]['reqs']:,.0f} / {rows[w][1]['reqs']:,.0f}" for w in workloads)
      + f". Nubo's RSS after its runs: {int(rss):,} MiB.")
PY
