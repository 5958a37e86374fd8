#!/usr/bin/env bash
# CI: the README's first screen on Node 22 and Node 24 (package.json `engines` lists 20, 22 and 24; .ci/run's first step
# covers the machine's Node): for each, a fresh clone of this repository, then .ci/day-one.sh in it with that Node first
# on PATH: `npm install && npm start` answering 5 records, then the whole `npm test`. Both Nodes come from the npm
# packages node@22 and node@24, installed once into node_modules/.cache/siret-mock-nodes, where .ci/msw3.sh finds Node 24
# instead of installing it again. The repo's package.json, lock file and node_modules are not touched.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
dir=node_modules/.cache/siret-mock-nodes
npm_quiet=(--no-audit --no-fund --no-save --loglevel=error)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/siret-mock-node-versions.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

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

for major in 22 24; do
  install "$major"
  node_dir="$repo/$dir/node_modules/node$major/bin"
  clone="$tmp/clone-node$major"
  git clone -q "$repo" "$clone"
  echo "==> fresh clone ($(git -C "$clone" rev-parse --short HEAD)) on Node $("$node_dir/node" --version)"
  PATH="$node_dir:$PATH" CI=true timeout 1500 bash "$repo/.ci/day-one.sh" "$clone"
  rm -rf "$clone"
done
