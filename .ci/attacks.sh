#!/usr/bin/env bash
# Attacks with tools we did not write, against real `siret-mock serve` processes on loopback (docs/robustness.md):
# slowhttptest's slow read, slowloris and slow body (.ci/slowhttptest.sh, about 45 s), then zzuf's mutations of valid raw
# requests (.ci/zzuf.sh). Installs nothing: .ci/run installs slowhttptest, zzuf and curl.
set -euo pipefail
cd "$(dirname "$0")/.."
timeout 300 bash .ci/slowhttptest.sh
[ -f .ci/zzuf.sh ] && timeout 300 bash .ci/zzuf.sh
exit 0
