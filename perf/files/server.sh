# Sourced by the files benchmarks: starts nubo.jar ($jar) on a free 127.0.0.1 port with a fresh data directory
# under $work, waits for /api/health, and stops it (and removes $work) on exit. Sets port, pid, auth, base, pgjar.
work=$(mktemp -d "/tmp/nubo-${bench_name:-bench}.XXXXXX")
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
pass=bench-admin-pass
auth=(-u "admin:$pass")
base=http://127.0.0.1:$port/api
pgjar=$(find ~/.m2/repository/org/postgresql/postgresql -name 'postgresql-*.jar' | sort | tail -1)

NUBO_PORT=$port NUBO_DATA_DIR=$work/data NUBO_ADMIN_PASSWORD=$pass java -jar "$jar" >"$work/server.log" 2>&1 &
pid=$!
cleanup() { kill -TERM $pid 2>/dev/null || true; wait $pid 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
for _ in $(seq 1 120); do curl -fs "$base/health" >/dev/null 2>&1 && break; sleep 1; done
curl -fs "$base/health" >/dev/null || { echo "the server did not start; see $work/server.log" >&2; exit 1; }

# the port of the embedded PostgreSQL, for seeding straight into the database
pg_port() { tr '\0' ' ' </proc/"$(pgrep -f "$work/data/pgdata" | head -1)"/cmdline | grep -o -- '-p [0-9]*' | cut -d' ' -f2; }
