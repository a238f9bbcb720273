#!/usr/bin/env python3
"""Build the English lexicon in Dictionaries/grammar/ from a pinned PyPI package.

Usage:
    python3 scripts/build-grammar-data.py [--wheel PATH]...

Why: the grammar rules need to know, for an English word, which parts of speech it can be and
what its base form is ("went" is the past tense of "go", "books" a plural noun or a verb in
the third person). It comes from a permissively licensed (MIT) package whose data files are
taken as they are, pinned by version and sha256, so that every copy of the data can be traced
back to its source and rebuilt byte for byte. (How likely a sequence of words is comes from the
trigram model of Debian's pocketsphinx-en-us, read where it is installed: docs/grammar.md.)

What it does:
  1. Runs `python3 -m pip download --no-deps` for the pinned wheel (lemminflect 0.2.3) into a
     temporary directory (nothing is installed) and checks its sha256. With --wheel PATH an
     already downloaded copy is used
     instead, recognised by its file name; the same sha256 check applies.
  2. en-lexicon.tsv, from lemminflect's lemminflect/resources/infl_lu.csv.gz. Each line is
     `lemma,category,forms...`:
       verb  VBD,VBN,VBG,VBZ (the base form is VB, also used for the non-3rd-person present)
       noun  plural (the base form is NN, the plural NNS)
       adj   comparative,superlative (JJ base, JJR, JJS)
       adv   comparative,superlative (RB base, RBR, RBS)
     with alternatives joined by '/'. An empty VBN field means the same as VBD (`book,verb,
     booked,,booking,books`: booked is also the past participle; lemminflect itself falls back
     from VBN to VBD when it looks one up). Any other empty field means no such form
     (`little,adv,,` has no comparative, `weave,noun,` no plural). A noun whose plural is the
     singular (`sheep,noun,sheep`, ZERO_PLURALS) gets both NN and NNS; a mass noun listed as its own plural (`hate,noun,hate`, `error,noun,errors/error`) gets NN and NNU (can be uncountable), not NNS.
     Corrections, each counted and printed:
       - A form whose shape contradicts its tag is dropped: a VBG not ending in "ing", a VBZ not
         ending in "s", a VBD or VBN ending in "ing" when the lemma does not (the lookup has
         `torpedo,...,torpedo` as a VBZ, `typeset` as a VBG, `joy-riding` as a VBD).
       - Comparatives and superlatives of adjectives and adverbs ending in "e" are spelled
         "-er"/"-est" after the "e" in the lookup (`free,adj,freeer,freeest`, `true`, `blue`,
         `vague`): they become lemma + "r" / "st" (freer, freest).
       - lemminflect/resources/infl_overrides.csv (`lemma,TAG,form`) is made for lemminflect's own
         accuracy test: most of its lines make a token of that test corpus come out unchanged
         (`snob,NNS,snob`, `weave,VBP,wove`, `spid,JJR,spider`) and are not facts about English.
         The lines in USED_OVERRIDES below are real forms the lookup lacks (burned, learned,
         proved, oils) and are added; the two in REPLACING_OVERRIDES also remove the lookup's wrong
         form (ran as a past participle of run, torpedoes as a past tense). Every line used is
         checked to be in the file.
       - The lookup has no line for "be" and replaces its lines for the modals by a table in its
         code (lemminflect/codecs/InflectionLUCodec.py, updateForAuxMod). BE_FORMS and
         MODAL_FORMS copy that table (am and are, VBP there, are VB here); modals are added to
         the lookup's other readings (can: could, and also cans, canned of the verb "to can").
         lemminflect/resources/lemma_lu.csv.gz is used as a check: every `aux` line of it
         (am, is, was, has, had, did, does, could, ...) must be a verb reading of the lexicon
         with that lemma. Its other lines add nothing that is an inflection (only spelling
         variants such as antihero -> anti-hero), and lemma_overrides.csv lists pronouns and
         determiners as nouns (their, my, this), which the tag set has no tag for: neither is used.
     Kept: words and lemmas that are lowercase ASCII letters, with single hyphens or apostrophes
     between letters; so proper nouns (capitalised lemmas) are left out. Only words of
     Dictionaries/frequencies/en.tsv are kept, and the lemmas of every kept word's readings
     (repeated until no new lemma appears, so every lemma in the file has a line of its own).
     Each line is `word<TAB>reading reading ...`; a reading is `TAG:lemma`, or `TAG` alone when
     the lemma is the word. Readings are ordered by tag (NN NNS VB VBD VBN VBG VBZ JJ JJR JJS RB
     RBR RBS), then lemma; lines by word (Unicode code point order).
  3. Copies the wheel's licence file beside the data (LICENSE-lemminflect.txt). All files are
     UTF-8 with LF line ends and one '#' header line that names the source, version, sha256 and
     licence.

The output depends only on the pinned wheel and Dictionaries/frequencies/en.tsv (whose sha256
the lexicon's header gives), so a rerun gives byte-identical files. Only the standard library is
used (pip is run as a subprocess for the download). See Dictionaries/grammar/README.md.
"""

from __future__ import annotations

import argparse
import gzip
import io
import re
import sys
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pinned_wheels
from pinned_wheels import sha256_of, write_atomically


@dataclass(frozen=True)
class Wheel:
    package: str
    version: str
    sha256: str
    licence_member: str
    licence_spdx: str
    licence_holder: str

    @property
    def file_name(self) -> str:
        return f"{self.package}-{self.version}-py3-none-any.whl"

    @property
    def licence_out(self) -> str:
        return f"LICENSE-{self.package}.txt"


LEMMINFLECT = Wheel(
    package="lemminflect",
    version="0.2.3",
    sha256="1cf470efa783733ca5654cc1a6ee1de774e59031e61bf6210467625e84a8cf1c",
    licence_member="lemminflect-0.2.3.dist-info/LICENSE",
    licence_spdx="MIT",
    licence_holder="Copyright (C) 2019 Brad Jascob",
)
WHEELS = (LEMMINFLECT,)

INFL_LU = "lemminflect/resources/infl_lu.csv.gz"
LEMMA_LU = "lemminflect/resources/lemma_lu.csv.gz"
INFL_OVERRIDES = "lemminflect/resources/infl_overrides.csv"

REPO_ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = REPO_ROOT / "Dictionaries" / "grammar"
FREQUENCIES = REPO_ROOT / "Dictionaries" / "frequencies" / "en.tsv"
LEXICON_OUT = OUT_DIR / "en-lexicon.tsv"
REGENERATE = "regenerate with: python3 scripts/build-grammar-data.py"

TAG_ORDER = ("NN", "NNS", "NNU", "VB", "VBD", "VBN", "VBG", "VBZ", "JJ", "JJR", "JJS", "RB", "RBR", "RBS")
TAG_RANK = {tag: rank for rank, tag in enumerate(TAG_ORDER)}
CATEGORY_BASE = {"noun": "NN", "verb": "VB", "adj": "JJ", "adv": "RB"}
CATEGORY_FIELDS = {
    "noun": ("NNS",),
    "verb": ("VBD", "VBN", "VBG", "VBZ"),
    "adj": ("JJR", "JJS"),
    "adv": ("RBR", "RBS"),
}
TAG_CATEGORY = {
    "NN": "noun", "NNS": "noun", "NNU": "noun",
    "VB": "verb", "VBD": "verb", "VBN": "verb", "VBG": "verb", "VBZ": "verb",
    "JJ": "adj", "JJR": "adj", "JJS": "adj",
    "RB": "adv", "RBR": "adv", "RBS": "adv",
}

# Nouns whose plural is the singular (the lookup also lists mass nouns so, which are not plurals).
ZERO_PLURALS = frozenset(
    "sheep deer fish species series aircraft spacecraft offspring moose swine means headquarters "
    "salmon trout cod bison crossroads barracks chassis corps dice"
    .split()
)

# Lowercase ASCII letters; single hyphens or apostrophes only between letters.
WORD = re.compile(r"[a-z]+(?:['-][a-z]+)*")

# "be" is not in infl_lu.csv.gz: lemminflect adds it in code (InflectionLUCodec.updateForAuxMod:
# VB be, VBD was/were, VBG being, VBN been, VBP am/are, VBZ is). Its VBP forms are VB here.
BE_FORMS = (
    ("be", "VB"), ("am", "VB"), ("are", "VB"), ("is", "VBZ"),
    ("was", "VBD"), ("were", "VBD"), ("been", "VBN"), ("being", "VBG"),
)
# The modals, from the same table: base form VB, past VBD. lemminflect replaces the lookup's
# lines for these lemmas by the table; here they are added to them instead.
MODAL_FORMS = (
    ("can", "VB", "can"), ("could", "VBD", "can"),
    ("may", "VB", "may"), ("might", "VBD", "may"),
    ("will", "VB", "will"), ("would", "VBD", "will"),
    ("shall", "VB", "shall"), ("should", "VBD", "shall"),
    ("must", "VB", "must"), ("must", "VBD", "must"),
    ("ought", "VB", "ought"), ("ought", "VBD", "ought"),
    ("dare", "VB", "dare"),
)
# Lines of infl_overrides.csv (lemma, tag, form) that are used: forms the lookup lacks.
USED_OVERRIDES = (
    ("bless", "VBN", "blessed"), ("broadcast", "VBN", "broadcast"), ("burn", "VBN", "burned"),
    ("china", "NNS", "chinas"), ("dream", "VBN", "dreamed"), ("fit", "VBN", "fitted"),
    ("focus", "VBN", "focused"), ("forecast", "VBN", "forecast"),
    ("forfeiture", "NNS", "forfeitures"), ("fuel", "VBN", "fueled"), ("learn", "VBN", "learned"),
    ("lecture", "NNS", "lectures"), ("lesser", "JJR", "lesser"), ("lesser", "RBR", "lesser"),
    ("later", "RBR", "later"), ("lie", "VBN", "lied"), ("light", "VBN", "lighted"),
    ("mail", "NNS", "mails"), ("merit", "NNS", "merits"), ("oil", "NNS", "oils"),
    ("panel", "VBN", "paneled"), ("prove", "VBN", "proved"), ("shave", "VBN", "shaved"),
    ("soap", "NNS", "soaps"), ("spill", "VBN", "spilled"), ("stay", "VBN", "stayed"),
    ("thrive", "VBN", "thrived"), ("true", "JJS", "truest"),
)
# Lines of infl_overrides.csv that also remove the lookup's wrong form for that tag:
# (lemma, tag, form, wrong form). `run,verb,ran,ran,...` and `torpedo,verb,torpedoes,...`.
REPLACING_OVERRIDES = (
    ("run", "VBN", "run", "ran"),
    ("torpedo", "VBD", "torpedoed", "torpedoes"),
)
# Our own addition, no override has it: the lookup's torpedo line has "torpedoes" as the past
# tense and "torpedo" as the 3rd person (dropped by the shape check); this is its VBZ.
OWN_FORMS = (("torpedo", "VBZ", "torpedoes"),)


def download_wheel(wheel: Wheel, dest: Path) -> Path:
    return pinned_wheels.download_wheel(wheel.package, wheel.version, wheel.file_name, dest)


def check_wheel(wheel: Wheel, path: Path) -> None:
    pinned_wheels.check_sha256(path, wheel.sha256)


def source_note(wheel: Wheel, members: str) -> str:
    return (
        f"source: {wheel.package} {wheel.version} (PyPI wheel {wheel.file_name}, sha256 "
        f"{wheel.sha256}), {members}; licence: {wheel.licence_spdx}, {wheel.licence_holder}, "
        f"see {wheel.licence_out}"
    )


# ---------------------------------------------------------------------------------------------
# Lexicon


class Lexicon:
    def __init__(self) -> None:
        self.readings: dict[str, set[tuple[str, str]]] = {}
        self.stats: dict[str, int] = {
            "lookup_lines": 0, "capitalised_lemma": 0, "not_word": 0,
            "bad_shape": 0, "mass_plural": 0, "e_fixed": 0, "overrides_used": 0, "overrides_removed": 0,
        }

    def add(self, word: str, tag: str, lemma: str) -> None:
        if not WORD.fullmatch(word) or not WORD.fullmatch(lemma):
            self.stats["not_word"] += 1
            return
        self.readings.setdefault(word, set()).add((tag, lemma))

    def remove(self, word: str, tag: str, lemma: str) -> None:
        readings = self.readings.get(word)
        if readings is None or (tag, lemma) not in readings:
            raise SystemExit(f"expected reading {tag}:{lemma} of {word!r} to remove, not found")
        readings.discard((tag, lemma))
        if not readings:
            del self.readings[word]

    def has(self, word: str, tag: str, lemma: str) -> bool:
        return (tag, lemma) in self.readings.get(word, ())


def shape_ok(form: str, tag: str, lemma: str) -> bool:
    if tag == "VBG":
        return form.endswith("ing")
    if tag == "VBZ":
        return form.endswith("s")
    if tag in ("VBD", "VBN"):
        return not form.endswith("ing") or lemma.endswith("ing")
    return True


def fix_comparison(form: str, tag: str, lemma: str) -> str:
    """freeer -> freer, trueest -> truest (lemma ending in 'e')."""
    if lemma.endswith("e") and tag in ("JJR", "RBR") and form == lemma + "er":
        return lemma + "r"
    if lemma.endswith("e") and tag in ("JJS", "RBS") and form == lemma + "est":
        return lemma + "st"
    return form


def read_lookup(archive: zipfile.ZipFile, lexicon: Lexicon) -> set[tuple[str, str]]:
    """Adds infl_lu.csv.gz to the lexicon; returns the (lemma, category) pairs it has."""
    entries: set[tuple[str, str]] = set()
    with gzip.open(io.BytesIO(archive.read(INFL_LU)), mode="rt", encoding="utf-8") as fobj:
        for raw in fobj:
            line = raw.rstrip("\n")
            if not line:
                continue
            parts = line.split(",")
            if len(parts) < 2 or parts[1] not in CATEGORY_FIELDS:
                raise SystemExit(f"{INFL_LU}: unexpected line {line!r}")
            lemma, category, fields = parts[0], parts[1], parts[2:]
            tags = CATEGORY_FIELDS[category]
            if len(fields) > len(tags):
                raise SystemExit(f"{INFL_LU}: too many fields in {line!r}")
            lexicon.stats["lookup_lines"] += 1
            if lemma != lemma.lower():
                lexicon.stats["capitalised_lemma"] += 1
                continue
            entries.add((lemma, category))
            forms = {tag: [s for s in field.split("/") if s] for tag, field in zip(tags, fields)}
            if category == "verb" and not forms.get("VBN") and forms.get("VBD"):
                forms["VBN"] = list(forms["VBD"])
            lexicon.add(lemma, CATEGORY_BASE[category], lemma)
            for tag in tags:
                for form in forms.get(tag, ()):
                    fixed = fix_comparison(form, tag, lemma)
                    if fixed != form:
                        lexicon.stats["e_fixed"] += 1
                    if not shape_ok(fixed, tag, lemma):
                        lexicon.stats["bad_shape"] += 1
                        continue
                    if tag == "NNS" and fixed == lemma and lemma not in ZERO_PLURALS:
                        # "error,noun,errors/error", "hate,noun,hate": the lookup gives mass nouns
                        # their own form as a plural; read as plurals they would hide "these error".
                        # They are marked NNU (can be uncountable: "it's nonsense", "much hate").
                        lexicon.stats["mass_plural"] += 1
                        lexicon.add(lemma, "NNU", lemma)
                        continue
                    lexicon.add(fixed, tag, lemma)
    return entries


def apply_overrides(archive: zipfile.ZipFile, lexicon: Lexicon, entries: set[tuple[str, str]]) -> None:
    available: set[tuple[str, str, str]] = set()
    for raw in archive.read(INFL_OVERRIDES).decode("utf-8").splitlines():
        line = raw.strip()
        if line and not line.startswith("#"):
            lemma, tag, form = line.split(",")
            available.add((lemma, tag, form))
    used = list(USED_OVERRIDES) + [(lemma, tag, form) for lemma, tag, form, _ in REPLACING_OVERRIDES]
    for lemma, tag, form in used:
        if (lemma, tag, form) not in available:
            raise SystemExit(f"{INFL_OVERRIDES}: expected line {lemma},{tag},{form}, not found")
        if (lemma, TAG_CATEGORY[tag]) not in entries:
            raise SystemExit(f"{INFL_LU}: override {lemma},{tag},{form} has no {TAG_CATEGORY[tag]} line")
        lexicon.add(form, tag, lemma)
        lexicon.stats["overrides_used"] += 1
    for lemma, tag, _, wrong in REPLACING_OVERRIDES:
        lexicon.remove(wrong, tag, lemma)
        lexicon.stats["overrides_removed"] += 1
    for lemma, tag, form in OWN_FORMS:
        lexicon.add(form, tag, lemma)


def add_be_and_modals(lexicon: Lexicon) -> None:
    for form, tag in BE_FORMS:
        lexicon.add(form, tag, "be")
    for form, tag, lemma in MODAL_FORMS:
        lexicon.add(form, tag, lemma)


def check_aux(archive: zipfile.ZipFile, lexicon: Lexicon) -> int:
    """Every `aux` line of lemma_lu.csv.gz must be a verb reading of the lexicon."""
    checked = 0
    with gzip.open(io.BytesIO(archive.read(LEMMA_LU)), mode="rt", encoding="utf-8") as fobj:
        for raw in fobj:
            word, category, lemmas = raw.rstrip("\n").split(",")
            if category != "aux" or not WORD.fullmatch(word):
                continue
            for lemma in lemmas.split("/"):
                tags = {tag for tag, lem in lexicon.readings.get(word, ()) if lem == lemma}
                if not tags & {"VB", "VBD", "VBN", "VBG", "VBZ"}:
                    raise SystemExit(f"{LEMMA_LU}: aux {word} -> {lemma} is not a verb reading of the lexicon")
                checked += 1
    return checked


def load_frequency_words(path: Path) -> set[str]:
    words: set[str] = set()
    with path.open(encoding="utf-8") as fobj:
        for line in fobj:
            if line.startswith("#"):
                continue
            word, _, _ = line.rstrip("\n").partition("\t")
            if word:
                words.add(word)
    if not words:
        raise SystemExit(f"{path}: no words")
    return words


def select_words(lexicon: Lexicon, frequent: set[str]) -> tuple[list[str], int]:
    kept = {word for word in lexicon.readings if word in frequent}
    direct = len(kept)
    todo = list(kept)
    while todo:
        word = todo.pop()
        for _, lemma in lexicon.readings[word]:
            if lemma not in kept:
                kept.add(lemma)
                todo.append(lemma)
    return sorted(kept), direct


def render_readings(word: str, readings: set[tuple[str, str]]) -> str:
    ordered = sorted(readings, key=lambda item: (TAG_RANK[item[0]], item[1]))
    return " ".join(tag if lemma == word else f"{tag}:{lemma}" for tag, lemma in ordered)


def render_lexicon(lexicon: Lexicon, words: list[str], frequencies_sha: str) -> bytes:
    header = (
        f"# SuperText English lexicon; {source_note(LEMMINFLECT, f'files {INFL_LU}, {INFL_OVERRIDES} (some lines) and the forms of be and the modals from lemminflect/codecs/InflectionLUCodec.py')}; "
        f"words and lemmas lowercase ASCII (hyphen, apostrophe between letters), only words of "
        f"Dictionaries/frequencies/en.tsv (sha256 {frequencies_sha}) and their lemmas; "
        f"format: word<TAB>readings, a reading is TAG:lemma or TAG when the lemma is the word, "
        f"tags {' '.join(TAG_ORDER)}; {len(words)} words; {REGENERATE}"
    )
    lines = [header]
    lines.extend(f"{word}\t{render_readings(word, lexicon.readings[word])}" for word in words)
    return ("\n".join(lines) + "\n").encode("utf-8")


# ---------------------------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    names = " or ".join(wheel.file_name for wheel in WHEELS)
    parser.add_argument("--wheel", type=Path, action="append", default=[],
                        help=f"use this local copy of {names} instead of downloading it ")
    args = parser.parse_args()

    local: dict[str, Path] = {}
    for path in args.wheel:
        match = [wheel for wheel in WHEELS if wheel.file_name == path.name]
        if not match:
            parser.error(f"--wheel {path}: the file name must be {names}")
        local[match[0].package] = path

    outputs: list[tuple[Path, bytes, str]] = []
    with tempfile.TemporaryDirectory(prefix="build-grammar-data-") as tmp:
        paths = {}
        for wheel in WHEELS:
            path = local.get(wheel.package) or download_wheel(wheel, Path(tmp))
            check_wheel(wheel, path)
            print(f"source: {wheel.file_name} sha256 {wheel.sha256} (verified)")
            paths[wheel.package] = path

        with zipfile.ZipFile(paths[LEMMINFLECT.package]) as archive:
            lexicon = Lexicon()
            entries = read_lookup(archive, lexicon)
            apply_overrides(archive, lexicon, entries)
            add_be_and_modals(lexicon)
            aux_checked = check_aux(archive, lexicon)
            licence = archive.read(LEMMINFLECT.licence_member)
        frequent = load_frequency_words(FREQUENCIES)
        words, direct = select_words(lexicon, frequent)
        content = render_lexicon(lexicon, words, sha256_of(FREQUENCIES))
        stats = lexicon.stats
        outputs.append((OUT_DIR / LEMMINFLECT.licence_out, licence, ""))
        outputs.append((LEXICON_OUT, content, (
            f"{len(words)} words ({direct} of en.tsv, {len(words) - direct} more as lemmas; "
            f"{len(lexicon.readings)} in the data); {INFL_LU}: {stats['lookup_lines']} lines, "
            f"{stats['capitalised_lemma']} with a capitalised lemma left out, {stats['not_word']} "
            f"forms not lowercase words, {stats['bad_shape']} forms dropped for their shape, {stats['mass_plural']} mass nouns not read as their own plural, "
            f"{stats['e_fixed']} comparatives/superlatives respelled; {stats['overrides_used']} "
            f"override lines used ({stats['overrides_removed']} replacing a form); {aux_checked} "
            f"aux readings of {LEMMA_LU} checked"
        )))


    for path, content, note in outputs:
        write_atomically(path, content)
        lines = content.count(b"\n")
        detail = f"; {note}" if note else ""
        print(f"wrote {path.relative_to(REPO_ROOT)}: {lines} lines, {len(content)} bytes{detail}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
