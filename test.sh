#!/usr/bin/env bash
# Runs every test of Nubo: unit tests, the Arquillian tests on Payara Micro, and the black-box tests of nubo.jar
# and of nubo.ear on Payara Server, all on a real PostgreSQL (the embedded one the product ships); then the benchmark
# harness's quick mode (perf/run.sh --quick) and the web app's end-to-end tests in Chromium (frontend/e2e/run.sh).
# Works on a fresh Debian 12 machine with JDK 17 and Maven; installs what the tests need when it is missing
# (apt-get, so it must run as root there). Extra arguments go to Maven, e.g. ./test.sh -pl ejb
set -euo pipefail
cd "$(dirname "$0")"

missing=()
command -v mvn >/dev/null || missing+=(maven)
command -v java >/dev/null || missing+=(openjdk-17-jdk-headless)
# the embedded PostgreSQL runs initdb/postgres through unshare (util-linux) when started as root
command -v unshare >/dev/null || missing+=(util-linux)
command -v curl >/dev/null || missing+=(curl)
# the web app is built by the machine's node and npm (Node 18 or later), and tested end to end in Debian's Chromium
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
command -v chromium >/dev/null || missing+=(chromium)
# ss, for the socket snapshot a black-box test takes when a request times out
command -v ss >/dev/null || missing+=(iproute2)
# WebDAV clients the tests run against the server
command -v litmus >/dev/null || missing+=(litmus)
command -v cadaver >/dev/null || missing+=(cadaver)
command -v rclone >/dev/null || missing+=(rclone)
# the Nextcloud desktop client's sync engine, for the Nextcloud dialect
command -v nextcloudcmd >/dev/null || missing+=(nextcloud-desktop-cmd)
# calendar and contacts clients: python3-caldav (run by Debian's own python3) and vdirsyncer
/usr/bin/python3 -c 'import caldav' 2>/dev/null || missing+=(python3-caldav)
command -v vdirsyncer >/dev/null || missing+=(vdirsyncer)
# the benchmark harness's quick mode: wrk drives the load, Apache httpd and Radicale are the peers
command -v wrk >/dev/null || missing+=(wrk)
command -v apache2 >/dev/null || missing+=(apache2)
/usr/bin/python3 -c 'import radicale, requests' 2>/dev/null || missing+=(radicale python3-requests)
# GNOME's WebDAV client (gvfs, driven by gio inside a private D-Bus session), without the desktop it recommends
lean=()
command -v gio >/dev/null || lean+=(libglib2.0-bin)
[ -x /usr/libexec/gvfsd-dav ] || lean+=(gvfs gvfs-backends)
command -v dbus-run-session >/dev/null || lean+=(dbus dbus-user-session)
if ((${#missing[@]} + ${#lean[@]})); then
  echo "test.sh: installing ${missing[*]} ${lean[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  if ((${#missing[@]})); then apt-get install -y -qq "${missing[@]}"; fi
  if ((${#lean[@]})); then apt-get install -y -qq --no-install-recommends "${lean[@]}"; fi
fi

mvn -B -ntp verify "$@"
# with no arguments (the whole suite), the benchmark harness proves itself: every benchmark runs briefly and every
# gate is evaluated (perf/run.sh --quick; no timing decides the outcome)
if [ $# -eq 0 ]; then
  perf/run.sh --quick
  # the web app against a fresh nubo.jar, in headless Chromium (Playwright); screenshots land in frontend/test-results/
  frontend/e2e/run.sh
fi
