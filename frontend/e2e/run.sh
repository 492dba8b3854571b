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
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
export NUBO_URL=http://127.0.0.1:$port
export NUBO_ADMIN_PASSWORD=e2e-admin-password-1
# every test signs in from 127.0.0.1: the per-address throttle (20 failures by default) would otherwise let the
# tests' deliberate wrong passwords lock out the ones after them; the per-account lock stays as shipped
NUBO_AUTH_ADDRESS_THROTTLE_THRESHOLD=1000 NUBO_PORT=$port NUBO_DATA_DIR=$work/data java -jar "$jar" >"$work/server.log" 2>&1 &
pid=$!
stop() {
  kill -TERM "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -rf "$work/data"
}
trap stop EXIT
for _ in $(seq 1 180); do
  if [ "$(curl -s -o /dev/null -w '%{http_code}' "$NUBO_URL/api/health" || true)" = 200 ]; then break; fi
  kill -0 "$pid" 2>/dev/null || { tail -50 "$work/server.log" >&2; echo "e2e: Nubo did not start" >&2; exit 1; }
  sleep 1
done
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
