#!/usr/bin/env bash
# CI: the Dockerfile and compose.yaml, built and run with podman (Debian's podman, runc, podman-compose). No public image
# can be pulled here, so stand-ins are made from Debian: a debootstrap'd bookworm with the npm package node@22's binary
# and npm for the Dockerfile's NODE_IMAGE, Debian's nginx and redis-server for compose.yaml's proxy and redis. Then:
#   - the image alone: /healthz, 5 records, the 11th request in a minute is the 429, the HEALTHCHECK, a non-root user;
#   - compose.yaml: 200 concurrent requests through nginx over two replicas on one Redis, exactly 10 answered 200, both
#     replicas used; Redis stopped: both replicas answer 503 quota_store_unavailable within the store timeout; back: both
#     answer 200 again;
#   - `podman stop` under load: no truncated response, exit code 0, within the 10 s drain bound;
#   - `podman run --rm IMAGE generate --count 5 --seed 1` prints what the repo's CLI prints.
# Images live in a storage of their own under $cache (the machine's podman storage is not touched); the debootstrap tree
# and the stand-in images stay there for the next run. Ports are published on 127.0.0.1 only. Every container this run
# starts is removed by its id on exit.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
start=$(date +%s)
say() { printf -- '--> %s (%ss)\n' "$1" "$(($(date +%s) - start))"; }
fail() {
  echo "container.sh: $*" >&2
  exit 1
}

need=()
for tool in podman:podman runc:runc debootstrap:debootstrap podman-compose:podman-compose curl:curl; do
  command -v "${tool%%:*}" >/dev/null || need+=("${tool#*:}")
done
# Compose's service names (redis, siret-mock-1...) resolve through CNI's dnsname plugin.
[ -x /usr/lib/cni/dnsname ] || need+=(golang-github-containernetworking-plugin-dnsname)
if [ ${#need[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  timeout 300 apt-get update -qq
  timeout 600 apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

cache=${XDG_CACHE_HOME:-$HOME/.cache}/siret-mock-ci
work=$(mktemp -d /tmp/siret-mock-container.XXXXXX)
mkdir -p "$cache"
# crun fails on setrlimit on these machines: runc, no default ulimits, cgroupfs (no systemd).
cat >"$work/containers.conf" <<EOF
[containers]
default_ulimits = []
[engine]
cgroup_manager = "cgroupfs"
runtime = "runc"
tmp_dir = "/run/siret-mock-ci/libpod"
EOF
cat >"$work/storage.conf" <<EOF
[storage]
driver = "overlay"
graphroot = "$cache/storage"
runroot = "/run/siret-mock-ci/storage"
EOF
export CONTAINERS_CONF=$work/containers.conf CONTAINERS_STORAGE_CONF=$work/storage.conf

tag=$$
image=localhost/siret-mock-ci:$tag
project=siret-mock-ci-$tag
ids=()
client=
cleanup() {
  local status=$?
  if [ -n "$client" ]; then kill "$client" 2>/dev/null || true; fi
  if [ ${#ids[@]} -gt 0 ]; then podman rm -f -t 0 "${ids[@]}" >/dev/null 2>&1 || true; fi
  podman network rm -f "${project}_default" >/dev/null 2>&1 || true
  podman rmi -f "$image" >/dev/null 2>&1 || true
  # Build layers older than a week go; this week's stay for the next run's cache.
  podman image prune -f --filter until=168h >/dev/null 2>&1 || true
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 143' TERM INT

free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
# curl's status and total time; the body goes to $work/body.
fetch() { curl -sS -o "$work/body" -w '%{http_code} %{time_total}' -m 10 "$@"; }
json() { node -e 'const b=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8"));console.log(eval(process.argv[2]))' "$work/body" "$1"; }
wait_healthy() { # URL
  for _ in $(seq 1 100); do
    curl -s -o /dev/null -m 1 "$1/healthz" && return 0
    sleep 0.1
  done
  fail "$1 did not answer /healthz within 10 s"
}

say "stand-in base images (cached under $cache)"
if ! podman image exists localhost/siret-mock-ci-debian:bookworm; then
  if [ ! -s "$cache/bookworm-minbase.tar" ]; then
    mirror=$(grep -hs -E '^(URIs:|deb )' /etc/apt/sources.list.d/*.sources /etc/apt/sources.list |
      grep -o -m1 -E 'https?://[^ ]+/debian/?' | head -n1 || true)
    mirror=${mirror:-http://deb.debian.org/debian}
    timeout 600 debootstrap --variant=minbase bookworm "$work/rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 ||
      fail "debootstrap failed: $(tail -n 3 "$work/debootstrap.log")"
    # Like the slim images: no package cache, lists, docs or locales.
    rm -rf "$work"/rootfs/var/cache/apt/archives/*.deb "$work"/rootfs/var/lib/apt/lists/* \
      "$work"/rootfs/usr/share/doc/* "$work"/rootfs/usr/share/man/* "$work"/rootfs/usr/share/locale/*
    tar -C "$work/rootfs" -cf "$cache/bookworm-minbase.tar.tmp" . && mv "$cache/bookworm-minbase.tar.tmp" "$cache/bookworm-minbase.tar"
    rm -rf "$work/rootfs"
  fi
  podman import -q --change 'CMD ["bash"]' "$cache/bookworm-minbase.tar" localhost/siret-mock-ci-debian:bookworm >/dev/null
fi
ca=$(sha256sum /etc/ssl/certs/ca-certificates.crt | cut -c1-64)
if [ "$(podman image inspect -f '{{index .Labels "ca-sha256"}}' localhost/siret-mock-ci-node:22 2>/dev/null)" != "$ca" ]; then
  # node:22-slim's layout: Node and npm under /usr/local, a user "node" (uid 1000). The machine's CA bundle lets npm reach
  # the registry through this network's TLS proxy.
  mkdir -p "$work/node" && cd "$work/node"
  arch=$(node -p process.arch)
  timeout 300 npm pack --silent "node-linux-$arch@22" npm@10 >/dev/null
  mkdir bin npm && tar -xzf node-linux-*.tgz --strip-components=1 package/bin/node && tar -xzf npm-*.tgz -C npm --strip-components=1
  cp /etc/ssl/certs/ca-certificates.crt .
  timeout 300 podman build -q --network host --label "ca-sha256=$ca" -t localhost/siret-mock-ci-node:22 -f - . \
    >"$work/standin.log" 2>&1 <<'EOF'
FROM localhost/siret-mock-ci-debian:bookworm
COPY bin/node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
COPY ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
  && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
  && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt NPM_CONFIG_UPDATE_NOTIFIER=false
CMD ["node"]
EOF
  cd "$repo"
fi
for service in nginx redis; do
  podman image exists "localhost/siret-mock-ci-$service:bookworm" && continue
  case $service in
    nginx) package=nginx cmd='["nginx", "-g", "daemon off;"]' ;;
    redis) package=redis-server cmd='["redis-server"]' ;;
  esac
  timeout 600 podman build -q --network host -t "localhost/siret-mock-ci-$service:bookworm" -f - "$work" >"$work/standin.log" 2>&1 <<EOF
FROM localhost/siret-mock-ci-debian:bookworm
RUN apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $package >/dev/null \
  && rm -rf /var/lib/apt/lists/*
CMD $cmd
EOF
done
echo "node base: $(podman run --rm --network host localhost/siret-mock-ci-node:22 node --version), $(podman image inspect -f '{{.Size}}' localhost/siret-mock-ci-node:22 | awk '{printf "%.0f MB", $1/1e6}')"

say "podman build: the repo's Dockerfile on the Node stand-in"
timeout 900 podman build --format docker --network host --build-arg NODE_IMAGE=localhost/siret-mock-ci-node:22 \
  -t "$image" . >"$work/build.log" 2>&1 || {
  tail -n 30 "$work/build.log"
  fail "podman build failed"
}
size=$(podman image inspect -f '{{.Size}}' "$image")
base=$(podman image inspect -f '{{.Size}}' localhost/siret-mock-ci-node:22)
echo "image: $(awk -v s="$size" 'BEGIN{printf "%.0f MB", s/1e6}'), of which $(awk -v s="$((size - base))" 'BEGIN{printf "%.1f MB", s/1e6}') over its base"

say "the CLI in the image: generate --count 5 --seed 1 as the repo's CLI prints it"
# The repo's own build, made here when this script runs alone in a fresh clone.
[ -d node_modules ] || timeout 600 npm ci --no-audit --no-fund --loglevel=error
[ -f dist/src/node/cli.js ] || timeout 600 npm run build >/dev/null
podman run --rm --network none --no-healthcheck "$image" generate --count 5 --seed 1 >"$work/image.ndjson"
node dist/src/node/cli.js generate --count 5 --seed 1 >"$work/host.ndjson"
[ "$(wc -l <"$work/image.ndjson")" = 5 ] || fail "the image printed $(wc -l <"$work/image.ndjson") lines"
cmp "$work/image.ndjson" "$work/host.ndjson" || fail "the image's records differ from the repo's CLI"
echo "same 5 records ($(head -c 40 "$work/image.ndjson")...)"

say "the image alone: docker run -p 3000:3000 IMAGE, as docs/server.md shows it"
port=$(free_port)
ids+=("$(podman run -d -p "127.0.0.1:$port:3000" "$image" 2>>"$work/podman.log")")
alone=${ids[-1]}
url=http://127.0.0.1:$port
wait_healthy "$url"
read -r status _ <<<"$(fetch "$url/healthz")"
[ "$status" = 200 ] || fail "/healthz answered $status"
podman healthcheck run "$alone" >/dev/null 2>&1 || fail "HEALTHCHECK failed: $(podman inspect -f '{{json .State.Health}}' "$alone")"
[ "$(podman exec "$alone" node -p 'process.getuid()')" = 1000 ] || fail "the server does not run as uid 1000"
for i in $(seq 1 10); do
  read -r status _ <<<"$(fetch "$url/api/v1/generate")"
  [ "$status" = 200 ] || fail "request $i answered $status"
  [ "$i" != 1 ] || [ "$(json 'b.data.length')" = 5 ] || fail "the first answer does not hold 5 records"
done
read -r status _ <<<"$(fetch -D "$work/headers" "$url/api/v1/generate")"
[ "$status" = 429 ] && [ "$(json 'b.error')" = rate_limit_exceeded ] && grep -qi '^retry-after: [0-9]' "$work/headers" ||
  fail "the 11th request answered $status $(cat "$work/body")"
echo "healthz 200, HEALTHCHECK healthy, uid 1000, 10 x 200 with 5 records, 11th: 429 rate_limit_exceeded"
podman rm -f -t 0 "$alone" >/dev/null 2>&1

say "podman stop under load and with a stalled client: lifetime tier and port set by SIRET_MOCK_* variables"
port=$(free_port)
ids+=("$(podman run -d -p "127.0.0.1:$port:4000" -e SIRET_MOCK_PORT=4000 -e SIRET_MOCK_TIER=lifetime \
  -e SIRET_MOCK_SOURCE=container-ci -e SIRET_MOCK_QUIET=1 "$image" 2>>"$work/podman.log")")
drained=${ids[-1]}
url=http://127.0.0.1:$port
wait_healthy "$url"
podman healthcheck run "$drained" >/dev/null 2>&1 || fail "HEALTHCHECK failed on SIRET_MOCK_PORT=4000"
read -r status _ <<<"$(fetch "$url/api/v1/generate?quantity=100")"
[ "$status" = 200 ] && [ "$(json 'b.meta.source + " " + b.data.length')" = "container-ci 100" ] ||
  fail "lifetime answer: $status $(head -c 200 "$work/body")"
timeout 90 node .ci/container-client.mjs load "$url/api/v1/generate?quantity=100" "$work/ready" >"$work/load.json" &
client=$!
for _ in $(seq 1 200); do [ -f "$work/ready" ] && break; sleep 0.1; done
[ -f "$work/ready" ] || fail "no load after 20 s"
t0=$(date +%s%N)
timeout 30 podman stop -t 15 "$drained" >/dev/null 2>>"$work/podman.log"
stop_ms=$((($(date +%s%N) - t0) / 1000000))
# From SIGTERM to the process's exit, as the runtime recorded it (podman stop's own time adds the network teardown).
exited=$(date -d "$(podman inspect -f '{{.State.FinishedAt}}' "$drained" | sed -E 's/ [A-Z]+$//')" +%s%N)
drain_ms=$(((exited - t0) / 1000000))
wait "$client" || fail "load client: $(cat "$work/load.json")"
client=
code=$(podman inspect -f '{{.State.ExitCode}}' "$drained")
logs=$(podman logs "$drained" 2>&1)
echo "client: $(cat "$work/load.json")"
echo "exit code $code ${drain_ms} ms after SIGTERM (a client stalled mid-request holds the drain to its 10 s deadline);" \
  "podman stop returned after ${stop_ms} ms"
[ "$code" = 0 ] || fail "exit code $code after SIGTERM"
[ "$drain_ms" -le 11000 ] || fail "the server exited ${drain_ms} ms after SIGTERM, over the 10 s drain bound"
grep -q 'SIGTERM received, draining' <<<"$logs" && grep -q 'siret-mock: stopped' <<<"$logs" || fail "logs: $logs"
podman rm -f -t 0 "$drained" >/dev/null 2>&1

say "compose.yaml: two replicas on one Redis behind nginx (podman-compose, stand-in images)"
proxy_port=$(free_port)
replica_ports=("$(free_port)" "$(free_port)")
# compose.yaml as users run it, plus: the stand-ins for redis and nginx, the image built above, and each replica also
# published on loopback so that the checks below reach them one by one.
cat >"$work/ci.yaml" <<EOF
services:
  redis:
    image: localhost/siret-mock-ci-redis:bookworm
  siret-mock-1:
    image: $image
    ports: ['127.0.0.1:${replica_ports[0]}:3000']
  siret-mock-2:
    image: $image
    ports: ['127.0.0.1:${replica_ports[1]}:3000']
  proxy:
    image: localhost/siret-mock-ci-nginx:bookworm
EOF
compose() { SIRET_MOCK_PUBLISH=127.0.0.1:$proxy_port timeout 300 podman-compose -p "$project" -f compose.yaml -f "$work/ci.yaml" "$@"; }
compose up -d --no-build >"$work/compose.log" 2>&1 || {
  tail -n 30 "$work/compose.log"
  fail "podman-compose up failed"
}
container() { podman ps -a -q --filter "label=com.docker.compose.project=$project" --filter "label=com.docker.compose.service=$1"; }
for service in redis siret-mock-1 siret-mock-2 proxy; do
  id=$(container "$service")
  [ -n "$id" ] || fail "no $service container: $(tail -n 20 "$work/compose.log")"
  ids+=("$id")
done
redis=$(container redis)
replica1=http://127.0.0.1:${replica_ports[0]} replica2=http://127.0.0.1:${replica_ports[1]}
wait_healthy "$replica1" && wait_healthy "$replica2" && wait_healthy "http://127.0.0.1:$proxy_port"
node .ci/container-client.mjs burst "http://127.0.0.1:$proxy_port/api/v1/generate" 200 >"$work/burst.json" ||
  fail "burst: $(cat "$work/burst.json")"
echo "200 concurrent requests through nginx: $(cat "$work/burst.json")"
read -r ok limited <<<"$(node -p 'const c=require(process.argv[1]);`${c.statuses[200]??0} ${c.statuses[429]??0}`' "$work/burst.json")"
[ "$ok" = 10 ] && [ "$limited" = 190 ] || fail "expected exactly 10 x 200 and 190 x 429, got $ok and $limited"
per_replica=()
for service in siret-mock-1 siret-mock-2; do
  per_replica+=("$(podman logs "$(container "$service")" 2>/dev/null | grep -c '"GET /api/v1/generate" ' || true)")
done
echo "answered by replica 1: ${per_replica[0]}, replica 2: ${per_replica[1]}"
[ "${per_replica[0]}" -gt 0 ] && [ "${per_replica[1]}" -gt 0 ] || fail "one replica answered nothing"
[ $((per_replica[0] + per_replica[1])) = 200 ] || fail "the replicas logged $((per_replica[0] + per_replica[1])) requests, not 200"
# --trust-proxy 1: a client's own X-Forwarded-For is not the caller; the address nginx appended is.
read -r status _ <<<"$(fetch -H 'X-Forwarded-For: 203.0.113.7' "http://127.0.0.1:$proxy_port/api/v1/generate")"
[ "$status" = 429 ] || fail "a forged X-Forwarded-For got $status, not 429"
echo "a forged X-Forwarded-For still gets the 429"

# Both replicas answer 503 quota_store_unavailable with Retry-After: 1 within the 1 s store timeout (+0.5 s), then, once
# Redis is back, 200 again within 10 s.
expect_outage() { # what happened to Redis
  local replica status seconds
  for replica in "$replica1" "$replica2"; do
    read -r status seconds <<<"$(fetch -D "$work/headers" "$replica/api/v1/generate")"
    echo "Redis $1: $replica answered $status $(json 'b.error') in ${seconds} s"
    [ "$status" = 503 ] && [ "$(json 'b.error')" = quota_store_unavailable ] && grep -qi '^retry-after: 1' "$work/headers" ||
      fail "expected 503 quota_store_unavailable with Retry-After: 1"
    awk -v s="$seconds" 'BEGIN{exit !(s <= 1.5)}' || fail "503 after ${seconds} s, over the 1 s store timeout"
  done
}
expect_recovery() { # what happened to Redis
  local replica status t0
  t0=$(date +%s%N)
  for replica in "$replica1" "$replica2"; do
    for _ in $(seq 1 100); do
      read -r status _ <<<"$(fetch "$replica/api/v1/generate")"
      [ "$status" = 200 ] && break
      sleep 0.1
    done
    [ "$status" = 200 ] || fail "$replica answered $status 10 s after Redis $1"
  done
  echo "Redis $1: both replicas answer 200 again within $((($(date +%s%N) - t0) / 1000000)) ms"
}
podman stop -t 2 "$redis" >/dev/null 2>>"$work/podman.log"
expect_outage stopped
podman start "$redis" >/dev/null
expect_recovery restarted
# A stalled Redis (its process frozen, connections open): the command timeout answers.
podman pause "$redis" >/dev/null
expect_outage paused
podman unpause "$redis" >/dev/null
expect_recovery resumed
# Stopped by id, as everything else; the cleanup removes the containers and the project's network.
podman stop -t 15 "${ids[@]: -4}" >/dev/null 2>>"$work/podman.log"

say "container checks passed in $(($(date +%s) - start))s"
