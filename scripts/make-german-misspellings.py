#!/usr/bin/env python3
"""A German misspelling set for `supertext-bench-suggest`, derived reproducibly from licensed data.

No licensed list of real German misspellings can be installed here, so the pairs are made: correct
words are drawn (seeded) from Debian's German Hunspell dictionary (`hunspell-de-de`, igerman98,
GPL-2 or GPL-3 or OASIS-0.1), and each gets one error of a kind German writers make:
- the dictionary's own table of common confusions (`REP` in de_DE.aff: ph/f, ß/ss, ie/i, d/t, ...),
  applied backwards (the right spelling replaced by the one its authors saw written);
- a letter left out of a cluster (`Rechnung` → `Rechung`), a consonant doubled or written once,
  `k`/`ck`, `z`/`tz`, two letters swapped, a neighbouring key on a QWERTZ keyboard;
- in compounds: the joining `s` left out or added (`Geburtstag` → `Geburtag`).
Half the words are compounds Hunspell accepts only through its compound flags: two nouns of the
dictionary, joined with or without `s`, that the dictionary does not list. Only misspellings
Hunspell rejects are kept. The output is the set format of ../shared/eval (misspelling, tab,
correct word); write it outside the repository (the default is /tmp), and read it with
`supertext-bench-suggest --sets DIR`. Needs the `hunspell` program and `hunspell-de-de`.

    python3 scripts/make-german-misspellings.py --out /tmp/de-sets/de_derived.tsv
"""
import argparse
import os
import random
import subprocess
import unicodedata

DICTIONARY = "/usr/share/hunspell/de_DE"
QWERTZ = ["qwertzuiopü", "asdfghjklöä", "yxcvbnm"]


def neighbours():
    result = {}
    for row_index, row in enumerate(QWERTZ):
        for column, letter in enumerate(row):
            near = set()
            for dr in (-1, 0, 1):
                r = row_index + dr
                if 0 <= r < len(QWERTZ):
                    for dc in (-1, 0, 1):
                        c = column + dc
                        if (dr, dc) != (0, 0) and 0 <= c < len(QWERTZ[r]):
                            near.add(QWERTZ[r][c])
            result[letter] = sorted(near)
    return result


NEAR = neighbours()
VOWELS = set("aeiouäöüy")


def rejected(words):
    """The words Hunspell rejects."""
    out = subprocess.run(["hunspell", "-d", DICTIONARY, "-i", "utf-8", "-l"], input="\n".join(words) + "\n",
                         capture_output=True, text=True, check=True).stdout
    return set(out.split())


def accepted(words):
    bad = rejected(words)
    return [w for w in words if w not in bad]


def read_stems():
    stems = []
    with open(DICTIONARY + ".dic", encoding="utf-8") as handle:
        next(handle)
        for line in handle:
            word = unicodedata.normalize("NFC", line.split("/")[0].strip())
            if word.isalpha() and 5 <= len(word) <= 16:
                stems.append(word)
    return sorted(set(stems))


def rep_table():
    table = []
    with open(DICTIONARY + ".aff", encoding="utf-8") as handle:
        for line in handle:
            parts = line.split()
            if len(parts) == 3 and parts[0] == "REP":
                table.append((parts[1], parts[2]))
    return table


def errors(word, rep, joint):
    """Every misspelling of the kinds above, as (kind, text)."""
    found = []
    lower = word.lower()
    for wrong, right in rep:
        start = word.find(right, 1)
        if start > 0:
            found.append(("rep", word[:start] + wrong + word[start + len(right):]))
    for i in range(1, len(word) - 1):
        a, b = lower[i], lower[i + 1]
        if a not in VOWELS and (lower[i - 1] not in VOWELS or b not in VOWELS) and a != b:
            found.append(("drop", word[:i] + word[i + 1:]))
        if a == b:
            found.append(("single", word[:i] + word[i + 1:]))
        elif a not in VOWELS and a.isalpha() and lower[i - 1] in VOWELS and b not in VOWELS | {a}:
            found.append(("double", word[:i + 1] + a + word[i + 1:]))
        if a != b and i + 1 < len(word):
            found.append(("swap", word[:i] + word[i + 1] + word[i] + word[i + 2:]))
        for near in NEAR.get(a, [])[:3]:
            found.append(("key", word[:i] + near + word[i + 1:]))
    if "ck" in word[1:]:
        found.append(("ck", word[0] + word[1:].replace("ck", "k", 1)))
    elif "k" in word[1:]:
        found.append(("ck", word[0] + word[1:].replace("k", "ck", 1)))
    if "tz" in word:
        found.append(("tz", word.replace("tz", "z", 1)))
    if joint is not None:
        head, s, tail = joint
        found.append(("joint", head + ("" if s else "s") + tail))
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default="/tmp/de-sets/de_derived.tsv")
    parser.add_argument("--words", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    stems = read_stems()
    rep = rep_table()
    nouns = [w for w in stems if w[0].isupper() and w[1:].islower() and len(w) <= 9]
    listed = set(stems)

    simple = accepted(rng.sample(stems, args.words * 2))[: args.words // 2]
    compounds = []
    while len(compounds) < args.words - len(simple):
        tries = []
        for _ in range(200):
            head, tail = rng.choice(nouns), rng.choice(nouns)
            s = "s" if rng.random() < 0.4 and head[-1] not in "sxzß" else ""
            tries.append((head, s, tail.lower()))
        good = set(accepted([h + s + t for h, s, t in tries]))
        for head, s, tail in tries:
            word = head + s + tail
            if word in good and word not in listed and word not in [c[0] for c in compounds]:
                compounds.append((word, (head, s, tail)))
    pairs = []
    chosen = [(w, None) for w in simple] + compounds
    candidates = []
    for word, joint in chosen:
        # A kind of error first, then one of its places: each kind as likely as another (a
        # word has many more neighbouring keys than clusters).
        kinds = {}
        for kind, text in errors(word, rep, joint):
            kinds.setdefault(kind, []).append(text)
        order = sorted(kinds)
        rng.shuffle(order)
        # Joining-s errors are what compounds add: one compound in three gets one.
        if joint is not None and rng.random() < 1 / 3:
            order.sort(key=lambda kind: kind != "joint")
        candidates.append((word, [rng.choice(kinds[kind]) for kind in order]))
    bad = rejected([text for _, texts in candidates for text in texts])
    for word, texts in candidates:
        wrong = next((t for t in texts if t in bad and t.lower() != word.lower()), None)
        if wrong:
            pairs.append((wrong, word))
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as handle:
        for wrong, right in pairs:
            handle.write(f"{wrong}\t{right}\n")
    print(f"{len(pairs)} pairs ({len(simple)} words, {len(compounds)} compounds) -> {args.out}")


if __name__ == "__main__":
    main()
