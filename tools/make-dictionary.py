#!/usr/bin/env python3
"""Builds the predictive-text word lists Dictionaries/en.tsv and Dictionaries/id.tsv.

Words and frequencies come from the `wordfreq` package (its data ships inside
the package, so this runs offline). Every wordfreq word is cross-checked
against spelling lists installed from Debian packages; only words a spelling
list knows are kept, in the spelling list's case ("London", "I", "don't").

Output, UTF-8 with LF line endings: a few `#` comment lines naming the
sources, then one `word<TAB>zipf` line per word, where zipf is wordfreq's
Zipf frequency with exactly two decimals. Lines are sorted by frequency
(highest first), then by the casefolded word, then by the word. Nothing here
depends on randomness, hash order or the clock, so a rebuild with the same
wordfreq version (tools/requirements.txt) and the same Debian packages is
byte-identical.

Set up once with tools/setup-dictionary-venv.sh, then:

    .venv-dict/bin/python tools/make-dictionary.py

Options: --lang en|id (default both), --out-dir DIR (default Dictionaries).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import unicodedata
from importlib.metadata import version as package_version
from pathlib import Path

import wordfreq

REPO = Path(__file__).resolve().parent.parent
GENERATOR_COMMAND = ".venv-dict/bin/python tools/make-dictionary.py"

# English spelling lists (SCOWL via Debian). The default lists (SCOWL size
# 50) are the core; the -large lists (size 70) contain them and add common
# modern words the core lacks ("iconic", "congrats", "mindset"), but also
# many short abbreviations and rarities, so a word known only to the -large
# lists must be at least EN_LARGE_MIN_LETTERS long unless listed in
# EN_LARGE_SHORT_WORDS.
EN_CORE_LISTS = {
    "wamerican": "/usr/share/dict/american-english",
    "wbritish": "/usr/share/dict/british-english",
}
EN_LARGE_LISTS = {
    "wamerican-large": "/usr/share/dict/american-english-large",
    "wbritish-large": "/usr/share/dict/british-english-large",
}
EN_LARGE_MIN_LETTERS = 5
EN_LARGE_SHORT_WORDS = {
    "aah", "bio", "biz", "bro", "ciao", "cred", "dang", "dibs", "drat", "eek",
    "egad", "fab", "faux", "fave", "ghee", "glam", "hiya", "hmm", "loo",
    "luxe", "mega", "meth", "miso", "mojo", "naan", "nah", "naff", "nowt",
    "ooh", "oof", "orca", "orzo", "ouzo", "phew", "pic", "pics", "poof",
    "shh", "snog", "swot", "veg", "whee", "yurt", "zine",
}
EN_SIZE = 100_000

# Indonesian: hunspell-id (affix-expanded by the hunspell checker itself:
# `unmunch` cannot expand id_ID's two-level affixes) and the Indonesian
# morphological analyser of Apertium's Indonesian-Malay pair.
ID_HUNSPELL = "/usr/share/hunspell/id_ID"
ID_APERTIUM = "/usr/share/apertium/apertium-ind-zlm/ind-zlm.automorf.bin"
ID_SIZE = 50_000

# The only two-letter Indonesian words kept (hunspell-id and Apertium also
# know letter names, syllables and abbreviations of two letters).
ID_TWO_LETTER = {
    "di", "ke", "ya", "ia", "ku", "mu", "si", "oh", "ah", "eh", "uh", "om",
    "es", "bu", "ha", "hi",
}
# wordfreq's Indonesian data contains English text. A word that is also a
# core English word and is at least this much more frequent (in Zipf units,
# 1.0 = ten times) in English than in Indonesian is taken for English.
ID_ENGLISH_MARGIN = 1.0

# Real one-letter words; every other single letter is dropped.
ONE_LETTER = {"en": {"a", "i"}, "id": set()}

# Forced spellings: the pronoun is always "I"; honorifics are written
# capitalised even where the spelling list also has a lowercase homograph
# ("ms" = manuscript).
FORCED_CASE = {
    "en": {
        "i": "I",
        "mr": "Mr",
        "mrs": "Mrs",
        "ms": "Ms",
        "dr": "Dr",
        "st": "St",
        "jr": "Jr",
        "sr": "Sr",
    },
    "id": {},
}

# Words without a vowel are abbreviations ("md", "km", "vhf") except these.
# (Honorifics in FORCED_CASE are allowed too.)
VOWELLESS_WORDS = {
    "en": {
        "hmm", "hm", "shh", "sh", "psst", "pst", "brr", "nth",
        "tsk", "pfft", "grr", "zzz", "cwm", "crwth",
    },
    "id": set(),
}
VOWELS = set("aeiouy")

# Lowercase abbreviations and fragments that the spelling lists carry but a
# phone user would not want offered as words. Kept deliberately short.
BLOCKED = {
    "en": {
        "ca", "cf", "cu", "ea", "eg", "ie", "ll", "ve", "re", "em", "ed",
        "es", "oz", "yd", "yr",
        "approx", "dept", "govt", "esp", "misc", "pkg", "pvt", "sci",
        "acc", "exp", "org", "dir", "def", "rec", "reg", "res", "prob",
        "inc", "vol", "est", "gov", "col", "eds", "eng", "avg", "hwy", "adv",
        "yrs", "atm", "tel", "ind", "int", "viz", "esq",
    },
    "id": set(),
}

# Roman numerals ("ii", "xiv", "mcm") are dropped, apart from real words.
ROMAN = re.compile(r"^m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$")
ROMAN_WORDS = {"mix"}

# Indonesian suffixes and clitics: a wordfreq word that is a known stem plus
# one of these endings is accepted ("pasti" + "kan", "inti" + "nya"). The
# bare suffixes -i and -an need a longer stem: with short stems they mostly
# match names ("dan" + "i").
ID_SUFFIXES = [
    a + b
    for a in ("", "kan", "i", "an")
    for b in ("", "nya", "ku", "mu", "lah", "kah", "pun")
    if a + b
]
ID_MIN_STEM = {"i": 4, "an": 4}
ID_MIN_STEM_DEFAULT = 3


def fail(message: str) -> None:
    print("make-dictionary: " + message, file=sys.stderr)
    sys.exit(1)


def debian_version(package: str) -> str:
    try:
        out = subprocess.run(
            ["dpkg-query", "-W", "-f", "${Version}", package],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        fail(f"Debian package {package} is not installed; run tools/setup-dictionary-venv.sh")
    return out


def nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def is_word_shaped(word: str) -> bool:
    """Letters and ASCII apostrophes only, at least one letter, no digits."""
    if not any(unicodedata.category(c).startswith("L") for c in word):
        return False
    return all(c == "'" or unicodedata.category(c).startswith("L") for c in word)


def has_vowel(word: str) -> bool:
    base = unicodedata.normalize("NFD", word.lower())
    return any(c in VOWELS for c in base)


def capitalised(word: str) -> str:
    return word[:1].upper() + word[1:]


def is_acronym(form: str) -> bool:
    """All capitals ("VHF", "MD"), also as plural or possessive ("UFOs",
    "NASA's")."""
    for ending in ("'s", "s"):
        if form.endswith(ending) and len(form) > len(ending) + 1:
            form = form[: -len(ending)]
            break
    letters = [c for c in form if c.isalpha()]
    return len(letters) >= 2 and all(c.isupper() for c in letters)


def wordfreq_candidates(lang: str) -> list[str]:
    """wordfreq's words for `lang`, NFC, word-shaped, in sorted order."""
    words = set()
    for word in wordfreq.get_frequency_dict(lang, wordlist="best"):
        word = nfc(word)
        if "’" in word:
            word = word.replace("’", "'")
        if is_word_shaped(word):
            words.add(word)
    return sorted(words)


def passes_common_rules(lang: str, key: str, form: str) -> bool:
    """Rules applied to every language after the spelling check."""
    if len(key) == 1:
        return key in ONE_LETTER[lang]
    if key in BLOCKED[lang]:
        return False
    if key in FORCED_CASE[lang]:
        return True
    if not has_vowel(key) and key not in VOWELLESS_WORDS[lang]:
        return False
    if ROMAN.match(key) and key not in ROMAN_WORDS:
        return False
    if key.startswith("'") or key.endswith("'") or "''" in key:
        return False
    return True


# --- English ---------------------------------------------------------------


def load_spelling_forms(paths: list[str]) -> dict[str, set[str]]:
    """lowercase key -> every spelling-list form of it."""
    forms: dict[str, set[str]] = {}
    for path in paths:
        if not os.path.exists(path):
            fail(f"missing spelling list {path}; run tools/setup-dictionary-venv.sh")
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                form = nfc(line.strip())
                if form:
                    forms.setdefault(form.lower(), set()).add(form)
    return forms


def choose_english_form(key: str, forms: set[str], core: dict[str, set[str]]) -> str | None:
    """Dictionary case: lowercase if listed, else capitalised, else the
    list's own mixed case ("McDonald"). Entries listed only as acronyms
    ("VHF", "MD", "NASA's") give None. Two-letter words must be listed in
    lowercase in the core lists: capitalised two-letter entries are chemical
    symbols and postal codes ("Md", "Fe", "Pa")."""
    if key in FORCED_CASE["en"]:
        return FORCED_CASE["en"][key]
    if key not in core and not large_only_allowed(key):
        return None
    usable = {f for f in forms if not is_acronym(f)}
    if len(key) <= 2:
        return key if key in core.get(key, ()) else None
    if key in usable:
        return key
    if capitalised(key) in usable:
        return capitalised(key)
    if usable:
        return min(usable)
    return None


def large_only_allowed(key: str) -> bool:
    """May a word known only to the -large lists be kept? Long words and
    contractions ("that'll") yes; short words and their possessives only
    from EN_LARGE_SHORT_WORDS."""
    stem = key[:-2] if key.endswith("'s") else key
    if "'" in stem:
        return True
    return len(stem) >= EN_LARGE_MIN_LETTERS or stem in EN_LARGE_SHORT_WORDS


def english() -> tuple[list[tuple[str, float]], list[str]]:
    core = load_spelling_forms(list(EN_CORE_LISTS.values()))
    forms = load_spelling_forms(list(EN_CORE_LISTS.values()) + list(EN_LARGE_LISTS.values()))
    chosen = []
    for key in wordfreq_candidates("en"):
        if key not in forms:
            continue
        form = choose_english_form(key, forms[key], core)
        if form is None or not passes_common_rules("en", key, form):
            continue
        chosen.append(form)
    sources = [
        f"Debian {pkg} {debian_version(pkg)} ({path})"
        for pkg, path in {**EN_CORE_LISTS, **EN_LARGE_LISTS}.items()
    ]
    return with_frequencies("en", chosen), sources


# --- Indonesian --------------------------------------------------------------


def hunspell_accepts(words: list[str]) -> set[str]:
    proc = subprocess.run(
        ["hunspell", "-d", ID_HUNSPELL, "-i", "utf-8", "-G", "-w"],
        input="".join(w + "\n" for w in words),
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={"LC_ALL": "C.UTF-8", "PATH": os.environ.get("PATH", "/usr/bin:/bin")},
    )
    if proc.returncode != 0:
        fail("hunspell failed: " + proc.stderr.strip())
    return {line for line in proc.stdout.split("\n") if line}


def apertium_accepts(words: list[str]) -> set[str]:
    proc = subprocess.run(
        ["lt-proc", ID_APERTIUM],
        input="".join(w + "\n" for w in words),
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={"LC_ALL": "C.UTF-8", "PATH": os.environ.get("PATH", "/usr/bin:/bin")},
    )
    if proc.returncode != 0:
        fail("lt-proc failed: " + proc.stderr.strip())
    lines = proc.stdout.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if len(lines) != len(words):
        fail(f"lt-proc gave {len(lines)} lines for {len(words)} words")
    known = set()
    for word, line in zip(words, lines):
        # One lexical unit for the whole word, analysed (unknown ones are "*word").
        if line.startswith("^" + word + "/") and line.endswith("$") and line.count("^") == 1:
            if "/*" not in line:
                known.add(word)
    return known


def indonesian() -> tuple[list[tuple[str, float]], list[str]]:
    for path in (ID_HUNSPELL + ".dic", ID_HUNSPELL + ".aff", ID_APERTIUM):
        if not os.path.exists(path):
            fail(f"missing {path}; run tools/setup-dictionary-venv.sh")
    keys = [k for k in wordfreq_candidates("id") if "'" not in k]
    queries = sorted(set(keys) | {capitalised(k) for k in keys})
    known = hunspell_accepts(queries) | apertium_accepts(queries)

    def stem_known(key: str) -> bool:
        for suffix in ID_SUFFIXES:
            stem = key[: -len(suffix)]
            min_stem = ID_MIN_STEM.get(suffix, ID_MIN_STEM_DEFAULT)
            if key.endswith(suffix) and len(stem) >= min_stem and stem in known:
                return True
        return False

    english_core = load_spelling_forms(list(EN_CORE_LISTS.values()))

    def looks_english(key: str) -> bool:
        if key not in english_core.get(key, ()):
            return False
        margin = wordfreq.zipf_frequency(key, "en") - wordfreq.zipf_frequency(key, "id")
        return margin >= ID_ENGLISH_MARGIN

    chosen = []
    for key in keys:
        if key in known or stem_known(key):
            form = key
        elif capitalised(key) in known:
            form = capitalised(key)
        else:
            continue
        if len(key) == 2 and key not in ID_TWO_LETTER:
            continue
        if looks_english(key) or not passes_common_rules("id", key, form):
            continue
        chosen.append(form)
    sources = [
        f"Debian hunspell-id {debian_version('hunspell-id')} ({ID_HUNSPELL}.dic),"
        f" checked with hunspell {debian_version('hunspell')}",
        f"Debian apertium-ind-zlm {debian_version('apertium-ind-zlm')}"
        f" (Apertium Indonesian analyser, {ID_APERTIUM}), checked with lt-proc",
    ]
    return with_frequencies("id", chosen), sources


# --- Output ------------------------------------------------------------------


def with_frequencies(lang: str, forms: list[str]) -> list[tuple[str, float]]:
    rows = []
    seen = set()
    for form in forms:
        if form in seen:
            continue
        seen.add(form)
        zipf = wordfreq.zipf_frequency(form.lower(), lang)
        if zipf > 0:
            rows.append((form, zipf))
    return rows


def sort_and_trim(rows: list[tuple[str, float]], size: int) -> list[tuple[str, int]]:
    centi = [(form, int(round(zipf * 100))) for form, zipf in rows]
    centi.sort(key=lambda row: (-row[1], row[0].casefold(), row[0]))
    return centi[:size]


def write(lang: str, name: str, rows: list[tuple[str, int]], sources: list[str], out: Path) -> None:
    header = [
        f"# t9phone {name} dictionary: word<TAB>Zipf frequency (wordfreq), most frequent first.",
        f"# Words and frequencies: wordfreq {package_version('wordfreq')} by Robyn Speer (code Apache-2.0,"
        " data CC BY-SA 4.0).",
        "# This list is derived from wordfreq's data and is licensed CC BY-SA 4.0;"
        " sources and attribution: Dictionaries/README.md.",
        "# A word is kept only if one of these knows it:",
        *("#   " + s for s in sources),
        f"# Generated by: {GENERATOR_COMMAND} (do not edit by hand). {len(rows)} words.",
    ]
    lines = header + [f"{form}\t{c // 100}.{c % 100:02d}" for form, c in rows]
    data = ("\n".join(lines) + "\n").encode("utf-8")
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(out.suffix + ".tmp")
    tmp.write_bytes(data)
    tmp.replace(out)
    print(f"{out}: {len(rows)} words, {len(data)} bytes")


LANGUAGES = {
    "en": ("English", english, EN_SIZE),
    "id": ("Indonesian", indonesian, ID_SIZE),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lang", choices=sorted(LANGUAGES), action="append")
    parser.add_argument("--out-dir", default=str(REPO / "Dictionaries"))
    args = parser.parse_args()
    for lang in args.lang or sorted(LANGUAGES):
        name, build, size = LANGUAGES[lang]
        rows, sources = build()
        for form, _ in rows:
            if "’" in form or not is_word_shaped(form):
                fail(f"bad word {form!r}")
        write(lang, name, sort_and_trim(rows, size), sources, Path(args.out_dir) / f"{lang}.tsv")


if __name__ == "__main__":
    main()
