#!/usr/bin/env python3
"""Build the word frequency lists in Dictionaries/frequencies/ from a pinned PyPI package.

Usage:
    python3 scripts/build-frequencies.py [--wheel PATH] [--min-count N] [--max-words N]

What it does:
  1. Runs `python3 -m pip download --no-deps` for the pinned pyspellchecker wheel into a
     temporary directory (nothing is installed) and checks the wheel's sha256.
     With --wheel PATH an already downloaded copy is used instead (same sha256 check).
  2. Reads spellchecker/resources/<lang>.json.gz (a JSON object word -> count) for
     en, fr, de, es from the wheel, and the package's LICENSE.
  3. Normalises each word to NFC (counts of words that become equal are added up),
     keeps only words made of letters (any script; combining marks after a letter are
     allowed) with optional single internal apostrophes (') or hyphens (-), and keeps
     only counts >= --min-count.
  4. Sorts by count descending, then word (Unicode code point order), and keeps at most
     --max-words words. The cut never splits a group of equal counts: if the limit
     falls inside such a group, the whole group is left out, so that which words are
     kept never depends on alphabetical order.
  5. Writes Dictionaries/frequencies/<lang>.tsv (UTF-8, LF, one '#' header line, then
     word<TAB>count) and Dictionaries/frequencies/LICENSE-pyspellchecker.txt (copied
     from the wheel), and prints what it wrote.

The output depends only on the pinned wheel and the options, so a rerun with the same
options gives byte-identical files. Only the standard library is used (pip is run as a
subprocess for the download).

Why 0.6.3 and not a later release: from 0.8.0 on, pyspellchecker's build drops corpus
counts of 50 or less and adds words from hand-made include lists with the placeholder count
50, and its Spanish cleaning drops most words with an accent or a tilde that are not on those
lists: 0.9.1 has no "hay", "qué", "está", "según" or "quiere", and no French "cœur". 0.6.3
keeps a real corpus count (15 or more) for every word, and every count it shares with 0.9.1 is
identical, so it is the same corpus without the losses. See Dictionaries/frequencies/README.md.
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import sys
import tempfile
import unicodedata
import zipfile
from pathlib import Path

import pinned_wheels
from pinned_wheels import sha256_of, write_atomically

PACKAGE = "pyspellchecker"
VERSION = "0.6.3"
WHEEL_NAME = f"{PACKAGE}-{VERSION}-py3-none-any.whl"
WHEEL_SHA256 = "9e19a683bd8d77b2668b1ffce2fd0e0a0e63b6ea3f6819aabc08f115ca1d1d88"
LICENCE_MEMBER = f"{PACKAGE}-{VERSION}.dist-info/LICENSE"
LICENCE_SPDX = "MIT"
LICENCE_HOLDER = "Copyright (c) 2018-2021 Tyler Barrus"
RESOURCE = "spellchecker/resources/{lang}.json.gz"

LANGUAGES = ("en", "fr", "de", "es")
DEFAULT_MIN_COUNT = 1
DEFAULT_MAX_WORDS = 100_000

REPO_ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = REPO_ROOT / "Dictionaries" / "frequencies"
LICENCE_OUT = OUT_DIR / f"LICENSE-{PACKAGE}.txt"

SEPARATORS = ("'", "-")


def download_wheel(dest: Path) -> Path:
    return pinned_wheels.download_wheel(PACKAGE, VERSION, WHEEL_NAME, dest)


def check_wheel(wheel: Path) -> None:
    pinned_wheels.check_sha256(wheel, WHEEL_SHA256)


def is_word(word: str) -> bool:
    """Letters of any script (a combining mark may follow a letter), with single
    apostrophes or hyphens allowed only between letters."""
    if not word:
        return False
    previous = ""  # "", "L" (letter or mark after a letter) or "S" (separator)
    for char in word:
        if char in SEPARATORS:
            if previous != "L":
                return False
            previous = "S"
            continue
        category = unicodedata.category(char)
        if category.startswith("L"):
            previous = "L"
        elif category.startswith("M") and previous == "L":
            previous = "L"
        else:
            return False
    return previous == "L"


def load_counts(archive: zipfile.ZipFile, lang: str) -> dict[str, int]:
    raw = archive.read(RESOURCE.format(lang=lang))
    with gzip.open(io.BytesIO(raw), mode="rt", encoding="utf-8") as fobj:
        data = json.load(fobj)
    if not isinstance(data, dict):
        raise SystemExit(f"{lang}: unexpected JSON structure (not an object)")
    return data


def select(data: dict[str, int], min_count: int, max_words: int) -> tuple[list[tuple[str, int]], dict[str, int]]:
    stats = {"source": len(data), "not_word": 0, "merged": 0, "below_min": 0, "over_cap": 0}
    merged: dict[str, int] = {}
    for key, value in data.items():
        if not isinstance(key, str) or isinstance(value, bool) or not isinstance(value, int):
            raise SystemExit(f"unexpected entry {key!r}: {value!r}")
        word = unicodedata.normalize("NFC", key)
        if not is_word(word):
            stats["not_word"] += 1
            continue
        if word in merged:
            stats["merged"] += 1
        merged[word] = merged.get(word, 0) + value

    kept = [(w, c) for w, c in merged.items() if c >= min_count]
    stats["below_min"] = len(merged) - len(kept)
    kept.sort(key=lambda item: (-item[1], item[0]))

    if len(kept) > max_words:
        cut = max_words
        boundary = kept[cut][1]
        # Do not split a group of equal counts: drop the whole group at the boundary.
        while cut > 0 and kept[cut - 1][1] == boundary:
            cut -= 1
        stats["over_cap"] = len(kept) - cut
        kept = kept[:cut]
    return kept, stats


def render(lang: str, rows: list[tuple[str, int]], min_count: int, max_words: int) -> bytes:
    header = (
        f"# SuperText word frequencies, language {lang}; source: {PACKAGE} {VERSION} "
        f"(PyPI wheel {WHEEL_NAME}, sha256 {WHEEL_SHA256}), file {RESOURCE.format(lang=lang)}, "
        f"derived by the package author from OpenSubtitles2018 (OPUS); "
        f"licence: {LICENCE_SPDX}, {LICENCE_HOLDER}, see LICENSE-{PACKAGE}.txt; "
        f"words lowercase as in the source, NFC; count >= {min_count}, at most {max_words} words; "
        f"{len(rows)} words; regenerate with: python3 scripts/build-frequencies.py"
    )
    lines = [header]
    lines.extend(f"{word}\t{count}" for word, count in rows)
    return ("\n".join(lines) + "\n").encode("utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wheel", type=Path, help=f"use this local copy of {WHEEL_NAME} instead of downloading")
    parser.add_argument("--min-count", type=int, default=DEFAULT_MIN_COUNT,
                        help=f"drop words with a count below this (default {DEFAULT_MIN_COUNT})")
    parser.add_argument("--max-words", type=int, default=DEFAULT_MAX_WORDS,
                        help=f"keep at most this many words per language (default {DEFAULT_MAX_WORDS})")
    args = parser.parse_args()
    if args.max_words < 1 or args.min_count < 1:
        parser.error("--min-count and --max-words must be positive")

    with tempfile.TemporaryDirectory(prefix="build-frequencies-") as tmp:
        wheel = args.wheel if args.wheel else download_wheel(Path(tmp))
        check_wheel(wheel)
        print(f"source: {wheel.name} sha256 {WHEEL_SHA256} (verified)")
        with zipfile.ZipFile(wheel) as archive:
            licence = archive.read(LICENCE_MEMBER)
            results = {}
            for lang in LANGUAGES:
                rows, stats = select(load_counts(archive, lang), args.min_count, args.max_words)
                results[lang] = (render(lang, rows, args.min_count, args.max_words), rows, stats)

    write_atomically(LICENCE_OUT, licence)
    print(f"wrote {LICENCE_OUT.relative_to(REPO_ROOT)}: {len(licence)} bytes")
    for lang in LANGUAGES:
        content, rows, stats = results[lang]
        path = OUT_DIR / f"{lang}.tsv"
        write_atomically(path, content)
        top = ", ".join(word for word, _ in rows[:8])
        print(
            f"wrote {path.relative_to(REPO_ROOT)}: {len(rows)} words, {len(content)} bytes "
            f"(source {stats['source']} entries; dropped: {stats['not_word']} not words, "
            f"{stats['below_min']} below count {args.min_count}, {stats['over_cap']} over the "
            f"{args.max_words}-word cap; {stats['merged']} merged after NFC); top: {top}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
