#!/usr/bin/env python3
"""Build Dictionaries/grammar/en-confusion-edits.txt: common English words one edit apart.

Usage:
    python3 scripts/build-confusion-edits.py [--min-count N] [--skip-top N] [--output PATH]

A real word written for another a letter away ("I fell good" for feel, "a mixed bad" for
bag, "worse and worst") is the commonest slip no spelling checker sees. The confused-word
rule decides each such pair by the trigram model, with the largest margin of its three
files (`ConfusedWordRule.editRatio`); this script lists the pairs.

What it does:
  1. Reads Dictionaries/frequencies/en.tsv (OpenSubtitles counts from pyspellchecker, MIT)
     and keeps the words of ASCII letters, at least three long, counted at least
     --min-count times (30,000 by default), but for the --skip-top commonest (100 by
     default: the, you, what, this...). Those small words stand in almost every sentence,
     so their pairs cost the rule most of its time, and the confusions among them that
     happen are listed with their meanings in en-confusions.txt.
  2. Pairs every two of them one edit apart (a letter added, dropped, changed, or two
     neighbours swapped).
  3. Leaves out what is no slip or is decided elsewhere:
     - the pairs of en-confusions.txt and en-confusion-pairs.txt (their own margins);
     - a word and its inflection by -s, -es, -d, -ed, -ied (work/works, like/liked): the
       model sees three words, not the subject, so agreement is left to the grammar rules;
     - British and American spellings of one word (realise/realize, colour/color,
       centre/center), both right in their variety;
     - archaic forms a quotation keeps (thy, thee, thou, hath, doth, art, ye, ere).
  4. Writes `a; b` lines sorted, after a header saying where they come from.

Only the standard library is used; the output depends only on the frequency list and
the options, so a rerun gives the same file.
"""

import argparse
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
GRAMMAR = ROOT / "Dictionaries" / "grammar"
LETTERS = "abcdefghijklmnopqrstuvwxyz"
INFLECTIONS = ("s", "es", "d", "ed")
ARCHAIC = {"thy", "thee", "thou", "thine", "hath", "doth", "art", "ye", "ere", "nay"}


def frequent_words(min_count, skip_top):
    words, rank = set(), 0
    for line in (ROOT / "Dictionaries" / "frequencies" / "en.tsv").read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            continue
        word, count = line.split("\t")
        rank += 1
        if rank <= skip_top:
            continue
        if int(count) >= min_count and len(word) >= 3 and word.isascii() and word.isalpha():
            words.add(word)
    return words


def listed_pairs():
    pairs = set()
    for name in ("en-confusions.txt", "en-confusion-pairs.txt"):
        lines = (GRAMMAR / name).read_text(encoding="utf-8").splitlines()
        block = []
        for line in lines + [""]:
            line = line.split("#", 1)[0].strip()
            if not line:
                # A set of en-confusions.txt: every two of its words.
                pairs.update(frozenset((a, b)) for a in block for b in block if a != b)
                block = []
            elif ";" in line or "->" in line:
                parts = [part.strip().lower() for part in line.replace("->", ";").split(";")]
                if len(parts) == 2:
                    pairs.add(frozenset(parts))
            elif ":" in line and not line.startswith("example"):
                block.append(line.split(":", 1)[0].strip().rstrip("*").lower())
    return pairs


def edits(word):
    result = set()
    for i in range(len(word) + 1):
        result.update(word[:i] + letter + word[i:] for letter in LETTERS)
    for i in range(len(word)):
        result.add(word[:i] + word[i + 1:])
        result.update(word[:i] + letter + word[i + 1:] for letter in LETTERS)
    for i in range(len(word) - 1):
        result.add(word[:i] + word[i + 1] + word[i] + word[i + 2:])
    result.discard(word)
    return result


def is_inflection(a, b):
    short, long = sorted((a, b), key=len)
    if any(long == short + ending for ending in INFLECTIONS):
        return True
    return (short.endswith("e") and long == short + "d") or (short.endswith("y") and long == short[:-1] + "ied")


def is_spelling_variant(a, b):
    if len(a) == len(b):
        differing = [(x, y) for x, y in zip(a, b) if x != y]
        if len(differing) == 1 and set(differing[0]) == {"s", "z"}:
            return True
        # centre/center, theatre/theater: the last two letters swapped.
        return a[:-2] == b[:-2] and {a[-2:], b[-2:]} == {"re", "er"}
    short, long = sorted((a, b), key=len)
    # colour/color, honour/honor.
    return "our" in long and long.replace("our", "or", 1) == short


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--min-count", type=int, default=30000)
    parser.add_argument("--skip-top", type=int, default=100)
    parser.add_argument("--output", default=str(GRAMMAR / "en-confusion-edits.txt"))
    options = parser.parse_args()

    words = frequent_words(options.min_count, options.skip_top)
    listed = listed_pairs()
    pairs = set()
    for word in words:
        for other in edits(word) & words:
            pair = frozenset((word, other))
            if pair in listed or is_inflection(word, other) or is_spelling_variant(word, other) or pair & ARCHAIC:
                continue
            pairs.add(tuple(sorted(pair)))

    header = [
        "# Common English words one edit apart, decided by the trigram model with the largest margin",
        "# (ConfusedWordRule.editRatio). Made by scripts/build-confusion-edits.py "
        f"--min-count {options.min_count} --skip-top {options.skip_top} from",
        "# Dictionaries/frequencies/en.tsv (OpenSubtitles counts from pyspellchecker, MIT); do not edit by hand.",
        "",
    ]
    lines = [f"{a}; {b}" for a, b in sorted(pairs)]
    pathlib.Path(options.output).write_text("\n".join(header + lines) + "\n", encoding="utf-8")
    print(f"{options.output}: {len(lines)} pairs from {len(words)} words")


if __name__ == "__main__":
    main()
