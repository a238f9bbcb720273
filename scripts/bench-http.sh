#!/usr/bin/env bash
# HTTP benchmark of the release server with wrk (Debian's), run by `make bench-http`.
# Prints requests/s and p50/p99 latency for a clean 1 KB English paragraph and the same paragraph
# with five typos, at 2 and 32 connections, with history on and off, and /healthz p99 while the
# 32-connection load runs. Loopback only; every run stops by itself.
set -euo pipefail
cd "$(dirname "$0")/.."

binary="${SUPERTEXT_BINARY:-.build/release/supertext}"
[ -x "$binary" ] || { echo "bench-http.sh: $binary is missing; run: swift build -c release --product supertext" >&2; exit 2; }
command -v wrk >/dev/null || { echo "bench-http.sh: wrk is missing (scripts/install-deps.sh bench)" >&2; exit 2; }
duration="${BENCH_DURATION:-10s}"
work="$(mktemp -d "${TMPDIR:-/tmp}/supertext-bench-http.XXXXXX")"
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

clean="Proofreading is the careful reading of a text to find and correct mistakes before it is published. A good proofreader checks spelling, grammar, punctuation and consistency, and makes sure that every sentence says what the writer meant to say. Software can help with much of this work: it can find words that are not in the dictionary, repeated words, and spaces in the wrong places, and it can suggest corrections that are likely to be right. It cannot replace a careful reader, but it can make the reader faster, and it can explain each correction so that the writer learns from it and makes fewer mistakes the next time. A service that does this should answer quickly, use little memory, and keep working when many people use it at once, even on a small machine with only two cores."
typos="${clean/careful/carefull}"; typos="${typos/mistakes/mistaeks}"; typos="${typos/punctuation/punctuaton}"; typos="${typos/dictionary/dictionery}"; typos="${typos/quickly/quikly}"

make_lua() { # $1 text, $2 file
  python3 - "$1" "$2" <<'PY'
import json, sys
body = json.dumps({"text": sys.argv[1], "language": "en-US"})
with open(sys.argv[2], "w") as f:
    f.write('wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\nwrk.body = %s\n' % json.dumps(body))
PY
}
make_lua "$clean" "$work/clean.lua"
make_lua "$typos" "$work/typos.lua"
echo "Paragraph: ${#clean} bytes; the typo version has 5 misspellings. wrk: 2 threads, $duration a run."

start_server() { # $@ extra flags
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  "$binary" serve --port "$port" --database "$work/bench.sqlite" --public-dir public --log-level warning "$@" >"$work/server.log" 2>&1 &
  server=$!
  for _ in $(seq 1 200); do curl -sf "http://127.0.0.1:$port/readyz" >/dev/null && return; sleep 0.05; done
  echo "server did not start"; cat "$work/server.log"; exit 1
}
stop_server() { kill "$server"; wait "$server" 2>/dev/null || true; server=""; rm -f "$work"/bench.sqlite*; }

row() { # $1 label, $2 lua, $3 connections
  out=$(wrk -t2 -c"$3" -d"$duration" --latency -s "$2" "http://127.0.0.1:$port/api/v1/check")
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1=="50%" {print $2}' <<<"$out")
  p99=$(awk '$1=="99%" {print $2}' <<<"$out")
  errors=$(grep -Eo 'Non-2xx or 3xx responses: [0-9]+' <<<"$out" || true)
  printf "| %-28s | %3s | %10s | %8s | %8s | %s\n" "$1" "$3" "$rps" "$p50" "$p99" "${errors:-}"
}

for mode in history no-history; do
  if [ "$mode" = history ]; then start_server; else start_server --no-history; fi
  echo
  echo "## $mode"
  echo "| body                         | con |  requests/s |      p50 |      p99 |"
  echo "|------------------------------|-----|-------------|----------|----------|"
  curl -sf -H 'Content-Type: application/json' -d "{\"text\": \"warm up teh cache\"}" "http://127.0.0.1:$port/api/v1/check" >/dev/null
  row "clean paragraph" "$work/clean.lua" 2
  row "paragraph with 5 typos" "$work/typos.lua" 2
  row "paragraph with 5 typos" "$work/typos.lua" 32
  if [ "$mode" = history ]; then
    # /healthz while 32 connections load the checks.
    wrk -t2 -c32 -d"$duration" --latency -s "$work/clean.lua" "http://127.0.0.1:$port/api/v1/check" >"$work/load.txt" &
    load=$!
    sleep 1
    health=$(wrk -t1 -c1 -d5s --latency "http://127.0.0.1:$port/healthz")
    wait $load
    rps=$(awk '/Requests\/sec/ {print $2}' "$work/load.txt")
    p50=$(awk '$1=="50%" {print $2}' "$work/load.txt")
    p99=$(awk '$1=="99%" {print $2}' "$work/load.txt")
    printf "| %-28s | %3s | %10s | %8s | %8s |\n" "clean paragraph" 32 "$rps" "$p50" "$p99"
    echo
    echo "/healthz during the 32-connection load: p50 $(awk '$1=="50%" {print $2}' <<<"$health"), p99 $(awk '$1=="99%" {print $2}' <<<"$health")"
  else
    row "clean paragraph" "$work/clean.lua" 32
  fi
  stop_server
done
