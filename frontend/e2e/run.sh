#!/usr/bin/env bash
# Runs the Playwright tests (frontend/e2e/*.spec.ts) in Debian's Chromium, headless, against a real nubo.jar that
# this script starts on a free 127.0.0.1 port with a fresh data directory, and stops afterwards.
#   frontend/e2e/run.sh [playwright test arguments, e.g. files.spec.ts]
# Needs a built tree (mvn -B -ntp -DskipTests package: ear/target/nubo.jar, frontend/node_modules), java and
# chromium (apt-get install chromium). Screenshots of the main pages land in frontend/test-results/ (git-ignored).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
front=$(cd "$here/.." && pwd)
root=$(cd "$front/.." && pwd)
jar=${NUBO_JAR:-$root/ear/target/nubo.jar}
export CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
[ -f "$jar" ] || { echo "e2e: no jar at $jar; build it with mvn -B -ntp -DskipTests package" >&2; exit 1; }
[ -x "$CHROMIUM" ] || { echo "e2e: no Chromium at $CHROMIUM (apt-get install chromium)" >&2; exit 1; }
[ -d "$front/node_modules/@playwright/test" ] || { echo "e2e: run frontend/build.sh install first" >&2; exit 1; }

work=$(mktemp -d /tmp/nubo-web-e2e.XXXXXX)
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
port=$(free_port)
fresh_port=$(free_port)
export NUBO_URL=http://127.0.0.1:$port
export NUBO_ADMIN_PASSWORD=e2e-admin-password-1
# every test signs in from 127.0.0.1: the per-address throttle (20 failures by default) would otherwise let the
# tests' deliberate wrong passwords lock out the ones after them; the per-account lock stays as shipped
NUBO_AUTH_ADDRESS_THROTTLE_THRESHOLD=1000 NUBO_PORT=$port NUBO_DATA_DIR=$work/data java -jar "$jar" >"$work/server.log" 2>&1 &
pid=$!
# a second, untouched server started without NUBO_ADMIN_PASSWORD, for the first-run setup (setup.spec.ts)
export NUBO_FRESH_URL=http://127.0.0.1:$fresh_port
env -u NUBO_ADMIN_PASSWORD NUBO_PORT=$fresh_port NUBO_DATA_DIR=$work/fresh java -jar "$jar" >"$work/fresh.log" 2>&1 &
fresh_pid=$!
stop() {
  kill -TERM "$pid" "$fresh_pid" 2>/dev/null || true
  wait "$pid" "$fresh_pid" 2>/dev/null || true
  rm -rf "$work/data" "$work/fresh"
}
trap stop EXIT
wait_up() { # url pid log
  for _ in $(seq 1 180); do
    if [ "$(curl -s -o /dev/null -w '%{http_code}' "$1/api/health" || true)" = 200 ]; then return 0; fi
    kill -0 "$2" 2>/dev/null || { tail -50 "$3" >&2; echo "e2e: Nubo did not start" >&2; exit 1; }
    sleep 1
  done
  echo "e2e: Nubo did not answer at $1 within 180 s" >&2
  exit 1
}
wait_up "$NUBO_URL" "$pid" "$work/server.log"
wait_up "$NUBO_FRESH_URL" "$fresh_pid" "$work/fresh.log"
NUBO_FRESH_PASSWORD=$(sed -n 's/.*one-time password: \([^ ]*\).*/\1/p' "$work/fresh.log" | head -1)
export NUBO_FRESH_PASSWORD
[ -n "$NUBO_FRESH_PASSWORD" ] || { echo "e2e: the fresh server logged no one-time password" >&2; exit 1; }
echo "e2e: Nubo at $NUBO_URL (log: $work/server.log)" >&2
mkdir -p "$front/test-results"
cd "$front"
status=0
npx playwright test "$@" || status=$?
if [ "$status" != 0 ]; then
  echo "e2e: failed; the server's log is $work/server.log" >&2
  tail -30 "$work/server.log" >&2
fi
exit "$status"
