#!/usr/bin/env bash
# Suggestion quality and speed (run by `make bench-suggest` after a release build of
# supertext-bench-suggest): every set of ../shared/eval/sets with SuperText, libhunspell's suggest
# and aspell; then the 1 MiB English document of `make bench` checked with suggestions; then
# start-up with every installed language.
#
# The document is the speed corpus of scripts/bench.sh (scripts/bench_corpus.py): prose from
# /usr/share/common-licenses/* and the README* and *.md(.gz) files under /usr/share/doc, in byte
# order of their paths, gunzipped, non-UTF-8 files left out, cut at 1 MiB on a line boundary. It
# lives in a temporary directory and is removed afterwards.
#
# Environment: SUPERTEXT_EVAL_DIR (the sets), SUPERTEXT_CACHE_DIR (the index cache),
# SUPERTEXT_RANKING_* (ranking weights for tuning runs, see SuggestionRanking.fromEnvironment).
# Arguments go to the set measurements of supertext-bench-suggest, so a quick run can narrow them:
#   scripts/bench-suggest.sh --engines supertext --set en_norvig2 --set de_libreoffice --slowest 5
set -euo pipefail
cd "$(dirname "$0")/.."

bench=.build/release/supertext-bench-suggest
[ -x "$bench" ] || { echo "bench-suggest.sh: $bench is missing; run: swift build -c release --product supertext-bench-suggest" >&2; exit 2; }

work="$(mktemp -d "${TMPDIR:-/tmp}/supertext-bench-suggest.XXXXXX")"
trap 'rm -rf "$work"' EXIT

python3 scripts/bench_corpus.py "$work/document.txt"

"$bench" --document-file "$work/document.txt" "$@"
"$bench" --startup
