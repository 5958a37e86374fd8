#!/usr/bin/env bash
# The README's first screen, in a clean clone, as a newcomer types it: `npm install && npm start`, which must serve 5
# records at /api/v1/generate within 30 s of the install ending, then `npm test`. Nothing is built or installed before it.
# .ci/run runs it first (after the Debian packages) in the clone CI runs in; .ci/node-versions.sh runs it in fresh clones
# on Node 22 and 24. Also checks that the install printed no EBADENGINE and changed no tracked file (the lock file,
# demo/public's worker).
# Usage: bash .ci/day-one.sh [clone]   (default: this repository)
set -euo pipefail
cd "${1:-$(dirname "$0")/..}"

# The README's first code block, command for command (test/docs.test.ts keeps the two the same).
start_command='npm install && npm start'
test_command='npm test'

log=$(mktemp "${TMPDIR:-/tmp}/siret-mock-day-one.XXXXXX")
group=''
stop() { # the whole process group: npm, its shell, the server
  [ -n "$group" ] || return 0
  kill -TERM -- "-$group" 2>/dev/null || true
  for _ in $(seq 1 50); do kill -0 -- "-$group" 2>/dev/null || break; sleep 0.2; done
  kill -KILL -- "-$group" 2>/dev/null || true
  group=''
}
trap 'stop; rm -f "$log"' EXIT

# The README's address is port 3000; if something else holds it here, the server's own variable moves it.
port=3000
if (exec 3<>/dev/tcp/127.0.0.1/3000) 2>/dev/null; then
  port=$(node -e "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
  export SIRET_MOCK_PORT=$port
  echo "port 3000 is taken on this machine: SIRET_MOCK_PORT=$port"
fi
url="http://127.0.0.1:$port/api/v1/generate"

echo "\$ $start_command   (node $(node --version), npm $(npm --version))"
began=$(date +%s)
setsid bash -c "$start_command" </dev/null >"$log" 2>&1 &
group=$!

# The install ends where npm starts the start script ("> siret-mock@x.y.z start"); bounded at 10 minutes.
until grep -qE '^> siret-mock@[^ ]+ start$' "$log"; do
  if ! kill -0 "$group" 2>/dev/null || [ $(( $(date +%s) - began )) -ge 600 ]; then
    cat "$log"
    echo "day-one: \`$start_command\` stopped before npm start (or took over 10 minutes)" >&2
    exit 1
  fi
  sleep 0.5
done
installed=$(date +%s)
grep -E 'EBADENGINE|^npm (warn|error)' "$log" || true
# The README names Node 20.19+, 22 and 24: no dependency may say it does not support the one running.
if grep -q EBADENGINE "$log"; then echo "day-one: npm install printed EBADENGINE on Node $(node --version)" >&2; exit 1; fi

answered=''
while [ $(( $(date +%s) - installed )) -lt 30 ]; do
  if body=$(curl -fsS -m 5 "$url" 2>/dev/null) &&
    [ "$(printf '%s' "$body" | node -e "let s='';process.stdin.on('data',(c)=>(s+=c)).on('end',()=>console.log(JSON.parse(s).data.length))" 2>/dev/null)" = 5 ]; then
    answered=$(date +%s)
    break
  fi
  sleep 0.5
done
stop
if [ -z "$answered" ]; then
  cat "$log"
  echo "day-one: $url did not answer 5 records within 30 s of the install ending" >&2
  exit 1
fi
echo "ok: install $(( installed - began ))s, then $url answered 5 records after $(( answered - installed ))s; server stopped"
if git rev-parse --git-dir >/dev/null 2>&1 && [ -n "$(git status --porcelain --untracked-files=no)" ]; then
  git status --short --untracked-files=no
  echo "day-one: npm install changed tracked files" >&2
  exit 1
fi

echo "\$ $test_command"
bash -c "$test_command" </dev/null
