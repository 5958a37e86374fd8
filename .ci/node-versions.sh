#!/usr/bin/env bash
# CI: the unit and contract suites again on Node 22 and Node 24 (package.json `engines` lists 20, 22 and 24: the machine's
# Node runs everything, this script the two others). Both come from the npm packages node@22 and node@24, installed once
# into node_modules/.cache/siret-mock-nodes, where .ci/msw3.sh finds Node 24 instead of installing it again. Nothing
# there survives a fresh clone; the repo's package.json and lock file are not touched.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=node_modules/.cache/siret-mock-nodes
npm_quiet=(--no-audit --no-fund --no-save --loglevel=error)

install() { # major
  local bin="$dir/node_modules/node$1/bin/node"
  if ! "$bin" --version 2>/dev/null | grep -q "^v$1\."; then
    mkdir -p "$dir"
    timeout 600 npm install "${npm_quiet[@]}" --prefix "$dir" "node$1@npm:node@$1" >/dev/null
  fi
  if ! "$bin" --version 2>/dev/null | grep -q "^v$1\."; then
    # node@N fetches its binary in a preinstall script; where install scripts are off, take the platform package directly.
    local arch
    arch=$(node -p 'process.arch')
    timeout 600 npm install "${npm_quiet[@]}" --prefix "$dir" "node$1@npm:node-linux-$arch@$1" >/dev/null
  fi
  "$bin" --version >/dev/null
}

# Unit tests (src/**), the contract suite under MSW (node and jsdom) and over real HTTP, the MSW handler tests.
suites=(src/ test/msw-contract.test.ts test/msw-contract.jsdom.test.ts test/server-contract.test.ts test/msw-handlers.test.ts)
for major in 22 24; do
  install "$major"
  node_bin="$dir/node_modules/node$major/bin/node"
  echo "==> unit and contract suites on Node $("$node_bin" --version)"
  CI=true timeout 900 "$node_bin" node_modules/vitest/vitest.mjs run "${suites[@]}"
done
