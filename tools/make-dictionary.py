#!/usr/bin/env python3
"""Builds the predictive-text word lists Dictionaries/en.tsv and Dictionaries/id.tsv.

Words and frequencies come from the `wordfreq` package (its data ships inside
the package, so this runs offline). Every wordfreq word is cross-checked
against spelling lists installed from Debian packages; only words a spelling
list knows are kept, in the spelling list's case ("London", "I", "don't").
wordfreq's Indonesian list is short, so the Indonesian list also takes words
from wordfreq's Malay list (with their Malay frequency) and, at a fixed floor
frequency below every real one, words of the hunspell-id dictionary that
wordfreq does not have (see ID_FLOOR_ZIPF).

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

# wordfreq's Indonesian list stops at Zipf 3.01 (about 31,000 entries), so
# the Indonesian list is filled up towards ID_SIZE in two more steps:
#  1. words of wordfreq's Malay list that are not in its Indonesian list and
#     that hunspell-id accepts (Apertium's analyser alone is not enough here:
#     it also knows Malay-only forms such as "menembusi"), with their Malay
#     Zipf frequency;
#  2. words of hunspell-id's dictionary that have no wordfreq frequency at
#     all: its root words, and the forms derived from a root with a wordfreq
#     frequency by one affix of its affix file (a prefix, a suffix or clitic
#     in ID_DERIVED_SUFFIXES, or one confix such as di-...-kan), each one
#     checked with hunspell. They get the fixed frequency ID_FLOOR_ZIPF,
#     below every real Zipf value, so they come after every word with data.
#     One fixed value, not a made-up spread: it claims nothing about how
#     common these words are, it marks them in the file (every real value is
#     at least 3.01, where wordfreq's Indonesian and Malay lists stop), and
#     among themselves they are sorted alphabetically like any tie.
#     The roots are taken first, then the derived forms by the frequency of
#     their root, whole groups of equal root frequency while they fit in
#     ID_SIZE.
ID_MALAY = "ms"
ID_FLOOR_ZIPF = 1.00
ID_DERIVED_SUFFIXES = {"an", "i", "kan", "nya", "ku", "mu", "lah", "kah"}

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
    header = ["# A word is kept only if one of these knows it:"] + [
        f"#   Debian {pkg} {debian_version(pkg)} ({path})"
        for pkg, path in {**EN_CORE_LISTS, **EN_LARGE_LISTS}.items()
    ]
    return with_frequencies("en", chosen), header


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


def choose_indonesian(
    keys: list[str], known: set[str], lang: str, english_core: dict[str, set[str]]
) -> list[str]:
    """The forms of wordfreq's `keys` (language `lang`) that are known
    Indonesian words, directly or as a known stem plus a suffix or clitic,
    and that the common rules keep."""

    def stem_known(key: str) -> bool:
        for suffix in ID_SUFFIXES:
            stem = key[: -len(suffix)]
            min_stem = ID_MIN_STEM.get(suffix, ID_MIN_STEM_DEFAULT)
            if key.endswith(suffix) and len(stem) >= min_stem and stem in known:
                return True
        return False

    chosen = []
    for key in keys:
        if key in known or stem_known(key):
            form = key
        elif capitalised(key) in known:
            form = capitalised(key)
        else:
            continue
        if not indonesian_rules(key, form, lang, english_core):
            continue
        chosen.append(form)
    return chosen


def indonesian_rules(key: str, form: str, lang: str, english_core: dict[str, set[str]]) -> bool:
    """The filters every Indonesian word passes, whatever its source: the
    two-letter list, the English test (against wordfreq's `lang` frequency)
    and the common rules."""
    if len(key) == 2 and key not in ID_TWO_LETTER:
        return False
    if key in english_core.get(key, ()):
        margin = wordfreq.zipf_frequency(key, "en") - wordfreq.zipf_frequency(key, lang)
        if margin >= ID_ENGLISH_MARGIN:
            return False
    return passes_common_rules("id", key, form)


# hunspell-id's affix file, read just far enough to derive words from its
# roots. Flags are two characters ("FLAG long"). An affix whose
# continuation flags include the CIRCUMFIX flag is half of a confix: it is
# only a word together with a prefix of that confix named in the same
# continuation flags. Deeper continuations (clitics after a confix) are not
# followed.


class Affix:
    def __init__(self, kind: str, strip: str, add: str, flags: list[str], condition: str):
        self.kind = kind
        self.strip = strip
        self.add = add
        self.flags = flags
        if kind == "PFX":
            self.condition = re.compile("^" + condition)
        else:
            self.condition = re.compile(condition + "$")

    def apply(self, word: str) -> str | None:
        if not self.condition.search(word):
            return None
        if self.kind == "PFX":
            if not word.startswith(self.strip):
                return None
            return self.add + word[len(self.strip) :]
        if not word.endswith(self.strip):
            return None
        return word[: len(word) - len(self.strip)] + self.add


def split_flags(flags: str) -> list[str]:
    return [flags[i : i + 2] for i in range(0, len(flags), 2)]


def read_hunspell_dictionary(base: str) -> tuple[dict[str, list[Affix]], str, list[tuple[str, list[str]]]]:
    """(flag -> affixes, the CIRCUMFIX flag, [(root, flags)]) of a hunspell
    dictionary with long flags."""
    encoding = "utf-8"
    affixes: dict[str, list[Affix]] = {}
    circumfix = ""
    with open(base + ".aff", encoding="latin-1") as handle:
        lines = handle.read().split("\n")
    for line in lines:
        fields = line.split("#", 1)[0].split()
        if len(fields) >= 2 and fields[0] == "SET":
            encoding = {"ISO8859-1": "latin-1"}.get(fields[1], fields[1])
        elif len(fields) >= 2 and fields[0] == "FLAG" and fields[1] != "long":
            fail(f"{base}.aff: expected FLAG long")
        elif len(fields) >= 2 and fields[0] == "CIRCUMFIX":
            circumfix = fields[1]
        elif len(fields) >= 4 and fields[0] in ("PFX", "SFX"):
            kind, flag = fields[0], fields[1]
            if flag not in affixes:  # the header line: PFX flag Y count
                affixes[flag] = []
                continue
            add, _, continuation = fields[3].partition("/")
            affixes[flag].append(
                Affix(
                    kind,
                    "" if fields[2] == "0" else fields[2],
                    "" if add == "0" else add,
                    split_flags(continuation),
                    fields[4] if len(fields) > 4 else ".",
                )
            )
    if not circumfix:
        fail(f"{base}.aff: no CIRCUMFIX flag")
    roots = []
    with open(base + ".dic", encoding=encoding) as handle:
        entries = handle.read().split("\n")[1:]
    for entry in entries:
        word, _, flags = entry.strip().partition("/")
        if word:
            roots.append((nfc(word), split_flags(flags)))
    return affixes, circumfix, roots


def derived_forms(root: str, flags: list[str], affixes: dict[str, list[Affix]], circumfix: str) -> set[str]:
    """The forms of `root` with one affix of its flags: a prefix, a suffix
    or clitic of ID_DERIVED_SUFFIXES, or a confix (prefix and suffix)."""
    forms = set()
    for flag in flags:
        for affix in affixes.get(flag, ()):
            if circumfix not in affix.flags:
                if affix.kind == "SFX" and affix.add not in ID_DERIVED_SUFFIXES:
                    continue
                form = affix.apply(root)
                if form:
                    forms.add(form)
            elif affix.kind == "SFX":
                stem = affix.apply(root)
                if not stem:
                    continue
                for prefix_flag in affix.flags:
                    for prefix in affixes.get(prefix_flag, ()):
                        if prefix.kind == "PFX" and circumfix in prefix.flags:
                            form = prefix.apply(stem)
                            if form:
                                forms.add(form)
    return forms


def hunspell_words(
    budget: int, taken: set[str], root_zipf: dict[str, float], english_core: dict[str, set[str]]
) -> tuple[list[str], int, int]:
    """Up to `budget` hunspell-id words whose key is not in `taken` (the
    keys of every wordfreq word, kept or not): the roots first, then the
    derived forms of roots with a wordfreq frequency (`root_zipf`), most
    frequent root first. Returns (forms, roots, derived forms)."""
    affixes, circumfix, entries = read_hunspell_dictionary(ID_HUNSPELL)

    def usable(key: str, form: str) -> bool:
        return (
            key not in taken
            and is_word_shaped(form)
            and "'" not in form
            and form in (key, capitalised(key))
            and indonesian_rules(key, form, "id", english_core)
        )

    roots: dict[str, str] = {}  # key -> form; lowercase wins over capitalised
    derived: dict[str, float] = {}  # form -> zipf of its most frequent root
    for root, flags in entries:
        key = root.lower()
        if usable(key, root) and (key not in roots or root == key):
            roots[key] = root
        if root == key and root_zipf.get(key, 0) > 0:
            for form in derived_forms(root, flags, affixes, circumfix):
                derived[form] = max(derived.get(form, 0), root_zipf[key])
    root_forms = sorted(roots.values(), key=lambda f: (f.casefold(), f))
    derived_keys = sorted(
        (form for form in derived if form not in roots and usable(form, form)),
        key=lambda f: (-round(derived[f] * 100), f),
    )
    accepted = hunspell_accepts(root_forms + derived_keys)
    root_forms = [f for f in root_forms if f in accepted][: max(budget, 0)]
    derived_keys = [f for f in derived_keys if f in accepted]
    # Whole groups of forms whose roots have the same frequency, as many as
    # fit: no group is cut in two (alphabetically).
    chosen = list(root_forms)
    group: list[str] = []
    for i, form in enumerate(derived_keys):
        group.append(form)
        last = i + 1 == len(derived_keys)
        if last or round(derived[derived_keys[i + 1]] * 100) != round(derived[form] * 100):
            if len(chosen) + len(group) > budget:
                break
            chosen += group
            group = []
    return chosen, len(root_forms), len(chosen) - len(root_forms)


def indonesian() -> tuple[list[tuple[str, float]], list[str]]:
    for path in (ID_HUNSPELL + ".dic", ID_HUNSPELL + ".aff", ID_APERTIUM):
        if not os.path.exists(path):
            fail(f"missing {path}; run tools/setup-dictionary-venv.sh")
    english_core = load_spelling_forms(list(EN_CORE_LISTS.values()))

    # wordfreq's Indonesian words known to hunspell-id or Apertium.
    id_all = wordfreq_candidates("id")
    keys = [k for k in id_all if "'" not in k]
    queries = sorted(set(keys) | {capitalised(k) for k in keys})
    known = hunspell_accepts(queries) | apertium_accepts(queries)
    rows = with_frequencies("id", choose_indonesian(keys, known, "id", english_core))
    n_id = len(rows)

    # wordfreq's Malay words that its Indonesian list lacks and hunspell-id
    # accepts, with their Malay frequency.
    ms_all = wordfreq_candidates(ID_MALAY)
    id_set = set(id_all)
    keys = [k for k in ms_all if "'" not in k and k not in id_set]
    queries = sorted(set(keys) | {capitalised(k) for k in keys})
    known = hunspell_accepts(queries)
    rows += with_frequencies(ID_MALAY, choose_indonesian(keys, known, ID_MALAY, english_core))
    n_ms = len(rows) - n_id

    # hunspell-id's words without any wordfreq frequency, at the floor.
    if min(round(zipf * 100) for _, zipf in rows) <= round(ID_FLOOR_ZIPF * 100):
        fail("a real frequency is not above ID_FLOOR_ZIPF")
    root_zipf = {form.lower(): zipf for form, zipf in rows}
    taken = id_set | set(ms_all) | set(root_zipf)
    floor, n_roots, n_derived = hunspell_words(ID_SIZE - len(rows), taken, root_zipf, english_core)
    rows += [(form, ID_FLOOR_ZIPF) for form in floor]

    hunspell_source = (
        f"Debian hunspell-id {debian_version('hunspell-id')} ({ID_HUNSPELL}.dic/.aff),"
        f" checked with hunspell {debian_version('hunspell')}"
    )
    apertium_source = (
        f"Debian apertium-ind-zlm {debian_version('apertium-ind-zlm')}"
        f" (Apertium Indonesian analyser, {ID_APERTIUM}), checked with lt-proc"
    )
    header = [
        "# Words by source (none is in two):",
        f"#   {n_id} from wordfreq's Indonesian list with its Zipf frequency, kept only if"
        " hunspell-id or Apertium knows the word or its stem;",
        f"#   {n_ms} from wordfreq's Malay list (not in its Indonesian list) with the Malay Zipf"
        " frequency, kept only if hunspell-id accepts the word or its stem;",
        f"#   {n_roots + n_derived} from hunspell-id's dictionary without any wordfreq frequency"
        f" ({n_roots} root words, {n_derived} forms of a root with a frequency plus one affix),"
        f" all at the fixed {ID_FLOOR_ZIPF:.2f}, below every real frequency.",
        "# Checkers:",
        "#   " + hunspell_source,
        "#   " + apertium_source,
    ]
    return rows, header


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


LICENCE_LINES = {
    "en": "# This list is derived from wordfreq's data and is licensed CC BY-SA 4.0;"
    " sources and attribution: Dictionaries/README.md.",
    "id": "# This list is derived from wordfreq's data (CC BY-SA 4.0) and from hunspell-id's"
    " dictionary (LGPL-3); sources, licences and attribution: Dictionaries/README.md.",
}


def write(lang: str, name: str, rows: list[tuple[str, int]], sources: list[str], out: Path) -> None:
    header = [
        f"# t9phone {name} dictionary: word<TAB>Zipf frequency (wordfreq), most frequent first.",
        f"# Words and frequencies: wordfreq {package_version('wordfreq')} by Robyn Speer (code Apache-2.0,"
        " data CC BY-SA 4.0).",
        LICENCE_LINES[lang],
        *sources,
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
