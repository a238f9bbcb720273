#!/usr/bin/env bash
# Measures SuperText against `hunspell -l` on this machine's own English documentation.
# Run by `make bench` after a release build of supertext-bench. The corpora are built by
# scripts/bench_corpus.py in a temporary directory, deterministically, and removed afterwards;
# nothing here is committed.
#
#   1. Speed: 1 MiB of prose from /usr/share/common-licenses/* and the README* and *.md(.gz)
#      files under /usr/share/doc, in byte order of their paths, gunzipped, files that are not
#      UTF-8 left out, cut at 1 MiB on a line boundary (repeated when there is less).
#   2. Flag rate: every /usr/share/doc/**/*.md and *.md.gz (gunzipped).
#   3. Every default rule in each language: 1 MiB of the Debian Reference in English, French,
#      German and Spanish (debian-reference-LANG, the same book in four languages; the grammar
#      aims are 1 MiB in at most 1 s in each).
#
# Environment: BENCH_LANGUAGE (default en-US), BENCH_TOP (most flagged words to list, default 0),
# BENCH_KEEP=1 keeps the corpora and prints where they are.
set -euo pipefail
cd "$(dirname "$0")/.."

bench=.build/release/supertext-bench
[ -x "$bench" ] || { echo "bench.sh: $bench is missing; run: swift build -c release --product supertext-bench" >&2; exit 2; }
command -v python3 >/dev/null || { echo "bench.sh: python3 is needed (scripts/install-deps.sh bench)" >&2; exit 2; }

work="$(mktemp -d "${TMPDIR:-/tmp}/supertext-bench.XXXXXX")"
if [ "${BENCH_KEEP:-0}" = 1 ]; then
  echo "Corpora kept in $work"
else
  trap 'rm -rf "$work"' EXIT
fi

python3 scripts/bench_corpus.py "$work/corpus.txt" "$work/markdown"

language="${BENCH_LANGUAGE:-en-US}"
echo "== Speed (release build)"
"$bench" speed "$work/corpus.txt" --language "$language"
echo
echo "== Words flagged in /usr/share/doc/**/*.md"
"$bench" markdown "$work/markdown" --language "$language" --top "${BENCH_TOP:-0}"
echo
echo "== Every default rule on 1 MiB of the Debian Reference in each language (release build)"
for language in en-US fr de-DE es; do
  python3 scripts/bench_corpus.py --reference "${language%%-*}" "$work/reference-$language.txt"
  echo "-- $language"
  "$bench" speed "$work/reference-$language.txt" --language "$language" --runs 3 --checks-only | grep -E '^Tokenize \+ spell-check'
done
