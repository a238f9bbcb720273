#!/usr/bin/env bash
# End-to-end test of the `supertext` command line, with the debug build (`swift build` first).
# Every assertion that fails prints FAIL and the test exits non-zero.
set -uo pipefail
cd "$(dirname "$0")/../.."

supertext="${SUPERTEXT:-.build/debug/supertext}"
if [ ! -x "$supertext" ]; then
  echo "FAIL: $supertext is missing; build it with: swift build" >&2
  exit 1
fi
command -v python3 >/dev/null || { echo "FAIL: python3 is needed" >&2; exit 1; }

work="$(mktemp -d "${TMPDIR:-/tmp}/supertext-cli.XXXXXX")"
trap 'rm -rf "$work"' EXIT
failures=0
passes=0

pass() { passes=$((passes + 1)); echo "ok   $1"; }
fail() { failures=$((failures + 1)); echo "FAIL $1" >&2; }

# run NAME EXPECTED_STATUS ARGS...: runs supertext, keeps stdout and stderr in $work/NAME.out/.err.
run() {
  local name="$1" expected="$2"
  shift 2
  "$supertext" "$@" >"$work/$name.out" 2>"$work/$name.err"
  local status=$?
  if [ "$status" -eq "$expected" ]; then
    pass "$name: exit status $status"
  else
    fail "$name: exit status $status, expected $expected (stderr: $(head -c 300 "$work/$name.err"))"
  fi
}

# expect_match NAME FILE REGEX: FILE has a line matching the extended REGEX.
expect_match() {
  if grep -Eq -- "$3" "$2"; then
    pass "$1"
  else
    fail "$1: no line of $(basename "$2") matches /$3/; it holds: $(head -c 300 "$2")"
  fi
}

# 1. Exit status 0: a clean text, and an empty one.
printf 'This sentence is perfectly fine.\n' >"$work/clean.txt"
run clean 0 check --language en-US "$work/clean.txt"
expect_match "clean: summary" "$work/clean.out" "clean\.txt: no problems found \(en-US, 5 words\)"
: >"$work/empty.txt"
run empty 0 check "$work/empty.txt"
run empty-stdin 0 check - <"$work/empty.txt"

# 2. Exit status 1 and the compiler-like text format: file:line:column: teh → the (why).
printf 'First line is fine.\nI saw teh cat.\n' >"$work/typo.txt"
run typo 1 check --language en-US "$work/typo.txt"
expect_match "typo: file:line:column: teh → the (explanation)" "$work/typo.out" \
  "^$work/typo\.txt:2:7: teh → the \(.+\)$"
expect_match "typo: summary" "$work/typo.out" "typo\.txt: 1 problem \(en-US, 8 words\)"
# A fix that is a space is shown, as the page shows it, not as nothing after the arrow.
printf 'This is  fine.\n' >"$work/spaces.txt"
run spaces 1 check --language en-US "$work/spaces.txt"
expect_match "spaces: a double space and its fix made visible" "$work/spaces.out" "^$work/spaces\.txt:1:8: ␣␣ → ␣ \(.+\)$"

# 3. JSON output: valid JSON, with the fields of a match.
run json 1 check --language en-US --format json "$work/typo.txt"
if python3 -m json.tool "$work/json.out" >/dev/null; then
  pass "json: parses with python3 -m json.tool"
else
  fail "json: python3 -m json.tool rejects the output"
fi
if python3 - "$work/json.out" <<'PY'
import json, sys
result = json.load(open(sys.argv[1]))
match = result["matches"][0]
assert match["text"] == "teh", match
assert match["offset"] == 26 and match["length"] == 3, match
assert "the" in match["suggestions"], match
assert match["explanation"]["kind"] and match["explanation"]["detail"], match
assert result["language"]["code"] == "en-US", result["language"]
PY
then
  pass "json: the match has offset, length, suggestions and explanation"
else
  fail "json: the match lacks a field or has a wrong value"
fi

# 4. Exit status 2: invalid UTF-8 (named by byte offset), a missing file, a bad option.
printf 'Caf\xc3\xa9 ok \xff bad\n' >"$work/invalid.txt"
run invalid-utf8 2 check "$work/invalid.txt"
expect_match "invalid-utf8: message names the byte offset" "$work/invalid-utf8.err" \
  "invalid\.txt: The text is not valid UTF-8: invalid byte sequence at byte offset 9\."
run missing-file 2 check "$work/no-such-file.txt"
expect_match "missing-file: message" "$work/missing-file.err" "no-such-file\.txt: no such file"
run bad-option 2 check --no-such-option "$work/clean.txt"

# 5. A large file: 120,000 lines of generated prose (3 MB) with one typo every hundred lines.
# Short lines: what is tested is a file far past what one request takes, and positions past
# line 100,000; the debug build checks 10 MB of long lines in 45 s, this in a third of that.
python3 - "$work/large.txt" <<'PY'
import random, sys
words = ("the quick brown fox jumps over a lazy dog while every sentence of this long text "
         "is checked for spelling mistakes by the service").split()
rng = random.Random(42)
lines = []
for number in range(1, 120_001):
    line = " ".join(rng.choice(words) for _ in range(4)).capitalize() + "."
    if number % 100 == 0:
        line += " Teh end."
    lines.append(line)
open(sys.argv[1], "w").write("\n".join(lines) + "\n")
PY
start=$(date +%s.%N)
run large-file 1 check --language en-US "$work/large.txt"
seconds=$(python3 -c "import sys; print(round($(date +%s.%N) - $start, 1))")
echo "     ($(( $(wc -c <"$work/large.txt") / 1024 / 1024 )) MB checked in $seconds s with $supertext)"
expect_match "large-file: a typo is reported past line 100000" "$work/large-file.out" "large\.txt:[0-9]{6}:[0-9]+: Teh → "
expect_match "large-file: summary" "$work/large-file.out" "large\.txt: [0-9]+ problems \(en-US, [0-9]+ words\)"

# 5b. A capitalised unknown word inside a sentence is reported as a name, not corrected.
printf 'Gestern hat Jonas die Rechung bezahlt.\n' >"$work/name.txt"
run name 1 check --language de-DE "$work/name.txt"
expect_match "name: an unknown name is named, with no correction" "$work/name.out" "name\.txt:1:13: Jonas: Unbekannter Name"
expect_match "name: the misspelling next to it is corrected" "$work/name.out" "name\.txt:1:23: Rechung → Rechnung "

# 6. The installed languages.
run languages 0 languages
for code in en-US fr de-DE es-ES; do
  expect_match "languages: lists $code" "$work/languages.out" "^$code +[A-Z]"
done
expect_match "languages: says whether each suggestion index is built" "$work/languages.out" \
  "^en-US +English.*\[suggestion index (ready|not built)\]"

# 7. Started from another directory, the binary finds the Dictionaries it ships with (word
# frequencies rank "the" first for "teh"); a copy of it alone elsewhere says that it ranks without them.
printf 'I recieve teh letter.\n' >"$work/elsewhere.txt"
absolute="$(cd "$(dirname "$supertext")" && pwd)/$(basename "$supertext")"
(cd "$work" && "$absolute" check --language en-US elsewhere.txt >"$work/elsewhere.out" 2>"$work/elsewhere.err")
expect_match "elsewhere: teh → the from another directory" "$work/elsewhere.out" "elsewhere\.txt:1:11: teh → the "
if [ -s "$work/elsewhere.err" ]; then fail "elsewhere: no warning expected, got: $(head -c 300 "$work/elsewhere.err")"; else pass "elsewhere: no warning"; fi
mkdir -p "$work/lone/bin"
cp "$absolute" "$work/lone/bin/supertext"
(cd "$work" && SUPERTEXT_DICTIONARY_PATH= "$work/lone/bin/supertext" check --language en-US elsewhere.txt >"$work/lone.out" 2>"$work/lone.err")
expect_match "lone binary: warns that suggestions are ranked without word frequencies" "$work/lone.err" "warning: no word frequency lists in .*ranked without them"
rm -rf "$work/lone"

# Waits until the server answers /healthz on socket $1, it exits ($2: its pid), or $3 seconds pass.
wait_for_socket() {
  for _ in $(seq 1 "$(( $3 * 2 ))"); do
    curl -s -o /dev/null --unix-socket "$1" http://localhost/healthz && return 0
    kill -0 "$2" 2>/dev/null || return 1
    sleep 0.5
  done
  return 1
}

# 8. serve on a Unix socket: the socket is the user's alone (0600), and a second server on the
# same path refuses to start rather than take the live socket over.
socket="$work/supertext.sock"
"$supertext" serve --socket "$socket" --no-history --database "$work/socket.sqlite" --workers 1 \
  >"$work/serve.out" 2>"$work/serve.err" &
server=$!
wait_for_socket "$socket" "$server" 600
mode="$(stat -c %a "$socket" 2>/dev/null)"
if [ "$mode" = 600 ]; then pass "socket: mode 0600"; else fail "socket: mode ${mode:-missing}, expected 600"; fi
expect_match "socket: the log says the mode" "$work/serve.err" "listening on unix:.*supertext\.sock \(mode 0600\)"
run second-server 2 serve --socket "$socket" --no-history --database "$work/socket2.sqlite" --workers 1
expect_match "second-server: says another server answers" "$work/second-server.err" "cannot start: another server answers on .*supertext\.sock"
if curl -s --unix-socket "$socket" http://localhost/healthz | grep -q ok; then
  pass "socket: the first server still answers"
else
  fail "socket: the first server no longer answers"
fi
# check --database honours the rules turned off in the server's database.
printf 'She ate a apple.\n' >"$work/rule.txt"
run rule-on 1 check --language en-US "$work/rule.txt"
curl -s -o /dev/null -X PUT --unix-socket "$socket" http://localhost/api/v1/rules/disabled/EN_A_VS_AN
run rule-off 0 check --language en-US --database "$work/socket.sqlite" "$work/rule.txt"
run rule-no-database 2 check --language en-US --database "$work/no-such.sqlite" "$work/rule.txt"
expect_match "rule-no-database: says there is none" "$work/rule-no-database.err" "no database at .*no-such\.sqlite"
kill "$server"
wait "$server" 2>/dev/null

# 8b. With no suggestion index in the cache, serve listens at once: /readyz lists the languages
# whose index is being built, with their progress, a check in one of them is answered with
# libhunspell's suggestions meanwhile, and the log says the build started.
mkdir -p "$work/empty-cache"
socket="$work/background.sock"
SUPERTEXT_CACHE_DIR="$work/empty-cache" "$supertext" serve --socket "$socket" --no-history \
  --database "$work/background.sqlite" --workers 1 >"$work/background.out" 2>"$work/background.err" &
server=$!
wait_for_socket "$socket" "$server" 60
curl -s --unix-socket "$socket" http://localhost/readyz >"$work/background-readyz.out"
expect_match "background: /readyz lists the languages loading, with progress" "$work/background-readyz.out" \
  '"loading":\[\{"language":"[a-zA-Z-]+","progress":[0-9.]+\}'
expect_match "background: /readyz is ready meanwhile" "$work/background-readyz.out" '"status":"ready"'
curl -s --unix-socket "$socket" -H 'Content-Type: application/json' \
  -d '{"text":"I recieve the letter.","language":"en-US"}' http://localhost/api/v1/check >"$work/background-check.out"
expect_match "background: a check is answered with suggestions meanwhile" "$work/background-check.out" \
  '"suggestions":\["receive"'
expect_match "background: the log says the build started" "$work/background.err" \
  "building the suggestion index; until it is ready, suggestions come from libhunspell"
kill "$server"
wait "$server" 2>/dev/null

# 9. --allowed-origin (and SUPERTEXT_ALLOWED_ORIGINS) take origins only: anything else is bad usage, named.
run bad-origin 2 serve --allowed-origin 'https://docs.example.org/path' --database "$work/origin.sqlite"
expect_match "bad-origin: says what an origin is" "$work/bad-origin.err" \
  "'https://docs\.example\.org/path' is not an origin: give scheme://host\[:port\]"
export SUPERTEXT_ALLOWED_ORIGINS='https://docs.example.org, *'
run bad-origin-env 2 serve --database "$work/origin.sqlite"
unset SUPERTEXT_ALLOWED_ORIGINS
expect_match "bad-origin-env: names the value" "$work/bad-origin-env.err" "'\*' is not an origin"

# 10. serve cannot listen: it says why, exits with 2, and never logs 'listening'. A port another
# program listens on; a host that only starts like a loopback address, which also gets the
# warning for listening beyond loopback without a token.
expect_no_match() {
  if grep -Eq -- "$3" "$2"; then
    fail "$1: a line of $(basename "$2") matches /$3/: $(grep -E -- "$3" "$2" | head -c 300)"
  else
    pass "$1"
  fi
}
python3 -c 'import socket, time
s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen()
print(s.getsockname()[1], flush=True); time.sleep(900)' >"$work/holder.port" &
holder=$!
for _ in $(seq 1 100); do [ -s "$work/holder.port" ] && break; sleep 0.1; done
busy="$(cat "$work/holder.port")"
run busy-port 2 serve --port "$busy" --no-history --database "$work/busy.sqlite" --workers 1
expect_match "busy-port: says the address is in use" "$work/busy-port.err" \
  "cannot start: cannot listen on http://127\.0\.0\.1:$busy: the address is already in use"
expect_no_match "busy-port: never logs listening" "$work/busy-port.err" "listening on"
kill "$holder"
wait "$holder" 2>/dev/null
run lookalike-host 2 serve --host 127.0.0.1.evil.example --port 8080 --no-history --database "$work/lookalike.sqlite" --workers 1
expect_match "lookalike-host: warned as beyond loopback" "$work/lookalike-host.err" \
  "listens on http://127\.0\.0\.1\.evil\.example:8080 WITHOUT an API token"
expect_match "lookalike-host: says the host is not known" "$work/lookalike-host.err" \
  "cannot start: cannot listen on http://127\.0\.0\.1\.evil\.example:8080: the host '127\.0\.0\.1\.evil\.example' is not known"
expect_no_match "lookalike-host: never logs listening" "$work/lookalike-host.err" "listening on"

# 11. The limits of slow clients and connections are checked before anything starts.
run zero-header-timeout 2 serve --header-timeout 0
expect_match "zero-header-timeout: says why" "$work/zero-header-timeout.err" "header timeout must be more than 0"
SUPERTEXT_MAX_CONNECTIONS=many run bad-max-connections 2 serve
expect_match "bad-max-connections: names the variable" "$work/bad-max-connections.err" "SUPERTEXT_MAX_CONNECTIONS=many is not a valid number"

# 12. JSON logs and metrics: every line on standard error is a JSON object, the request's line
# carries the id the client sent, /metrics counts it, and a log format other than text or json is
# bad usage.
socket="$work/json.sock"
"$supertext" serve --socket "$socket" --no-history --database "$work/json.sqlite" --workers 1 --log-format json \
  >"$work/json.out" 2>"$work/json.err" &
server=$!
for _ in $(seq 1 600); do
  curl -s -o /dev/null --unix-socket "$socket" http://localhost/healthz && break
  kill -0 "$server" 2>/dev/null || break
  sleep 1
done
curl -s -D "$work/json-headers" -o /dev/null -H 'X-Request-Id: cli-test-42' --unix-socket "$socket" http://localhost/readyz
expect_match "json-logs: the id sent comes back" "$work/json-headers" "^[Xx]-[Rr]equest-[Ii]d: cli-test-42"
curl -s --unix-socket "$socket" http://localhost/metrics >"$work/metrics.txt"
expect_match "metrics: /readyz counted by route and status" "$work/metrics.txt" \
  '^supertext_http_requests_total\{method="GET",route="/readyz",status="200"\} 1$'
kill "$server"
wait "$server" 2>/dev/null
if python3 -c '
import json, sys
lines = open(sys.argv[1]).read().splitlines()
objects = [json.loads(line) for line in lines]
assert objects and all(isinstance(o, dict) and {"timestamp", "level", "message"} <= o.keys() for o in objects)
assert any(o.get("hb.request.id") == "cli-test-42" and o.get("route") == "/readyz" and o.get("status") == 200 for o in objects)
' "$work/json.err" 2>"$work/json-check.err"; then
  pass "json-logs: every line is JSON, the request line has its id, route and status"
else
  fail "json-logs: $(head -c 300 "$work/json-check.err"); log: $(head -c 300 "$work/json.err")"
fi
run bad-log-format 2 serve --log-format xml
expect_match "bad-log-format: says what to give" "$work/bad-log-format.err" "Unknown log format 'xml': give text or json"

# 13. healthcheck (the image's HEALTHCHECK): exit 0 and "healthy" while a server answers on the
# address serve is configured with (flags or environment; a wildcard host is reached on loopback),
# exit 1 and why when nothing answers there, 2 for bad usage.
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
health_port="$(free_port)"
"$supertext" serve --host 127.0.0.1 --port "$health_port" --no-history --database "$work/health.sqlite" --workers 1 \
  >"$work/health-serve.out" 2>"$work/health-serve.err" &
server=$!
for _ in $(seq 1 600); do
  curl -s -o /dev/null "http://127.0.0.1:$health_port/healthz" && break
  kill -0 "$server" 2>/dev/null || break
  sleep 1
done
run health-flags 0 healthcheck --port "$health_port"
expect_match "health-flags: says healthy" "$work/health-flags.out" "^healthy: http://127\.0\.0\.1:$health_port/healthz answered 200 OK$"
SUPERTEXT_HOST=0.0.0.0 SUPERTEXT_PORT="$health_port" run health-env-ready 0 healthcheck --ready
expect_match "health-env-ready: /readyz on loopback for 0.0.0.0" "$work/health-env-ready.out" \
  "^healthy: http://127\.0\.0\.1:$health_port/readyz answered 200 OK$"
kill "$server"
wait "$server" 2>/dev/null
SUPERTEXT_PORT="$health_port" run health-stopped 1 healthcheck
expect_match "health-stopped: says nothing answers" "$work/health-stopped.out" \
  "^unhealthy: nothing answers at http://127\.0\.0\.1:$health_port/healthz \(.+\)$"
run health-no-socket 1 healthcheck --socket "$work/no-such.sock"
expect_match "health-no-socket: names the socket" "$work/health-no-socket.out" \
  "^unhealthy: nothing answers at http://localhost/healthz on unix:.*no-such\.sock \(.+\)$"
SUPERTEXT_PORT=eighty run health-bad-port 2 healthcheck
expect_match "health-bad-port: names the variable" "$work/health-bad-port.err" "SUPERTEXT_PORT=eighty is not a valid number"

# 10. Users' own rules: `rules test` runs the examples of the repository's example files and
# names the file, line and column of a mistake; `check --rules` runs them; `serve --rules` applies
# a changed file within two seconds, keeps the last good rules of a broken one and says why in
# /readyz and the log.
examples="$(cd "$(dirname "$0")/../../examples/rules" && pwd)"
run rules-none 2 rules test
expect_match "rules-none: asks for a file" "$work/rules-none.err" "Missing expected argument '<files> \.\.\.'"
run rules-test 0 rules test "$examples"/*
expect_match "rules-test: counts the examples that hold" "$work/rules-test.out" "^6 rules, 18 examples: 18 hold, 0 fail$"
printf 'id: TEAM_BAD\ncategory: style\npattern: the [<NOPE>]\nmessage: Never.\nwrong: the cat => a cat\n' >"$work/bad.en.rules"
run rules-bad 1 rules test "$work/bad.en.rules"
expect_match "rules-bad: file, line and column of an unknown tag" "$work/rules-bad.out" "bad\.en\.rules:3:14: rule TEAM_BAD: unknown tag <NOPE>"
printf 'id: TEAM_TEH\ncategory: style\npattern: [teh]\nsuggest: the\nmessage: Write the.\nwrong: I saw teh cat. => I saw the cat.\nright: I saw teh dog.\n' >"$work/fails.en.rules"
run rules-fails 1 rules test "$work/fails.en.rules"
expect_match "rules-fails: names the example that fails" "$work/rules-fails.out" "fails\.en\.rules:1:1: example fails: TEAM_TEH: 'I saw teh dog\.' should stay clean"
mkdir -p "$work/team-rules"
cp "$examples"/* "$work/team-rules/"
printf 'We utilize supertext.\n' >"$work/house.txt"
run rules-check 1 check --language en-US --rules "$work/team-rules" "$work/house.txt"
expect_match "rules-check: a user rule's match and message" "$work/rules-check.out" "house\.txt:1:4: utilize → use \(.*plain word"
expect_match "rules-check: another user rule" "$work/rules-check.out" "house\.txt:1:12: supertext → SuperText"
run rules-no-dir 2 serve --rules "$work/no-such-rules" --database "$work/rules.sqlite"
expect_match "rules-no-dir: says so" "$work/rules-no-dir.err" "cannot start: The rules directory .*no-such-rules does not exist"
socket="$work/rules.sock"
"$supertext" serve --socket "$socket" --no-history --database "$work/rules.sqlite" --workers 1 --rules "$work/team-rules" \
  >"$work/rules-serve.out" 2>"$work/rules-serve.err" &
server=$!
wait_for_socket "$socket" "$server" 600
post() { curl -s --unix-socket "$socket" -H 'Content-Type: application/json' -d "{\"text\":\"$1\",\"language\":\"en-US\"}" http://localhost/api/v1/check; }
post "We leverage data." >"$work/rules-before.out"
expect_match "rules-serve: a user rule applies" "$work/rules-before.out" '"rule":"HOUSE_PLAIN_WORDS"'
printf 'synergize => work together\n' >>"$work/team-rules/words-to-avoid.en.phrases"
sleep 2
post "We synergize daily." >"$work/rules-after.out"
expect_match "rules-serve: a changed file applies within two seconds" "$work/rules-after.out" '"suggestions":\["work together"\]'
printf '\nid: TEAM_BROKEN\ncategory: style\npattern: [<NOPE>]\nmessage: x\nwrong: a => b\n' >>"$work/team-rules/house-style.en.rules"
sleep 2
curl -s --unix-socket "$socket" http://localhost/readyz >"$work/rules-readyz.out"
expect_match "rules-serve: /readyz names the broken file, line and column" "$work/rules-readyz.out" \
  '"problems":\[\{"column":10,"file":"house-style\.en\.rules","line":[0-9]+,"message":"rule TEAM_BROKEN: unknown tag <NOPE>"\}\]'
expect_match "rules-serve: still ready" "$work/rules-readyz.out" '"status":"ready"'
post "Install supertext." >"$work/rules-kept.out"
expect_match "rules-serve: the broken file's last good rules stay" "$work/rules-kept.out" '"rule":"HOUSE_PRODUCT_NAME"'
expect_match "rules-serve: the log names the broken file" "$work/rules-serve.err" "rules: house-style\.en\.rules:[0-9]+:10: rule TEAM_BROKEN: unknown tag <NOPE>; the file's last good rules stay in use"
kill "$server"
wait "$server" 2>/dev/null

# 14. check PATH...: a repository's files, with its .gitignore and project file, in every output
# format, and the paths it cannot check named while the others are checked.
repo="$work/repo"
# The binary by its absolute path: the checks below run in the repository.
supertext_path="$(cd "$(dirname "$supertext")" && pwd)/$(basename "$supertext")"
mkdir -p "$repo/.git" "$repo/docs/sub" "$repo/vendor" "$repo/build" "$repo/.supertext" "$repo/src"
printf 'build/\n*.gen.md\n' >"$repo/.gitignore"
printf 'language = "en-US"\nexclude = ["vendor"]\n' >"$repo/.supertext.toml"
printf 'Kubernetes\n' >"$repo/.supertext/dictionary.txt"
printf '# Guide\n\nI saw teh cat on Kubernetes.\n\n```\nteh code is skipped\n```\n\n<!-- supertext-disable-next-line SPELLING -->\nThis begining is ignored.\n' >"$repo/docs/guide.md"
printf 'I will recieve it.\n' >"$repo/docs/sub/notes.txt"
printf 'teh generated\n' >"$repo/docs/x.gen.md"
printf 'teh vendored\n' >"$repo/vendor/v.md"
printf 'teh built\n' >"$repo/build/b.md"
printf '// A coment here.\nlet teh = 1\n' >"$repo/src/main.swift"
(cd "$repo" && "$supertext_path" check . --jobs 2 >"$work/repo.out" 2>"$work/repo.err")
status=$?
[ "$status" -eq 1 ] && pass "repo: exit status 1" || fail "repo: exit status $status, expected 1 ($(head -c 300 "$work/repo.err"))"
if diff <(grep -v '^supertext:' "$work/repo.out") - <<'EXPECTED'
docs/guide.md:3:7: teh → the (You swapped 'h' and 'e': teh → the.)
docs/sub/notes.txt:1:8: recieve → receive (You swapped 'e' and 'i': recieve → receive.)
src/main.swift:1:6: coment → comment (Write 'm' twice ('mm'): coment → comment.)
EXPECTED
then pass "repo: the files of the repository, less .gitignore's and the project's exclude; code, the project's word and a disabled line skipped"
else fail "repo: the problems differ: $(cat "$work/repo.out")"; fi
expect_match "repo: one summary line" "$work/repo.out" "^supertext: 3 problems in 3 of 3 files \([0-9]+ words, [0-9.]+ s\)$"
(cd "$repo" && "$supertext_path" check . --jobs 1 >"$work/repo1.out" 2>/dev/null)
if diff <(grep -v '^supertext:' "$work/repo.out") <(grep -v '^supertext:' "$work/repo1.out") >/dev/null; then
  pass "repo: --jobs 1 finds the same, in the same order"
else fail "repo: --jobs 1 differs: $(cat "$work/repo1.out")"; fi

(cd "$repo" && "$supertext_path" check docs src --format github >"$work/github.out" 2>"$work/github.err")
expect_match "github: a workflow annotation with file, line, column and rule" "$work/github.out" \
  "^::warning file=docs/guide\.md,line=3,endLine=3,col=7,endColumn=10,title=SPELLING%3A teh::.+"
expect_match "github: the summary after the annotations" "$work/github.out" "^supertext: 3 problems in 3 of 3 files"

(cd "$repo" && "$supertext_path" check . --format sarif >"$work/sarif.out" 2>"$work/sarif.err")
if python3 - "$work/sarif.out" <<'PY'
import json, sys
log = json.load(open(sys.argv[1]))
assert log["version"] == "2.1.0" and log["$schema"].endswith("sarif-2.1.0.json"), log.get("version")
run = log["runs"][0]
rules = run["tool"]["driver"]["rules"]
assert [rule["id"] for rule in rules] == ["SPELLING"], rules
assert rules[0]["help"]["text"] and rules[0]["shortDescription"]["text"], rules[0]
uris = [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in run["results"]]
assert uris == ["docs/guide.md", "docs/sub/notes.txt", "src/main.swift"], uris
first = run["results"][0]
region = first["locations"][0]["physicalLocation"]["region"]
assert (region["startLine"], region["startColumn"], region["endColumn"]) == (3, 7, 10), region
assert first["fixes"][0]["artifactChanges"][0]["replacements"][0]["insertedContent"]["text"] == "the", first["fixes"]
assert run["invocations"][0]["executionSuccessful"] is True
PY
then pass "sarif: SARIF 2.1.0 with the rule, each result's file and region, and the fix"
else fail "sarif: $(head -c 400 "$work/sarif.out")"; fi

(cd "$repo" && "$supertext_path" check docs src --format json >"$work/jsons.out" 2>/dev/null)
if python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert [f["path"] for f in r["files"]]==["docs/guide.md","docs/sub/notes.txt","src/main.swift"]; assert r["files"][0]["result"]["matches"][0]["text"]=="teh"' "$work/jsons.out"; then
  pass "json: several files, each with its path and result"
else fail "json: $(head -c 300 "$work/jsons.out")"; fi

# Bad input: a path that does not exist, a binary file, a 50 MB file, a broken project file.
head -c 4096 /dev/urandom >"$repo/docs/binary.txt"
printf '\0' >>"$repo/docs/binary.txt"
truncate -s 50M "$repo/docs/huge.md"
(cd "$repo" && "$supertext_path" check docs nowhere.md --format github >"$work/bad.out" 2>"$work/bad.err")
status=$?
[ "$status" -eq 2 ] && pass "bad paths: exit status 2" || fail "bad paths: exit status $status, expected 2"
expect_match "bad paths: a missing path named" "$work/bad.err" "^supertext: nowhere\.md: no such file or directory$"
expect_match "bad paths: a binary file named" "$work/bad.err" "^supertext: docs/binary\.txt: is a binary file"
expect_match "bad paths: a 50 MB file named, with the limit" "$work/bad.err" "^supertext: docs/huge\.md: is 50\.0 MiB, more than the 16\.0 MiB a file may be \(--max-file-size\)$"
expect_match "bad paths: the other files still checked" "$work/bad.out" "^::warning file=docs/guide\.md"
expect_match "bad paths: the summary counts them" "$work/bad.out" "; 3 paths not checked$"
rm "$repo/docs/binary.txt" "$repo/docs/huge.md"
printf 'language = "en-US"\ndisabled-rules = "SPELLING"\n' >"$repo/.supertext.toml"
(cd "$repo" && "$supertext_path" check docs/guide.md >"$work/badproject.out" 2>"$work/badproject.err")
status=$?
[ "$status" -eq 2 ] && pass "bad project file: exit status 2" || fail "bad project file: exit status $status, expected 2"
expect_match "bad project file: file, line and key named" "$work/badproject.err" "docs/guide\.md: .*\.supertext\.toml:2: disabled-rules"

# Users: the key is the only line on standard output, shown once; errors are clear, nothing half-written.
users_db="$work/users.sqlite"
run users-none 0 users list --database "$users_db"
expect_match "users: none yet, said how to add one" "$work/users-none.out" "^No users: .*supertext users add NAME --admin"
run users-add-ada 0 users add ada --database "$users_db"
expect_match "users add: the key alone on standard output" "$work/users-add-ada.out" "^st_[A-Za-z0-9_-]{43}$"
[ "$(wc -l <"$work/users-add-ada.out")" -eq 1 ] && pass "users add: one line" || fail "users add: not one line"
expect_match "users add: the first user is an admin, said on standard error" "$work/users-add-ada.err" "added ada \(admin\), key [0-9a-f]{12}; the first user is an admin"
run users-add-bob 0 users add bob --database "$users_db"
run users-add-taken 2 users add bob --database "$users_db"
expect_match "users add: a taken name" "$work/users-add-taken.err" "^supertext: A user named bob exists already\.$"
run users-add-control 2 users add "$(printf 'e\tve')" --database "$users_db"
expect_match "users add: control characters refused" "$work/users-add-control.err" "letters, digits"
run users-add-long 2 users add "$(head -c 10000 /dev/zero | tr '\0' a)" --database "$users_db"
expect_match "users add: 10,000 characters refused" "$work/users-add-long.err" "at most 64 characters"
run users-key 0 users key bob --database "$users_db"
expect_match "users key: a second key" "$work/users-key.out" "^st_[A-Za-z0-9_-]{43}$"
run users-list 0 users list --database "$users_db"
expect_match "users list: ada (admin)" "$work/users-list.out" "^ada \(admin\)  since "
[ "$(grep -c '^  key ' "$work/users-list.out")" -eq 3 ] && pass "users list: three keys" || fail "users list: $(cat "$work/users-list.out")"
grep -q "st_" "$work/users-list.out" && fail "users list: shows a key" || pass "users list: never a key"
bob_key_id="$("$supertext" users list --json --database "$users_db" | python3 -c 'import json, sys; print([u for u in json.load(sys.stdin) if u["name"] == "bob"][0]["keys"][0]["id"])')"
run users-revoke 0 users revoke bob "$bob_key_id" --database "$users_db"
run users-revoke-again 2 users revoke bob "$bob_key_id" --database "$users_db"
expect_match "users revoke: an unknown key" "$work/users-revoke-again.err" "^supertext: bob has no key $bob_key_id\.$"
run users-remove-last-admin 2 users remove ada --database "$users_db"
expect_match "users remove: the last admin stays" "$work/users-remove-last-admin.err" "last admin"
run users-remove 0 users remove bob --database "$users_db"
run users-remove-unknown 2 users remove bob --database "$users_db"
run users-history-whose 2 history --database "$users_db"
expect_match "history: with users, whose is asked" "$work/users-history-whose.err" "say whose data with --user NAME"
run users-history-ada 0 history --database "$users_db" --user ada
run users-bad-database 2 users list --database "$work/no-such-dir/x.sqlite"
expect_match "users: a database that cannot be opened" "$work/users-bad-database.err" "^supertext: Cannot open the database"

echo "$passes passed, $failures failed"
[ "$failures" -eq 0 ]
