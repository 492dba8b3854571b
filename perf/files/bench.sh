#!/usr/bin/env bash
# Files throughput against the disk it sits on: a 1 GiB upload vs. cp (+ fsync, as the server does) of the same
# file, a 1 GiB download vs. cat of the stored blob, dedup of one 100 MiB content uploaded twice, a 1,000-entry
# listing page, and the server's RSS. Everything on 127.0.0.1, one server, bounded runs.
# Usage: perf/files/bench.sh [path/to/nubo.jar] [runs]   (prints a Markdown report on stdout)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
jar=${1:-$here/../../ear/target/nubo.jar}
runs=${2:-5}
bench_name=bench
# shellcheck source=server.sh
. "$here/server.sh"
rss() { awk '/VmRSS/ {printf "%d", $2 / 1024}' /proc/$pid/status; }
rss_idle=$(rss)

json() { python3 -c 'import sys,json; d=json.load(sys.stdin); print(eval(sys.argv[1], {}, {"d": d}))' "$1"; }
median() { python3 -c 'import sys,statistics; print(f"{statistics.median(float(x) for x in sys.argv[1:]):.3f}")' "$@"; }
blob_of() { echo "$work/data/blobs/sha256/${1:0:2}/${1:2:2}/$1"; }
purge() { # trash and delete for good, so the next run writes a new blob
  curl -fs "${auth[@]}" -X DELETE "$base/files/$1" >/dev/null
  curl -fs "${auth[@]}" -X DELETE "$base/trash/$1" >/dev/null
}

root=$(curl -fs "${auth[@]}" "$base/files/root" | json 'd["id"]')
src=$work/src.bin
head -c $((1 << 30)) /dev/urandom >"$src"
mkdir -p "$work/data/copies"

# ---- upload vs. cp ----
up=(); cpf=(); cpn=()
for i in $(seq 1 "$runs"); do
  printf '%08d' "$i" | dd of="$src" bs=1 seek=0 conv=notrunc status=none # a new content each run: no dedup hit
  cat "$src" >/dev/null # the source in the page cache for both
  t0=$(date +%s.%N); cp "$src" "$work/data/copies/c$i"; t1=$(date +%s.%N)
  sync "$work/data/copies/c$i"; t2=$(date +%s.%N)
  cpn+=("$(echo "$t1 - $t0" | bc)"); cpf+=("$(echo "$t2 - $t0" | bc)")
  rm -f "$work/data/copies/c$i"; sync
  out=$(curl -fs "${auth[@]}" -T "$src" -H 'Content-Type: application/octet-stream' \
    -w '\n%{time_total}' "$base/files/$root/children/up-$i.bin")
  up+=("$(tail -1 <<<"$out")")
  id=$(head -1 <<<"$out" | json 'd["id"]')
  sha=$(head -1 <<<"$out" | json 'd["sha256"]')
  [ "$sha" = "$(sha256sum "$src" | cut -d' ' -f1)" ] || { echo "upload $i: wrong sha256" >&2; exit 1; }
  [ "$i" -lt "$runs" ] && purge "$id"
done
rss_upload=$(rss)

# ---- download vs. cat of the blob (the last upload stays) ----
blob=$(blob_of "$sha")
[ -f "$blob" ] || { echo "no blob at $blob" >&2; exit 1; }
down=(); catt=()
for i in $(seq 1 "$runs"); do
  t0=$(date +%s.%N); cat "$blob" >/dev/null; t1=$(date +%s.%N)
  catt+=("$(echo "$t1 - $t0" | bc)")
  down+=("$(curl -fs "${auth[@]}" -o /dev/null -w '%{time_total}' "$base/files/$id/content")")
done
# the ceiling: the same blob through sendfile(2) from a bare socket, to the same curl
sfport=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
python3 "$here/sendfile_server.py" "$blob" "$sfport" "$runs" >"$work/sendfile.out" &
for _ in $(seq 1 50); do grep -q ready "$work/sendfile.out" 2>/dev/null && break; sleep 0.1; done
sendf=()
for i in $(seq 1 "$runs"); do
  sendf+=("$(curl -fs -o /dev/null -w '%{time_total}' "http://127.0.0.1:$sfport/blob")")
done
wait $!
got=$(curl -fs "${auth[@]}" "$base/files/$id/content" | sha256sum | cut -d' ' -f1)
[ "$got" = "$sha" ] || { echo "download: wrong sha256" >&2; exit 1; }
rss_download=$(rss)
purge "$id"

# ---- dedup: the same 100 MiB twice ----
head -c $((100 << 20)) /dev/urandom >"$work/dedup.bin"
blobs_bytes() { du -sb "$work/data/blobs/sha256" | cut -f1; }
before=$(blobs_bytes)
d1=$(curl -fs "${auth[@]}" -T "$work/dedup.bin" "$base/files/$root/children/dedup-1.bin" | json 'd["sha256"]')
d2=$(curl -fs "${auth[@]}" -T "$work/dedup.bin" "$base/files/$root/children/dedup-2.bin" | json 'd["sha256"]')
after=$(blobs_bytes)
copies=$(find "$work/data/blobs/sha256" -name "$d1" | wc -l)
used=$(curl -fs "${auth[@]}" "$base/usage" | json 'd["usedBytes"]')

# ---- listing: a folder of 1,000 files, the whole page at once ----
folder=$(curl -fs "${auth[@]}" -H 'Content-Type: application/json' -d '{"name":"thousand"}' \
  "$base/files/$root/folders" | json 'd["id"]')
pgport=$(pg_port)
java -cp "$pgjar" "$here/SeedFolder.java" "jdbc:postgresql://127.0.0.1:$pgport/postgres" "$folder" 1000 >/dev/null
list=()
for _ in $(seq 1 20); do curl -fs "${auth[@]}" -o /dev/null "$base/files/$folder/children?limit=1000"; done # warm-up
for _ in $(seq 1 100); do
  list+=("$(curl -fs "${auth[@]}" -o "$work/page.json" -w '%{time_total}' "$base/files/$folder/children?limit=1000")")
done
n=$(json 'len(d["entries"])' <"$work/page.json")
rss_end=$(rss)

mu=$(median "${up[@]}"); mcn=$(median "${cpn[@]}"); mcf=$(median "${cpf[@]}")
md=$(median "${down[@]}"); mc=$(median "${catt[@]}"); ms=$(median "${sendf[@]}")
python3 - "$mu" "$mcn" "$mcf" "$md" "$mc" "$ms" <<'PY'
import sys
up, cpn, cpf, down, cat, sendfile = map(float, sys.argv[1:])
g = 1024.0
print("| 1 GiB | server s | baseline s | server MiB/s | baseline MiB/s | ratio (baseline time / server time) |")
print("|---|---|---|---|---|---|")
print(f"| upload vs. cp + fsync | {up:.2f} | {cpf:.2f} | {g/up:.0f} | {g/cpf:.0f} | {cpf/up:.2f} |")
print(f"| upload vs. cp (no fsync) | {up:.2f} | {cpn:.2f} | {g/up:.0f} | {g/cpn:.0f} | {cpn/up:.2f} |")
print(f"| download vs. cat | {down:.2f} | {cat:.2f} | {g/down:.0f} | {g/cat:.0f} | {cat/down:.2f} |")
print(f"| download vs. sendfile(2) to curl | {down:.2f} | {sendfile:.2f} | {g/down:.0f} | {g/sendfile:.0f} | {sendfile/down:.2f} |")
PY
echo
echo "runs: $runs (medians); upload s: ${up[*]}; cp+fsync s: ${cpf[*]}; download s: ${down[*]}; cat s: ${catt[*]}; sendfile s: ${sendf[*]}"
echo
echo "dedup: 100 MiB uploaded twice -> blob store grew by $((after - before)) bytes, $copies file(s) for $d1" \
  "(same hash both times: $([ "$d1" = "$d2" ] && echo yes || echo no)); usage counts $used bytes"
echo
python3 - "$n" "${list[@]}" <<'PY'
import sys, statistics
n, ts = sys.argv[1], sorted(float(t) * 1000 for t in sys.argv[2:])
print(f"listing: {len(ts)} requests of one {n}-entry page: p50 {statistics.median(ts):.1f} ms,"
      f" p90 {ts[int(0.9 * (len(ts) - 1))]:.1f} ms, max {ts[-1]:.1f} ms")
PY
echo
echo "RSS MiB: idle $rss_idle, after uploads $rss_upload, after downloads $rss_download, at the end $rss_end"
