#!/usr/bin/env bash
# The service's memory with every installed language loaded: starts the release server on two
# workers with a temporary database, waits for /readyz, checks a short text with mistakes 4 times
# in each default language, and prints the time to ready and VmRSS, VmHWM, RssAnon and RssFile
# of /proc/PID/status. Usage: scripts/measure-memory.sh [BINARY] (default .build/release/supertext);
# MEMORY_PORT (default 18290). The file-backed part (mapped suggestion indexes and code) depends
# on what the page cache holds. With MEMORY_EVAL_CHECKS=N (and ../shared/eval/sets), N more checks
# in each language follow, each of 10 misspelled words drawn (seeded) from that language's set, and
# the figures are printed again: the indexes' pages become resident as searches read them.
# With MEMORY_MAPS=1, the resident size of each mapped file follows (from /proc/PID/smaps).
set -euo pipefail
cd "$(dirname "$0")/.."
binary="${1:-.build/release/supertext}"
port="${MEMORY_PORT:-18290}"
[ -x "$binary" ] || { echo "measure-memory.sh: $binary is missing; run: swift build -c release --product supertext" >&2; exit 2; }
work="$(mktemp -d "${TMPDIR:-/tmp}/supertext-memory.XXXXXX")"
started=$(date +%s.%N)
"$binary" serve --port "$port" --workers 2 --database "$work/history.sqlite" >"$work/server.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$work"' EXIT
# Asked every 10 ms: the time to ready is a fraction of a second.
until [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/readyz")" = 200 ]; do
  kill -0 $pid 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
  sleep 0.01
done
ready=$(date +%s.%N)
echo "ready in $(python3 -c "print(round($ready - $started, 2))") s ($(grep -o 'loaded [0-9]* languages.*' "$work/server.log" | head -1))"
echo "after start: $(grep -E '^VmRSS' /proc/$pid/status | tr -s ' \t' ' ')"
while IFS='|' read -r language text; do
  for i in 1 2 3 4; do
    curl -sf -X POST "http://127.0.0.1:$port/api/v1/check" -H 'Content-Type: application/json' \
      -d "{\"text\": \"$text ($i)\", \"language\": \"$language\"}" >/dev/null
  done
done <<'TEXTS'
en-US|Their is a apple on the table, its red and teh dog sleeps.
en-GB|The colour of the centre is grey and teh dog sleeps.
fr|Les maison sont grand et il mange des pomes.
de-DE|Das Haus ist gros und ich gehe nach hause mit der Hund.
es|La problema es que el agua esta fria y no se porque.
TEXTS
echo "after 4 checks in each language: $(grep -E '^(VmRSS|VmHWM|RssAnon|RssFile)' /proc/$pid/status | tr -s ' \t' ' ' | tr '\n' ' ')"
if [ -n "${MEMORY_EVAL_CHECKS:-}" ]; then
  sets="$(cd .. && pwd)/shared/eval/sets"
  [ -d "$sets" ] || { echo "measure-memory.sh: $sets is missing" >&2; exit 2; }
  for pair in "en-US en_birkbeck" "en-GB en_libreoffice" "fr fr_libreoffice" "de-DE de_libreoffice" "es es_libreoffice"; do
    set -- $pair
    python3 - "$1" "$sets/$2.tsv" "$MEMORY_EVAL_CHECKS" "$port" <<'PY'
import json, random, sys, urllib.request
language, path, checks, port = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
words = [line.split("\t")[0] for line in open(path, encoding="utf-8") if "\t" in line and not line.startswith("#")]
random.seed(1)
for _ in range(checks):
    body = json.dumps({"text": " ".join(random.sample(words, 10)) + ".", "language": language}).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/v1/check", data=body, headers={"Content-Type": "application/json"})
    urllib.request.urlopen(request).read()
PY
  done
  echo "after $MEMORY_EVAL_CHECKS checks of 10 misspelled words in each language: $(grep -E '^(VmRSS|VmHWM|RssAnon|RssFile)' /proc/$pid/status | tr -s ' \t' ' ' | tr '\n' ' ')"
fi
if [ -n "${MEMORY_MAPS:-}" ]; then
  echo "resident kB by mapped file:"
  awk '/^[0-9a-f]+-[0-9a-f]+ / { name = ($6 == "" ? "[anonymous]" : $6) } /^Rss:/ { rss[name] += $2 }
       END { for (n in rss) if (rss[n] >= 512) printf "%8d %s\n", rss[n], n }' /proc/$pid/smaps | sort -rn
fi
