#!/usr/bin/env bash
# The projects in examples/, each as a user has it: the package is packed once, each example (every examples/*/ with a
# package.json, or the names given as arguments) is copied to a temporary folder beside the tarball, installed there with
# `npm install` (its package.json names the tarball as file:../siret-mock.tgz) and checked with its own `npm test`.
# The repo's examples/ folders, package.json, lock file and node_modules are not touched. Each example is bounded in time.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/siret-mock-examples.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
export CI=true

names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  for dir in examples/*/; do [ -f "$dir/package.json" ] && names+=("$(basename "$dir")"); done
fi
[ ${#names[@]} -gt 0 ] || { echo "examples.sh: no example with a package.json under examples/" >&2; exit 1; }

[ -f dist/mocks/index.js ] || npm run build >/dev/null
# dist/ is fresh (built by `npm install`, or just above): --ignore-scripts skips the build `prepack` runs.
packed=$(npm pack --silent --ignore-scripts --pack-destination "$tmp" | tail -n 1)
mv "$tmp/$packed" "$tmp/siret-mock.tgz"
echo "packed $packed as siret-mock.tgz: $(tar -tzf "$tmp/siret-mock.tgz" | wc -l) files"

failed=()
for name in "${names[@]}"; do
  echo "==> examples/$name"
  began=$SECONDS
  mkdir "$tmp/$name"
  (cd "examples/$name" && tar --exclude=./node_modules --exclude=./package-lock.json -cf - .) | (cd "$tmp/$name" && tar -xf -)
  if (cd "$tmp/$name" && timeout 600 npm install --no-audit --no-fund --loglevel=error && timeout 900 npm test); then
    echo "ok: examples/$name (install and test: $((SECONDS - began)) s)"
  else
    echo "FAILED: examples/$name (after $((SECONDS - began)) s)" >&2
    failed+=("$name")
  fi
  rm -rf "$tmp/$name"
done
[ ${#failed[@]} -eq 0 ] || { echo "examples.sh: failed: ${failed[*]}" >&2; exit 1; }
echo "examples: ${#names[@]} passed (${names[*]}) from $packed"
