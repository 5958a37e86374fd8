#!/usr/bin/env bash
# Packs the package as npm would publish it, installs the tarball into an empty project and uses every entry point
# from there: the core, the CLI, the MSW handlers (with msw installed by the user) and the Node server entry. The packed
# manifest carries no script a consumer's npm runs on install (npm 11 lists those "not covered by allowScripts").
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
tmp=$(mktemp -d)
group=''
# The control example below runs in a session of its own: whatever it leaves running is ended with it.
trap '[ -z "$group" ] || kill -KILL -- "-$group" 2>/dev/null; rm -rf "$tmp"' EXIT
tarball=$(npm pack --silent --pack-destination "$tmp" | tail -n 1)
echo "packed $tarball: $(tar -tzf "$tmp/$tarball" | wc -l) files"
if tar -tzf "$tmp/$tarball" | grep -E '\.test\.|/test/|node_modules' ; then echo "test files or node_modules leaked into the package"; exit 1; fi
install_scripts=$(tar -xOzf "$tmp/$tarball" package/package.json |
  node -e "let s='';process.stdin.on('data',(c)=>(s+=c)).on('end',()=>{const {scripts={}}=JSON.parse(s);console.log(['preinstall','install','postinstall','prepare'].filter((k)=>k in scripts).join(' '))})")
if [ -n "$install_scripts" ]; then echo "the packed manifest has install scripts: $install_scripts" >&2; exit 1; fi
mkdir "$tmp/app"
cd "$tmp/app"
npm init -y >/dev/null
npm pkg set type=module >/dev/null
msw_version=$(node -p "require('$OLDPWD/node_modules/msw/package.json').version")
npm install --no-audit --no-fund --loglevel=warn "$tmp/$tarball" "msw@$msw_version" > install.log 2>&1 || { cat install.log; exit 1; }
# msw's own install script is the consumer's to approve; none may be ours.
if grep -n 'siret-mock' install.log; then echo "npm install of the tarball named siret-mock in a warning" >&2; exit 1; fi
cat > check.mjs <<'JS'
import assert from 'node:assert/strict';
import { generateCompanies, isValidSiret } from 'siret-mock';
const records = generateCompanies(3, { seed: 42 });
assert.equal(records.length, 3);
assert.ok(records.every((r) => isValidSiret(r.siret)));
const msw = await import('siret-mock/msw');
assert.equal(typeof msw.createHandlers, 'function');
const node = await import('siret-mock/node');
assert.equal(typeof node.createSiretServer, 'function');
console.log('entry points ok:', records[0].siret);
JS
node check.mjs
cat > check.cjs <<'JS'
const assert = require('node:assert/strict');
const { generateCompanies, lookupSiret } = require('siret-mock');
const { createHandlers } = require('siret-mock/msw');
const [record] = generateCompanies(1, { seed: 42 });
assert.deepEqual(lookupSiret(record.siret, { seed: 42 }), { found: true, record });
// generate, the two lookups and the OpenAPI document.
assert.equal(createHandlers().handlers.length, 4);
assert.match(require.resolve('siret-mock/msw'), /index\.cjs$/);
// The server and the Vite plugin load srvx, which is ESM only: through require(esm) (Node 20.19+).
assert.equal(typeof require('siret-mock/node').createSiretServer, 'function');
assert.equal(typeof require('siret-mock/vite').siretMock, 'function');
console.log('CommonJS entry points ok');
JS
node check.cjs
npx --no-install siret-mock generate --count 2 --seed 42 --format csv
# Optional peers are not installed with the tarball: nothing above needed them; --redis says what to install, in one line.
for name in ioredis @msw/data zod; do if [ -d "node_modules/$name" ]; then echo "installed: $name"; fi; done
if node_modules/.bin/siret-mock serve --redis redis://127.0.0.1:1 --port 0 --quiet 2> redis-error.txt; then
  echo "--redis without ioredis should fail" >&2; exit 1
fi
cat redis-error.txt
[ "$(wc -l < redis-error.txt)" = 1 ] && grep -q 'needs the ioredis package: npm install ioredis' redis-error.txt

# docs/server.md's control example as written (on a free port), the server started in the background from this install:
# its closing `kill $!` must stop the server, so that the port is free once the process it started has exited.
port=$(node -e "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
example=$(awk '/^## Control endpoints/ { found = 1 } found && /^```sh$/ { inside = 1; next } inside && /^```$/ { exit } inside' \
  "$repo/docs/server.md" | sed "s/localhost:3000/localhost:$port/g")
start=$(head -n 1 <<<"$example")
[[ "$start" == *' &' && "$(tail -n 1 <<<"$example")" == 'kill $!'* ]] || { echo "docs/server.md's control example changed shape" >&2; exit 1; }
ready="until curl -fs localhost:$port/healthz >/dev/null; do kill -0 \$! || exit 1; sleep 0.1; done"
SIRET_MOCK_PORT=$port setsid bash -c "$start
$ready
$(tail -n +2 <<<"$example")
wait \$!" > control.log 2>&1 &
group=$!
wait "$group" || true
grep -q '"reset":true' control.log || { cat control.log; echo "docs/server.md's control example: no reset answer" >&2; exit 1; }
if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
  cat control.log
  echo "docs/server.md's control example: after kill \$!, port $port is still held" >&2
  exit 1
fi
echo "docs/server.md's control example: kill \$! stopped the server and freed the port"
group=''
echo "pack smoke test passed"
