#!/usr/bin/env bash
# A 4 GiB upload through each surface (REST raw PUT, REST resumable session, WebDAV PUT, Nextcloud chunking v2)
# into a server with a 512 MiB heap, with the server JVM's RSS sampled every 0.5 s; then the early 507 of a quota
# smaller than the upload, and an upload broken off midway that must leave no temp file.
#
#   perf/uploads/big.sh [--size-mib N] [--chunk-mib N] [--surfaces "rest_raw rest_resumable dav_put nc_chunking"]
#                       [--no-checks] [--jar ear/target/nubo.jar]
#
# Prints Markdown tables (also written to perf/uploads/target/big.md). Each surface runs in a fresh server and data
# dir under `flock /tmp/nubo-bench.lock` (one hold is a server start, one upload and one download: about 2 minutes).
# The heap is the launcher's NUBO_HEAP=512m (HEAP overrides it), so the server runs in the sized JVM the
# launcher starts, with its direct-buffer and metaspace limits; the figures are that JVM's (not the launcher's).
# JVM_OPTS, when set, go to the launching JVM (with -Xmx there, the server runs in it, as a build before the
# launcher did).
# The source is one 64 MiB random block repeated; each surface overwrites the first bytes with its own name, so
# the four files differ (content is deduplicated by whole-file hash). Disk: the source plus at most twice the size
# at once (Nextcloud's chunks while the assembled file is staged); all of it is deleted at the end.
# Needs java, jcmd, python3, flock.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
jar=$root/ear/target/nubo.jar
size_mib=4096
chunk_mib=64
surfaces="rest_raw rest_resumable dav_put nc_chunking"
checks=1
jvm_opts=${JVM_OPTS:-}
heap=${HEAP:-512m}
lock=/tmp/nubo-bench.lock
mode=all
while [ $# -gt 0 ]; do
  case $1 in
    --size-mib) size_mib=$2; shift ;;
    --chunk-mib) chunk_mib=$2; shift ;;
    --surfaces) surfaces=$2; shift ;;
    --no-checks) checks=0 ;;
    --jar) jar=$2; shift ;;
    --one) mode=one; surface=$2; work=$3; shift 2 ;;
    --checks-only) mode=checks; work=$2; shift ;;
    *) echo "usage: see the head of $0" >&2; exit 2 ;;
  esac
  shift
done
client="python3 $here/client.py"
PASS=pass-big-123456

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# start DATA_DIR: a server on a free port; sets pid, B
start() {
  local data=$1
  mkdir -p "$data"
  port=$(free_port)
  # shellcheck disable=SC2086
  NUBO_SEARCH_INTERVAL=PT1H NUBO_MAINTENANCE_INTERVAL=${MAINT:-PT10M} NUBO_PORT=$port NUBO_DATA_DIR=$data \
    NUBO_ADMIN_PASSWORD=admin-pass-1 NUBO_HEAP=$heap java $jvm_opts -jar "$jar" > "$data.log" 2>&1 &
  launcher=$!
  pid=$launcher
  B=http://127.0.0.1:$port
  for _ in $(seq 1 180); do
    if curl -fs "$B/api/health" >/dev/null 2>&1; then
      # the figures are the server JVM's: the launcher's child when it started one
      pid=$(pgrep -P "$launcher" java || echo "$launcher")
      return 0
    fi
    kill -0 $pid 2>/dev/null || { echo "server died; see $data.log" >&2; return 1; }
    sleep 0.5
  done
  echo "server not healthy after 90 s" >&2; return 1
}

# stop DATA_DIR: the server, then the embedded PostgreSQL of that data dir if it outlived it
stop() {
  local data=$1
  [ -n "${launcher:-}" ] || return 0
  kill "$launcher" 2>/dev/null || true
  wait "$launcher" 2>/dev/null || true
  local pg
  for pg in $(pgrep -f "$data/pgdata" || true); do kill "$pg" 2>/dev/null || true; done
}

# user NAME [QUOTA_BYTES]: creates the user; sets ROOT
user() {
  local q=${2:+,\"quotaBytes\":$2}
  curl -fs -o /dev/null -u admin:admin-pass-1 -H 'Content-Type: application/json' \
    -d "{\"username\":\"$1\",\"password\":\"$PASS\"$q}" "$B/api/admin/users"
  ROOT=$(curl -fs -u "$1:$PASS" "$B/api/files/root" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
}

kb() { awk -v k="$1" '$1 == k":" {print $2}' /proc/"$pid"/status; }
mb() { echo $(( ($1 + 512) / 1024 )); }

# sample FILE: VmRSS and VmHWM every 0.5 s until killed
sample() { while kill -0 "$pid" 2>/dev/null; do echo "$(date +%s.%N) $(kb VmRSS) $(kb VmHWM)" >> "$1"; sleep 0.5; done; }
peak() { awk 'BEGIN{m=0} $2>m{m=$2} END{print m}' "$1"; }

heap_used_mb() { # the heap's "used" of jcmd GC.heap_info, in MB
  jcmd "$pid" GC.heap_info 2>/dev/null | grep -o 'used [0-9]*K' | head -1 | awk '{sub("K","",$2); print int(($2+512)/1024)}'
}

leftovers() { # DATA_DIR: files left in the staging areas
  { find "$1/blobs/tmp" "$1/blobs/uploads" "$1/blobs/nc-chunks" -type f 2>/dev/null || true; } | wc -l
}

one() { # one surface, in its own server: prints a table row
  data=$work/data-$surface; local src=$work/src-$surface
  trap 'stop "$data"' EXIT
  local want; want=$(cat "$src.sha256")
  start "$data"
  user big
  # a warm-up upload of 1 MiB through the same surface: class loading and JIT of the path are not the body's
  head -c 1048576 "$src" > "$work/warm"
  $client upload "$surface" "$B" big "$PASS" "$ROOT" warm.bin "$work/warm" 262144 >/dev/null
  sleep 2
  local before; before=$(kb VmRSS)
  echo 5 > /proc/"$pid"/clear_refs 2>/dev/null || true   # resets VmHWM: the peak below is this upload's
  : > "$work/rss-$surface"
  sample "$work/rss-$surface" & local sampler=$!
  local t0 t1 id ok=yes note=""
  t0=$(date +%s.%N)
  if ! id=$($client upload "$surface" "$B" big "$PASS" "$ROOT" "big-$surface.bin" "$src" $((chunk_mib << 20)) 2> "$work/err"); then
    ok=no; note="upload failed: $(head -c 300 "$work/err" | tr '\n|' '  ')"
  fi
  t1=$(date +%s.%N)
  sleep 1
  kill $sampler 2>/dev/null || true; wait $sampler 2>/dev/null || true
  local hwm; hwm=$(kb VmHWM)
  local sampled; sampled=$(peak "$work/rss-$surface")
  [ "$hwm" -gt "$sampled" ] && sampled=$hwm
  local after; after=$(kb VmRSS)
  local heap; heap=$(heap_used_mb)
  local dl_peak=-
  if [ $ok = yes ]; then
    : > "$work/rss-dl-$surface"
    sample "$work/rss-dl-$surface" & sampler=$!
    read -r got_size got_sha < <($client sha256 "$B" big "$PASS" "$id")
    kill $sampler 2>/dev/null || true; wait $sampler 2>/dev/null || true
    dl_peak=$(mb "$(peak "$work/rss-dl-$surface")")
    if [ "$got_size" != "$(stat -c %s "$src")" ] || [ "$got_sha" != "$want" ]; then
      ok=no; note="download: $got_size bytes, sha256 $got_sha"
    fi
    local left; left=$(leftovers "$data")
    if [ "$left" != 0 ]; then ok=no; note="$note $left files left in the staging areas"; fi
  fi
  grep -q OutOfMemoryError "$data.log" && { ok=no; note="$note OutOfMemoryError in the log"; }
  stop "$data"
  local secs; secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.1f", b-a}')
  local mbs; mbs=$(awk -v s="$secs" -v n="$(stat -c %s "$src")" 'BEGIN{printf "%.0f", n/1048576/s}')
  echo "| $surface | $secs | $mbs | $(mb "$before") | $(mb "$sampled") | $(mb "$after") | $heap | $dl_peak | $ok${note:+ ($note)} |"
  rm -rf "$data" "$data.log"
}

# the early 507 and the interrupted uploads, in one server: prints two tables
checks() {
  data=$work/data-checks; local src=$work/src-checks
  trap 'stop "$data"' EXIT
  cp --reflink=auto "$work/source" "$src" 2>/dev/null || ln -f "$work/source" "$src"
  MAINT=PT2S start "$data"
  local quota=$(( (size_mib << 20) / 4 ))
  echo "| surface | quota | answer | bytes sent before the answer | seconds | staged bytes left |"
  echo "|---|---|---|---|---|---|"
  for s in rest_raw rest_resumable dav_put nc_chunking; do
    user "q-$s" $quota
    read -r status sent secs < <($client quota "$s" "$B" "q-$s" "$PASS" "$ROOT" q.bin "$src")
    echo "| $s | $(( quota >> 20 )) MiB | $status | $(( sent >> 20 )) MiB | $secs | $(du -sb "$data/blobs/tmp" "$data/blobs/nc-chunks" "$data/blobs/uploads" 2>/dev/null | awk '{n+=$1-4096} END{print (n<0?0:n)}') |"
  done
  echo
  echo "| surface | killed after | staging file while stalled | gone after the kill |"
  echo "|---|---|---|---|"
  local half=$(( (size_mib << 20) / 2 ))
  for s in rest_raw dav_put nc_chunking rest_resumable; do
    user "i-$s"
    $client stall "$s" "$B" "i-$s" "$PASS" "$ROOT" i.bin "$src" $half > "$work/stall" 2>&1 & local cpid=$!
    for _ in $(seq 1 600); do grep -q '^sent' "$work/stall" && break; sleep 0.5; done
    sleep 1
    local during; during=$(leftovers "$data")
    kill -9 $cpid 2>/dev/null || true; wait $cpid 2>/dev/null || true
    local t0 gone="no (still there after 60 s)"; t0=$(date +%s.%N)
    for _ in $(seq 1 120); do
      if [ "$(leftovers "$data")" = 0 ]; then
        gone="yes, after $(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN{printf "%.1f", b-a}') s"; break
      fi
      sleep 0.5
    done
    if [ $s = rest_resumable ] && [ "$gone" != "${gone#no}" ]; then
      gone="kept by design: the session resumes from $(find "$data/blobs/uploads" -type f -printf '%s\n' | head -1) bytes (the idle-session purge removes it)"
      find "$data/blobs/uploads" -type f -delete || true
    fi
    echo "| $s | $(( half >> 20 )) MiB | $during file(s) | $gone |"
  done
  grep -q OutOfMemoryError "$data.log" && echo "OutOfMemoryError in the checks' log"
  stop "$data"
  rm -rf "$data" "$data.log" "$src"
}

case $mode in
  one) one; exit ;;
  checks) checks; exit ;;
esac

[ -f "$jar" ] || { echo "no $jar: build with mvn -B -ntp -q -DskipTests package" >&2; exit 2; }
work=$(mktemp -d /tmp/nubo-big.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$here/target"
out=$here/target/big.md
head -c $((chunk_mib << 20)) /dev/urandom > "$work/block"
: > "$work/source"
for _ in $(seq 1 $((size_mib / chunk_mib))); do cat "$work/block" >> "$work/source"; done
rm -f "$work/block"
{
  echo "Machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo) RAM, $(java -version 2>&1 | head -1);" \
    "NUBO_HEAP=$heap${jvm_opts:+, launching JVM: $jvm_opts}; file: $size_mib MiB, chunks of $chunk_mib MiB; $(date -u +%Y-%m-%dT%H:%MZ)"
  echo
  echo "| surface | wall s | MB/s | RSS before MB | RSS peak during MB | RSS after MB | heap used after MB | RSS peak during download MB | success |"
  echo "|---|---|---|---|---|---|---|---|---|"
} | tee "$out"
for s in $surfaces; do
  # a file of its own per surface, its first bytes its name; hashed outside the lock
  mv "$work/source" "$work/src-$s"
  printf '%-64s' "$s" | dd of="$work/src-$s" conv=notrunc status=none
  sha256sum "$work/src-$s" | cut -d' ' -f1 > "$work/src-$s.sha256"
  flock -o "$lock" "$0" --one "$s" "$work" --jar "$jar" --size-mib "$size_mib" --chunk-mib "$chunk_mib" | tee -a "$out"
  mv "$work/src-$s" "$work/source"
done
if [ $checks = 1 ]; then
  echo | tee -a "$out"
  flock -o "$lock" "$0" --checks-only "$work" --jar "$jar" --size-mib "$size_mib" --chunk-mib "$chunk_mib" | tee -a "$out"
fi
