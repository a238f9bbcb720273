"""Check requests that differ from one another, for `scripts/bench-http.sh`: real paragraphs with
real misspellings, as a service sees them, rather than one paragraph sent again and again.

`python3 scripts/bench_requests.py [--join N] OUTPUT [EVAL_SETS_DIRECTORY]` writes one JSON request
body a line: the distinct paragraphs of 300 to 3,000 bytes of the prose document of
`bench_corpus.py` (Debian's licences and READMEs), in a fixed shuffled order, with about one word in
40 that a misspelling list knows replaced by one of its real misspellings; with `--join N`, N
paragraphs a body, as a whole document pasted at once. The lists are the English sets
of `../shared/eval/sets` (Birkbeck: errors people made; codespell: typos found in code and
documents), read where they lie and never copied. Without them, letters of those words are
swapped instead, and the script says so. The same inputs give the same bodies on every machine;
the inputs are the documentation Debian installed, so a machine with other packages has a few
other paragraphs (the summary line gives their number and mean size).
"""
import json
import os
import random
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_corpus  # noqa: E402

SETS = ("en_birkbeck.tsv", "en_codespell.tsv")
WORD = re.compile(r"[A-Za-z]{3,}")
RATE = 1 / 40


def misspellings(directory):
    """Correct word (lower case) -> its misspellings in the lists, or {} when none is readable."""
    found = {}
    for name in SETS:
        path = os.path.join(directory, name)
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as f:
            for line in f:
                parts = line.rstrip("\n").split("\t")
                if len(parts) == 2 and parts[0].isalpha() and parts[0].lower() != parts[1].lower():
                    found.setdefault(parts[1].lower(), []).append(parts[0].lower())
    return found


def swapped(word, rng):
    """The word with two neighbouring letters swapped (the fallback without lists)."""
    i = rng.randrange(1, len(word) - 1)
    return word[:i] + word[i + 1] + word[i] + word[i + 2:]


def with_case(misspelling, original):
    if original.isupper():
        return misspelling.upper()
    if original[0].isupper():
        return misspelling[0].upper() + misspelling[1:]
    return misspelling


def bodies(lists, rng, join=1):
    # Form feeds (page breaks of licence texts) and other control characters would be refused
    # (400 bad_text): a page break becomes a paragraph break.
    text = re.sub(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]", "\n\n", bench_corpus.prose_document().decode("utf-8"))
    seen, paragraphs = set(), []
    for paragraph in (p.strip() for p in text.split("\n\n")):
        if 300 <= len(paragraph.encode("utf-8")) <= 3000 and paragraph not in seen:
            seen.add(paragraph)
            paragraphs.append(paragraph)
    rng.shuffle(paragraphs)

    def misspell(match):
        word = match.group(0)
        choices = lists.get(word.lower()) if lists else [swapped(word.lower(), rng)]
        if not choices or rng.random() >= RATE * (1 if lists else 0.5):
            return word
        return with_case(rng.choice(choices), word)

    texts = [WORD.sub(misspell, p) for p in paragraphs]
    texts = ["\n\n".join(texts[i:i + join]) for i in range(0, len(texts) - join + 1, join)]
    return [json.dumps({"text": text, "language": "en-US"}) for text in texts]


def main():
    args, join = sys.argv[1:], 1
    if args[:1] == ["--join"]:
        if len(args) < 2 or not args[1].isdigit() or int(args[1]) < 1:
            sys.exit("bench_requests.py: --join needs a number of paragraphs, 1 or more")
        join, args = int(args[1]), args[2:]
    if len(args) not in (1, 2) or args[0].startswith("-"):
        sys.exit("usage: bench_requests.py [--join N] OUTPUT [EVAL_SETS_DIRECTORY]")
    directory = args[1] if len(args) == 2 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "eval", "sets")
    lists = misspellings(directory)
    lines = bodies(lists, random.Random(1), join)
    with open(args[0], "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    size = sum(len(json.loads(line)["text"].encode("utf-8")) for line in lines)
    source = "real misspellings from " + ", ".join(SETS) if lists else "swapped letters (no misspelling lists found)"
    kind = "paragraphs" if join == 1 else f"documents of {join} paragraphs"
    print(f"{len(lines)} different {kind}, {size // len(lines)} bytes on average, {source}")


if __name__ == "__main__":
    main()
