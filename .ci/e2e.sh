#!/usr/bin/env bash
# E2E in real Chromium: the demo page (Vite dev server and the build served by `npm start`), the server switch, screenshots
# in test-artifacts/. Needs Debian's chromium (.ci/run installs it). Bounded: every wait in the suite has a timeout.
set -euo pipefail
cd "$(dirname "$0")/.."
export CI=true
if [ ! -x /usr/bin/chromium ]; then
  echo "e2e: /usr/bin/chromium is missing (apt-get install -y chromium)" >&2
  exit 1
fi
# The suite drives the built CLI server and the built demo (dist/demo) besides the dev server.
npm run build
timeout 600 npm run test:e2e
echo "e2e screenshots:" test-artifacts/demo-*.png
