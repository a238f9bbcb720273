"""The texts the benchmarks read, built the same way on every machine from Debian's own
documentation. Used by scripts/bench.sh and scripts/bench-suggest.sh.

As a program: `python3 scripts/bench_corpus.py DOCUMENT [MARKDOWN_DIRECTORY]` writes the 1 MiB
prose document and, when a directory is given, every Markdown file under /usr/share/doc,
numbered in path order; `python3 scripts/bench_corpus.py --reference LANG DOCUMENT` writes 1 MiB
of the Debian Reference in LANG (Debian's debian-reference-LANG package: the same book in
English, French, German and Spanish, so each language's speed is measured on like text)."""
import gzip
import os
import sys

LIMIT = 1 << 20


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
    """The files under `root` whose names `keep` accepts, in byte order of their paths."""
    found = []
    for directory, _, names in os.walk(root):
        found += [os.path.join(directory, name) for name in names if keep(name)]
    return sorted(found, key=os.fsencode)


def is_markdown(name):
    return name.endswith(".md") or name.endswith(".md.gz")


def prose_document(limit=LIMIT):
    """`limit` bytes of prose from /usr/share/common-licenses/* and the README* and *.md(.gz)
    files under /usr/share/doc, in path order (repeated if they are fewer), cut on a line boundary."""
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
            sys.exit("bench_corpus.py: no readable documentation under /usr/share/doc")
    corpus = b"".join(parts)[:limit]
    return corpus[: corpus.rfind(b"\n") + 1]


def reference_document(language, limit=LIMIT):
    """`limit` bytes of the Debian Reference's plain-text edition in `language` (repeated when
    shorter), cut on a line boundary."""
    path = "/usr/share/debian-reference/debian-reference.%s.txt.gz" % language
    data = read(path)
    if data is None:
        sys.exit("bench_corpus.py: %s is missing (apt-get install debian-reference-%s)" % (path, language))
    corpus = data * (limit // len(data) + 1)
    corpus = corpus[:limit]
    return corpus[: corpus.rfind(b"\n") + 1]


def write_markdown_files(directory):
    """Every Markdown file under /usr/share/doc into `directory`, numbered in path order."""
    os.makedirs(directory)
    count = 0
    for path in files("/usr/share/doc", is_markdown):
        data = read(path)
        if data is None:
            continue
        count += 1
        with open(os.path.join(directory, "%05d.md" % count), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    import argparse
    parser = argparse.ArgumentParser(
        description="Write the benchmark corpora: 1 MiB of prose, or of a language's "
        "Debian Reference with --reference, and optionally a directory of Markdown files.")
    parser.add_argument("--reference", metavar="LANGUAGE",
                        help="write 1 MiB of the Debian Reference in LANGUAGE (en, fr, de, es)")
    parser.add_argument("document", help="file to write")
    parser.add_argument("markdown_directory", nargs="?",
                        help="directory to fill with Markdown files from /usr/share/doc")
    arguments = parser.parse_args()
    with open(arguments.document, "wb") as f:
        f.write(reference_document(arguments.reference) if arguments.reference
                else prose_document())
    if arguments.markdown_directory:
        write_markdown_files(arguments.markdown_directory)
