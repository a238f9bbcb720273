#!/usr/bin/env python3
"""How SuperText serves Hunspell dictionaries it has no rules or measured costs for, beside libhunspell.

Usage: scripts/measure-installed-languages.py [--words N] [--seed S] [--supertext BIN] CODE...
       (CODE as Debian names the dictionary: it_IT nl pt_PT ru_RU el_GR; each must be installed,
       e.g. `apt-get install hunspell-it hunspell-nl hunspell-pt-pt hunspell-ru hunspell-el`)

For each dictionary, N stems are drawn from its .dic (read in the encoding its SET line names;
seed S) and each gets one slip (a letter left out, doubled, swapped with the next, or replaced
by another letter of the word) that libhunspell rejects. Both lists go through
`supertext check --format json` and `hunspell -a`, and the script prints:

- same verdict: the share of the dictionary's own stems that SuperText accepts or flags as
  libhunspell does (a .dic may list a forbidden form, which both must flag);
- flagged: the share of slips SuperText flags;
- no suggestion: flagged slips left without any suggestion, SuperText and libhunspell;
  "where libhunspell has one" counts the slips libhunspell has an answer for and SuperText not;
- top-1: the share of slips whose first suggestion is the word meant, SuperText and libhunspell;
- explained: the share of SuperText's matches with an explanation in each of en, fr, de, es;
- detected: the language `--language auto` finds for a line of 40 of the dictionary's words.

The first check of a language builds its suggestion index (tens of seconds; cached after).
"""
import argparse
import json
import random
import subprocess
import sys
import tempfile
import unicodedata

DICTIONARIES = "/usr/share/hunspell"


def encoding_of(code):
    with open(f"{DICTIONARIES}/{code}.aff", "rb") as affix:
        for line in affix.read(8192).splitlines():
            if line.startswith(b"SET "):
                name = line[4:].strip().decode("ascii")
                return {"microsoft-cp1251": "cp1251", "TIS620-2533": "tis-620"}.get(name, name)
    return "iso8859-1"


def stems(code):
    with open(f"{DICTIONARIES}/{code}.dic", encoding=encoding_of(code), errors="replace") as dic:
        lines = dic.read().splitlines()[1:]
    words = set()
    for line in lines:
        word = line.split("/")[0].split("\t")[0].strip()
        if len(word) >= 4 and word.isalpha() and word.islower():
            words.add(unicodedata.normalize("NFC", word))
    return sorted(words)


def slip(word, rng):
    kind = rng.choice(["omit", "double", "swap", "replace"])
    i = rng.randrange(1, len(word) - 1) if len(word) > 2 else 0
    if kind == "omit":
        return word[:i] + word[i + 1:]
    if kind == "double":
        return word[:i] + word[i] + word[i:]
    if kind == "swap" and word[i] != word[i + 1]:
        return word[:i] + word[i + 1] + word[i] + word[i + 2:]
    others = [c for c in sorted(set(word)) if c != word[i]]
    return word[:i] + rng.choice(others) + word[i + 1:] if others else word[:i] + word[i + 1:]


# Standard input is checked with the project of the working directory (docs/project.md): run
# from this repository, its `.supertext.toml` would keep `auto` among en, fr, de and es.
OUTSIDE_PROJECTS = tempfile.gettempdir()


def hunspell(code, words):
    """Per word: None when accepted, else the list of libhunspell's suggestions."""
    run = subprocess.run(
        ["hunspell", "-d", f"{DICTIONARIES}/{code}", "-a", "-i", "utf-8"],
        input="\n".join("^" + w for w in words) + "\n", capture_output=True, text=True, check=True,
    )
    answers, lines = [], run.stdout.splitlines()[1:]
    current = None
    for line in lines:
        if line == "":
            answers.append(current)
            current = None
        elif line[0] in "*+-":
            current = None
        elif line[0] == "#":
            current = []
        elif line[0] == "&":
            current = [s.strip() for s in line.split(": ", 1)[1].split(", ")]
    return answers


def supertext(binary, language, words, explanation=None):
    """Per word (one a line): None when not flagged, else its suggestions; and the matches."""
    text = "\n".join(words) + "\n"
    starts, offset = [], 0
    for word in words:
        starts.append(offset)
        offset += len(word.encode("utf-16-le")) // 2 + 1
    command = [binary, "check", "-", "--language", language, "--format", "json", "--no-mixed-languages"]
    if explanation:
        command += ["--explanation-language", explanation]
    run = subprocess.run(command, input=text, capture_output=True, text=True, cwd=OUTSIDE_PROJECTS)
    if run.returncode not in (0, 1):
        sys.exit(f"supertext check failed: {run.stderr.strip()}")
    result = json.loads(run.stdout)
    by_start = {m["offset"]: m for m in result["matches"] if m["category"] in ("spelling", "name")}
    return [by_start[s].get("suggestions", []) if s in by_start else None for s in starts], result


def detected(binary, words):
    run = subprocess.run(
        [binary, "check", "-", "--language", "auto", "--format", "json"],
        input=" ".join(words) + "\n", capture_output=True, text=True, cwd=OUTSIDE_PROJECTS,
    )
    return json.loads(run.stdout)["language"]["code"]


def percent(part, whole):
    return f"{100 * part / whole:.1f}" if whole else "-"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("codes", nargs="+")
    parser.add_argument("--words", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--supertext", default=".build/release/supertext")
    args = parser.parse_args()

    print("| dictionary | same verdict as libhunspell % | flagged % | no suggestion %: SuperText / libhunspell (where libhunspell has one) | top-1 %: SuperText / libhunspell | explained % en / fr / de / es | detected |")
    print("|---|---:|---:|---|---|---|---|")
    for code in args.codes:
        rng = random.Random(args.seed)
        words = rng.sample(stems(code), args.words)
        slips = [slip(w, rng) for w in words]
        known = hunspell(code, slips)
        pairs = [(w, s, k) for w, s, k in zip(words, slips, known) if k is not None and s != w]
        language = code.replace("_", "-")
        correct, _ = supertext(args.supertext, language, words)
        verdicts = hunspell(code, words)
        same = sum(1 for ours, theirs in zip(correct, verdicts) if (ours is None) == (theirs is None))
        flagged, _ = supertext(args.supertext, language, [s for _, s, _ in pairs])
        hits = [f for f in flagged if f is not None]
        ours_none = sum(1 for f in hits if not f)
        theirs_none = sum(1 for _, _, k in pairs if not k)
        only_theirs = sum(1 for f, (_, _, k) in zip(flagged, pairs) if f is not None and not f and k)
        top1 = sum(1 for f, (w, _, _) in zip(flagged, pairs) if f and f[0] == w)
        their_top1 = sum(1 for w, _, k in pairs if k and k[0] == w)
        explained = []
        for explanation in ["en", "fr", "de", "es"]:
            _, result = supertext(args.supertext, language, [s for _, s, _ in pairs][:50], explanation)
            matches = result["matches"]
            explained.append(percent(sum(1 for m in matches if m.get("explanation", {}).get("detail")), len(matches)))
        print(
            f"| {code} ({len(words)} words, {len(pairs)} slips) | {percent(same, len(words))} "
            f"| {percent(len(hits), len(pairs))} | {percent(ours_none, len(hits))} / {percent(theirs_none, len(pairs))} ({only_theirs}) "
            f"| {percent(top1, len(pairs))} / {percent(their_top1, len(pairs))} | {' / '.join(explained)} "
            f"| {detected(args.supertext, words[:40])} |"
        )
        sys.stdout.flush()


if __name__ == "__main__":
    main()
