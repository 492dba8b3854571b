# Sourced by the scripts of perf/writes: starts $jar (defaults to the built nubo.jar) on a free loopback port with a
# fresh data directory, waits for its health check, and stops it and removes the directory on exit.
# Sets: work, pid (the server JVM: the launcher's child unless NUBO_HEAP=jvm), B (base URL), pgport (the embedded PostgreSQL's port), q (psql -c as the superuser), auth (admin's
# Basic header for wrk). The admin's password is admin-pass-1.
jar=${jar:-$here/../../ear/target/nubo.jar}
work=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
NUBO_SEARCH_INTERVAL=PT1H NUBO_PORT=$port NUBO_DATA_DIR=$work/data NUBO_ADMIN_PASSWORD=admin-pass-1 \
  java -jar "$jar" > "$work/log" 2>&1 &
launcher=$!
trap 'kill $launcher 2>/dev/null; wait $launcher 2>/dev/null; rm -rf "$work"' EXIT
B=http://127.0.0.1:$port
for _ in $(seq 1 150); do curl -fs "$B/api/health" >/dev/null && break; sleep 1; done
pid=$(pgrep -P "$launcher" java || echo "$launcher")
pgport=$(tr '\0' ' ' </proc/"$(pgrep -f "$work/data/pgdata" | head -1)"/cmdline | grep -o -- '-p [0-9]*' | cut -d' ' -f2)
q() { psql -h 127.0.0.1 -p "$pgport" -U postgres -d postgres -qAtc "$1"; }
auth="Authorization: Basic $(printf admin:admin-pass-1 | base64)"
