#!/usr/bin/env python3
"""Build Dictionaries/grammar/fr-lexicon.tsv from the installed Hunspell French dictionary.

Usage:
    python3 scripts/build-french-lexicon.py [--dictionary DIR]

Why: the French rules need, for a word, its part of speech, its gender and number, and for a
verb its person, number, tense and auxiliary ("maisons" is a feminine plural noun, "mangent"
the third person plural of "manger", "allé" the past participle of a verb conjugated with
"être"). The French Hunspell dictionary of Dicollecte (the one Grammalecte uses, Debian's
hunspell-fr-classical) carries exactly that as morphological fields on its entries and affix
rules (`po:nom is:fem`, `po:ipre po:3pl`). This script expands the dictionary's suffix rules
into word forms with their fields, the way Hunspell itself applies them, and writes one line
per form.

What it does:
  1. Reads fr.aff and fr.dic from DIR (default /usr/share/hunspell) and checks their sha256
     against the pinned version (Dicollecte 7.0 "classique", Debian hunspell-fr-classical
     1:7.0-1); another version is refused, so the output always traces back to one source.
  2. Expands every entry: the entry itself unless it carries NEEDAFFIX `()`, and each suffix
     rule of each of its suffix flags whose condition holds (`FLAG long`, strip, add,
     condition, fields). Prefixes are elisions (l', d', qu'...) and unit prefixes (kilo...),
     which the rules read as separate words: they are not expanded.
  3. Maps the fields to SuperText's tags and features:
       po:nom -> NN, po:prn (first names) -> NNP, lowercase, po:adj -> JJ, po:adv -> RB, po:nb -> CD, po:nbro -> JJ,
       po:infi -> VB, po:ppas -> VBN, po:ppre -> VBG, other verb forms -> VBF;
       is:mas m, is:fem f, is:epi m f, is:sg sg, is:pl pl, is:inv sg pl;
       po:1sg .. po:3pl person and number (1 2 3, sg pl); tenses by Dicollecte's names
       (ipre iimp ipsi ifut cond spre simp impe); auxiliary from the verb's code
       (`po:v1_it_q__a`: next to last letter `e` -> ae, "conjugated with être"; last letter
       `a` -> aa, "with avoir").
     Left out: grammatical words (po:mg: determiners, pronouns, prepositions, conjunctions,
     which the rules know by hand, with their gender and number), proper nouns other than
     first names, first names not in the frequency list, any other word with a capital, words with a space or a dot, interjections, prefixes, one-letter nouns
     (the names of letters), the interrogative person that only exists before "-je" (po:1jsg,
     po:1isg: "mangé-je"; the same form stays a past participle), and the verb readings of verbs whose infinitive is not in
     Dictionaries/frequencies/fr.tsv (rare verbs whose forms are mostly other, common words:
     "chose" of "choser").
  4. Keeps the words of Dictionaries/frequencies/fr.tsv, and every noun, adjective, infinitive,
     past participle, present indicative and present subjunctive form of the lemmas those words have (so that "les
     maison" can become "les maisons" and "ils mange" "ils mangent" even when the form the rule
     needs is rare).
  5. Writes `word<TAB>reading reading ...`; a reading is `TAG.feature.feature:lemma`, without
     `:lemma` when the lemma is the word. Readings and lines are sorted (code point order), so a
     rerun gives a byte-identical file. One `#` header line names the source, its sha256 and
     licence. The dictionary's licence (MPL 2.0) is copied beside it as LICENSE-dicollecte.txt.

Only the standard library is used. See docs/grammar.md.
"""

from __future__ import annotations

import argparse
import hashlib
import re
import sys
from collections import defaultdict
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = REPO_ROOT / "Dictionaries" / "grammar"
FREQUENCIES = REPO_ROOT / "Dictionaries" / "frequencies" / "fr.tsv"
LEXICON_OUT = OUT_DIR / "fr-lexicon.tsv"
LICENCE_OUT = OUT_DIR / "LICENSE-dicollecte.txt"
MPL_TEXT = Path("/usr/share/common-licenses/MPL-2.0")

AFF_SHA256 = "b0aa05cec5f2de2372c3ab6b2726288c39fcb384e602dbade97e91020edc25a7"
DIC_SHA256 = "4b1415593d599dbd943dde6d00515bbde3b4287ab62666242d959f74ddb16a6e"
MPL_SHA256 = "fab3dd6bdab226f1c08630b1dd917e11fcb4ec5e1e020e2c16f83a0a13863e85"

TENSES = ("ipre", "iimp", "ipsi", "ifut", "cond", "spre", "simp", "impe")
PERSONS = {"1sg": ("1", "sg"), "2sg": ("2", "sg"), "3sg": ("3", "sg"),
           "1pl": ("1", "pl"), "2pl": ("2", "pl"), "3pl": ("3", "pl")}
# Feature order in a reading.
FEATURE_ORDER = ("m", "f", "1", "2", "3", "sg", "pl") + TENSES + ("ae", "aa")
FEATURE_RANK = {name: rank for rank, name in enumerate(FEATURE_ORDER)}
TAG_ORDER = ("NN", "NNP", "JJ", "RB", "CD", "VB", "VBN", "VBG", "VBF")
TAG_RANK = {tag: rank for rank, tag in enumerate(TAG_ORDER)}
# Forms kept for every lemma of a frequent word, even when rare themselves.
KEPT_FOR_LEMMA = ("NN", "JJ", "VB", "VBN")
VERB_TAGS = ("VB", "VBN", "VBG", "VBF")
# A lowercase word: letters (with their accents), hyphens and apostrophes between them.
WORD = re.compile(r"[a-zàâäéèêëîïôöùûüÿçœæ]+(?:['-][a-zàâäéèêëîïôöùûüÿçœæ]+)*")
REGENERATE = "regenerate with: python3 scripts/build-french-lexicon.py"


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def check(path: Path, expected: str) -> None:
    actual = sha256_of(path)
    if actual != expected:
        raise SystemExit(
            f"{path} is not the pinned version (Dicollecte 7.0, Debian hunspell-fr-classical 1:7.0-1):\n"
            f"  expected sha256 {expected}\n  got             {actual}"
        )


def read_suffixes(aff: Path) -> dict[str, list[tuple[str, str, re.Pattern | None, list[str]]]]:
    """Suffix rules by flag: (strip, add, condition, fields)."""
    rules: dict[str, list] = defaultdict(list)
    for line in aff.read_text(encoding="utf-8").splitlines():
        parts = line.split()
        if len(parts) < 5 or parts[0] != "SFX":
            continue
        flag, strip, add, condition = parts[1], parts[2], parts[3], parts[4]
        add = add.split("/")[0]
        rules[flag].append((
            "" if strip == "0" else strip,
            "" if add == "0" else add,
            None if condition == "." else re.compile("(?:" + condition + ")$"),
            parts[5:],
        ))
    return rules


def expand(dic: Path, suffixes) -> dict[str, set[tuple[str, tuple[str, ...]]]]:
    """Every form with (lemma, fields)."""
    forms: dict[str, set] = defaultdict(set)
    lines = dic.read_text(encoding="utf-8").splitlines()
    for line in lines[1:]:
        if not line.strip():
            continue
        head, *fields = line.split(" ")
        word, _, flags = head.partition("/")
        flag_list = [flags[i:i + 2] for i in range(0, len(flags), 2)]
        if "()" not in flag_list:
            forms[word].add((word, tuple(fields)))
        for flag in flag_list:
            for strip, add, condition, rule_fields in suffixes.get(flag, ()):
                if condition is not None and not condition.search(word):
                    continue
                if strip and not word.endswith(strip):
                    continue
                form = word[: len(word) - len(strip)] + add
                forms[form].add((word, tuple(fields) + tuple(rule_fields)))
    return forms


def readings(fields: tuple[str, ...]) -> list[tuple[str, tuple[str, ...]]]:
    """The (tag, features) readings of one line of fields."""
    pos = [f[3:] for f in fields if f.startswith("po:")]
    info = [f[3:] for f in fields if f.startswith("is:")]
    # Grammatical words are written by hand; names, interjections, prefixes and titles give no
    # reading, but a title that is also a noun ("professeur") keeps its noun.
    if "mg" in pos:
        return []
    features: set[str] = set()
    for value in info:
        features |= {"mas": {"m"}, "fem": {"f"}, "epi": {"m", "f"}, "sg": {"sg"}, "pl": {"pl"},
                     "inv": {"sg", "pl"}}.get(value, set())
    verb_code = next((p for p in pos if p.startswith("v") and p[1:2].isdigit()), None)
    result: list[tuple[str, tuple[str, ...]]] = []
    if verb_code is not None:
        auxiliary = set()
        if len(verb_code) >= 2 and verb_code[-2] == "e":
            auxiliary.add("ae")
        if verb_code[-1] == "a":
            auxiliary.add("aa")
        tenses = [p for p in pos if p in TENSES]
        persons = [PERSONS[p.rstrip("!")] for p in pos if p.rstrip("!") in PERSONS]
        if "infi" in pos:
            result.append(("VB", tuple(auxiliary)))
        if "ppre" in pos:
            result.append(("VBG", tuple(auxiliary)))
        if "ppas" in pos:
            result.append(("VBN", tuple(features | auxiliary)))
        if tenses and persons:
            verb_features = set(tenses) | auxiliary
            for person, number in persons:
                verb_features |= {person, number}
            result.append(("VBF", tuple(verb_features)))
    for p in pos:
        if p == "prn":
            result.append(("NNP", tuple(features & {"m", "f"})))
        elif p == "nom":
            result.append(("NN", tuple(features)))
        elif p in ("adj", "nbro"):
            result.append(("JJ", tuple(features)))
        elif p == "adv":
            result.append(("RB", ()))
        elif p == "nb":
            result.append(("CD", tuple(features)))
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dictionary", default="/usr/share/hunspell", help="directory of fr.aff and fr.dic")
    args = parser.parse_args()
    aff = Path(args.dictionary) / "fr.aff"
    dic = Path(args.dictionary) / "fr.dic"
    check(aff, AFF_SHA256)
    check(dic, DIC_SHA256)
    check(MPL_TEXT, MPL_SHA256)

    frequent = {
        line.split("\t", 1)[0]
        for line in FREQUENCIES.read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")
    }
    forms = expand(dic, read_suffixes(aff))
    lexicon: dict[str, set[tuple[str, tuple[str, ...], str]]] = defaultdict(set)
    for written, entries in forms.items():
        for lemma, fields in entries:
            form = written
            # First names are kept lowercase, as the rules look words up, when common.
            if "po:prn" in fields:
                form, lemma = written.lower(), lemma.lower()
                if form not in frequent:
                    continue
            if not WORD.fullmatch(form) or not WORD.fullmatch(lemma):
                continue
            for tag, features in readings(fields):
                if tag == "NN" and len(form) == 1:
                    continue
                # A verb none of whose forms is common enough to be in the frequency list is
                # left out ("chose" is not read as a form of "choser").
                if tag in VERB_TAGS and lemma not in frequent:
                    continue
                lexicon[form].add((tag, tuple(sorted(features, key=FEATURE_RANK.__getitem__)), lemma))

    lemmas = {lemma for word in frequent for (_, _, lemma) in lexicon.get(word, ())}
    kept = {
        word for word, entries in lexicon.items()
        if word in frequent
        or any(lemma in lemmas and (tag in KEPT_FOR_LEMMA or (tag == "VBF" and "ipre" in features))
               for tag, features, lemma in entries)
        or any(lemma in lemmas and tag == "VBF" and "spre" in features for tag, features, lemma in entries)
    }

    lines = []
    for word in sorted(kept):
        fields = []
        for tag, features, lemma in sorted(lexicon[word], key=lambda r: (TAG_RANK[r[0]], r[1], r[2])):
            head = ".".join((tag,) + features)
            fields.append(head if lemma == word else f"{head}:{lemma}")
        lines.append(word + "\t" + " ".join(dict.fromkeys(fields)))

    header = (
        "# SuperText French lexicon; source: the Hunspell French dictionary of Dicollecte 7.0 "
        f"\"classique\" (Debian hunspell-fr-classical 1:7.0-1), fr.aff sha256 {AFF_SHA256}, "
        f"fr.dic sha256 {DIC_SHA256}, its suffix rules expanded with their morphological fields; "
        "licence: MPL-2.0, Copyright 2007-2018 Dicollecte contributors, see LICENSE-dicollecte.txt; "
        f"only words of Dictionaries/frequencies/fr.tsv (sha256 {sha256_of(FREQUENCIES)}) and the noun, "
        "adjective, infinitive, past participle, present indicative and present subjunctive forms of their lemmas; "
        "format: word<TAB>readings, a reading is TAG.feature...:lemma (no :lemma when the lemma is the word), "
        "tags NN NNP JJ RB CD VB VBN VBG VBF, features m f sg pl 1 2 3 ipre iimp ipsi ifut cond spre simp impe "
        f"ae aa; {len(lines)} words; {REGENERATE}"
    )
    write(LEXICON_OUT, header + "\n" + "\n".join(lines) + "\n")
    licence = (
        "The French lexicon (fr-lexicon.tsv) is derived from the Hunspell French dictionary of\n"
        "Dicollecte (https://grammalecte.net), version 7.0 \"classique\", as packaged by Debian\n"
        "(hunspell-fr-classical 1:7.0-1).\n\n"
        "Copyright 2007-2018 Dicollecte contributors.\n"
        "This Source Code Form is subject to the terms of the Mozilla Public License, v. 2.0.\n"
        "The derived file is distributed under the same licence; its source is the dictionary\n"
        "above, and scripts/build-french-lexicon.py rebuilds it.\n\n"
        "----\n\n" + MPL_TEXT.read_text(encoding="utf-8")
    )
    write(LICENCE_OUT, licence)
    print(f"{LEXICON_OUT.relative_to(REPO_ROOT)}: {len(lines)} words", file=sys.stderr)


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8", newline="\n")
    tmp.replace(path)


if __name__ == "__main__":
    main()
