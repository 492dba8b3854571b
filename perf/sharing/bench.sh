#!/usr/bin/env bash
# Sharing costs (issue 10): the access check for a file 8 folders deep in a group-shared tree, as the grantee (through
# two nested groups) vs. as the owner — p50 and database statements per request; a 1,000-entry listing of a shared
# folder as the grantee vs. as the owner; a cold burst of 100 thumbnail requests in a shared album vs. the owner's own.
# One server on 127.0.0.1, bounded request counts.
# Usage: perf/sharing/bench.sh [path/to/nubo.jar]   (prints a Markdown report on stdout)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
jar=${1:-$here/../../ear/target/nubo.jar}
bench_name=sharing
# shellcheck source=../files/server.sh
. "$here/../files/server.sh"
BASE=$base ADMIN_PASSWORD=$pass PGPORT=$(pg_port) python3 "$here/bench.py"
