#!/usr/bin/env python3
"""Build Dictionaries/grammar/de-lexicon.tsv from german-nouns and the installed de_DE dictionary.

Usage:
    python3 scripts/build-german-lexicon.py [--wheel PATH] [--dictionary DIR]

Why: the German rules need, for a word, whether it is a noun (and then its gender, number and
case: "Haus" is neuter, "Häusern" a dative plural), a verb form with its person ("gehst"), an
adjective, or another word that is written in lowercase. Hunspell's de_DE dictionary (igerman98)
tells which words exist in which case (nouns are its capitalised words) and, through its affix
flags, which stems are verbs and adjectives, but not a noun's gender. german-nouns (PyPI,
compiled from the German Wiktionary) lists about 100,000 nouns with gender and every case form.

What it does:
  1. Downloads german-nouns 1.2.5 (or reads --wheel) and checks its sha256; checks the sha256 of
     de_DE.aff and de_DE.dic (Debian hunspell-de-de 20161207-11); another version is refused.
  2. Nouns: every form of a noun of german-nouns with one gender (m, f, n; nouns of several
     genders get each), grouped by number with its cases: `NN.n.sg.nom.dat.acc:haus`. A lemma is
     kept when one of its forms is a word of Dictionaries/frequencies/de.tsv that Hunspell
     accepts capitalised; then all its forms are kept (so that "den Haus" can become "dem Haus").
  3. Other words: the words of de.tsv that Hunspell accepts in lowercase. Their stem
     (`hunspell -s`) and the stem's flags in de_DE.dic say what they are: a stem ending in -n
     with a verb flag (I, D, X) makes a verb (the infinitive `VB`; finite forms `VBF` with person
     and number read from the ending: -e 1 sg, -st 2 sg, -t 3 sg and 2 pl, -en 1 and 3 pl, past
     -te 1 and 3 sg), a stem with flag Z the past of a strong or irregular verb (ging, gingst,
     gingen: `VBF` with person and number, the past stem as lemma), a stem with flag A an adjective `JJ` (and `JJR`
     for a form that is the stem with -er: schneller, größer), anything else `RB` ("a word written in
     lowercase that is not a noun"). A rarer noun form that Hunspell accepts in lowercase
     ("dank", "trotz") gets `RB` too. Irregular verbs (sein, haben, werden, the modals) and the
     closed classes are written by hand in GermanClosedWordClasses.swift.
  4. Writes `word<TAB>reading reading ...` (lowercase words, readings and lines sorted, one `#`
     header naming the sources), and copies the CC BY-SA 4.0 licence of german-nouns beside it as
     LICENSE-german-nouns.txt: the lexicon is a derived database under that licence.

Only the standard library, pip (to download) and the hunspell command are used. See docs/grammar.md.
"""

from __future__ import annotations

import argparse
import csv
import io
import re
import subprocess
import sys
import tempfile
import zipfile
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pinned_wheels  # noqa: E402
from pinned_wheels import sha256_of, write_atomically  # noqa: E402

REPO_ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = REPO_ROOT / "Dictionaries" / "grammar"
FREQUENCIES = REPO_ROOT / "Dictionaries" / "frequencies" / "de.tsv"
LEXICON_OUT = OUT_DIR / "de-lexicon.tsv"
LICENCE_OUT = OUT_DIR / "LICENSE-german-nouns.txt"

PACKAGE, VERSION = "german-nouns", "1.2.5"
WHEEL = "german_nouns-1.2.5-py3-none-any.whl"
WHEEL_SHA256 = "0f113c59ea331aae750bc03c7b6c7217bae975c6677b4df8d8932093093f509f"

CASES = {"nominativ": "nom", "genitiv": "gen", "dativ": "dat", "akkusativ": "acc"}
CASE_ORDER = ("nom", "gen", "dat", "acc")
WORD = re.compile(r"[a-zäöüß]+")
REGENERATE = "regenerate with: python3 scripts/build-german-lexicon.py"


def hunspell(args: list[str], words: list[str], dictionary: Path) -> str:
    result = subprocess.run(
        ["hunspell", "-i", "UTF-8", "-d", str(dictionary / "de_DE"), *args],
        input="\n".join(words) + "\n", capture_output=True, text=True, check=True,
    )
    return result.stdout


def read_nouns(wheel: Path):
    """(form, lemma, gender, number, case) for every noun form."""
    with zipfile.ZipFile(wheel) as archive:
        text = archive.read("german_nouns/nouns.csv").decode("utf-8")
        licence = archive.read("german_nouns-1.2.5.dist-info/LICENSE")
    rows = csv.reader(io.StringIO(text))
    header = next(rows)
    columns = []
    for index, name in enumerate(header):
        parts = name.split(" ")
        if len(parts) >= 2 and parts[0] in CASES and parts[1].rstrip("*") in ("singular", "plural"):
            # "nominativ singular", "… singular*", "… singular 1": variants of one form;
            # "stark/schwach/gemischt" are adjectival nouns (der Abgeordnete), kept too.
            columns.append((index, CASES[parts[0]], "sg" if parts[1].startswith("singular") else "pl"))
    genus_columns = [header.index(name) for name in ("genus", "genus 1", "genus 2", "genus 3", "genus 4")]
    result = []
    for row in rows:
        if len(row) < len(header) or "Substantiv" not in row[1].split(","):
            continue
        lemma = row[0]
        if not lemma[:1].isupper() or " " in lemma:
            continue
        genders = {row[i] for i in genus_columns if row[i] in ("m", "f", "n")}
        if not genders:
            genders = {"pl"} if any(row[i] for i, _, number in columns if number == "pl") else set()
        for index, case, number in columns:
            form = row[index].strip()
            if not form or " " in form or form == "—" or form == "-":
                continue
            for gender in genders:
                result.append((form, lemma, gender, number, case))
    return result, licence


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wheel", type=Path, help=f"a local copy of {WHEEL} instead of downloading it")
    parser.add_argument("--dictionary", type=Path, default=Path("/usr/share/hunspell"))
    args = parser.parse_args()

    for name, expected in (("de_DE.aff", PINNED["aff"]), ("de_DE.dic", PINNED["dic"])):
        actual = sha256_of(args.dictionary / name)
        if actual != expected:
            raise SystemExit(f"{args.dictionary / name} is not the pinned version (Debian hunspell-de-de 20161207-11):\n"
                             f"  expected sha256 {expected}\n  got             {actual}")
    with tempfile.TemporaryDirectory() as scratch:
        wheel = args.wheel or pinned_wheels.download_wheel(PACKAGE, VERSION, WHEEL, Path(scratch))
        pinned_wheels.check_sha256(wheel, WHEEL_SHA256)
        nouns, licence = read_nouns(wheel)

    frequent = []
    for line in FREQUENCIES.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            continue
        word = line.split("\t")[0]
        if WORD.fullmatch(word) and len(word) > 1:
            frequent.append(word)
    frequent_set = set(frequent)

    # Which frequent words Hunspell accepts lowercase, and capitalised.
    rejected_lower = set(hunspell(["-l"], frequent, args.dictionary).split())
    capitalised = [w[0].upper() + w[1:] for w in frequent]
    rejected_capital = set(hunspell(["-l"], capitalised, args.dictionary).split())
    lowercase_ok = [w for w in frequent if w not in rejected_lower]
    capital_ok = {w for w, c in zip(frequent, capitalised) if c not in rejected_capital}

    readings: dict[str, set[str]] = defaultdict(set)

    # Nouns: lemmas with a frequent form that spelling accepts capitalised.
    forms_by_lemma: dict[tuple[str, str], dict[tuple[str, str], set[str]]] = defaultdict(lambda: defaultdict(set))
    for form, lemma, gender, number, case in nouns:
        forms_by_lemma[(lemma, gender)][(form.lower(), number)].add(case)
    for (lemma, gender), forms in forms_by_lemma.items():
        if not any(form in capital_ok for form, _ in forms):
            continue
        for (form, number), cases in forms.items():
            if not WORD.fullmatch(form):
                continue
            features = ([gender] if gender != "pl" else []) + [number] + [c for c in CASE_ORDER if c in cases]
            reading = "NN." + ".".join(features)
            readings[form].add(reading if form == lemma.lower() else reading + ":" + lemma.lower())

    # Noun forms that are also words in lowercase but not frequent ones ("dank", "trotz"):
    # read as another word too, so that no rule takes them for nouns only.
    rare = sorted(form for form in readings if form not in frequent_set)
    rare_rejected = set(hunspell(["-l"], rare, args.dictionary).split())
    for form in rare:
        if form not in rare_rejected:
            readings[form].add("RB")

    # Other words: what their stem is in de_DE.dic.
    flags_by_stem: dict[str, set[str]] = defaultdict(set)
    for line in (args.dictionary / "de_DE.dic").read_text(encoding="utf-8", errors="replace").splitlines()[1:]:
        word, _, flags = line.strip().partition("/")
        if word and not word[0].isupper():
            flags_by_stem[word] |= set(flags)
    stems: dict[str, set[str]] = defaultdict(set)
    for block in hunspell(["-s"], lowercase_ok, args.dictionary).split("\n\n"):
        for line in block.splitlines():
            parts = line.split()
            if len(parts) == 2 and parts[0] in frequent_set:
                stems[parts[0]].add(parts[1])
    for word in lowercase_ok:
        tags = set()
        for stem in stems.get(word, {word}):
            flags = flags_by_stem.get(stem, set())
            if stem.endswith("n") and flags & set("IDX"):
                lemma = "" if stem == word else ":" + stem
                if word == stem:
                    tags |= {"VB", "VBF.1.pl", "VBF.3.pl"}
                elif word.endswith("st"):
                    tags.add("VBF.2.sg" + lemma)
                elif word.endswith("ten") and not stem.endswith("ten"):
                    tags |= {"VBF.1.pl" + lemma, "VBF.3.pl" + lemma}
                elif word.endswith("te"):
                    tags |= {"VBF.1.sg" + lemma, "VBF.3.sg" + lemma}
                elif word.startswith("ge") and (word.endswith("t") or word.endswith("en")) and not stem.startswith("ge"):
                    tags.add("VBN" + lemma)
                elif word.endswith("t"):
                    tags |= {"VBF.3.sg" + lemma, "VBF.2.pl" + lemma}
                elif word.endswith("e"):
                    tags.add("VBF.1.sg" + lemma)
                elif word.endswith("en") or word.endswith("n"):
                    tags |= {"VBF.1.pl" + lemma, "VBF.3.pl" + lemma}
                else:
                    tags.add("VBF" + lemma)
            elif "Z" in flags:
                # A stem of the past of a strong or irregular verb (ging, kam, hatte, konnte): de_DE
                # gives them flag Z (-st, -t, -en), and no infinitive to read them from, so the
                # past stem is their lemma.
                lemma = "" if stem == word else ":" + stem
                if word == stem:
                    tags |= {"VBF.1.sg", "VBF.3.sg"}
                elif word in (stem + "st", stem + "est"):
                    tags.add("VBF.2.sg" + lemma)
                elif word in (stem + "t", stem + "et"):
                    tags.add("VBF.2.pl" + lemma)
                elif word in (stem + "n", stem + "en"):
                    tags |= {"VBF.1.pl" + lemma, "VBF.3.pl" + lemma}
            elif "A" in flags:
                tags.add("JJ" + ("" if stem == word else ":" + stem))
                # A comparative: the stem with -er (schneller), or with an umlaut (größer).
                if stem != word and word.endswith("er") and len(word) == len(stem) + 2:
                    tags.add("JJR:" + stem)
        if not tags:
            tags.add("RB")
        readings[word] |= tags

    lines = [
        f"# SuperText German lexicon; sources: {PACKAGE} {VERSION} (PyPI wheel {WHEEL}, sha256 {WHEEL_SHA256}), "
        f"nouns with gender and case forms compiled from the German Wiktionary, licence CC BY-SA 4.0, see "
        f"LICENSE-german-nouns.txt; and the Hunspell dictionary de_DE (igerman98, Debian hunspell-de-de 20161207-11, "
        f"GPL-2 or GPL-3 or OASIS) read through the hunspell command for which words exist and what their stems are; "
        f"words of Dictionaries/frequencies/de.tsv; this file is licensed CC BY-SA 4.0; {REGENERATE}"
    ]
    for word in sorted(readings):
        lines.append(word + "\t" + " ".join(sorted(readings[word])))
    write_atomically(LEXICON_OUT, ("\n".join(lines) + "\n").encode("utf-8"))
    write_atomically(LICENCE_OUT, licence)
    print(f"wrote {LEXICON_OUT} ({len(readings)} words)", file=sys.stderr)
    return 0


PINNED = {
    "aff": "ed0416b7148e73f07015bb44b9812f853ac2786757dc91e910023204f5dd9a0b",
    "dic": "3fc9ca7132eda6ee0607780c0905373c40e6de8022a7d59f81ae0996aea8481a",
}

if __name__ == "__main__":
    sys.exit(main())
