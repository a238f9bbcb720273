#!/usr/bin/env bash
# Users' rules under load (release build): a server with `--rules DIR` answers a 32-connection
# wrk load of the clean paragraph while a rule file is rewritten RELOADS times (default 100),
# each version with a rule of another name. Prints how long each change took to apply (a probe
# checks until the new rule answers), how many reloads the log shows, the load's requests and
# non-2xx answers, and the server's resident memory before and after.
# Usage: scripts/measure-rule-reloads.sh [BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
binary="${1:-.build/release/supertext}"
reloads="${RELOADS:-100}"
command -v wrk >/dev/null || { echo "measure-rule-reloads.sh: wrk is missing (scripts/install-deps.sh bench)" >&2; exit 2; }
work="$(mktemp -d "${TMPDIR:-/tmp}/supertext-reloads.XXXXXX")"
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
mkdir "$work/rules"
write_rule() { # $1 number: a rule TEAM_V<n> that flags "zorbly" with the suggestion "v<n>"
  cat >"$work/rules/team.en.rules.tmp" <<EOF
id: TEAM_V$1
category: style
pattern: [zorbly]
suggest: v$1
message: Write 'v$1'.
wrong: A zorbly day. => A v$1 day.
EOF
  mv "$work/rules/team.en.rules.tmp" "$work/rules/team.en.rules"
}
write_rule 0
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
"$binary" serve --port "$port" --no-history --rules "$work/rules" --log-level notice >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 1 600); do curl -sf "http://127.0.0.1:$port/readyz" >/dev/null && break; sleep 0.5; done
python3 - "$(cat scripts/bench-paragraph.txt)" "$work/clean.lua" <<'PY'
import json, sys
body = json.dumps({"text": sys.argv[1], "language": "en-US"})
open(sys.argv[2], "w").write('wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\nwrk.body = %s\n' % json.dumps(body))
PY
wrk -t2 -c32 -d2s -s "$work/clean.lua" "http://127.0.0.1:$port/api/v1/check" >/dev/null
rss() { awk '/VmRSS/ {print $2 / 1024 " MB"}' "/proc/$server/status"; }
echo "resident before: $(rss)"
wrk -t2 -c32 -d"$((reloads * 2))s" -s "$work/clean.lua" "http://127.0.0.1:$port/api/v1/check" >"$work/wrk.out" &
load=$!
latencies=()
for n in $(seq 1 "$reloads"); do
  write_rule "$n"
  start=$(date +%s.%N)
  # Until the new rule answers (at most 5 s).
  for _ in $(seq 1 500); do
    if curl -s -H 'Content-Type: application/json' -d '{"text":"A zorbly day.","language":"en-US","store":false}' \
      "http://127.0.0.1:$port/api/v1/check" | grep -q "\"rule\":\"TEAM_V$n\""; then break; fi
    sleep 0.01
  done
  latencies+=("$(python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.3f}')" "$start" "$(date +%s.%N)")")
done
kill -INT "$load" 2>/dev/null || true
wait "$load" 2>/dev/null || true
printf '%s\n' "${latencies[@]}" | sort -n | awk '{ a[NR] = $1 } END { printf "change applied after: median %.2f s, max %.2f s (%d changes)\n", a[int((NR + 1) / 2)], a[NR], NR }'
echo "reloads in the log: $(grep -c 'rules in use' "$work/server.log") (the first is the start)"
non2xx=$(grep -Eo 'Non-2xx or 3xx responses: [0-9]+' "$work/wrk.out" | awk '{print $NF}' || true)
socket_errors=$(grep -Eo 'Socket errors:.*' "$work/wrk.out" || true)
echo "load: $(awk '/requests in/ {print $1 " requests"}' "$work/wrk.out"), non-2xx: ${non2xx:-0}, socket errors: ${socket_errors:-none}"
echo "resident after: $(rss)"
