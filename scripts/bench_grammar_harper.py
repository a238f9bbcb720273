"""Harper, the offline English grammar checker (Rust, through the harper-py wheel), on the marked
sentences of `../shared/eval/grammar`, scored as `supertext-bench grammar` scores SuperText
(Sources/supertext-bench/GrammarBenchmark.swift), so that `make bench-grammar` prints both in one run.

`.venv/bin/python scripts/bench_grammar_harper.py [EVAL_GRAMMAR_DIRECTORY] [--misses FILE]`

For `en` (Harper's American dialect) and `en-GB` (its British dialect), with Harper's default rules
and its plain-text mode:
- detected: a lint overlaps the marked span (an empty span: a lint touches it);
- corrected at 1: one of those lints, its first suggestion applied, gives the expected sentence
  (any of the `|` alternatives);
- false positives: share of the sentences of `*_lt_dev_correct.txt` with a lint whose kind is not
  `Spelling` (Harper's kind for its dictionary check and for its few rules that fix one word's
  spelling, the counterpart of SuperText's spelling and name matches);
- mean and p99 time of one `Linter.lint` call per sentence; resident memory (ru_maxrss).

Harper's spans are Python `str` indices, that is Unicode code points, the unit of the TSV offsets,
so they are compared as they are. Without harper-py installed (scripts/install-deps.sh bench puts it
in .venv), the script says that Harper was not measured and exits 0, so that SuperText's figures
printed before it still stand.
"""
import os
import resource
import sys
import time
import unicodedata
from collections import Counter
from importlib import metadata

DIALECTS = (("en", "AMERICAN"), ("en-GB", "BRITISH"))
# The harper-core version each harper-py release wraps (its README); the wheel does not expose it.
HARPER_CORE = {"0.2.0": "2.13.0"}


def pad(text, width):
    return text + " " if len(text) >= width else text + " " * (width - len(text))


def percent(part, whole):
    return "-" if whole == 0 else f"{100 * part / whole:.1f}%"


def read_rows(path):
    """The rows of a `*_lt_dev.tsv` as GrammarBenchmark.readRows reads them."""
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f.read().split("\n"):
            fields = line.split("\t")
            if not line or len(fields) < 5:
                continue
            try:
                start, end = int(fields[1]), int(fields[2])
            except ValueError:
                continue
            source = [part for part in fields[4].split(":") if part]
            rows.append({
                "sentence": fields[0], "start": start, "end": end, "expected": fields[3].split("|"),
                "category": source[2] if len(source) > 2 else "?",
                "rule": source[3] if len(source) > 3 else "?",
            })
    return rows


def same(a, b):
    # Swift compares strings by canonical equivalence.
    return unicodedata.normalize("NFC", a) == unicodedata.normalize("NFC", b)


def main(argv):
    directory, misses_path = "../shared/eval/grammar", None
    args = list(argv)
    while args:
        arg = args.pop(0)
        if arg == "--misses" and args:
            misses_path = args.pop(0)
        elif arg.startswith("-"):
            sys.exit(f"usage: {os.path.basename(__file__)} [EVAL_GRAMMAR_DIRECTORY] [--misses FILE]")
        else:
            directory = arg

    # The library prints stray debugging lines on file descriptor 1: the report goes to a copy of
    # the real standard output, and descriptor 1 to /dev/null.
    out = os.fdopen(os.dup(1), "w", buffering=1)
    sys.stdout.flush()
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)

    def say(text=""):
        out.write(text + "\n")

    python_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    try:
        from harper import Dialect, Language, Linter
    except ImportError as error:
        say(f"Harper not measured: harper-py is not installed ({error}); scripts/install-deps.sh bench installs it into .venv")
        return 0

    version = metadata.version("harper-py")
    core = f", Harper {HARPER_CORE[version]} inside" if version in HARPER_CORE else ""
    say(f"Harper (harper-py {version}{core}) on {directory}, default rules, plain text, scored as above")
    linters = {}
    for language, dialect in DIALECTS:
        started = time.perf_counter()
        linter = Linter(getattr(Dialect, dialect))
        seconds = time.perf_counter() - started
        config = linter.get_default_lint_config()
        say(f"{language}: {dialect.lower()} dialect, {len(config)} rules ({sum(config.values())} on by default), loaded in {seconds:.3f} s")
        linters[language] = linter
        if len(linters) == 1:
            one_linter_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    say("")
    say(pad("language / category", 28) + pad("rows", 7) + pad("detected", 10) + pad("corrected", 11) + pad("mean ms", 9) + "p99 ms")

    misses = []
    for language, linter in linters.items():
        path = os.path.join(directory, f"{language}_lt_dev.tsv")
        if not os.path.exists(path):
            say(f"{language}: {path} not found")
            continue
        rows = read_rows(path)
        linter.lint("warm up", language=Language.PLAINTEXT)
        by_category = {}
        times = []
        for row in rows:
            text = row["sentence"]
            started = time.perf_counter()
            lints = linter.lint(text, language=Language.PLAINTEXT)
            times.append((time.perf_counter() - started) * 1000)
            start, end = row["start"], row["end"]
            overlapping = [
                lint for lint in lints
                if (lint.span.start < end and lint.span.end > start)
                or (start == end and lint.span.start <= start and lint.span.end >= start)
            ]
            expected = [text[:start] + replacement + text[end:] for replacement in row["expected"]]
            corrected = any(
                lint.suggestions and any(same(linter.apply_suggestion(text, lint, lint.suggestions[0]), want) for want in expected)
                for lint in overlapping
            )
            tally = by_category.setdefault(row["category"], [0, 0, 0])
            tally[0] += 1
            if overlapping:
                tally[1] += 1
            else:
                misses.append(f"{language}\t{row['rule']}\t{text}")
            if corrected:
                tally[2] += 1
            elif overlapping:
                first = overlapping[0]
                suggestion = linter.apply_suggestion(text, first, first.suggestions[0]) if first.suggestions else "-"
                misses.append(f"{language}\tUNCORRECTED {row['rule']} {first.lint_kind} gives {suggestion!r} want {'|'.join(row['expected'])}\t{text}")
        total = [0, 0, 0]
        for category, tally in sorted(by_category.items(), key=lambda item: (-item[1][0], item[0])):
            total = [a + b for a, b in zip(total, tally)]
            say(pad(f"{language} {category}", 28) + pad(str(tally[0]), 7) + pad(percent(tally[1], tally[0]), 10)
                + pad(percent(tally[2], tally[0]), 11))
        times.sort()
        mean = sum(times) / len(times) if times else 0
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))] if times else 0
        say(pad(f"{language} all", 28) + pad(str(total[0]), 7) + pad(percent(total[1], total[0]), 10)
            + pad(percent(total[2], total[0]), 11) + pad(f"{mean:.3f}", 9) + f"{p99:.3f}")

        correct_path = os.path.join(directory, f"{language}_lt_dev_correct.txt")
        with open(correct_path, encoding="utf-8") as f:
            correct = [line for line in f.read().split("\n") if line]
        flagged = 0
        flagged_beyond_formatting = 0
        kinds = Counter()
        for sentence in correct:
            non_spelling = [lint for lint in linter.lint(sentence, language=Language.PLAINTEXT) if lint.lint_kind != "Spelling"]
            if non_spelling:
                flagged += 1
                flagged_beyond_formatting += any(lint.lint_kind != "Formatting" for lint in non_spelling)
                kinds.update({lint.lint_kind for lint in non_spelling})
                misses.append(f"{language}\tFALSE_POSITIVE {','.join(lint.lint_kind for lint in non_spelling)}\t{sentence}")
        say(pad(f"{language} false positives", 28) + pad(str(len(correct)), 7) + percent(flagged, len(correct)))
        if kinds:
            # Not part of the score: where the flags come from, and the share left without the
            # Formatting kind (three dots for an ellipsis, spaces, dashes), which Harper runs by default.
            say("  flagged sentences by lint kind: " + ", ".join(f"{kind} {count}" for kind, count in kinds.most_common()))
            say(f"  flagged by a lint other than Formatting: {percent(flagged_beyond_formatting, len(correct))}")
        say("")

    rss_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    say(f"Harper resident memory (ru_maxrss of this Python process): {one_linter_kib / 1024:.0f} MB with the {DIALECTS[0][1].lower()} linter loaded,"
        f" {rss_kib / 1024:.0f} MB at the end with {len(linters)} linters after every check (Python alone: {python_kib / 1024:.0f} MB)")
    if misses_path:
        with open(misses_path, "w", encoding="utf-8") as f:
            f.write("\n".join(misses))
        say(f"Misses and false positives written to {misses_path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
