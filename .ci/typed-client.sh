#!/usr/bin/env bash
# docs/api.md, "A typed client", run as written in an empty folder: its commands (openapi-typescript on the installed
# package's document, strict tsc, node) and its siret-client.ts, against a `siret-mock serve` started from the install;
# then the program once more against the used-up server the page names (`siret-mock serve --usage ...`): its 429 branch.
# The one substitution: `npm install siret-mock` installs the packed tarball (optional argument: an already packed one).
# The repo's package.json, lock file and node_modules are not touched.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/siret-mock-typed-client.XXXXXX")
cleanup() { for pid in ${server_pid:-} ${used_up_pid:-}; do kill "$pid" 2>/dev/null; done; rm -rf "$tmp"; }
trap cleanup EXIT

tarball=${1:-}
if [ -z "$tarball" ]; then
  [ -f dist/mocks/index.js ] || npm run build >/dev/null
  tarball="$tmp/$(npm pack --silent --ignore-scripts --pack-destination "$tmp" | tail -n 1)"
fi

# The two marked blocks of docs/api.md: the shell commands and the client.
block() { # marker -> the fenced block's lines
  awk -v start="<!-- typed-client:$1 -->" '$0 == start { on = 1; next } on && /^```/ { if (fence++) exit; next } on { print }' "$repo/docs/api.md"
}
block commands >"$tmp/commands.sh"
block code >"$tmp/siret-client.ts"
[ -s "$tmp/commands.sh" ] && [ -s "$tmp/siret-client.ts" ] || { echo "typed-client.sh: docs/api.md has no typed-client blocks" >&2; exit 1; }
used_up=$(grep -o 'siret-mock serve --usage [a-z0-9=,]*' "$repo/docs/api.md" | head -n 1)
[ -n "$used_up" ] || { echo "typed-client.sh: docs/api.md names no used-up server" >&2; exit 1; }

serve() { # log file, extra flags... -> starts a server from the install; prints its URL
  local log=$1
  shift
  node_modules/.bin/siret-mock serve --port 0 --quiet "$@" >"$log" 2>&1 &
  echo $! >"$log.pid"
  for _ in $(seq 1 100); do grep -q 'listening on' "$log" && break; sleep 0.1; done
  sed -n 's/.*listening on \(http:\/\/[^ ]*\).*/\1/p' "$log"
}

mkdir "$tmp/app"
cp "$tmp/siret-client.ts" "$tmp/app/"
cd "$tmp/app"
out="$tmp/client.out"
while IFS= read -r line; do
  [ -z "$line" ] && continue
  command=$line
  case "$command" in
    "npm install siret-mock "*) command="npm install $tarball ${command#npm install siret-mock }" ;;
    "node siret-client.js")
      # The server the client talks to, from the installed package, on a free port.
      SIRET_API_URL=$(serve "$tmp/server.log")
      server_pid=$(cat "$tmp/server.log.pid")
      export SIRET_API_URL
      [ -n "$SIRET_API_URL" ] || { cat "$tmp/server.log" >&2; exit 1; }
      ;;
  esac
  echo "\$ $line"
  timeout 300 bash -c "$command" </dev/null >"$out" 2>&1 || { cat "$out" >&2; echo "typed-client.sh: failed: $line" >&2; exit 1; }
  { grep -v '^npm warn' "$out" || true; } | tail -n 12
done <"$tmp/commands.sh"

# The last command's output: five records of seed 42 and the minute's remaining quota.
[ "$(grep -cE '^[0-9]{3} [0-9]{3} [0-9]{3} [0-9]{5} ' "$out")" = 5 ] || { echo "typed-client.sh: expected 5 records" >&2; exit 1; }
grep -qx '9 requests left this minute' "$out" || { echo "typed-client.sh: expected the remaining quota" >&2; exit 1; }

# The same program against the used-up server: the 429 branch, with the seconds and the pricing page of that server.
echo "\$ npx $used_up & node siret-client.js"
url=$(serve "$tmp/used-up.log" ${used_up#siret-mock serve })
used_up_pid=$(cat "$tmp/used-up.log.pid")
[ -n "$url" ] || { cat "$tmp/used-up.log" >&2; exit 1; }
SIRET_API_URL=$url node siret-client.js >"$out" 2>&1 || { cat "$out" >&2; exit 1; }
cat "$out"
grep -qx "rate limited: retry in 1 min, or upgrade at $url/pricing" "$out" || { echo "typed-client.sh: expected the 429 branch" >&2; exit 1; }
echo "typed client from docs/api.md: ok (strict tsc, 5 records from a siret-mock serve, the 429 narrowed on its code)"
