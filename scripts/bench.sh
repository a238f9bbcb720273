#!/usr/bin/env bash
# Measures SuperText against `hunspell -l` on this machine's own English documentation.
# Run by `make bench` after a release build of supertext-bench. The corpora are built in a
# temporary directory, deterministically, and removed afterwards; nothing here is committed.
#
#   1. Speed: 1 MiB of prose from /usr/share/common-licenses/* and the README* and *.md(.gz)
#      files under /usr/share/doc, in byte order of their paths, gunzipped, files that are not
#      UTF-8 left out, cut at 1 MiB on a line boundary (repeated when there is less).
#   2. Flag rate: every /usr/share/doc/**/*.md and *.md.gz (gunzipped).
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

python3 - "$work" <<'PY'
import gzip, os, sys

work = sys.argv[1]
limit = 1 << 20

def read(path):
    """The file's text as UTF-8 bytes (gunzipped), or None when it is not UTF-8 text."""
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
prose_sources = files("/usr/share/common-licenses", lambda name: True) + files(
    "/usr/share/doc", lambda name: name.startswith("README") or is_markdown(name))

# 1. 1 MiB of prose, cut on a line boundary.
parts, size = [], 0
while size < limit:
    added = 0
    for path in prose_sources:
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
        sys.exit("bench.sh: no readable documentation under /usr/share/doc")
corpus = b"".join(parts)[:limit]
corpus = corpus[: corpus.rfind(b"\n") + 1]
with open(os.path.join(work, "corpus.txt"), "wb") as f:
    f.write(corpus)

# 2. Every Markdown file, numbered in path order.
os.makedirs(os.path.join(work, "markdown"))
count = 0
for path in files("/usr/share/doc", is_markdown):
    data = read(path)
    if data is None:
        continue
    count += 1
    with open(os.path.join(work, "markdown", "%05d.md" % count), "wb") as f:
        f.write(data)
PY

language="${BENCH_LANGUAGE:-en-US}"
echo "== Speed (release build)"
"$bench" speed "$work/corpus.txt" --language "$language"
echo
echo "== Words flagged in /usr/share/doc/**/*.md"
"$bench" markdown "$work/markdown" --language "$language" --top "${BENCH_TOP:-0}"
