#!/usr/bin/env bash
# Builds the web app with the machine's node and npm (Maven calls this; nothing downloads its own Node or browser).
#   frontend/build.sh install   npm ci, unless node_modules already matches package-lock.json
#   frontend/build.sh build     type-check (svelte-check), then vite build into target/dist
#   frontend/build.sh test      the Vitest unit tests
set -euo pipefail
cd "$(dirname "$0")"
need() {
  command -v node >/dev/null && command -v npm >/dev/null || {
    echo "frontend: node and npm are needed (Debian: apt-get install nodejs npm; Node 18 or later)" >&2
    exit 1
  }
  local major
  major=$(node -p 'process.versions.node.split(".")[0]')
  [ "$major" -ge 18 ] || { echo "frontend: Node $(node --version) is too old; 18 or later is needed" >&2; exit 1; }
}
case ${1:-} in
  install)
    need
    # npm writes this copy of the lock file into node_modules after a complete install
    if [ node_modules/.package-lock.json -nt package-lock.json ]; then
      echo "frontend: node_modules is up to date"
    else
      npm ci --no-audit --no-fund --loglevel=error
    fi
    ;;
  build)
    need
    npx svelte-check --tsconfig ./tsconfig.json --fail-on-warnings --output human
    npx vite build --logLevel warn
    ;;
  test)
    need
    npx vitest run
    ;;
  *)
    echo "usage: frontend/build.sh install|build|test" >&2
    exit 2
    ;;
esac
