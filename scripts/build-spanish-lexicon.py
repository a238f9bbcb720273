#!/usr/bin/env python3
"""Build Dictionaries/grammar/es-lexicon.tsv from the installed Hunspell Spanish dictionary.

Usage:
    python3 scripts/build-spanish-lexicon.py [--dictionary DIR]

Why: the Spanish rules need, for a word, whether it is a noun or adjective and its gender and
number ("casas" feminine plural, "rojo" masculine singular with the forms roja, rojos, rojas),
and for a verb its person, number and tense ("tiene" third person singular present of "tener",
whose first person is "tengo"). The Spanish Hunspell dictionary (RLA-ES, Debian hunspell-es)
has no morphological fields, but its affix classes say it: flag S makes a plural, flag G a
feminine (rojo/GS: roja, rojos, rojas), flags R E I X conjugate a verb and D makes its past
participle. This script expands those suffix rules the way Hunspell applies them and reads
what each form is from the class and the ending.

What it does:
  1. Reads es_ES.aff and es_ES.dic from DIR (default /usr/share/hunspell) and checks their
     sha256 against the pinned version (Debian hunspell-es 1:7.5.0-1); another is refused.
  2. Prefix classes (in-, im-, des-, re-...) make entries of their own with the word's suffix
     flags (importante is im + portante, deshacer des + hacer), as Hunspell accepts them. They
     add forms no entry has, and the noun or adjective of a form that is else only a verb form
     and no entry (deporte, de + porte, is deportar's subjunctive too).
  3. Nouns and adjectives (lowercase entries with S or G and no verb flag):
       G: the entry is masculine singular (both genders when it ends in -e: caliente), its G
          forms feminine (-a singular, -as plural), its
          S form masculine plural; tagged JJ. The class holds adjectives and nouns of persons
          alike (rojo/GS, hermano/GS), so a word of it is NN too when the dictionary gives it
          no adjective's derivative (adverb in -mente of the feminine, flags K M J: -idad, -ez,
          -bilidad) and at least PERSON_SHARE of its masculine forms' occurrences follow a
          determiner or possessive in es-noun-genders.tsv (el hermano, mi hijo; rojo 11%), and
          the kin nouns KIN, which that text has too seldom (primo, abuelo, novio).
       S only: an adjective (JJ) when it makes an adverb in -mente (fácil → fácilmente, nuevo
          → nuevamente) or ends in -nte, is seen MIN_OCCURRENCES times in es-noun-genders.tsv
          and follows a determiner less than MIN_NOUN of the time (importante); such a word of
          one form is NN too only when it follows one at least MIN_NOUN of the time (el final,
          not grande, general); a word in -o or -a keeps its NN (el nuevo, la nueva).
          Otherwise tagged NN, singular, its S form plural; gender from the ending where Spanish
          grammars give it (-o, -aje, -or, -ón, -ambre m; -a, -ción, -sión, -dad, -tad, -tud,
          -umbre, -ez, -eza, -triz, -itis f), with the usual exceptions written below
          (la mano, el día, el problema...); other endings (-e, -l, -z...) no gender, so that
          no rule decides on them, unless es-noun-genders.tsv (scripts/count-spanish-genders.py:
          determiners counted before each word in Debian's Spanish documentation) says it: at
          least MIN_SEEN determiners before the noun and its plural, MIN_SHARE of them of one
          gender (el árbol, los árboles; el restaurante), el/un before a- and ha- counted as
          masculine (el ave, las aves: mixed, so kept). Nouns of persons of either gender (el/la
          cliente) and nouns whose sense goes with the gender are in EITHER.
          A word ending in unstressed -s or -x is both numbers.
       No flags: a singular with a stressed í or ú whose plural in -es is an entry too, since
          flag S would drop the accent (país, países; marroquí, marroquíes), read as S.
  4. Verbs (entries ending in -ar -er -ir -ír with R E I or X): the forms the flags give,
     labelled by person, number and tense where they are the regular ending on one of the
     stems Spanish verbs use (the infinitive's stem, with -ie-, -ue-, -i-, -zc-, -g-, -ig-, -y-
     and the spelling changes c/z, g/j, gu/g, and the short future stems tendr-, podr-...),
     checked against the verb's own forms; present, imperfect, simple past (regular), future,
     conditional, present subjunctive (from the first person's stem). A form of the verb that
     no such ending explains is a finite verb without person (VBF), so no rule judges it. The
     few verbs the dictionary lists form by form (ser, estar, ir, haber, dar...) are written
     below, and so are the others the dictionary lists form by form, an infinitive without
     flags whose gerund is a word too (jugar, andar, soler), against the words without flags.
     Past participles (flag D) are VBN with gender and number; infinitives VB.
  5. Adverbs in -mente (RB).
  6. Keeps the words of Dictionaries/frequencies/es.tsv and the noun, adjective, infinitive
     and present indicative and subjunctive forms of their lemmas.
  7. Writes `word<TAB>reading reading ...`, a reading `TAG.feature.feature:lemma` (no
     `:lemma` when the lemma is the word), sorted, so a rerun gives a byte-identical file. The
     dictionary's licence (GPL-3+ or LGPL-3+ or MPL-1.1+; used under MPL 1.1) is copied beside
     it as LICENSE-hunspell-es.txt.

Closed classes (articles, pronouns, prepositions...) are in Grammar/Spanish/SpanishClosedWordClasses.swift.
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
FREQUENCIES = REPO_ROOT / "Dictionaries" / "frequencies" / "es.tsv"
LEXICON_OUT = OUT_DIR / "es-lexicon.tsv"
LICENCE_OUT = OUT_DIR / "LICENSE-hunspell-es.txt"
GENDER_COUNTS = OUT_DIR / "es-noun-genders.tsv"
# A noun the ending gives no gender takes the one edited text gives it: at least MIN_SEEN
# determiners before its forms, and at least MIN_SHARE of them of one gender.
MIN_SEEN = 5
MIN_SHARE = 0.9
# ... and at least MIN_NOUN of the occurrences of its forms follow a determiner (mi, su, cada
# too): an adjective
# (verde, fiable) or a word of another class (sobre, ser) seldom does, a noun mostly does.
MIN_NOUN = 0.2
# ... and a word in -nte seen at least MIN_OCCURRENCES times that seldom follows one is an
# adjective (importante, interesante), not a noun.
MIN_OCCURRENCES = 20
# A word of the -o/-a class (flag G) is a noun of persons too when at least PERSON_SHARE of the
# occurrences of its masculine forms follow a determiner or possessive (el hermano, mi hijo).
PERSON_SHARE = 0.5
MPL_TEXT = Path("/usr/share/common-licenses/MPL-1.1")

AFF_SHA256 = "459fcfa76382eb2333a3c2833053b3c37bb92345add3f8ad61e94e4413402c40"
DIC_SHA256 = "7a32942f6936329ea0bc311a6288d193a29cb05b3dd79a2e6115a335f7197f5e"
MPL_SHA256 = "f849fc26a7a99981611a3a370e83078deb617d12a45776d6c4cada4d338be469"
REGENERATE = "regenerate with: python3 scripts/build-spanish-lexicon.py"

FEATURE_ORDER = ("m", "f", "1", "2", "3", "sg", "pl", "ipre", "iimp", "ipsi", "ifut", "cond", "spre")
FEATURE_RANK = {name: rank for rank, name in enumerate(FEATURE_ORDER)}
TAG_ORDER = ("NN", "JJ", "RB", "VB", "VBN", "VBG", "VBF")
TAG_RANK = {tag: rank for rank, tag in enumerate(TAG_ORDER)}
VERB_FLAGS = set("REIX")
WORD = re.compile(r"[a-záéíóúüñ]+")
CLITICS = re.compile(r"(?:me|te|se|nos|os|le|les|lo|la|los|las)+")
PERSONS = [("1", "sg"), ("2", "sg"), ("3", "sg"), ("1", "pl"), ("2", "pl"), ("3", "pl")]

# Regular endings by conjugation (-ar, -er, -ir), in the order of PERSONS.
ENDINGS = {
    "ipre": {"ar": "o as a amos áis an", "er": "o es e emos éis en", "ir": "o es e imos ís en"},
    "iimp": {"ar": "aba abas aba ábamos abais aban", "er": "ía ías ía íamos íais ían", "ir": "ía ías ía íamos íais ían"},
    "ipsi": {"ar": "é aste ó amos asteis aron", "er": "í iste ió imos isteis ieron", "ir": "í iste ió imos isteis ieron"},
    "ifut": {c: "é ás á emos éis án" for c in ("ar", "er", "ir")},
    "cond": {c: "ía ías ía íamos íais ían" for c in ("ar", "er", "ir")},
    "spre": {"ar": "e es e emos éis en", "er": "a as a amos áis an", "ir": "a as a amos áis an"},
}

# Gender of nouns by ending (longest first), then the exceptions grammars list.
FEMININE_ENDINGS = ("ción", "sión", "xión", "ión", "dad", "tad", "tud", "umbre", "eza", "ez", "triz", "itis", "ie", "a")
MASCULINE_ENDINGS = ("aje", "ambre", "or", "ón", "ar", "o")
MASCULINE = set(
    "día mapa sofá tranvía planeta cometa papá problema sistema tema programa clima idioma drama poema "
    "esquema dilema síntoma teorema aroma enigma dogma fantasma lema panorama plasma prisma trauma diploma "
    "crucigrama telegrama pijama carisma cisma estigma magma paradigma emblema fonema axioma anagrama "
    "diagrama organigrama holograma pentagrama radiograma holocausto sismo yoga karma delta puma koala "
    "gorila panda colibrí pie pez ajedrez jerez coche avión camión gorrión sarampión aluvión "
    # everyday nouns whose ending says no gender and which the counted documentation has too
    # seldom after a determiner (the dictionary's and the grammars' gender: el restaurante, el fútbol)
    "restaurante hotel parque café deporte fútbol béisbol voleibol básquetbol baile cine diente postre jardín "
    "tren hospital atardecer examen ambiente aceite chocolate tomate pastel arroz maíz crimen billete cheque "
    "juguete paquete monte mantel festival cristal cartel campus chiste filme timbre estante cobre tequila".split()
)
FEMININE = set(
    "mano foto moto radio libido dinamo seo flor labor coliflor razón sinrazón sazón imagen virgen "
    "sartén sal miel piel col ley red sed pared pleamar bajamar nieve noche calle leche carne gente muerte suerte "
    "catástrofe cárcel catedral nariz fiebre "
    "fuente frente mente parte clase llave nave tarde base fase torre sangre hambre".split()
)
# Kin and other nouns of persons in -o/-a that the documentation the counts come from has too
# seldom after a determiner (primo, abuelo, novio: fewer than MIN_SEEN; amigo, mostly as an
# adjective there: 42%): the dictionary's class G marks no noun apart from its adjectives.
KIN = set("amigo primo abuelo nieto sobrino novio esposo cuñado muchacho".split())
# ... and quantifiers, possessives and ordinals of the class, which follow a determiner as what
# they are (los pocos, el suyo, el tercer día), not as nouns.
NOT_PERSONS = set("poco cuanto suyo tuyo mío nuestro vuestro tercer primer".split())
# Nouns of either gender (el/la artista, el/la estudiante): no gender, no rule decides.
EITHER = set(
    "artista periodista dentista turista pianista deportista guía policía testigo joven cantante "
    "estudiante modelo mar par azúcar titular auxiliar escolar bipolar arte internet juez mejor peor mayor menor superior inferior anterior posterior exterior interior ulterior cura papa pirata capital cólera orden frente coma parte mañana corte cometa pendiente margen final terminal radio_no".split()
) - {"radio_no"}
# Nouns that keep either gender whatever the counts say: nouns of persons of either gender (el/la
# cliente, la líder), nouns of both genders (el/la lente, el/la tilde) and nouns whose sense goes
# with the gender (el/la editorial, el/la vocal), which technical text uses in one of them far
# more; and adjectives and closed-class words that follow a determiner often enough.
EITHER_COUNTED = set(
    "agente asistente atacante cliente comandante descendiente gobernante habitante intérprete jinete líder "
    "nigromante oponente principiante remitente fabricante exponente jefe adolescente paciente representante "
    "participante contribuyente solicitante integrante dirigente residente visitante votante amante ayudante "
    "aspirante acompañante manifestante hablante informante concursante delincuente dependiente conferenciante "
    "comerciante donante firmante demandante sobreviviente superviviente creyente oyente pariente contrincante "
    "combatiente docente suplente teniente sirviente militante simpatizante practicante caminante navegante "
    "tripulante emigrante inmigrante migrante traficante negociante denunciante contratante litigante "
    "cónyuge mártir rehén hereje bebé huésped canciller chófer chofer profesional criminal oficial fiscal comensal "
    "corresponsal concejal rival homicida suicida colega atleta asaltante rebelde responsable secuaz chamán guardabosque "
    "lente tilde secante componente gradiente editorial vocal moral haz doblez génesis clave creciente interfaz "
    "factorial fiable honorable un ante sobre mal bajo "
    # nationalities in -ol, -és, -án, -ín are nouns of persons and, as languages, what a subject is
    # (mis clases son español y matemáticas)
    "español mongol inglés francés portugués japonés holandés irlandés escocés danés finlandés "
    "alemán catalán musulmán".split()
)
# Verbs the dictionary lists form by form, and irregular verbs whose forms no stem explains:
# person forms in the order of PERSONS.
IRREGULAR = {
    "ser": {"ipre": "soy eres es somos sois son", "iimp": "era eras era éramos erais eran",
            "ipsi": "fui fuiste fue fuimos fuisteis fueron", "spre": "sea seas sea seamos seáis sean"},
    "estar": {"ipre": "estoy estás está estamos estáis están", "ipsi": "estuve estuviste estuvo estuvimos estuvisteis estuvieron",
              "spre": "esté estés esté estemos estéis estén"},
    "ir": {"ipre": "voy vas va vamos vais van", "iimp": "iba ibas iba íbamos ibais iban",
           "ipsi": "fui fuiste fue fuimos fuisteis fueron", "spre": "vaya vayas vaya vayamos vayáis vayan"},
    "haber": {"ipre": "he has ha hemos habéis han", "spre": "haya hayas haya hayamos hayáis hayan",
              "ipsi": "hube hubiste hubo hubimos hubisteis hubieron"},
    "dar": {"ipre": "doy das da damos dais dan", "ipsi": "di diste dio dimos disteis dieron", "spre": "dé des dé demos deis den"},
    "saber": {"ipre": "sé sabes sabe sabemos sabéis saben", "spre": "sepa sepas sepa sepamos sepáis sepan",
              "ipsi": "supe supiste supo supimos supisteis supieron"},
    "caber": {"ipre": "quepo cabes cabe cabemos cabéis caben"},
    "ver": {"ipre": "veo ves ve vemos veis ven", "iimp": "veía veías veía veíamos veíais veían", "spre": "vea veas vea veamos veáis vean"},
    "tener": {"ipsi": "tuve tuviste tuvo tuvimos tuvisteis tuvieron"},
    "hacer": {"ipsi": "hice hiciste hizo hicimos hicisteis hicieron", "ifut": "haré harás hará haremos haréis harán"},
    "decir": {"ipsi": "dije dijiste dijo dijimos dijisteis dijeron", "ifut": "diré dirás dirá diremos diréis dirán"},
    "poder": {"ipsi": "pude pudiste pudo pudimos pudisteis pudieron"},
    "poner": {"ipsi": "puse pusiste puso pusimos pusisteis pusieron"},
    "querer": {"ipsi": "quise quisiste quiso quisimos quisisteis quisieron"},
    "venir": {"ipsi": "vine viniste vino vinimos vinisteis vinieron"},
}
# Words that are verb forms but mostly something else: never read as verbs.
NOT_VERBS = set("como bajo sobre entre para hacia mientras cerca nada solo sólo medio vino".split())


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def check(path: Path, expected: str) -> None:
    actual = sha256_of(path)
    if actual != expected:
        raise SystemExit(
            f"{path} is not the pinned version (Debian hunspell-es 1:7.5.0-1 or base-files' MPL-1.1):\n"
            f"  expected sha256 {expected}\n  got             {actual}"
        )


def read_affixes(aff: Path, kind: str) -> dict[str, list[tuple[str, str, re.Pattern | None]]]:
    """The affix rules of `kind` ("SFX" or "PFX") by flag: what to strip, what to add, and the
    condition on the word's end (a suffix) or start (a prefix)."""
    anchor = "(?:{})$" if kind == "SFX" else "^(?:{})"
    rules: dict[str, list] = defaultdict(list)
    for line in aff.read_text(encoding="utf-8").splitlines():
        parts = line.split()
        if len(parts) < 5 or parts[0] != kind:
            continue
        flag, strip, add, condition = parts[1], parts[2], parts[3], parts[4]
        rules[flag].append((
            "" if strip == "0" else strip,
            "" if add == "0" else add.split("/")[0],
            None if condition == "." else re.compile(anchor.format(condition)),
        ))
    return rules


def prefixed(word: str, flags: set[str], prefixes) -> list[tuple[str, set[str]]]:
    """The entries a word's prefix flags make (in + portante, des + hacer), with its other flags:
    Hunspell accepts them with every suffix the word takes, and they are what the word is."""
    entries = []
    for flag in flags & prefixes.keys():
        for strip, add, condition in prefixes[flag]:
            if condition is not None and not condition.search(word):
                continue
            if strip and not word.startswith(strip):
                continue
            entries.append((add + word[len(strip):], flags - prefixes.keys()))
    return entries


def apply(word: str, flag: str, suffixes) -> list[str]:
    forms = []
    for strip, add, condition in suffixes.get(flag, ()):
        if condition is not None and not condition.search(word):
            continue
        if strip and not word.endswith(strip):
            continue
        forms.append(word[: len(word) - len(strip)] + add)
    return forms


def noun_gender(word: str) -> set[str]:
    if word in EITHER:
        return set()
    if word in MASCULINE:
        return {"m"}
    if word in FEMININE:
        return {"f"}
    if word.endswith("ma") and len(word) > 5 and word[-3] in "aeiou":
        # -ema, -oma, -ama of Greek origin are mostly masculine, but not all: no gender.
        return set()
    if word.endswith(("ista", "cida", "ita", "eta")):
        return set()
    for ending in FEMININE_ENDINGS:
        if word.endswith(ending):
            return {"f"}
    for ending in MASCULINE_ENDINGS:
        if word.endswith(ending):
            return {"m"}
    return set()


def read_gender_counts() -> dict[str, tuple[int, int, int, int]]:
    """Masculine and feminine determiners counted before each word and its occurrences
    (es-noun-genders.tsv); el/un
    before a- or ha- count as masculine, so a feminine noun with a stressed a (el ave, las aves)
    comes out mixed and keeps both genders."""
    counts = {}
    for line in GENDER_COUNTS.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            word, masculine, feminine, el_a, neutral, occurrences = line.split("\t")
            counts[word] = (int(masculine) + int(el_a), int(feminine), int(neutral), int(occurrences))
    return counts


def counted_gender(word: str, plurals: list[str], counts: dict[str, tuple[int, int, int, int]]) -> set[str]:
    """The gender the determiners before the noun and its plural give, when they give one."""
    masculine = feminine = neutral = occurrences = 0
    for form in dict.fromkeys([word] + plurals):
        m, f, x, n = counts.get(form, (0, 0, 0, 0))
        masculine, feminine, neutral, occurrences = masculine + m, feminine + f, neutral + x, occurrences + n
    seen = masculine + feminine
    if seen < MIN_SEEN or seen + neutral < MIN_NOUN * occurrences:
        return set()
    if masculine >= MIN_SHARE * seen:
        return {"m"}
    if feminine >= MIN_SHARE * seen:
        return {"f"}
    return set()


def follows_determiner(word: str, plurals: list[str], counts: dict[str, tuple[int, int, int, int]], share: float) -> bool:
    """At least MIN_SEEN determiners or possessives before the word and its plural, and at
    least `share` of its occurrences after one: what a noun does and an adjective seldom does."""
    seen = occurrences = 0
    for form in dict.fromkeys([word] + plurals):
        m, f, x, n = counts.get(form, (0, 0, 0, 0))
        seen, occurrences = seen + m + f + x, occurrences + n
    return seen >= MIN_SEEN and seen >= share * occurrences


def counts_occurrences(word: str, plurals: list[str], counts: dict[str, tuple[int, int, int, int]]) -> int:
    return sum(counts.get(form, (0, 0, 0, 0))[3] for form in dict.fromkeys([word] + plurals))


def both_numbers(word: str) -> bool:
    """Unstressed -s or -x: el lunes, los lunes; la crisis, las crisis."""
    return len(word) > 3 and word[-1] in "sx" and not any(c in "áéíóú" for c in word[-3:])


def stems(infinitive: str) -> list[str]:
    """Stems a verb may conjugate on, the regular one first."""
    stem, ending = infinitive[:-2], infinitive[-2:].replace("í", "i")
    result = [stem]
    # Diphthongs and vowel changes on the last vowel of the stem.
    match = re.search(r"([eoui])([^aeiouáéíóú]*)$", stem)
    if match:
        head, vowel, tail = stem[: match.start()], match.group(1), match.group(2)
        for new in {"e": ("ie", "i"), "o": ("ue",), "u": ("ue",), "i": ("ie",)}.get(vowel, ()):
            result.append(head + new + tail)
    if stem.endswith("c"):
        result += [stem[:-1] + "zc", stem[:-1] + "z", stem[:-1] + "g", stem[:-1] + "qu"]
        if match and match.group(1) == "e":
            result.append(stem[: match.start()] + "ig")  # decir: digo
    if stem.endswith("g"):
        result += [stem[:-1] + "j", stem[:-1] + "gu"]
    if stem.endswith("gu"):
        result += [stem[:-2] + "g", stem[:-2] + "gü"]
        inner = re.search(r"e([^aeiouáéíóú]*)$", stem[:-2])
        if inner:
            result += [stem[: inner.start()] + "i" + inner.group(1) + "g", stem[: inner.start()] + "i" + inner.group(1) + "gu"]  # seguir: sigo, sigue
    if stem.endswith("z"):
        result.append(stem[:-1] + "c")
    result += [s + "g" for s in list(result)] + [stem + "ig", stem + "y", stem + "j"]
    return result


def future_stems(infinitive: str) -> list[str]:
    stem = infinitive.replace("ír", "ir")
    return [stem, stem[:-2] + "r", stem[:-2] + "dr", stem[:-3] + "r"]


def conjugate(infinitive: str, own: set[str]) -> dict[str, set[tuple[str, ...]]]:
    """Labelled forms of a verb, each checked against `own` (the verb's own forms)."""
    conjugation = infinitive[-2:].replace("í", "i")
    labelled: dict[str, set[tuple[str, ...]]] = defaultdict(set)
    irregular = IRREGULAR.get(infinitive, {})
    for tense in ("ipre", "iimp", "ipsi", "ifut", "cond", "spre"):
        if tense in irregular:
            for form, (person, number) in zip(irregular[tense].split(), PERSONS):
                labelled[form].add((person, number, tense))
            continue
        if tense == "spre":
            continue
        if tense in ("ifut", "cond"):
            candidates = future_stems(infinitive)
            endings = ENDINGS[tense][conjugation].split()
        else:
            candidates = stems(infinitive)
            endings = ENDINGS[tense][conjugation].split()
        for (person, number), ending in zip(PERSONS, endings):
            for stem in candidates:
                form = stem + ending
                # -uar, -iar verbs stress the stem: envío, actúo.
                accented = re.sub(r"([iu])(?=[^aeiou]*$)", lambda m: "í" if m.group(1) == "i" else "ú", stem) + ending
                for candidate in (form, accented):
                    if candidate in own:
                        labelled[candidate].add((person, number, tense))
                        break
                else:
                    continue
                break
    if "spre" not in irregular:
        # The present subjunctive is built on the first person of the present: tengo, tenga.
        first = [form for form, labels in labelled.items() if ("1", "sg", "ipre") in labels]
        subjunctive = ENDINGS["spre"][conjugation].split()
        for form in first:
            stem = form[:-1]
            for (person, number), ending in zip(PERSONS, subjunctive):
                for candidate_stem in [stem] + stems(infinitive):
                    candidate = candidate_stem + ending
                    if candidate in own:
                        labelled[candidate].add((person, number, "spre"))
                        break
    return labelled


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dictionary", default="/usr/share/hunspell", help="directory of es_ES.aff and es_ES.dic")
    args = parser.parse_args()
    aff = Path(args.dictionary) / "es_ES.aff"
    dic = Path(args.dictionary) / "es_ES.dic"
    check(aff, AFF_SHA256)
    check(dic, DIC_SHA256)
    check(MPL_TEXT, MPL_SHA256)
    suffixes = read_affixes(aff, "SFX")
    prefixes = read_affixes(aff, "PFX")
    frequent = {
        line.split("\t", 1)[0]
        for line in FREQUENCIES.read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")
    }
    entries, derived = [], []
    for line in dic.read_text(encoding="utf-8").splitlines()[1:]:
        head = line.split()[0] if line.split() else ""
        word, _, flags = head.partition("/")
        if WORD.fullmatch(word):
            entries.append((word, set(flags) - prefixes.keys()))
            derived.extend(prefixed(word, set(flags), prefixes))
    every_word = {word for word, _ in entries + derived}
    headwords = {word for word, _ in entries}
    counts = read_gender_counts()

    def build(entries) -> dict[str, set[tuple[str, tuple[str, ...], str]]]:
        lexicon: dict[str, set[tuple[str, tuple[str, ...], str]]] = defaultdict(set)

        def add(form: str, tag: str, features, lemma: str) -> None:
            # One-letter nouns are the names of letters ("las es"), not what the word mostly is.
            if WORD.fullmatch(form) and not (tag == "NN" and len(lemma) == 1):
                lexicon[form].add((tag, tuple(sorted(set(features), key=FEATURE_RANK.__getitem__)), lemma))

        def noun_or_adjective(word: str, plurals: list[str]) -> None:
            """A noun or adjective of one entry and its plurals (flag S, or the plural the
            dictionary lists apart: país, países)."""
            number = {"sg", "pl"} if both_numbers(word) else {"sg"}
            # An adverb in -mente is made from an adjective's feminine (fácil → fácilmente,
            # grande → grandemente, nueva → nuevamente): a word that makes one is an adjective,
            # of both genders (not in -a or -o, the endings of gender) or of the gender of its
            # ending (nuevo/S and nueva/S, which the dictionary lists apart).
            stem = word[:-1] + "a" if word.endswith("o") else word
            adjective = stem + "mente" in every_word
            # A word in -nte, the ending of the present participle, that edited text seldom puts
            # after a determiner (importante: 13 of 244 occurrences) is an adjective too
            # (importante is im + portante, the dictionary's portante/S; el diente, el cliente
            # follow one).
            unlisted = word not in EITHER | EITHER_COUNTED and not word.endswith(("ista", "cida"))
            if not adjective and unlisted and word.endswith("nte") and counts_occurrences(word, plurals, counts) >= MIN_OCCURRENCES:
                adjective = not follows_determiner(word, plurals, counts, MIN_NOUN)
            # An adjective of one form is a noun too only where edited text puts it after a
            # determiner at least MIN_NOUN of the time (el final, el manual; not grande,
            # general); nuevo and nueva keep the noun the dictionary lists them as.
            noun = not adjective or not unlisted or word.endswith(("a", "o")) or follows_determiner(word, plurals, counts, MIN_NOUN)
            if noun:
                # A noun whose gender the ending does not tell is read as either gender: every
                # agreement accepts it, and patterns that ask for a masculine noun find it.
                gender = noun_gender(word)
                # A noun in -ar that is an adjective too (popular → popularmente, similar, militar)
                # is a noun of either gender: el/la militar, una popular cantante.
                if word.endswith("ar") and word + "mente" in every_word:
                    gender = set()
                elif not gender and unlisted and not adjective:
                    # Not an adjective too (fácil, fácilmente), nor a noun of persons in -ista, -cida.
                    gender = counted_gender(word, plurals, counts)
                gender = gender or {"m", "f"}
                add(word, "NN", gender | number, word)
                for form in plurals:
                    add(form, "NN", gender | {"pl"}, word)
            if adjective:
                gender = {"m"} if word.endswith("o") else {"f"} if word.endswith("a") else {"m", "f"}
                add(word, "JJ", gender | number, word)
                for form in plurals:
                    add(form, "JJ", gender | {"pl"}, word)

        verbs: dict[str, set[str]] = defaultdict(set)
        unflagged = {word for word, flags in entries if not flags}
        for word, flags in entries:
            is_verb = bool(flags & VERB_FLAGS) and word.endswith(("ar", "er", "ir", "ír"))
            if is_verb:
                own = verbs[word]
                own.add(word)
                for flag in flags & VERB_FLAGS:
                    own.update(apply(word, flag, suffixes))
                if "D" in flags:
                    for form in apply(word, "D", suffixes):
                        gender = "f" if form.endswith(("a", "as")) else "m"
                        add(form, "VBN", {gender, "pl" if form.endswith("s") else "sg"}, word)
                continue
            if "G" in flags and word not in MASCULINE | FEMININE | EITHER:
                # A word in -e serves both genders; its -a form is a second feminine of a few
                # nouns of persons (la presidente, la presidenta; el agua caliente).
                gender = {"m", "f"} if word.endswith("e") else {"m"}
                feminine = apply(word, "G", suffixes)
                plurals = apply(word, "S", suffixes) if "S" in flags else []
                # The class holds adjectives and nouns of persons alike (rojo/GS, hermano/GS):
                # a noun of persons is one the dictionary gives no adjective's derivative (no
                # adverb in -mente of its feminine: buenamente; no -idad, -ez, -bilidad) and that
                # follows a determiner or possessive in at least PERSON_SHARE of its masculine
                # occurrences (el hermano, mi hijo; rojo 11%), or a kin term (KIN).
                tags = ["JJ"]
                adjective = flags & set("KMJ") or any(form + "mente" in every_word for form in feminine + [word])
                if word in KIN or not adjective and word not in NOT_PERSONS and follows_determiner(word, plurals, counts, PERSON_SHARE):
                    tags.append("NN")
                for tag in tags:
                    add(word, tag, gender | {"sg", "pl"} if both_numbers(word) else gender | {"sg"}, word)
                    for form in feminine:
                        add(form, tag, {"f", "pl" if form.endswith("s") else "sg"}, word)
                    for form in plurals:
                        add(form, tag, gender | {"pl"}, word)
            elif "S" in flags:
                noun_or_adjective(word, [form for form in apply(word, "S", suffixes) if form != word])
            elif not flags and len(word) > 3 and re.search("[íú]s?$", word) and word + "es" in unflagged:
                # The plural that keeps a stressed í or ú (países, marroquíes), which flag S does
                # not make (its rule writes paises), is an entry of its own, and so is the
                # singular, both without flags.
                noun_or_adjective(word, [word + "es"])
            elif word.endswith("mente") and len(word) > 7:
                add(word, "RB", (), word)
        # Verbs the dictionary lists form by form (ser, jugar: an infinitive without flags whose
        # gerund is a word too): their regular forms are checked against every word.
        listed = set()
        gerunds = {"ar": "ando", "er": "iendo", "ir": "iendo"}
        for word, flags in entries:
            if not flags and len(word) > 3 and word.endswith(("ar", "er", "ir")) and word[:-2] + gerunds[word[-2:]] in every_word:
                verbs.setdefault(word, {word})
                listed.add(word)
        for infinitive in IRREGULAR:
            if infinitive not in verbs:
                verbs[infinitive] = {infinitive}
                listed.add(infinitive)
        for infinitive, own in verbs.items():
            if infinitive not in frequent:
                continue
            irregular = IRREGULAR.get(infinitive, {})
            for tense_forms in irregular.values():
                own.update(tense_forms.split())
            add(infinitive, "VB", (), infinitive)
            # A listed verb's regular form may be a word of its own (jug + o: jugo, juice): only
            # words without flags of their own count as its forms.
            labelled = conjugate(infinitive, own | unflagged if infinitive in listed else own)
            own.update(labelled)
            for form in own:
                # Gerunds, and infinitives and imperatives with a pronoun attached (irritarse, dime).
                if form == infinitive or form.endswith(("ndo", "ndose")) or form in NOT_VERBS or CLITICS.fullmatch(form[len(infinitive):]) and form.startswith(infinitive):
                    continue
                if form.endswith(("ado", "ido", "ada", "ida", "ados", "idos", "adas", "idas")) and form not in labelled:
                    continue
                labels = labelled.get(form)
                if not labels:
                    add(form, "VBF", (), infinitive)
                for person, number, tense in labels or ():
                    add(form, "VBF", (person, number, tense), infinitive)

        return lexicon

    # Words a prefix makes (im + portante) add only forms no entry of the dictionary has: a
    # prefix glued to a short word can spell a word of another class (con + tenta: contenta).
    lexicon = build(entries)
    for form, readings in build(derived).items():
        if form not in lexicon:
            lexicon[form] = readings
        elif all(tag == "VBF" for tag, _, _ in lexicon[form]) and form not in headwords:
            # ... and the noun or adjective of a form that is else only another verb's form
            # (de + porte/S: deporte, which is deportar's subjunctive too), since no entry of the
            # dictionary spells it.
            lexicon[form] |= {reading for reading in readings if reading[0] in ("NN", "JJ")}
    lemmas = {lemma for word in frequent for (_, _, lemma) in lexicon.get(word, ())}
    kept = {
        word for word, readings in lexicon.items()
        if word in frequent
        or any(lemma in lemmas and (tag in ("NN", "JJ", "VB") or (tag == "VBF" and ("ipre" in features or "spre" in features)))
               for tag, features, lemma in readings)
    }
    lines = []
    for word in sorted(kept):
        fields = []
        for tag, features, lemma in sorted(lexicon[word], key=lambda r: (TAG_RANK[r[0]], r[1], r[2])):
            head = ".".join((tag,) + features)
            fields.append(head if lemma == word else f"{head}:{lemma}")
        lines.append(word + "\t" + " ".join(dict.fromkeys(fields)))
    header = (
        "# SuperText Spanish lexicon; source: the Hunspell Spanish dictionary of RLA-ES (Debian hunspell-es "
        f"1:7.5.0-1), es_ES.aff sha256 {AFF_SHA256}, es_ES.dic sha256 {DIC_SHA256}, its suffix classes read as "
        "gender, number, person and tense; licence: MPL-1.1 (one of GPL-3+, LGPL-3+, MPL-1.1+), Copyright "
        "Santiago Bosio, see LICENSE-hunspell-es.txt; only words of Dictionaries/frequencies/es.tsv "
        f"(sha256 {sha256_of(FREQUENCIES)}) and the noun, adjective, infinitive and present forms of their lemmas; "
        f"nouns whose ending gives no gender take the one of es-noun-genders.tsv (sha256 {sha256_of(GENDER_COUNTS)}) "
        f"when at least {MIN_SEEN} determiners, {MIN_SHARE:.0%} of one gender, say it; a word of class G (rojo, hermano) "
        f"is an adjective, and a noun too when it makes no adverb in -mente nor -idad/-ez noun and at least {PERSON_SHARE:.0%} "
        "of its masculine forms follow a determiner, or is a kin noun of the script; a word of class S that makes an adverb "
        f"in -mente is an adjective, of one form a noun too only when at least {MIN_NOUN:.0%} of its occurrences follow a "
        f"determiner, and so is a word in -nte seen {MIN_OCCURRENCES}+ times that seldom does (importante); plurals with "
        "a stressed í or ú listed apart (países) and nouns a prefix makes (de + porte) beside other verbs' forms are read too; "
        "format: word<TAB>readings, a reading is TAG.feature...:lemma, tags NN JJ RB VB VBN VBF, features m f "
        f"1 2 3 sg pl ipre iimp ipsi ifut cond spre; {len(lines)} words; {REGENERATE}"
    )
    write(LEXICON_OUT, header + "\n" + "\n".join(lines) + "\n")
    licence = (
        "The Spanish lexicon (es-lexicon.tsv) is derived from the Hunspell Spanish dictionary of the\n"
        "RLA-ES project (https://github.com/sbosio/rla-es), version 2.x as packaged by Debian\n"
        "(hunspell-es 1:7.5.0-1, /usr/share/hunspell/es_ES.aff and es_ES.dic).\n\n"
        "Copyright Santiago Bosio. The dictionary is distributed under GPL-3+ or LGPL-3+ or\n"
        "MPL-1.1+, at the user's choice; SuperText uses it under the Mozilla Public License 1.1.\n"
        "The derived file is distributed under the same licence; its source is the dictionary above,\n"
        "and scripts/build-spanish-lexicon.py rebuilds it.\n\n"
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
