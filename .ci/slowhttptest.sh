#!/usr/bin/env bash
# Debian's slowhttptest against four real `siret-mock serve` processes (built CLI, loopback), one per attack, all four at
# once: slow read (-X: a tiny receive window, 32 bytes a second, 8 pipelined requests for the demo's 600 KB bundle),
# slowloris (-H: headers that never end), slow body (-B: a POST body trickled forever; answered 405 at once, connection
# closed) and trickling readers (-X, 1,100 connections taking 32 bytes every 5 s, past --max-connections). The first three
# servers raise --max-connections-per-client to 1024, so that each attack meets the bound it is about; the fourth runs with
# production defaults. slowhttptest attacks from 127.0.0.1; our probe (curl /healthz every 0.5 s, 5 s timeout) comes from
# 127.0.0.2, another client. Checks, per server:
#   - our probe never failed, during the attack and after it;
#   - read, loris, body: slowhttptest's own probe found the service available at the end, and in at least 80% of its
#     seconds (trickle: reported only, its probe shares the attacker's address, which the per-client cap refuses);
#   - the server closed every attack connection in time: read, loris, body: the first second at which no attack socket is
#     ESTABLISHED on the server's side, counted from the attack's start, is within a limit: slow read 20 s (the 10 s answer
#     deadline, checked every second, then the 5 s keep-alive timeout once the kernel holds the answer), slowloris 22 s
#     (header timeout 10 s, checked every second, 500 connections closed under the load of the other attacks), slow body
#     10 s; trickle: no server connection was seen ESTABLISHED (ss -tn, every second) for longer than 17 s (the deadline plus
#     its check, then the keep-alive timeout plus Node's 1 s), whatever the client kept reading;
#   - the process is still running and printed no stack.
# About 45 s. Needs slowhttptest and curl (.ci/run installs both); builds dist/ if missing.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v slowhttptest >/dev/null || { echo "slowhttptest.sh: slowhttptest not found (apt-get install -y slowhttptest)" >&2; exit 1; }
[ -f dist/src/node/cli.js ] && [ -d dist/demo/assets ] || npm run build
work=$(mktemp -d)
cleanup() { for file in "$work"/*.pid; do [ -f "$file" ] && kill "$(cat "$file")" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
bundle=$(cd dist/demo/assets && ls ./*.js | head -1)
bundle=${bundle#./}

start_server() { # name [serve flags...] -> prints port
  local name=$1
  shift
  node dist/src/node/cli.js serve --port 0 --quiet "$@" >"$work/$name.out" 2>"$work/$name.err" &
  echo $! >"$work/$name.pid"
  for _ in $(seq 1 100); do
    port=$(sed -n 's/.*listening on http:\/\/127\.0\.0\.1:\([0-9]*\).*/\1/p' "$work/$name.out" 2>/dev/null)
    [ -n "$port" ] && { echo "$port"; return; }
    sleep 0.1
  done
  echo "slowhttptest.sh: server $name did not start" >&2; cat "$work/$name.err" >&2; exit 1
}

probe() { # name port seconds: /healthz every 0.5 s; one line per probe: "<ms> <status>"
  local end=$(( $(date +%s) + $3 ))
  while [ "$(date +%s)" -lt "$end" ]; do
    curl -s -o /dev/null -m 5 --interface 127.0.0.2 -w '%{time_total} %{http_code}\n' "http://127.0.0.1:$2/healthz" >>"$work/$1.probe" ||
      echo "5 000" >>"$work/$1.probe"
    sleep 0.5
  done
}

attackers() { # port -> the client address:port of each server-side ESTABLISHED socket that is not our probe's
  ss -tnH state established "( sport = :$1 )" | awk '{ print $NF }' | grep -v '^127\.0\.0\.2:' || true
}

names=(read loris body trickle)
declare -A port limit
for name in read loris body; do port[$name]=$(start_server "$name" --max-connections-per-client 1024); done
port[trickle]=$(start_server trickle)
echo "servers: slow read :${port[read]}, slowloris :${port[loris]}, slow body :${port[body]}, trickling readers :${port[trickle]}"
limit=([read]=20 [loris]=22 [body]=10 [trickle]=17)

(cd "$work" && timeout 60 slowhttptest -X -c 100 -r 100 -l 25 -k 8 -n 1 -w 1 -y 512 -z 32 -p 5 -g -o read \
  -u "http://127.0.0.1:${port[read]}/assets/$bundle" >read.log 2>&1) &
(cd "$work" && timeout 60 slowhttptest -H -c 500 -r 250 -l 25 -i 2 -x 24 -p 5 -g -o loris \
  -u "http://127.0.0.1:${port[loris]}/api/v1/generate" >loris.log 2>&1) &
(cd "$work" && timeout 60 slowhttptest -B -c 500 -r 250 -l 25 -i 2 -x 10 -s 8192 -p 5 -g -o body \
  -u "http://127.0.0.1:${port[body]}/api/v1/generate" >body.log 2>&1) &
(cd "$work" && timeout 60 slowhttptest -X -c 1100 -r 200 -l 25 -k 8 -n 5 -w 1 -y 512 -z 32 -p 5 -g -o trickle \
  -u "http://127.0.0.1:${port[trickle]}/assets/$bundle" >trickle.log 2>&1) &
for name in "${names[@]}"; do probe "$name" "${port[$name]}" 32 & done

# Server-side ESTABLISHED attack sockets each second. `closed_by`: the first second, after the attack had connections open,
# at which none is left. `first_seen`/`last_seen`: per trickle connection, for the longest time one was held.
declare -A peak closed_by first_seen last_seen
for name in "${names[@]}"; do peak[$name]=0; done
for t in $(seq 1 30); do
  sleep 1
  for name in "${names[@]}"; do
    peers=$(attackers "${port[$name]}")
    open=$(printf '%s' "$peers" | grep -c . || true)
    [ "$open" -gt "${peak[$name]}" ] && peak[$name]=$open
    [ -z "${closed_by[$name]:-}" ] && [ "${peak[$name]}" -gt 0 ] && [ "$open" -eq 0 ] && closed_by[$name]=$t
    if [ "$name" = trickle ]; then
      for peer in $peers; do
        [ -z "${first_seen[$peer]:-}" ] && first_seen[$peer]=$t
        last_seen[$peer]=$t
      done
    fi
  done
done
wait
# An attack whose connections never piled up (each closed before the next sample) counts as closed at once.
for name in "${names[@]}"; do
  [ -z "${closed_by[$name]:-}" ] && [ "${peak[$name]}" -eq 0 ] && closed_by[$name]=1
done
longest_held=0
for peer in "${!first_seen[@]}"; do
  held=$((last_seen[$peer] - first_seen[$peer]))
  [ "$held" -gt "$longest_held" ] && longest_held=$held
done

fail=0
for name in "${names[@]}"; do
  csv="$work/$name.csv"
  rows=$(tail -n +2 "$csv" | wc -l)
  available=$(tail -n +2 "$csv" | awk -F, '$5 > 0' | wc -l)
  last=$(tail -n 1 "$csv" | awk -F, '{ print ($5 > 0) ? "YES" : "NO" }')
  max_connected=$(tail -n +2 "$csv" | awk -F, 'BEGIN { m = 0 } $4 > m { m = $4 } END { print m }')
  probes=$(wc -l <"$work/$name.probe")
  failed=$(awk '$2 != 200' "$work/$name.probe" | wc -l)
  p99=$(awk '{ print $1 * 1000 }' "$work/$name.probe" | sort -n | awk '{ a[NR] = $1 } END { i = int(NR * 0.99); if (i < 1) i = 1; printf "%d", a[i] }')
  alive=$(kill -0 "$(cat "$work/$name.pid")" 2>/dev/null && echo yes || echo no)
  held=$([ "$name" = trickle ] && echo "$longest_held" || echo null)
  echo "SLOWHTTPTEST {\"attack\":\"$name\",\"maxConnected\":$max_connected,\"serverPeakOpen\":${peak[$name]},\"allClosedBySecond\":${closed_by[$name]:-null},\"longestHeldSeconds\":$held,\"limitSeconds\":${limit[$name]},\"availableSeconds\":$available,\"seconds\":$rows,\"lastAvailable\":\"$last\",\"probes\":$probes,\"probeFailures\":$failed,\"probeP99Ms\":$p99,\"alive\":\"$alive\"}"
  if [ "$name" = trickle ]; then
    [ "$longest_held" -le "${limit[$name]}" ] ||
      { echo "FAIL $name: a connection was held ${longest_held} s, past ${limit[$name]} s" >&2; fail=1; }
  else
    [ "$last" = YES ] || { echo "FAIL $name: slowhttptest found the service unavailable at the end" >&2; fail=1; }
    [ $(( available * 10 )) -ge $(( rows * 8 )) ] || { echo "FAIL $name: service available in only $available of $rows seconds" >&2; fail=1; }
    [ -n "${closed_by[$name]:-}" ] && [ "${closed_by[$name]}" -le "${limit[$name]}" ] ||
      { echo "FAIL $name: attack connections not all closed within ${limit[$name]} s (by: ${closed_by[$name]:-never})" >&2; fail=1; }
  fi
  [ "$failed" -eq 0 ] || { echo "FAIL $name: $failed of $probes /healthz probes failed" >&2; fail=1; }
  [ "$alive" = yes ] || { echo "FAIL $name: the server exited" >&2; fail=1; }
  if grep -q '    at ' "$work/$name.err"; then echo "FAIL $name: the server printed a stack" >&2; fail=1; fi
  curl -sf -m 5 "http://127.0.0.1:${port[$name]}/healthz" >/dev/null || { echo "FAIL $name: /healthz after the attack" >&2; fail=1; }
done
exit $fail
