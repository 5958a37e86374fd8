#!/usr/bin/env bash
# Bounded stress suites that `npm test` cannot run: exactly 10 of 1,000 concurrent requests with the Redis store (one
# in-process server, then two `siret-mock serve` processes sharing one Redis), the memory store's bytes per caller and its
# sweep (100,000 callers), the built CLI's peak RSS (200,000 vs 10,000 records), and 1,000 slow readers of large answers
# against a `serve` process (reset within the 10 s answer deadline, probe p99 and RSS reported), and 1,500 requests
# mutated by zzuf against a `serve` process. Then three attacks of bench/ in their bounded form, each failing the step when
# its bound is missed: pipelined requests with large heads from 1,024 connections (peak RSS), and connection-slot floods
# (idle from 4 addresses, slow body from 49: probe failure rate). About 140 s. The fuzz, exactness
# (memory store) and slow-client suites are part of `npm run test:acceptance`. Long versions: `npm run test:stress` (see docs/robustness.md).
# Installs nothing: .ci/run installs redis-server and zzuf; the tests start their own on a free loopback port.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v redis-server >/dev/null || { echo "stress.sh: redis-server not found (apt-get install -y redis-server)" >&2; exit 1; }
command -v zzuf >/dev/null || { echo "stress.sh: zzuf not found (apt-get install -y zzuf)" >&2; exit 1; }
# The CLI memory figure is about the shipped build; `npm install` normally built it already.
[ -f dist/src/node/cli.js ] && [ -d dist/demo/assets ] || npm run build
timeout 600 npx vitest run --config test/stress/vitest.config.ts
timeout 120 node bench/pipelining.bench.mjs headers fields --ci
timeout 120 node bench/slot-floods.bench.mjs idle:4 body:49 --ci
