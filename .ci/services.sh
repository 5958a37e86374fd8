#!/usr/bin/env bash
# Tests that need a real Redis: the Redis quota store, two server processes sharing one Redis, outage and recovery.
# Installs nothing: .ci/run installs the Debian redis-server package; the tests start their own redis-server on a free
# loopback port and stop it afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v redis-server >/dev/null || { echo "services.sh: redis-server not found (apt-get install -y redis-server)" >&2; exit 1; }
timeout 600 npm run test:services
