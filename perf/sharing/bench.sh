#!/usr/bin/env bash
# Sharing costs (issue 10): the access check for a file 8 folders deep in a group-shared tree, as the grantee (through
# two nested groups) vs. as the owner — p50 and SQL statements per request; a 1,000-entry listing of a shared folder
# as the grantee vs. as the owner; a cold burst of 100 thumbnail requests in a shared album vs. the owner's own
# (statements issued, lookups of grants, wall time). Statements are counted from PostgreSQL's statement log.
# One server on 127.0.0.1, bounded request counts.
# Usage: perf/sharing/bench.sh [path/to/nubo.jar]   (prints a Markdown report on stdout)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
jar=${1:-$here/../../ear/target/nubo.jar}
bench_name=sharing
# background rendering is fed by the search indexer: held off, so the burst finds every thumbnail cold and the
# statement counts hold only what the requests cause
export NUBO_SEARCH_INTERVAL=PT1H
# shellcheck source=../files/server.sh
. "$here/../files/server.sh"
pgport=$(pg_port)
psql -h 127.0.0.1 -p "$pgport" -U postgres -d postgres -qAtc "ALTER SYSTEM SET log_statement = 'all'" >/dev/null
psql -h 127.0.0.1 -p "$pgport" -U postgres -d postgres -qAtc "SELECT pg_reload_conf()" >/dev/null
BASE=$base ADMIN_PASSWORD=$pass PGPORT=$pgport PGLOG=$work/data/postgresql.log python3 "$here/bench.py"
