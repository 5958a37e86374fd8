#!/usr/bin/env bash
# CI: the MSW suites (contract suite in node and jsdom, createHandlers/scenarios tests, the docs example) again with msw 3 on
# Node 24, next to the main run (msw 2.15 on the machine's Node). Node 24 comes from the npm package `node@24`, msw 3 from
# the registry, both into a temporary folder; the test files run from a temporary copy whose node_modules links to the
# repo's, except msw. The repo's package.json, lock file and node_modules are not touched.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/siret-mock-msw3.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
npm_quiet=(--no-audit --no-fund --no-save --loglevel=error)

echo "==> Node 24 from the npm package node@24"
# .ci/node-versions.sh (run before this script) leaves one in node_modules/.cache; install it here only without it.
node24="$repo/node_modules/.cache/siret-mock-nodes/node_modules/node24/bin/node"
if ! "$node24" --version 2>/dev/null | grep -q '^v24\.'; then
  mkdir -p "$tmp/node24"
  timeout 600 npm install "${npm_quiet[@]}" --prefix "$tmp/node24" node@24 >/dev/null
  node24="$tmp/node24/node_modules/node/bin/node"
fi
if ! "$node24" --version 2>/dev/null | grep -q '^v24\.'; then
  # node@24 fetches its binary in a preinstall script; where install scripts are off, take the platform package directly.
  arch=$(node -p 'process.arch')
  timeout 600 npm install "${npm_quiet[@]}" --prefix "$tmp/node24" "node-linux-$arch@24" >/dev/null
  node24="$tmp/node24/node_modules/node-linux-$arch/bin/node"
fi
"$node24" --version

echo "==> msw 3"
mkdir -p "$tmp/msw3"
timeout 600 npm install "${npm_quiet[@]}" --prefix "$tmp/msw3" 'msw@^3.0.0' >/dev/null
msw_version=$("$node24" -p "require('$tmp/msw3/node_modules/msw/package.json').version")
echo "msw $msw_version"
case "$msw_version" in 3.*) ;; *) echo "expected msw 3, got $msw_version" >&2; exit 1 ;; esac

echo "==> temporary copy of the sources and MSW tests"
work="$tmp/work"
mkdir -p "$work/test" "$work/node_modules"
cp package.json tsconfig.json vitest.config.ts "$work/"
cp -R src mocks "$work/"
cp -R test/contract test/support "$work/test/"
tests=(test/msw-*.test.ts)
[ -f test/readme-example.test.ts ] && tests+=(test/readme-example.test.ts)
cp "${tests[@]}" "$work/test/"
for entry in "$repo"/node_modules/* "$repo"/node_modules/.bin; do
  name=$(basename "$entry")
  [ "$name" = msw ] || ln -s "$entry" "$work/node_modules/$name"
done
# Scoped folders are linked whole, so msw's own scope (@mswjs) comes from the repo; msw 3 resolves its dependencies from
# its real path ($tmp/msw3/node_modules) first, so it gets the versions it declares.
ln -s "$tmp/msw3/node_modules/msw" "$work/node_modules/msw"

resolved=$(cd "$work/mocks" && "$node24" -p "require('node:fs').realpathSync(require.resolve('msw/package.json'))")
echo "mocks/ resolves msw to $resolved"
case "$resolved" in "$tmp/msw3/"*) ;; *) echo "mocks/ does not resolve msw 3" >&2; exit 1 ;; esac

echo "==> vitest: MSW suites with msw $msw_version on Node $("$node24" --version)"
cd "$work"
# The copy's files are the repo's: only msw and Node differ. Prints vitest's summary ("Tests N passed").
CI=true timeout 900 "$node24" node_modules/vitest/vitest.mjs run "${tests[@]}"
