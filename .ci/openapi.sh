#!/usr/bin/env bash
# The OpenAPI document checked by linters we did not write: Redocly (recommended ruleset) and Spectral (spectral:oas), each
# must report 0 errors and 0 warnings, on the document the server serves and on the one the package ships (dist/openapi.json,
# written by `npm run build`). Both must be the same document. The linters run through pinned `npx -y`.
set -euo pipefail
cd "$(dirname "$0")/.."
REDOCLY=@redocly/cli@2.77.0
SPECTRAL=@stoplight/spectral-cli@6.16.3
work=$(mktemp -d)
trap 'kill "${server_pid:-}" 2>/dev/null || true; rm -rf "$work"' EXIT

[ -f dist/openapi.json ] || npm run build >/dev/null
port=$(node -e "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
node dist/src/node/cli.js serve --port "$port" --quiet >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 50); do curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break; sleep 0.2; done
curl -fsS "http://127.0.0.1:$port/api/v1/openapi.json" >"$work/served.json"
node -e "
const fs = require('node:fs');
const served = JSON.parse(fs.readFileSync('$work/served.json', 'utf8'));
const shipped = JSON.parse(fs.readFileSync('dist/openapi.json', 'utf8'));
if (JSON.stringify(served) !== JSON.stringify(shipped)) { console.error('served and shipped documents differ'); process.exit(1); }
console.log('served document = dist/openapi.json');
"
cp dist/openapi.json "$work/shipped.json"
# The document of an app with every option that changes it: control endpoints, both header dialects, HTTP-date Retry-After.
node --input-type=module -e "
const { createApp } = await import('./dist/src/node/index.js');
const app = createApp({ control: true, rateLimitHeaders: 'both', retryAfter: 'http-date' });
const response = await app.fetch(new Request('http://localhost/api/v1/openapi.json'));
(await import('node:fs')).writeFileSync('$work/control.json', JSON.stringify(await response.json()));
"
echo 'extends: ["spectral:oas"]' >"$work/.spectral.yaml"
for doc in served shipped control; do
  echo "--- redocly lint ($doc)"
  out=$(npx -y "$REDOCLY" lint "$work/$doc.json" 2>&1) || { echo "$out"; exit 1; }
  echo "$out" | grep -E 'validated|valid|warning|error' | grep -v '^npm warn' || true
  if echo "$out" | grep -Eq 'You have [0-9]+ warning' || ! echo "$out" | grep -q 'Your API description is valid'; then
    echo "$out"
    echo "redocly: problems in the $doc document"
    exit 1
  fi
  echo "--- spectral lint ($doc)"
  npx -y "$SPECTRAL" lint --ruleset "$work/.spectral.yaml" --fail-severity=warn "$work/$doc.json" 2>&1 | grep -v '^npm warn'
done
echo "ok: redocly and spectral, 0 errors and 0 warnings on the served, the shipped and the --control document"
