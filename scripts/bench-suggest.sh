#!/usr/bin/env bash
# Suggestion quality and speed (run by `make bench-suggest` after a release build of
# supertext-bench-suggest): every set of ../shared/eval/sets with SuperText, libhunspell's suggest
# and aspell; then the 1 MiB English document of `make bench` checked with suggestions; then
# start-up with every installed language.
#
# The document is built exactly as scripts/bench.sh builds its speed corpus: prose from
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

python3 - "$work/document.txt" <<'PY'
import gzip, os, sys

limit = 1 << 20

def read(path):
    try:
        with open(path, "rb") as f:
            data = f.read()
        if path.endswith(".gz"):
            data = gzip.decompress(data)
        data.decode("utf-8")
    except (OSError, EOFError, UnicodeDecodeError, gzip.BadGzipFile):
        return None
    return data if data and b"\0" not in data else None

def files(root, keep):
    found = []
    for directory, _, names in os.walk(root):
        found += [os.path.join(directory, name) for name in names if keep(name)]
    return sorted(found, key=os.fsencode)

is_markdown = lambda name: name.endswith(".md") or name.endswith(".md.gz")
sources = files("/usr/share/common-licenses", lambda name: True) + files(
    "/usr/share/doc", lambda name: name.startswith("README") or is_markdown(name))
parts, size = [], 0
while size < limit:
    added = 0
    for path in sources:
        data = read(path)
        if data is None:
            continue
        if not data.endswith(b"\n"):
            data += b"\n"
        parts.append(data)
        size += len(data)
        added += len(data)
        if size >= limit:
            break
    if added == 0:
        sys.exit("bench-suggest.sh: no readable documentation under /usr/share/doc")
corpus = b"".join(parts)[:limit]
with open(sys.argv[1], "wb") as f:
    f.write(corpus[: corpus.rfind(b"\n") + 1])
PY

"$bench" --document-file "$work/document.txt" "$@"
"$bench" --startup
