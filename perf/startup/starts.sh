#!/usr/bin/env bash
# Start-up of nubo.jar: seconds from `java -jar` to the first 200 of /api/health, the server's CPU seconds by then,
# and the resident memory of its JVMs (launcher + server JVM, not PostgreSQL) 5 s later, for N starts.
#
#   perf/startup/starts.sh [--jar ear/target/nubo.jar] [--runs 5] [--fresh] [--env "NUBO_HEAP=auto ..."]
#
# --fresh gives every start a new data directory (first start: initdb and the migrations); otherwise the first
# start prepares the directory and is not counted, and the N starts after it are restarts. Every start is stopped
# with SIGTERM and the next one waits until its PostgreSQL is gone. Loopback only; takes the bench lock.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
jar=$root/ear/target/nubo.jar
runs=5
fresh=0
extra=""
while [ $# -gt 0 ]; do
  case $1 in
    --jar) jar=$2; shift ;;
    --runs) runs=$2; shift ;;
    --fresh) fresh=1 ;;
    --env) extra=$2; shift ;;
    *) echo "usage: see the head of $0" >&2; exit 2 ;;
  esac
  shift
done
work=$(mktemp -d /tmp/nubo-starts.XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
one() {
  local data=$1 t0 t1 pid cpu rss p r
  t0=$(date +%s.%N)
  env NUBO_PORT="$port" NUBO_DATA_DIR="$data" NUBO_ADMIN_USER=admin NUBO_ADMIN_PASSWORD=admin-Secret-1 $extra \
    java -jar "$jar" >"$data.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 1200); do
    curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/api/health" 2>/dev/null | grep -q 200 && break
    sleep 0.05
  done
  t1=$(date +%s.%N)
  cpu=0
  for p in $pid $(pgrep -P "$pid" java || true); do
    cpu=$(awk -v c="$cpu" '{print c + ($14 + $15) / 100}' /proc/"$p"/stat)
  done
  sleep 5
  rss=0
  for p in $pid $(pgrep -P "$pid" java || true); do
    r=$(awk '/VmRSS/{print $2}' /proc/"$p"/status); rss=$((rss + r))
  done
  kill "$pid"; wait "$pid" 2>/dev/null || true
  while [ -e "$data/pgdata/postmaster.pid" ]; do sleep 0.2; done
  printf '%.2f %.1f %d\n' "$(echo "$t1 - $t0" | bc)" "$cpu" $((rss / 1024))
}
exec 9>/tmp/nubo-bench.lock
flock 9
[ "$fresh" = 1 ] || one "$work/data" >/dev/null
echo "first200_s cpu_s rss_mib   (jar $jar; env: ${extra:-none}; $([ $fresh = 1 ] && echo fresh || echo restart))"
for i in $(seq 1 "$runs"); do
  if [ "$fresh" = 1 ]; then one "$work/data$i"; else one "$work/data"; fi
done | tee "$work/runs.txt"
sort -n "$work/runs.txt" | awk '{a[NR]=$0} END{print "median: " a[int((NR+1)/2)]}'
rm -rf "$work"
