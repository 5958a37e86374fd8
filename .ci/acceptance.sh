#!/usr/bin/env bash
# The slow acceptance suites, kept out of `npm test`: generated-input fuzzing of the handler and the server, the
# 100,000-record CLI run and the CLI processes, the independent SIRET checks with python-stdnum (.ci/run installs it),
# slow clients and readers, quota exactness under concurrency, and a typed client generated from the OpenAPI document.
# Bounded: each suite sizes itself for CI; the timeout is a backstop.
set -euo pipefail
cd "$(dirname "$0")/.."
export CI=true
timeout 1500 npm run test:acceptance
