#!/usr/bin/env bash
# The spreadsheet CSV (excel=1, --excel) opened in LibreOffice Calc, headless, in the en-US and fr-FR locales: every cell of
# 100 records of a few seeds must come back equal to the JSON text (postcodes with their leading zeros, SIREN/SIRET as text).
# Needs Debian's libreoffice-calc-nogui (.ci/run installs it). Bounded by soffice's own timeout in the script.
set -euo pipefail
cd "$(dirname "$0")/.."
export CI=true
if ! command -v soffice >/dev/null; then
  echo "spreadsheet: soffice is missing (apt-get install -y libreoffice-calc-nogui)" >&2
  exit 1
fi
timeout 600 npx tsx test/spreadsheet/round-trip.ts 1 42 1337 20261123
