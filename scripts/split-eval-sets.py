#!/usr/bin/env python3
"""Split each misspelling set into the part one may read and a validation part one only scores.

Usage: scripts/split-eval-sets.py SRC_DIR DST_DIR [NAME ...]

For every `NAME.tsv` of SRC_DIR (or only the names given), writes `NAME-fit.tsv` (rows one may
look at, misses included) and `NAME-validation.tsv` (rows that are scored and never read) into
DST_DIR. A row goes to validation when `sha1(misspelling) % 5 == 0`, the rule of
../shared/eval/grammar/README.md applied to the misspelling, so that every correction of one
misspelling falls on the same side. DST_DIR then serves `supertext-bench-suggest --sets DST_DIR`;
the files stay outside the repository.
"""
import hashlib
import os
import sys


def validation(key: str) -> bool:
    return int(hashlib.sha1(key.encode("utf-8")).hexdigest(), 16) % 5 == 0


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    source, target, names = sys.argv[1], sys.argv[2], set(sys.argv[3:])
    if not os.path.isdir(source):
        print(f"split-eval-sets: no such directory: {source}", file=sys.stderr)
        return 2
    os.makedirs(target, exist_ok=True)
    for file in sorted(os.listdir(source)):
        name, extension = os.path.splitext(file)
        if extension != ".tsv" or (names and name not in names):
            continue
        parts = {"fit": [], "validation": []}
        with open(os.path.join(source, file), encoding="utf-8") as rows:
            for row in rows:
                if "\t" not in row:
                    continue
                parts["validation" if validation(row.split("\t", 1)[0]) else "fit"].append(row)
        for part, rows in parts.items():
            with open(os.path.join(target, f"{name}-{part}.tsv"), "w", encoding="utf-8") as out:
                out.writelines(rows)
        print(f"{name}: {len(parts['fit'])} rows to read, {len(parts['validation'])} to score only")
    return 0


if __name__ == "__main__":
    sys.exit(main())
