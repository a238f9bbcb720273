#!/usr/bin/env python3
"""Matches other than spelling in 1 MiB of a language's manual pages: false alarms on careful,
technical prose (commands, options, variables, columns), by rule.

The pages are Debian's translations (`manpages-fr`, `manpages-de`, `manpages-es`; English from the
pages every Debian system has), installed with `apt-get install`, never copied into the repository.
The first 400 pages of sections 1, 5 and 8, in file-name order, are rendered as plain text
(`man -l`, 2,000 columns wide, `col -b`, leading spaces removed) and cut at 1 MiB. Most of what is
left flagged in them is real (Debian's translations have their slips); a rule that fires often
here is worth reading.

    python3 scripts/measure-manual-pages.py --language fr [--binary .build/release/supertext] [--show RULE]
"""
import argparse
import collections
import glob
import json
import os
import subprocess
import sys

LANGUAGES = {
    "en": ("en-US", "/usr/share/man"),
    "fr": ("fr", "/usr/share/man/fr"),
    "de": ("de-DE", "/usr/share/man/de"),
    "es": ("es", "/usr/share/man/es"),
}
SIZE = 1 << 20


def corpus(directory: str) -> str:
    pages = []
    for section in ("man1", "man5", "man8"):
        pages += sorted(glob.glob(os.path.join(directory, section, "*.gz")))
    pages = sorted(pages)[:400] if len(pages) > 400 else pages
    if not pages:
        sys.exit(f"no manual pages in {directory}: apt-get install manpages-LANG")
    parts, size = [], 0
    environment = dict(os.environ, MANWIDTH="2000")
    for page in pages:
        rendered = subprocess.run(["man", "-l", page], capture_output=True, env=environment).stdout
        text = subprocess.run(["col", "-b"], input=rendered, capture_output=True).stdout.decode("utf-8", "replace")
        text = "\n".join(line.lstrip(" ") for line in text.splitlines()) + "\n"
        parts.append(text)
        size += len(text.encode("utf-8"))
        if size >= SIZE:
            break
    return "".join(parts).encode("utf-8")[:SIZE].decode("utf-8", "ignore")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--language", choices=sorted(LANGUAGES), required=True)
    parser.add_argument("--binary", default=".build/release/supertext")
    parser.add_argument("--show", action="append", default=[], help="print the matches of this rule")
    options = parser.parse_args()
    code, directory = LANGUAGES[options.language]
    text = corpus(directory)
    path = f"/tmp/manual-pages-{options.language}.txt"
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)
    # Run outside any project, so that no .supertext.toml chooses languages or rules.
    result = subprocess.run([os.path.abspath(options.binary), "check", path, "--language", code, "--format", "json"],
                            capture_output=True, text=True, cwd="/")
    data = json.loads(result.stdout)
    matches = data["matches"] if isinstance(data, dict) else data[0]["matches"]
    counts = collections.Counter()
    utf16 = text.encode("utf-16-le")
    for match in matches:
        rule = match["rule"]["id"] if isinstance(match.get("rule"), dict) else match.get("rule")
        if match.get("category") in ("spelling", "name") or rule in ("SPELLING", "NAME"):
            continue
        counts[rule] += 1
        if rule in options.show:
            start, length = match["offset"], match["length"]
            context = utf16[max(0, start - 50) * 2:(start + length + 50) * 2].decode("utf-16-le", "replace").replace("\n", " ")
            print(f"{rule} | {context}")
    print(f"{options.language}: {len(text.encode('utf-8'))} bytes of manual pages, {sum(counts.values())} matches but spelling")
    for rule, count in counts.most_common():
        print(f"  {rule}: {count}")


if __name__ == "__main__":
    main()
