#!/usr/bin/env bash
# HTTP benchmark of the release server with wrk (Debian's), run by `make bench-http`.
# Prints requests/s and p50/p99 latency for a clean 1 KB English paragraph and the same paragraph
# with five typos (the same body again and again: the cheapest checks, where storing weighs most),
# then for requests that differ (about 790 real paragraphs and 99 documents of about 4 KB, with
# real misspellings; scripts/bench_requests.py), at 2 and 32 connections, with history in SQLite,
# history in PostgreSQL and no history, /v2/check against /api/v1/check, every default rule against
# spelling alone (the rest turned off in the request), and /healthz p99 while
# the 32-connection load runs, and a server with users (every request with a user's key) against
# the same server without. The servers run side by side and are measured in turn, each
# row several rounds (BENCH_ROUNDS, default 3); the round with the median requests/s is printed,
# so a passing disturbance of the machine does not decide the comparison. What the SQLite server
# defers to a quiet moment (the search index, the mistakes table) is done between its run and the
# others', so it is counted in none: `make bench-store` reports its CPU a check.
# PostgreSQL is Debian's, with its default settings (fsync and synchronous commits on), started
# in a temporary directory on a free loopback port (as the postgres user when run as root) and
# stopped at the end; BENCH_POSTGRES=0 leaves it out. Loopback only; every run stops by itself.
set -euo pipefail
cd "$(dirname "$0")/.."

binary="${SUPERTEXT_BINARY:-.build/release/supertext}"
[ -x "$binary" ] || { echo "bench-http.sh: $binary is missing; run: swift build -c release --product supertext" >&2; exit 2; }
command -v wrk >/dev/null || { echo "bench-http.sh: wrk is missing (scripts/install-deps.sh bench)" >&2; exit 2; }
duration="${BENCH_DURATION:-10s}"
work="$(mktemp -d "${TMPDIR:-/tmp}/supertext-bench-http.XXXXXX")"
rounds="${BENCH_ROUNDS:-3}"
servers=()
postgres_bin=""
cleanup() {
  for pid in "${servers[@]}"; do kill "$pid" 2>/dev/null; done
  wait 2>/dev/null
  if [ -n "$postgres_bin" ]; then as_postgres "$postgres_bin/pg_ctl" -D "$work/pg" -m fast stop >/dev/null 2>&1 || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
as_postgres() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# PostgreSQL of its own, for the server whose history goes there.
with_postgres="${BENCH_POSTGRES:-1}"
if [ "$with_postgres" = 1 ]; then
  initdb=$(ls /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -n 1 || true)
  [ -n "$initdb" ] || { echo "bench-http.sh: PostgreSQL is missing (scripts/install-deps.sh bench), or set BENCH_POSTGRES=0" >&2; exit 2; }
  postgres_bin=$(dirname "$initdb")
  mkdir "$work/pg"
  if [ "$(id -u)" -eq 0 ]; then chown postgres "$work" "$work/pg"; fi
  pg_port=$(free_port)
  as_postgres "$postgres_bin/initdb" -D "$work/pg" -U supertext --auth=trust -E UTF8 --no-locale >/dev/null
  as_postgres "$postgres_bin/pg_ctl" -D "$work/pg" -l "$work/pg.log" -w start \
    -o "-p $pg_port -k $work -c listen_addresses=127.0.0.1" >/dev/null
  "$postgres_bin/createdb" -h 127.0.0.1 -p "$pg_port" -U supertext supertext
  postgres_url="postgres://supertext@127.0.0.1:$pg_port/supertext?sslmode=disable"
fi

# The paragraphs `supertext-bench store` saves too.
clean="$(cat scripts/bench-paragraph.txt)"
typos="$(cat scripts/bench-paragraph-typos.txt)"

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
# The clean paragraph with every rule but spelling turned off in the request: what the rules cost.
python3 - "$clean" "$work/clean-spelling.lua" <<'PY'
import json, sys
body = json.dumps({"text": sys.argv[1], "language": "en-US", "enabledOnly": True, "enabledRules": ["SPELLING"]})
with open(sys.argv[2], "w") as f:
    f.write('wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\nwrk.body = %s\n' % json.dumps(body))
PY
# The same paragraph as LanguageTool's clients send it to /v2/check: form-encoded.
python3 - "$typos" "$work/v2-typos.lua" <<'PY'
import json, sys, urllib.parse
body = urllib.parse.urlencode({"text": sys.argv[1], "language": "en-US"})
with open(sys.argv[2], "w") as f:
    f.write('wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/x-www-form-urlencoded"\nwrk.body = %s\n' % json.dumps(body))
PY
echo "Paragraph: ${#clean} bytes; the typo version has 5 misspellings. wrk: 2 threads, $duration a run, median of $rounds rounds."
# Requests that differ, as a service sees them (scripts/bench_requests.py): real paragraphs with
# real misspellings, and whole documents of eight such paragraphs. Each connection goes through
# every body in turn, from a place of its own.
make_varied_lua() { # $1 name; $@ options of bench_requests.py
  local name=$1; shift
  python3 scripts/bench_requests.py "$@" "$work/$name.jsonl"
  cat >"$work/$name.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local bodies = {}
for line in io.lines("$work/$name.jsonl") do bodies[#bodies + 1] = line end
local threads = 0
function setup(thread) threads = threads + 1; thread:set("first", threads * 397) end
local position = 0
function init(args) position = first end
function request()
  position = position % #bodies + 1
  return wrk.format(nil, nil, nil, bodies[position])
end
LUA
}
echo "Varied paragraphs: $(make_varied_lua varied)."
echo "Documents: $(make_varied_lua documents --join 8)."

start_server() { # $1 name; $@ extra flags. Sets port_<name>.
  local name=$1; shift
  local port database="$work/$name.sqlite"
  port=$(free_port)
  if [ "$name" = postgres ]; then database=$postgres_url; fi
  "$binary" serve --port "$port" --database "$database" --public-dir public --log-level warning "$@" >"$work/$name.log" 2>&1 &
  servers+=($!)
  # Up to five minutes: a first start on a machine builds the suggestion indexes.
  for _ in $(seq 1 6000); do
    if ! kill -0 "${servers[-1]}" 2>/dev/null; then break; fi
    if curl -sf "http://127.0.0.1:$port/readyz" >/dev/null; then
      printf -v "port_$name" '%s' "$port"
      # Warm: every language's first check, then two seconds of load.
      local warm="$work/clean.lua" key=()
      if [ "$name" = users ]; then warm="$work/typos-key.lua"; key=(-H "Authorization: Bearer $user_key"); fi
      curl -sf -H 'Content-Type: application/json' "${key[@]}" -d '{"text": "warm up teh cache"}' "http://127.0.0.1:$port/api/v1/check" >/dev/null
      wrk -t2 -c32 -d2s -s "$warm" "http://127.0.0.1:$port/api/v1/check" >/dev/null
      return
    fi
    sleep 0.05
  done
  echo "server did not start"; cat "$work/$name.log"; exit 1
}
start_server history
start_server nohistory --no-history
# A server with users: its database has one, whose key every request of its rows sends.
user_key=$("$binary" users add bench --admin --database "$work/users.sqlite" 2>/dev/null)
python3 - "$typos" "$user_key" "$work/typos-key.lua" <<'PY'
import json, sys
body = json.dumps({"text": sys.argv[1], "language": "en-US"})
with open(sys.argv[3], "w") as f:
    f.write('wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n'
            'wrk.headers["Authorization"] = "Bearer %s"\nwrk.body = %s\n' % (sys.argv[2], json.dumps(body)))
PY
start_server users --no-history
stores=(history nohistory)
if [ "$with_postgres" = 1 ]; then start_server postgres; stores=(history postgres nohistory); fi

measure() { # $1 port, $2 lua, $3 connections, [$4 path] -> "rps p50 p99 errors"
  local out rps p50 p99 errors
  out=$(wrk -t2 -c"$3" -d"$duration" --latency -s "$2" "http://127.0.0.1:$1${4:-/api/v1/check}")
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1=="50%" {print $2}' <<<"$out")
  p99=$(awk '$1=="99%" {print $2}' <<<"$out")
  errors=$(grep -Eo 'Non-2xx or 3xx responses: [0-9]+' <<<"$out" | awk '{print $NF}' || true)
  echo "$rps $p50 $p99 ${errors:-0}"
}

median() { sort -n -k1,1 | awk '{ line[NR] = $0 } END { print line[int((NR + 1) / 2)] }'; }

echo
if [ "$with_postgres" = 1 ]; then
  echo "| body | con | SQLite history: req/s | p50 | p99 | PostgreSQL history: req/s | p50 | p99 | no history: req/s | p50 | p99 | SQLite/none | PostgreSQL/none |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
else
  echo "| body | con | history: req/s | p50 | p99 | no history: req/s | p50 | p99 | history/no history |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
fi
ratio() { python3 -c "print(f'{$1 / $2 * 100:.0f}%')"; }
for spec in "clean paragraph|clean|2" "paragraph with 5 typos|typos|2" "paragraph with 5 typos|typos|32" "clean paragraph|clean|32" \
    "varied paragraphs|varied|2" "varied paragraphs|varied|32" "documents|documents|2" "documents|documents|32"; do
  IFS='|' read -r label lua connections <<<"$spec"
  for store in "${stores[@]}"; do : >"$work/$store.runs"; done
  for _ in $(seq 1 "$rounds"); do
    for store in "${stores[@]}"; do
      port_var="port_$store"
      measure "${!port_var}" "$work/$lua.lua" "$connections" >>"$work/$store.runs"
      # The checks just saved in SQLite enter the search index and the mistakes table in the next
      # quiet moment: that is now (insights index what is pending first), not while another server
      # is measured. Its CPU a check is what `make bench-store` reports as "index". PostgreSQL
      # indexes in the transaction that stores the check, so its figure includes it.
      if [ "$store" = history ]; then curl -sf "http://127.0.0.1:$port_history/api/v1/insights" >/dev/null; fi
    done
  done
  row="| $label | $connections"
  errors=""
  for store in "${stores[@]}"; do
    read -r rps p50 p99 errs < <(median <"$work/$store.runs")
    printf -v "rps_$store" '%s' "$rps"
    row+=" | $rps | $p50 | $p99"
    if [ "$errs" != 0 ]; then errors+=" $store $errs"; fi
  done
  row+=" | $(ratio "$rps_history" "$rps_nohistory")"
  if [ "$with_postgres" = 1 ]; then row+=" | $(ratio "$rps_postgres" "$rps_nohistory")"; fi
  echo "$row |"
  if [ -n "$errors" ]; then echo "  non-2xx responses:$errors"; fi
done

# Two kinds of request, measured in turn, as one table with their ratio; on the server without
# history unless PORT_A and PORT_B are given. compare TITLE LABEL_A LUA_A PATH_A LABEL_B LUA_B PATH_B [PORT_A PORT_B]
compare() {
  : >"$work/a.runs"; : >"$work/b.runs"
  for _ in $(seq 1 "$rounds"); do
    measure "${8:-$port_nohistory}" "$3" 32 "$4" >>"$work/a.runs"
    measure "${9:-$port_nohistory}" "$6" 32 "$7" >>"$work/b.runs"
  done
  read -r a_rps a_p50 a_p99 a_errors < <(median <"$work/a.runs")
  read -r b_rps b_p50 b_p99 b_errors < <(median <"$work/b.runs")
  echo
  echo "| $1 | req/s | p50 | p99 |"
  echo "|---|---:|---:|---:|"
  echo "| $2 | $a_rps | $a_p50 | $a_p99 |"
  echo "| $5 | $b_rps | $b_p50 | $b_p99 |"
  echo "| the first / the second | $(ratio "$a_rps" "$b_rps") | | |"
  if [ "$a_errors$b_errors" != "00" ]; then echo "  non-2xx responses: $2 $a_errors, $5 $b_errors"; fi
}
# The LanguageTool API (which stores nothing) against the service's own, the same paragraph with
# five typos.
compare "paragraph with 5 typos, 32 connections, no history" \
  "/v2/check (LanguageTool's form)" "$work/v2-typos.lua" /v2/check "/api/v1/check (JSON)" "$work/typos.lua" /api/v1/check
# What the rules cost: the clean paragraph with every default rule against spelling alone (every
# other rule turned off in the request).
compare "clean paragraph, 32 connections, no history" \
  "every default rule" "$work/clean.lua" /api/v1/check "spelling alone (enabledOnly, SPELLING)" "$work/clean-spelling.lua" /api/v1/check

# Users: the same check on the server with users (a key checked on every request) and on the
# server without, in turns.
compare "paragraph with 5 typos, 32 connections, no history" \
  "with users (Authorization: Bearer KEY)" "$work/typos-key.lua" /api/v1/check "without users" "$work/typos.lua" /api/v1/check \
  "$port_users" "$port_nohistory"

# /healthz of the history server while 32 connections load it with checks.
wrk -t2 -c32 -d"$duration" -s "$work/clean.lua" "http://127.0.0.1:$port_history/api/v1/check" >/dev/null &
load=$!
sleep 1
health=$(wrk -t1 -c1 -d5s --latency "http://127.0.0.1:$port_history/healthz")
wait $load
echo
echo "/healthz during a 32-connection load with history: p50 $(awk '$1=="50%" {print $2}' <<<"$health"), p99 $(awk '$1=="99%" {print $2}' <<<"$health")"
