#!/usr/bin/env python3
"""Count the gender of the determiners before Spanish nouns in clean text, for the lexicon.

Usage:
    python3 scripts/count-spanish-genders.py [--debs DIR]

Why: the Spanish lexicon (scripts/build-spanish-lexicon.py) gives a noun of one form its gender
from its ending, and endings like -e, -l, -n, -z say nothing (el árbol, la red, el restaurante,
la clase), so thousands of nouns are read as either gender and no agreement rule judges "la
pueblo" or "una restaurante" there. Edited text says it: a noun that follows "el", "un",
"este", "los"... and never "la", "una", "esta", "las"... is masculine. This script counts, for
each lowercase word, the masculine and the feminine determiners directly before it, and writes
the counts to Dictionaries/grammar/es-noun-genders.tsv, which the lexicon build reads (it
stays offline; the decision and its thresholds are there).

Text: the Spanish documentation of a few Debian 12 packages (LibreOffice's and GIMP's help,
GNOME's user guide, the Debian Administrator's Handbook, Debian Edu's manual...) and the
Spanish translations of three games (Wesnoth and its campaigns' stories, Freeciv, Widelands), pinned by version and the sha256
of the .deb (downloaded with `apt-get download PKG=VERSION` into DIR, unless already there;
nothing is installed). The manual pages (manpages-es), the Debian Reference
(debian-reference-es) and the fortunes (fortunes-es) are left out on purpose: they are the
clean texts on which the Spanish rules are judged.

What is counted: a determiner and a word separated by spaces only (no punctuation, no tag
between paragraphs), the word written in lowercase in the text, in paragraphs counted once
each (help pages repeat their boilerplate). Before a word that begins with a or ha, "el",
"un", "del", "al", "algún", "ningún" are counted apart (column el_a): feminine nouns with a
stressed a take them (el agua, un hacha), so they show no gender there. Possessives and cada, cualquier are
counted too (column neutral), and every occurrence of the word: a noun mostly follows a
determiner, an adjective seldom.

Only the standard library (and apt-get, dpkg-deb) is used. See docs/grammar.md.
"""

from __future__ import annotations

import argparse
import gettext
import hashlib
import html
import re
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
OUT = REPO_ROOT / "Dictionaries" / "grammar" / "es-noun-genders.tsv"
REGENERATE = "regenerate with: python3 scripts/count-spanish-genders.py"

WESNOTH_MO = "usr/share/games/wesnoth/1.16/locale/es/LC_MESSAGES/*.mo"
# package, version, sha256 of the .deb, licence of its Spanish text, globs of that text.
PACKAGES = [
    ("libreoffice-help-es", "4:7.4.7-1+deb12u14", "9128a84d83d92c8b1c618d90469d16affddb7d1290b09d42a0c5109cb16f0480",
     "MPL-2.0", ["usr/share/libreoffice/help/es/**/*.html"]),
    ("gnome-user-docs", "43.0-2", "0d635a840747958ca84da778b40d341f1155603851f922c9a171f5a181d6a39f",
     "CC-BY-SA-3.0", ["usr/share/help/es/**/*.page"]),
    ("debian-handbook", "11.20220922", "3d5dbeac1f1afc9c094eab9d0f701f6ecff99c4927d5a4794cf6c85678134faa",
     "GPL-2.0+ or CC-BY-SA-3.0", ["usr/share/doc/debian-handbook/html/es-ES/*.html"]),
    ("debian-edu-doc-es", "2.12.23~deb12u1", "83f3c1bc05cf8bd2604df2d59e48f0b426744aee2820abae022c640891306742",
     "GPL-2+", ["usr/share/doc/debian-edu-doc-es/debian-edu-bookworm-manual.html"]),
    ("maint-guide-es", "1.2.53", "5a76b5e43285173ce4cce9284fb47b9a1851a68a9c0c0b8300c338d8890a42b6",
     "GPL-2.0+ or MIT", ["usr/share/doc/maint-guide-es/html/*.html"]),
    ("aptitude-doc-es", "0.8.13-5", "a4245500fe3b449791a9f5910869b4bec4cc7e55e108b28fd03a55737687a917",
     "GPL-2+", ["usr/share/doc/aptitude/html/es/*.html"]),
    ("gimp-help-es", "2.10.34-2", "4c1cd250dd4196d183439acc1c70d313bb4104658458181f93898bc1d7ae0a8e",
     "GFDL-NIV-1.2+", ["usr/share/gimp/2.0/help/es/**/*.html"]),
    # Games' Spanish translations (message catalogues): descriptions of units, buildings, nations.
    ("wesnoth-1.16-data", "1:1.16.9-1", "1012b964bd412a6770685e3324ae3b61e176caff7846192d1ee63d55cd621e26",
     "GPL-2", [WESNOTH_MO, "usr/share/doc/wesnoth-1.16-data/manual.es.html"]),
    ("freeciv-data", "3.0.6-1+deb12u1", "278bed022b87408ca9923aa727bef3d6c97875c811723e93ff95dded1b9b76b2",
     "GPL-2+", ["usr/share/locale/es/LC_MESSAGES/freeciv-*.mo"]),    # Wesnoth's campaigns (their stories and dialogues) and Widelands' (tribes, scenarios).
    ("wesnoth-1.16-did", "1:1.16.9-1", "774619f5aaeb7eb4c848e1cc1758795a8c58e96bd270cceecc9d847dbcc769b3", "GPL-2", [WESNOTH_MO]),
    ("wesnoth-1.16-dm", "1:1.16.9-1", "1997ad4d91e8de36415db2a3445904288f588a76d75111222d2aace409ace5c6", "GPL-2", [WESNOTH_MO]),
    ("wesnoth-1.16-dw", "1:1.16.9-1", "47982e08b2a5d5fd79f400a5453f32c6d7dd56f2ccc10412a9e47dec8a9b3ca4", "GPL-2", [WESNOTH_MO]),
    ("wesnoth-1.16-ei", "1:1.16.9-1", "687abe111ee662b7324336ddadc209758f68d2eeb1ccbf630238f27a0e3c6404", "GPL-2", [WESNOTH_MO]),
    ("wesnoth-1.16-httt", "1:1.16.9-1", "05b16a3f8f8204278794aae14d8e6a7c95d2b2faef7337c4997c827a146d1bbd", "GPL-2", [WESNOTH_MO]),
    ("wesnoth-1.16-l", "1:1.16.9-1", "5383c79046df6121929bc36a8ec3f970ab4cf9c1239ed9b31868201c27f4266d", "GPL-2", [WESNOTH_MO]),
    ("wesnoth-1.16-low", "1:1.16.9-1", "2f304551b97b7fb76a2adb5ad8ffcac3e78476bc8ade17532c90714065c9bf9f", "GPL-2", [WESNOTH_MO]),
    ("wesnoth-1.16-nr", "1:1.16.9-1", "13edcf1bdd23708f531ba81c67100c5800363a119f10155c7f9e146fe7dced34", "GPL-2", [WESNOTH_MO]),
    ("wesnoth-1.16-sof", "1:1.16.9-1", "b6f1ddffdbd1a977f3965dae944e4fb11c147627471f1cfc71c92d1e69efb555", "GPL-2", [WESNOTH_MO]),
    ("wesnoth-1.16-sota", "1:1.16.9-1", "fa44304ff53d259f3c5fe13c03cb8166e55e9c307807d1a5663048c396645ba6", "GPL-2", [WESNOTH_MO]),
    ("wesnoth-1.16-sotbe", "1:1.16.9-1", "877a2f4a7fd8df54fd3b4561ffbd5fa95d0390d7c7372f3cb66367c8007918cb", "GPL-2", [WESNOTH_MO]),
    ("wesnoth-1.16-thot", "1:1.16.9-1", "79d9ec6e43300ea9f41295ccf3fb451e8eeaefc17007123f65d77eb05cb88695", "GPL-2", [WESNOTH_MO]),
    ("wesnoth-1.16-trow", "1:1.16.9-1", "b5009e964ac7157a46d50de911e4f56f5bb4389d60b82a513b5f382671d180d7", "GPL-2", [WESNOTH_MO]),
    ("wesnoth-1.16-tsg", "1:1.16.9-1", "38b5f564253b8e0d9c093b2b7c58aabfef24f688968d9cbaf42abfc1e76d8288", "GPL-2", [WESNOTH_MO]),
    ("wesnoth-1.16-ttb", "1:1.16.9-1", "d0d45693665305191488553ade8dc1d0aa26ab17d4bffae3bf6969db4a766329", "GPL-2", [WESNOTH_MO]),
    ("wesnoth-1.16-utbs", "1:1.16.9-1", "81e05717bebbfb6348c0bed2cd6ce2560c4fd9205ed419c2e7bc039b4a70e228", "GPL-2", [WESNOTH_MO]),
    ("widelands-data", "2:1.1-3", "0e23d645b15bcfb9e3bcae0de9bc1bdfa75a6ecb36b2e449759d6eb0b4bbd8fb",
     "GPL-2+", ["usr/share/games/widelands/data/locale/es/LC_MESSAGES/*.mo"]),
]

MASCULINE = set(
    "el un del al este ese aquel algún ningún otro mucho poco tanto nuestro vuestro dicho cierto "
    "los unos estos esos aquellos algunos ningunos otros muchos pocos tantos nuestros vuestros dichos ciertos varios".split()
)
FEMININE = set(
    "la una esta esa aquella alguna ninguna otra mucha poca tanta nuestra vuestra dicha cierta "
    "las unas estas esas aquellas algunas ningunas otras muchas pocas tantas nuestras vuestras dichas ciertas varias".split()
)
# Determiners of either gender: they say a noun follows, not its gender.
NEUTRAL = {"mi", "tu", "su", "mis", "tus", "sus", "cada", "cualquier"}
BEFORE_STRESSED_A = {"el", "un", "del", "al", "algún", "ningún"}
# Code, examples and menus' keys are not prose.
SKIPPED = re.compile(r"<(script|style|pre|code|screen|programlisting|tt|kbd|literal|command|filename|userinput)\b.*?</\1\s*>", re.S | re.I)
BLOCK = re.compile(r"</?(p|div|li|td|th|tr|h[1-6]|title|dt|dd|br|table|ul|ol|section|page|note|item|info|desc|caption|link|a)\b[^>]*>", re.I)
TAG = re.compile(r"<[^>]+>")
TOKEN = re.compile(r"[A-Za-zÁÉÍÓÚÜÑáéíóúüñ]+|[^\sA-Za-zÁÉÍÓÚÜÑáéíóúüñ]")
LOWER = re.compile(r"[a-záéíóúüñ]+")


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def fetch(debs: Path, package: str, version: str, expected: str) -> Path:
    matches = [p for p in debs.glob(f"{package}_*.deb") if sha256_of(p) == expected]
    if not matches:
        subprocess.run(["apt-get", "download", f"{package}={version}"], cwd=debs, check=True)
        matches = [p for p in debs.glob(f"{package}_*.deb") if sha256_of(p) == expected]
    if not matches:
        raise SystemExit(f"{package} {version}: no .deb in {debs} with the pinned sha256 {expected}")
    return matches[0]


def paragraphs(markup: str):
    markup = SKIPPED.sub(" ", markup)
    markup = BLOCK.sub("\n\n", markup)
    text = html.unescape(TAG.sub("", markup))
    for paragraph in re.split(r"\n\s*\n", text):
        paragraph = " ".join(paragraph.split())
        if paragraph:
            yield paragraph


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--debs", default=None, help="directory holding (or to download) the pinned .deb files")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        debs = Path(args.debs) if args.debs else Path(tmp) / "debs"
        debs.mkdir(parents=True, exist_ok=True)
        seen: set[str] = set()
        masculine, feminine, el_a, neutral, occurrences = Counter(), Counter(), Counter(), Counter(), Counter()
        words = 0
        for package, version, expected, _, globs in PACKAGES:
            deb = fetch(debs, package, version, expected)
            root = Path(tmp) / "x" / package
            root.mkdir(parents=True, exist_ok=True)
            subprocess.run(["dpkg-deb", "-x", str(deb), str(root)], check=True)
            for pattern in globs:
                for path in sorted(root.glob(pattern)):
                    if path.suffix == ".mo":
                        with path.open("rb") as catalogue:
                            messages = gettext.GNUTranslations(catalogue)._catalog  # type: ignore[attr-defined]
                        markup = "\n\n".join(text for key, text in sorted(messages.items(), key=str) if key)
                    else:
                        markup = path.read_text(encoding="utf-8", errors="replace")
                    for paragraph in paragraphs(markup):
                        if paragraph in seen:
                            continue
                        seen.add(paragraph)
                        tokens = TOKEN.findall(paragraph)
                        words += len(tokens)
                        occurrences.update(tokens)
                        for before, word in zip(tokens, tokens[1:]):
                            if not LOWER.fullmatch(word):
                                continue
                            determiner = before.lower()
                            if determiner in BEFORE_STRESSED_A and word.startswith(("a", "á", "ha", "há")):
                                el_a[word] += 1
                            elif determiner in MASCULINE:
                                masculine[word] += 1
                            elif determiner in FEMININE:
                                feminine[word] += 1
                            elif determiner in NEUTRAL:
                                neutral[word] += 1
    counted = masculine.keys() | feminine.keys() | el_a.keys()
    rows = sorted(w for w in counted if masculine[w] + feminine[w] + el_a[w] >= 2)
    sources = ", ".join(f"{p} {v} ({licence})" for p, v, _, licence, _ in PACKAGES)
    header = (
        "# SuperText Spanish noun genders: how often each lowercase word follows a masculine (el, un, los, este...) "
        "and a feminine (la, una, las, esta...) determiner, and el/un/del/al/algún/ningún before a word in a- or ha- "
        f"(el_a); counted in the Spanish documentation of Debian 12 packages {sources}, each paragraph once, "
        f"{words} tokens; words seen at least twice; read by scripts/build-spanish-lexicon.py; "
        f"format: word<TAB>masculine<TAB>feminine<TAB>el_a<TAB>neutral (after mi, tu, su, mis, tus, sus, cada, cualquier)<TAB>occurrences (in lowercase, after anything); {len(rows)} words; see LICENSE-es-noun-genders.txt; {REGENERATE}"
    )
    lines = [f"{w}\t{masculine[w]}\t{feminine[w]}\t{el_a[w]}\t{neutral[w]}\t{occurrences[w]}" for w in rows]
    OUT.write_text(header + "\n" + "\n".join(lines) + "\n", encoding="utf-8", newline="\n")
    print(f"{OUT.relative_to(REPO_ROOT)}: {len(rows)} words from {words} tokens", file=sys.stderr)


if __name__ == "__main__":
    main()
