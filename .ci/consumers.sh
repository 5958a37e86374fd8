#!/usr/bin/env bash
# CI: the packed tarball as CommonJS and TypeScript users get it. One `npm pack`, one consumer project (a copy of
# test/jest/, installed once with the tarball), then:
#   1. Jest 30 (CommonJS, jest-fixed-jsdom, babel-jest) configured only as msw itself needs: msw-only.test.js and the README
#      example ported to Jest must pass, so siret-mock adds nothing to a Jest config;
#   2. the TypeScript matrix: test/consumer/consumer.ts, strict, as ESM + bundler, ESM + nodenext, CommonJS + nodenext,
#      CommonJS + node16 and node10 (declaration files checked too, except where msw's own fail: see below);
#   3. @arethetypeswrong/cli on the tarball: no problem for node10, node16 (CJS and ESM) and bundler.
# Needs dist/ (built by `npm run build`); the repo's package.json, lock file and node_modules are not touched.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/siret-mock-consumers.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
[ -f dist/mocks/index.cjs ] || npm run build >/dev/null
# dist/ is fresh (built by `npm install`, or just above); --ignore-scripts skips the build `prepack` runs.
tarball="$tmp/$(npm pack --silent --ignore-scripts --pack-destination "$tmp" | tail -n 1)"
echo "packed $(basename "$tarball"): $(tar -tzf "$tarball" | wc -l) files"

echo "==> consumer project: test/jest/ + the tarball"
app="$tmp/app"
cp -R test/jest "$app"
(cd "$app" && timeout 900 npm install --no-audit --no-fund --loglevel=error "$tarball" '@types/node@^20.19.0' >/dev/null)
echo "installed: siret-mock $(node -p "require('$app/node_modules/siret-mock/package.json').version"), msw $(node -p "require('$app/node_modules/msw/package.json').version"), jest $(node -p "require('$app/node_modules/jest/package.json').version")"

echo "==> 1. Jest (config: $(node -p "Object.keys(require('$app/jest.config.js')).join(', ')"); nothing for siret-mock)"
(cd "$app" && CI=true timeout 600 npx --no-install jest --ci)

echo "==> 2. TypeScript matrix on test/consumer/consumer.ts ($("$repo/node_modules/.bin/tsc" --version))"
for kind in esm cjs; do
  mkdir -p "$app/types-$kind"
  cp test/consumer/consumer.ts "$app/types-$kind/consumer.ts"
  type=$([ "$kind" = esm ] && echo module || echo commonjs)
  echo "{ \"type\": \"$type\" }" > "$app/types-$kind/package.json"
done
check() { # name, folder, module, moduleResolution, skipLibCheck
  cat > "$app/$2/tsconfig.$1.json" <<JSON
{ "compilerOptions": { "strict": true, "noEmit": true, "skipLibCheck": ${5:-false}, "target": "ES2022", "lib": ["ES2022", "DOM"],
  "types": ["node"], "module": "$3", "moduleResolution": "$4", "esModuleInterop": true }, "files": ["consumer.ts"] }
JSON
  if "$repo/node_modules/.bin/tsc" -p "$app/$2/tsconfig.$1.json"; then echo "ok: $1"; else echo "FAILED: $1" >&2; failed=1; fi
}
failed=0
check esm-bundler types-esm esnext bundler
check esm-nodenext types-esm nodenext nodenext
check cjs-nodenext types-cjs nodenext nodenext
# msw 2.15's own declarations fail TS1479 under CommonJS + node16 (they import the ESM-only rettime and type-fest), with
# or without siret-mock: this row skips declaration files (tsc --init's default); the others check them all.
check cjs-node16 types-cjs node16 node16 true
check node10 types-cjs commonjs node10
[ "$failed" = 0 ] || exit 1

echo "==> 3. @arethetypeswrong/cli"
"$repo/node_modules/.bin/attw" "$tarball" --format table-flipped
