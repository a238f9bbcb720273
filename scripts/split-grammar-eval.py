#!/usr/bin/env python3
"""Splits the grammar development set (../shared/eval/grammar) into a part to read and a part only
ever scored, as its README says: a .tsv row goes to validation when sha1(rule_source) % 5 == 0 (a
whole rule, linter, sentence or essay at a time), a line of a _correct.txt file when
sha1(sentence) % 5 == 0. Writes DST/fit/ and DST/validation/ with the same file names, so that
`supertext-bench grammar DST/validation --language L` scores the validation part alone.
Prints only counts: the validation rows are not to be read.

Usage: scripts/split-grammar-eval.py SRC DST
"""
import hashlib
import os
import sys


def validation(key):
    return int(hashlib.sha1(key.encode("utf-8")).hexdigest(), 16) % 5 == 0


def main(source, destination):
    for part in ("fit", "validation"):
        os.makedirs(os.path.join(destination, part), exist_ok=True)
    counts = {"fit": 0, "validation": 0}
    for name in sorted(os.listdir(source)):
        if not (name.endswith(".tsv") or name.endswith(".txt")):
            continue
        parts = {"fit": [], "validation": []}
        with open(os.path.join(source, name), encoding="utf-8") as file:
            for line in file:
                if name.endswith(".tsv"):
                    fields = line.rstrip("\n").split("\t")
                    key = fields[4] if len(fields) > 4 else line
                else:
                    key = line.rstrip("\n")
                part = "validation" if validation(key) else "fit"
                parts[part].append(line)
                counts[part] += 1
        for part, lines in parts.items():
            with open(os.path.join(destination, part, name), "w", encoding="utf-8") as file:
                file.writelines(lines)
    print(f"{counts['fit']} lines to read in {destination}/fit, {counts['validation']} only scored in {destination}/validation")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
