#!/bin/bash
# usage: perf/sharing/dav-statements.sh JAR -> statements per Depth-1 PROPFIND inside a share (20 files), and per PROPFIND in own tree
set -e
jar=$1; work=$(mktemp -d); port=$(python3 -c "import socket; s=socket.socket(); s.bind((\"127.0.0.1\",0)); print(s.getsockname()[1])")
NUBO_SEARCH_INTERVAL=PT1H NUBO_PORT=$port NUBO_DATA_DIR=$work/data NUBO_ADMIN_PASSWORD=admin-pass-1 java -jar $jar > $work/log 2>&1 &
pid=$!; trap 'kill $pid; wait $pid 2>/dev/null; rm -rf $work' EXIT
B=http://127.0.0.1:$port
for i in $(seq 1 120); do curl -fs $B/api/health >/dev/null && break; sleep 1; done
pgport=$(tr '\0' ' ' </proc/"$(pgrep -f "$work/data/pgdata" | head -1)"/cmdline | grep -o -- '-p [0-9]*' | cut -d' ' -f2)
q() { psql -h 127.0.0.1 -p $pgport -U postgres -d postgres -qAtc "$1"; }
A="-u admin:admin-pass-1"
for u in so sr; do curl -s $A -H 'Content-Type: application/json' -d "{\"username\":\"$u\",\"password\":\"pass-$u-123456\"}" $B/api/admin/users > $work/$u.json; done
RID=$(python3 -c "import json;print(json.load(open('$work/sr.json'))['id'])")
R=$(curl -s -u so:pass-so-123456 $B/api/files/root | python3 -c "import json,sys;print(json.load(sys.stdin)['id'])")
P=$(curl -s -u so:pass-so-123456 -H 'Content-Type: application/json' -d '{"name":"Team"}' $B/api/files/$R/folders | python3 -c "import json,sys;print(json.load(sys.stdin)['id'])")
for i in $(seq 1 20); do curl -s -o /dev/null -u so:pass-so-123456 -X PUT --data-binary "f$i" -H 'Content-Type: application/octet-stream' $B/api/files/$P/children/f$i.txt; done
curl -s -o /dev/null -u so:pass-so-123456 -H 'Content-Type: application/json' -d "{\"nodeId\":$P,\"userId\":\"$RID\",\"role\":\"editor\"}" $B/api/shares
q "ALTER SYSTEM SET log_statement = 'all'" ; q "SELECT pg_reload_conf()" >/dev/null
count() { # path user
  curl -s -o /dev/null -u $2 -X PROPFIND -H 'Depth: 1' "$B$1"   # warm (credentials, caches)
  q "SELECT 'mark-start-$3'" >/dev/null
  for i in $(seq 1 10); do curl -s -o /dev/null -u $2 -X PROPFIND -H 'Depth: 1' "$B$1"; done
  q "SELECT 'mark-end-$3'" >/dev/null
  awk -v s="'mark-start-$3'" -v e="'mark-end-$3'" 'index($0,s){on=1;next} index($0,e){on=0} on && /LOG:  (statement|execute)/ && !/BEGIN|COMMIT/ {n++} END{printf "%.1f\n", n/10}' $work/data/postgresql.log
}
echo "share: $(count '/dav/files/sr/Shared%20with%20me/Team/' sr:pass-sr-123456 a) statements per PROPFIND"
echo "own:   $(count '/dav/files/so/Team/' so:pass-so-123456 b) statements per PROPFIND"
