#!/usr/bin/env bash
# Statements and round trips per write, from PostgreSQL's own statement log (log_statement = all on the embedded
# server): a WebDAV PUT of a new file and of an existing one, a REST upload, a Nextcloud chunked-upload assembly (the
# MOVE of .file), MKCOL, MOVE and DELETE, each repeated ten times in a folder of one user after one unmeasured warm
# run (caches, JIT of the first call). A round trip is a statement the server waits for: every logged statement and
# COMMIT; BEGIN travels with the transaction's first statement (pgjdbc sends them in one flush) and is not counted.
# Usage: perf/writes/statements.sh [path/to/nubo.jar] [--show OP]   (prints a Markdown table; --show OP prints
# one run's statements of OP instead)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
jar=${1:-}
show=${3:-}
# shellcheck source=server.sh
. "$here/server.sh"
curl -fs -o /dev/null -u admin:admin-pass-1 -H 'Content-Type: application/json' \
  -d '{"username":"w","password":"pass-w-123456"}' "$B/api/admin/users"
U=w:pass-w-123456
D=$B/dav/files/w
NC=$B/nextcloud/remote.php/dav
head -c 4096 /dev/urandom > "$work/body"
c() { curl -fs -o /dev/null -u $U "$@"; }
c -X MKCOL "$D/F/"
P=$(curl -fs -u $U "$B/api/files/root" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
P=$(curl -fs -u $U "$B/api/files/$P/children" | python3 -c 'import json,sys; d=json.load(sys.stdin); d=d["entries"]; print([x["id"] for x in d if x["name"]=="F"][0])')
op() { # name i
  local i=$2
  case $1 in
    dav_put_new) c -T "$work/body" "$D/F/n$i.bin" ;;
    dav_put_overwrite) c -T "$work/body" "$D/F/n$i.bin" ;;
    rest_upload) c -X PUT --data-binary @"$work/body" -H 'Content-Type: application/octet-stream' \
                   "$B/api/files/$P/children/r$i.bin" ;;
    nc_assembly) c -X MOVE -H "Destination: $NC/files/w/F/c$i.bin" "$NC/uploads/w/t$i/.file" ;;
    mkcol) c -X MKCOL "$D/F/d$i/" ;;
    move) c -X MOVE -H "Destination: $D/F/m$i.bin" "$D/F/n$i.bin" ;;
    delete) c -X DELETE "$D/F/m$i.bin" ;;
  esac
}
prepare() { # name i: what an op needs that is not measured
  if [ "$1" = nc_assembly ]; then
    c -X MKCOL "$NC/uploads/w/t$2"
    c -T "$work/body" "$NC/uploads/w/t$2/00001"
    c -T "$work/body" "$NC/uploads/w/t$2/00002"
  fi
}
q "ALTER SYSTEM SET log_statement = 'all'" ; q "SELECT pg_reload_conf()" >/dev/null
ops=(dav_put_new dav_put_overwrite rest_upload nc_assembly mkcol move delete)
echo "| operation | statements | COMMITs | round trips |"
echo "|---|---|---|---|"
for o in "${ops[@]}"; do
  prepare "$o" 0; op "$o" 0   # warm
  reps=10; if [ "$show" = "$o" ]; then reps=1; fi
  for i in $(seq 1 $reps); do prepare "$o" "$i"; done
  q "SELECT 'mark-start-$o'" >/dev/null
  for i in $(seq 1 $reps); do op "$o" "$i"; done
  q "SELECT 'mark-end-$o'" >/dev/null
  if [ "$show" = "$o" ]; then break; fi
  awk -v s="'mark-start-$o'" -v e="'mark-end-$o'" '
    index($0,s){on=1;next} index($0,e){on=0}
    on && /LOG:  (statement|execute)/ { if ($0 ~ /: BEGIN$/) next; if ($0 ~ /: COMMIT$/) c++; else n++ }
    END{printf "%.1f %.1f %.1f\n", n/10, c/10, (n+c)/10}' "$work/data/postgresql.log" |
    while read -r n c t; do echo "| $o | $n | $c | $t |"; done
done
if [ -n "$show" ]; then
  awk -v s="'mark-start-$show'" -v e="'mark-end-$show'" 'index($0,s){on=1;next} index($0,e){exit}
    on && /LOG:  (statement|execute)/ { sub(/.*LOG:  /, ""); print }' \
    "$work/data/postgresql.log"
fi
