#!/usr/bin/env python3
"""Summarises `t9phone t9 session` output: how often the intended word was
the first candidate, and keystrokes per character (KSPC) for typing the text
in T9.

Cost of a word: one key per letter; plus one `*` per candidate shown before
it; when it is not listed at all, one `*` per candidate to reach Spell, the
multi-tap presses to spell it (a=1, b=2, c=3 …) and `ok`. Every word is
followed by one press of 0 (space), and the space counts as a character.
(MacKenzie's KSPC weights a word list by frequency; this counts running
text, as typed.)

Usage: t9phone t9 session < text | python3 tools/t9-session-stats.py
"""
import sys

MULTITAP = {}
for letters in ["abc", "def", "ghi", "jkl", "mno", "pqrs", "tuv", "wxyz"]:
    for position, letter in enumerate(letters):
        MULTITAP[letter] = position + 1
MULTITAP["'"] = 5  # key 1: . , ? ! '


def main() -> None:
    words = first = listed = keys = characters = 0
    for line in sys.stdin:
        fields = line.rstrip("\n").split("\t")
        word, candidates = fields[0], fields[1:]
        lowered = [c.lower() for c in candidates]
        words += 1
        characters += len(word) + 1
        keys += len(word) + 1
        if lowered and lowered[0] == word.lower():
            first += 1
            listed += 1
        elif word.lower() in lowered:
            listed += 1
            keys += lowered.index(word.lower())
        else:
            keys += len(candidates) + sum(MULTITAP.get(c.lower(), 1) for c in word) + 1
    if words == 0:
        sys.exit("no words")
    print(f"words: {words}")
    print(f"first candidate right: {first} ({100 * first / words:.2f}%)")
    print(f"listed (reached with *): {listed} ({100 * listed / words:.2f}%)")
    print(f"keystrokes per character: {keys / characters:.4f}")


if __name__ == "__main__":
    main()
