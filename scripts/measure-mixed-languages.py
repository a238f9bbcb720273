#!/usr/bin/env python3
"""False spelling matches on texts in more than one language, with and without `mixedLanguages`.

The texts are assembled from the manual pages Debian installs in several languages
(/usr/share/man/{fr,de,es}/ and their English originals; GPL-licensed, translated by the
Debian and upstream translation teams): prose paragraphs of one language (paragraphs a
translation left in English are left out), with sentences and a paragraph of another inserted. The translations are published text, so every spelling match
inside an inserted stretch is a false one (or a name or a term the dictionary lacks, the same
with and without mixed languages). The same documents in one language only are checked both
ways too: their matches must be the same.

Usage: scripts/measure-mixed-languages.py [--binary .build/release/supertext] [--documents 4]
Prints one line per document and the totals; needs `man` and `col`.
"""

import argparse
import gzip
import json
import os
import random
import re
import subprocess
import sys

MAN = "/usr/share/man"
LANGUAGES = {"en": None, "fr": "fr", "de": "de", "es": "es"}
PAIRS = [("en", "fr"), ("en", "de"), ("en", "es"), ("fr", "en"), ("de", "en"), ("es", "en"), ("de", "fr")]


def render(path):
    """The text of a manual page, one paragraph a line."""
    env = dict(os.environ, MANWIDTH="100000", LC_ALL="C.UTF-8")
    out = subprocess.run(["man", "-E", "UTF-8", "-l", path], capture_output=True, env=env, check=False).stdout
    text = subprocess.run(["col", "-bx"], input=out, capture_output=True, check=False).stdout.decode("utf-8", "replace")
    return [line.strip() for line in text.splitlines() if line.strip()]


def is_prose(paragraph):
    """A paragraph of sentences, not options, commands or names."""
    words = paragraph.split()
    if len(words) < 14 or not paragraph.endswith((".", ":")):
        return False
    technical = sum(1 for w in words if re.search(r"[-/_=<>\[\]{}()|$@0-9]", w) or w.isupper())
    return technical * 8 <= len(words)


def sentences(paragraph):
    return [s for s in re.split(r"(?<=[.!?])\s+(?=[A-ZÀ-Ý¿¡])", paragraph) if len(s.split()) >= 6 and is_clean(s)]


def is_clean(sentence):
    words = sentence.split()
    technical = sum(1 for w in words if re.search(r"[-/_=<>\[\]{}()|$@0-9]", w) or w.isupper())
    return technical * 6 <= len(words)


def pages(language):
    """Pages translated into `language` that also exist in English: {name: path}."""
    found = {}
    base = os.path.join(MAN, language) if language != "en" else MAN
    for section in sorted(os.listdir(base)):
        directory = os.path.join(base, section)
        if not section.startswith("man") or not os.path.isdir(directory):
            continue
        for name in sorted(os.listdir(directory)):
            found[f"{section}/{name}"] = os.path.join(directory, name)
    return found


ENGLISH_WORDS = {"the", "and", "is", "of", "to", "that", "are", "with"}


def is_english(paragraph):
    """Translated pages keep some paragraphs in English: they would be mixed texts themselves."""
    return len(ENGLISH_WORDS & set(paragraph.lower().split())) >= 2


def prose(language, limit=400):
    """Prose paragraphs of one language, in a fixed order."""
    english = pages("en")
    paragraphs = []
    for key, path in sorted(pages(language).items()):
        if key not in english:
            continue
        paragraphs += [p for p in render(path) if is_prose(p) and (language == "en") == is_english(p)]
        if len(paragraphs) >= limit:
            break
    return paragraphs


def utf16(text):
    return len(text.encode("utf-16-le")) // 2


def assemble(host, guest, rng, host_paragraphs=8):
    """A text of `host` paragraphs with guest sentences inserted: a sentence on its own line, a
    sentence inside a paragraph, and a whole guest paragraph. Returns the text and the UTF-16
    ranges of the inserted stretches."""
    parts = rng.sample(host, host_paragraphs)
    guests = rng.sample([s for p in guest for s in sentences(p)], 3)
    guest_paragraph = rng.choice([p for p in guest if len(sentences(p)) >= 2])
    pieces = []  # (text, inserted)
    for index, paragraph in enumerate(parts):
        if index == 1:
            pieces += [(paragraph + "\n", False), (guests[0], True), ("\n\n", False)]
        elif index == 3:
            host_sentences = re.split(r"(?<=[.!?])\s+", paragraph)
            middle = max(1, len(host_sentences) // 2)
            pieces += [(" ".join(host_sentences[:middle]) + " ", False), (guests[1], True),
                       (" " + " ".join(host_sentences[middle:]) + "\n\n", False)]
        elif index == 5:
            pieces += [(paragraph + "\n\n", False), (guest_paragraph, True), ("\n\n", False)]
        elif index == 6:
            pieces += [(paragraph + " ", False), (guests[2], True), ("\n\n", False)]
        else:
            pieces.append((paragraph + "\n\n", False))
    text, ranges, offset = "", [], 0
    for piece, inserted in pieces:
        if inserted:
            ranges.append((offset, offset + utf16(piece)))
        text += piece
        offset += utf16(piece)
    return text.strip() + "\n", ranges


def check(binary, text, mixed):
    flag = "--mixed-languages" if mixed else "--no-mixed-languages"
    out = subprocess.run(
        [binary, "check", "--format", "json", "--language", "auto", flag, "-"],
        input=text.encode(), capture_output=True, check=False,
    )
    if out.returncode not in (0, 1):
        sys.exit(f"supertext failed: {out.stderr.decode()}")
    return json.loads(out.stdout)


def spelling(result):
    return [m for m in result["matches"] if m["category"] in ("spelling", "name")]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=".build/debug/supertext")
    parser.add_argument("--documents", type=int, default=3, help="documents per pair of languages")
    parser.add_argument("--seed", type=int, default=21)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    corpus = {language: prose(language) for language in LANGUAGES}
    for language, paragraphs in corpus.items():
        print(f"{language}: {len(paragraphs)} prose paragraphs", file=sys.stderr)

    totals = {"inserted_off": 0, "inserted_on": 0, "host_off": 0, "host_on": 0, "words": 0}
    print(f"{'pair':8} {'doc':>3} {'lang':>6} {'inserted off':>12} {'inserted on':>11} {'host off':>8} {'host on':>7}")
    for host, guest in PAIRS:
        for number in range(args.documents):
            text, ranges = assemble(corpus[host], corpus[guest], rng)
            results = {mixed: check(args.binary, text, mixed) for mixed in (False, True)}
            counts = {}
            for mixed, result in results.items():
                found = spelling(result)
                inside = [m for m in found if any(a <= m["offset"] < b for a, b in ranges)]
                counts[mixed] = (len(inside), len(found) - len(inside))
            totals["inserted_off"] += counts[False][0]
            totals["inserted_on"] += counts[True][0]
            totals["host_off"] += counts[False][1]
            totals["host_on"] += counts[True][1]
            totals["words"] += results[False]["stats"]["words"]
            print(f"{host}+{guest:5} {number:>3} {results[True]['language']['code']:>6} "
                  f"{counts[False][0]:>12} {counts[True][0]:>11} {counts[False][1]:>8} {counts[True][1]:>7}")

    same, single = 0, 0
    for language, paragraphs in corpus.items():
        for number in range(args.documents):
            text = "\n\n".join(rng.sample(paragraphs, 8)) + "\n"
            off, on = check(args.binary, text, False), check(args.binary, text, True)
            single += 1
            same += off["matches"] == on["matches"]
    print()
    print(f"mixed texts: {len(PAIRS) * args.documents}, {totals['words']} words")
    print(f"false spelling matches in the inserted stretches: {totals['inserted_off']} without mixed languages, "
          f"{totals['inserted_on']} with")
    print(f"spelling matches in the host language's text: {totals['host_off']} without, {totals['host_on']} with")
    print(f"single-language texts with the same matches either way: {same} of {single}")


if __name__ == "__main__":
    main()
