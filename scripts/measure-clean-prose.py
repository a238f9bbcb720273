#!/usr/bin/env python3
"""How often clean prose gets a match that is not spelling: the false alarms a writer sees.

Draws quotations, proverbs and anecdotes from Debian's fortune packages (`fortunes-de`,
`fortunes-es`, `fortunes`; Debian packages no French fortunes; installed by `apt-get install`, never copied into the
repository), one quotation a line, and checks them with `supertext check --format json`. A
quotation counts when it gets a match of any rule but spelling.

The quotations are split as the grammar sets are (`sha1(quotation) % 5 == 0` is only scored,
never printed): rules are written from what the first part shows, and judged on the second.
Files of deliberate mistakes (stylistic blunders, jokes on words) are left out.

Usage: scripts/measure-clean-prose.py --language de [--binary .build/release/supertext]
       [--count 600] [--seed 1] [--show N] [--ignore RULE]...
`--ignore` leaves a rule out of the count (fortune files are typed as plain text: two spaces
after a full stop, a hyphen for a dash, which the typography rules rightly flag).
Prints the rate on each part, the rules that fired on each (counts only for the scored part),
and up to N flagged quotations of the read part.
"""
import argparse
import collections
import hashlib
import json
import os
import random
import subprocess
import sys
import tempfile

# Fortune files of each language whose quotations are written as their authors meant them.
SOURCES = {
    "de": ("de-DE", "/usr/share/games/fortunes/de", [
        "anekdoten", "gedichte", "kinderzitate", "letzteworte", "lieberals", "murphy", "regeln",
        "sprichworte", "sprueche", "wusstensie", "zitate",
    ]),
    "es": ("es", "/usr/share/games/fortunes/es", [
        name + ".fortunes" for name in [
            "amistad", "arte", "ciencia", "familia", "famosos", "filosofia", "humanos", "libertad", "poder",
            "proverbios", "refranes", "sabiduria",
        ]
    ]),
    "en": ("en-US", "/usr/share/games/fortunes", ["fortunes", "literature", "people", "wisdom", "science", "education", "love", "work"]),
}


def quotations(directory, names):
    """Each quotation of the files as one line: attribution lines dropped, lines joined."""
    for name in names:
        path = os.path.join(directory, name + ".u8")
        if not os.path.exists(path):
            path = os.path.join(directory, name)
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8", errors="replace") as file:
            text = file.read()
        for entry in text.split("\n%\n"):
            lines = []
            for line in entry.splitlines():
                stripped = line.strip()
                if not stripped or stripped.startswith(("--", "—", "-- ")):
                    continue
                if line.startswith(("\t", "        ")) and lines:
                    # An indented line after the text is its source.
                    break
                lines.append(stripped)
            quotation = " ".join(lines)
            words = quotation.split()
            if 4 <= len(words) <= 60 and "\ufffd" not in quotation and not any(c in quotation for c in "|<>{}_\\"):
                yield quotation


def scored_only(quotation):
    return int(hashlib.sha1(quotation.encode("utf-8")).hexdigest(), 16) % 5 == 0


def utf16_length(text):
    return len(text.encode("utf-16-le")) // 2


def check(binary, code, lines, ignored):
    """The rules that fired on each line (spelling and `ignored` left out)."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", encoding="utf-8", delete=False) as file:
        file.write("\n\n".join(lines) + "\n")
        path = file.name
    try:
        output = subprocess.run(
            [binary, "check", path, "--language", code, "--format", "json", "--text-format", "plain"],
            capture_output=True, text=True, check=False,
        ).stdout
    finally:
        os.unlink(path)
    result = json.loads(output)
    starts, position = [], 0
    for line in lines:
        starts.append(position)
        position += utf16_length(line) + 2
    fired = [[] for _ in lines]
    for match in result["matches"]:
        if match["rule"] == "SPELLING" or match["rule"] in ignored:
            continue
        index = max(i for i, start in enumerate(starts) if start <= match["offset"])
        fired[index].append((match["rule"], match["text"], match.get("suggestions", [])[:1]))
    return fired


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--language", required=True, choices=sorted(SOURCES))
    parser.add_argument("--binary", default=".build/release/supertext")
    parser.add_argument("--count", type=int, default=600, help="quotations drawn from each part")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", type=int, default=0, help="flagged quotations of the read part to print")
    parser.add_argument("--ignore", action="append", default=[], metavar="RULE", help="a rule not to count (repeatable)")
    arguments = parser.parse_args()
    code, directory, names = SOURCES[arguments.language]
    if not os.path.isdir(directory):
        sys.exit(f"{directory} is missing: apt-get install the fortunes of '{arguments.language}'")
    every = sorted(set(quotations(directory, names)))
    parts = {"read": [q for q in every if not scored_only(q)], "scored only": [q for q in every if scored_only(q)]}
    generator = random.Random(arguments.seed)
    for part, pool in parts.items():
        drawn = generator.sample(pool, min(arguments.count, len(pool)))
        fired = check(arguments.binary, code, drawn, set(arguments.ignore))
        flagged = [i for i, rules in enumerate(fired) if rules]
        by_rule = collections.Counter(rule for rules in fired for rule in {r for r, _, _ in rules})
        print(f"{arguments.language} {part}: {len(flagged)} of {len(drawn)} quotations flagged "
              f"({100 * len(flagged) / max(1, len(drawn)):.1f}%), {len(pool)} in the pool")
        print("  by rule: " + ", ".join(f"{rule} {count}" for rule, count in by_rule.most_common()))
        if part == "read":
            for index in flagged[:arguments.show]:
                print(f"  - {drawn[index]}")
                for rule, text, suggestion in fired[index]:
                    print(f"      {rule}: {text!r} -> {suggestion}")


if __name__ == "__main__":
    main()
