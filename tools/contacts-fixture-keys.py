#!/usr/bin/env python3
"""Prints the markdown table of Scenarios/fixtures/README.md: one row per
contact of a vCard file, with the T9 key string of its name.

The key string is what the keypad types for the name, as the firmware's
contact search computes it (Sources/ContactBook/Search/SearchKeys.swift): accents
folded by the table of Sources/TextFolding/LatinFolding.swift (é→e, ñ→n,
ł→l, đ→d, ß→ss, æ→ae, ø→o, Vietnamese tone letters to their base), letters
to their E.161 digits, digits as themselves, `'` `’` `-` `.` as 1, and
everything else (spaces, non-Latin scripts) dropped. The folding table below
is a copy of the Swift one; keep the two in step.

The file is also checked against the firmware's limits (Contact.swift,
PhoneNumber.swift): names, nicknames and organisations of at most 40
characters, at most 4 numbers, at most 32 dialable characters a number.
Problems go to stderr and make the exit status 1.

Usage (from the repository root):

    python3 tools/contacts-fixture-keys.py [Scenarios/fixtures/contacts.vcf]

then replace the table in Scenarios/fixtures/README.md with the output.
Standard library only.
"""

from __future__ import annotations

import sys
import unicodedata
from pathlib import Path

from keypad_letters import LETTER_GROUPS

DEFAULT_VCF = Path(__file__).resolve().parent.parent / "Scenarios" / "fixtures" / "contacts.vcf"

# --- LatinFolding (copy of Sources/TextFolding/LatinFolding.swift) ---------

# One base letter per scalar from U+00C0; "*" marks the two-letter cases,
# "=" the symbols (× ÷) that are not letters and stay as they are.
LATIN1 = "AAAAAA*CEEEEIIIIDNOOOOO=OUUUUYP*aaaaaa*ceeeeiiiidnooooo=ouuuuypy"
# U+0100 ... U+017F.
EXTENDED_A = (
    "AaAaAaCcCcCcCcDdDdEeEeEeEeEeGgGgGgGgHhHhIiIiIiIiIi**JjKkkLlLlLlLlLlNnNnNnnNn"
    "OoOoOo**RrRrRrSsSsSsSsTtTtTtUuUuUuUuUuUuWwYyYZzZzZzs"
)
# U+1EA0 ... U+1EF9 (Vietnamese letters with tone marks).
VIETNAMESE = (
    "AaAaAaAaAaAaAaAaAaAaAaAaEeEeEeEeEeEeEeEeIiIiOoOoOoOoOoOoOoOoOoOoOoOo"
    "UuUuUuUuUuUuUuYyYyYyYy"
)
TWO_LETTERS = {
    0xC6: "AE", 0xDF: "ss", 0xE6: "ae", 0x132: "IJ", 0x133: "ij", 0x152: "OE", 0x153: "oe",
}
SINGLE = {0x180: "b", 0x1A0: "O", 0x1A1: "o", 0x1AF: "U", 0x1B0: "u",
          0x218: "S", 0x219: "s", 0x21A: "T", 0x21B: "t", 0x1E9E: "SS"}
PINYIN = "AaIiOoUu"

assert len(LATIN1) == 0x40 and len(EXTENDED_A) == 0x80 and len(VIETNAMESE) == 0x5A


def fold(char: str) -> str:
    """What one scalar folds to: itself, one or two base letters, or ""."""
    value = ord(char)
    if value < 0xC0:
        return char
    if value <= 0xFF:
        return expand(LATIN1[value - 0xC0], value)
    if value <= 0x17F:
        return expand(EXTENDED_A[value - 0x100], value)
    if value in SINGLE:
        return SINGLE[value]
    if 0x1CD <= value <= 0x1DC:
        offset = value - 0x1CD
        return PINYIN[offset] if offset < 8 else ("U" if offset % 2 == 0 else "u")
    if 0x300 <= value <= 0x36F:
        return ""
    if 0x1EA0 <= value <= 0x1EF9:
        return VIETNAMESE[value - 0x1EA0]
    return char


def expand(base: str, value: int) -> str:
    if base == "=":
        return chr(value)
    if base == "*":
        return TWO_LETTERS.get(value, chr(value))
    return base


# --- SearchKeys (Sources/ContactBook/Search/SearchKeys.swift) --------------

LETTER_KEYS = "".join(str(key) * len(letters) for key, letters in LETTER_GROUPS.items())


def keys(text: str) -> str:
    """The T9 key string of a name: a digit per letter, no separators."""
    digits = []
    for char in text:
        if char in "'’-.":
            digits.append("1")
        elif "0" <= char <= "9":
            digits.append(char)
        else:
            for letter in fold(char):
                lower = letter.lower() if letter.isascii() else ""
                if "a" <= lower <= "z":
                    digits.append(LETTER_KEYS[ord(lower) - ord("a")])
    return "".join(digits)


# --- vCard 3.0 reading ---------------------------------------------------------


def unescape(value: str) -> str:
    out = []
    chars = iter(value)
    for char in chars:
        if char == "\\":
            nxt = next(chars, "")
            out.append("\n" if nxt in "nN" else nxt)
        else:
            out.append(char)
    return "".join(out)


def read_cards(path: Path) -> list[dict]:
    """The cards of a vCard file, each as {name: [(params, value), ...]}."""
    text = path.read_text(encoding="utf-8")
    lines: list[str] = []
    for raw in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if raw[:1] in (" ", "\t") and lines:  # folded continuation
            lines[-1] += raw[1:]
        elif raw.strip():
            lines.append(raw)
    cards: list[dict] = []
    card: dict | None = None
    for line in lines:
        head, _, value = line.partition(":")
        parts = head.split(";")
        name = parts[0].upper().split(".")[-1]  # drop a group prefix
        params = {}
        for param in parts[1:]:
            key, eq, val = param.partition("=")
            if eq:
                params[key.upper()] = val
            else:  # vCard 2.1 style bare type
                params.setdefault("TYPE", key)
        if name == "BEGIN" and value.upper() == "VCARD":
            card = {}
        elif name == "END" and value.upper() == "VCARD":
            if card is not None:
                cards.append(card)
            card = None
        elif card is not None:
            card.setdefault(name, []).append((params, value))
    return cards


def first(card: dict, name: str) -> str:
    values = card.get(name)
    return unescape(values[0][1]) if values else ""


# --- Limits (Contact.swift, PhoneNumber.swift) --------------------------------


def length(text: str) -> int:
    """Characters as the firmware counts them, near enough: combining marks
    belong to their letter."""
    return sum(1 for char in text if not unicodedata.category(char).startswith("M"))


def number_problem(number: str) -> str | None:
    dialable = 0
    for char in number:
        if char in "0123456789+*#pwPW":
            dialable += 1
        elif char not in " -()./":
            return f"has '{char}'"
    if dialable == 0:
        return "is empty"
    if dialable > 32:
        return f"has {dialable} dialable characters (most 32)"
    if len(number) > 48:
        return "is longer than 48 characters"
    return None


# --- Table -----------------------------------------------------------------------


def cell(text: str) -> str:
    return text.replace("|", "\\|")


def main(argv: list[str]) -> int:
    path = Path(argv[1]) if len(argv) > 1 else DEFAULT_VCF
    problems: list[str] = []
    rows = [
        "| # | Name | Keys | Numbers | Nickname / Org (keys) | Starred / Used |",
        "| ---: | --- | --- | --- | --- | --- |",
    ]
    for index, card in enumerate(read_cards(path), start=1):
        name = first(card, "FN")
        nickname = first(card, "NICKNAME")
        org = first(card, "ORG").split(";")[0]
        numbers = []
        for params, value in card.get("TEL", []):
            label = params.get("TYPE", "").lower() or "(none)"
            numbers.append((label, value))
            if problem := number_problem(value):
                problems.append(f"{index} {name}: number {value!r} {problem}")
        for field, text in (("name", name), ("nickname", nickname), ("org", org)):
            if length(text) > 40:
                problems.append(f"{index} {name}: {field} has {length(text)} characters (most 40)")
        if not name.strip():
            problems.append(f"{index}: no FN")
        if len(numbers) > 4:
            problems.append(f"{index} {name}: {len(numbers)} numbers (most 4)")

        keywords = []
        if nickname:
            keywords.append(f"nick {cell(nickname)} (`{keys(nickname)}`)")
        if org:
            keywords.append(f"org {cell(org)} (`{keys(org)}`)")
        flags = []
        if first(card, "X-T9PHONE-STARRED").strip() == "1":
            flags.append("★")
        if used := first(card, "X-T9PHONE-USED").strip():
            count, _, last = used.partition(";")
            flags.append(f"used {count} (last {last})")
        name_keys = keys(name)
        rows.append(
            "| {} | {} | {} | {} | {} | {} |".format(
                index,
                cell(name),
                f"`{name_keys}`" if name_keys else "—",
                "<br>".join(f"{label} `{cell(value)}`" for label, value in numbers),
                "<br>".join(keywords),
                ", ".join(flags),
            )
        )
    print("\n".join(rows))
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
