#!/usr/bin/env python3
"""Types a text with `t9phone t9 suggest` as a typist who always takes the
cheapest offered way to each word, and counts key presses per character.

For each word (`TextWords` rules: letters and apostrophes; a word follows
the one before across spaces or one line break) the typist asks for the
next-word offers (nothing typed yet, when a word came before), then the
offers after each prefix of the word's keys, and takes the cheapest: the
keys typed plus the offer's PRESSES. A word offered nowhere is spelled: its
keys, one `*` per candidate to reach Spell, the multi-tap presses (a=1,
b=2, c=3 …) and `0`. Then `commit WORD`. Each word and its space count
len(word) + 1 characters (as tools/t9-session-stats.py counts them).

Also counts the first-candidate rate: the first offer for the whole word's
keys is the word.

Usage:
  python3 tools/t9-offers-eval.py [--t9phone BIN] [--language en]
      [--words N] TEXT [-- SUGGEST-OPTIONS...]
"""
import argparse
import os
import subprocess
import sys
import unicodedata

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from keypad_letters import LETTER_GROUPS  # noqa: E402

KEY = {letter: str(key) for key, letters in LETTER_GROUPS.items() for letter in letters}
MULTITAP = {letter: index + 1 for letters in LETTER_GROUPS.values()
            for index, letter in enumerate(letters)}
MULTITAP["'"] = 5


def key_of(char):
    """The key of a letter (accented letters on their base letter's key),
    1 for an apostrophe, None for anything else."""
    if char in "'\u2019":
        return "1"
    lower = char.lower()
    if lower in KEY:
        return KEY[lower]
    base = unicodedata.normalize("NFD", lower)[:1]
    return KEY.get(base) if base and ord(base) < 128 else None


def text_words(text):
    """(word, follows) pairs, as Sources/T9Engine/TextWords.swift splits."""
    out = []
    word = []
    state = {"broken": True, "breaks": 0}

    def finish():
        if not word:
            return
        letters = "".join(word)
        word.clear()
        stripped = letters.lstrip("'\u2019")
        leading = len(stripped) != len(letters)
        core = stripped.rstrip("'\u2019")
        trailing = len(core) != len(stripped)
        if leading:
            state["broken"] = True
        if core:
            out.append((core, not state["broken"]))
        state["broken"] = not core or trailing
        state["breaks"] = 0

    for char in text:
        if key_of(char) is not None:
            word.append(char)
            continue
        finish()
        if char in " \t\r":
            continue
        if char == "\n":
            state["breaks"] += 1
            if state["breaks"] > 1:
                state["broken"] = True
        else:
            state["broken"] = True
    finish()
    return out


class Suggest:
    """A running `t9 suggest`."""

    def __init__(self, command):
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, bufsize=1)

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def offers(self, keys):
        self.send(f"keys {keys}".rstrip())
        offers = []
        while True:
            line = self.process.stdout.readline()
            if line == "":
                raise SystemExit("t9 suggest stopped")
            if line == "\n":
                return offers
            word, presses = line.rstrip("\n").split("\t")
            offers.append((word.lower(), int(presses)))

    def close(self):
        self.process.stdin.close()
        self.process.wait()


def type_text(suggest, words):
    """Counts for typing `words` (a list of (word, follows))."""
    counts = {"words": 0, "characters": 0, "presses": 0, "first": 0, "next": 0,
              "completed": 0, "spelled": 0}
    for word, follows in words:
        keys = "".join(key_of(c) for c in word)
        target = word.lower()
        if not follows:
            suggest.send("reset")
        best = None
        how = None
        if follows:
            for offered, presses in suggest.offers(""):
                if offered == target and (best is None or presses < best):
                    best, how = presses, "next"
        full = None
        for length in range(1, len(keys) + 1):
            if best is not None and length + 1 >= best:
                if length < len(keys):
                    continue
            offers = suggest.offers(keys[:length])
            if length == len(keys):
                full = offers
            for offered, presses in offers:
                if offered == target and (best is None or length + presses < best):
                    best = length + presses
                    how = "exact" if length == len(keys) else "completed"
        if best is None:
            spell = len(full or []) + sum(MULTITAP.get(c.lower(), 1) for c in word) + 1
            best, how = len(keys) + spell, "spelled"
        counts["words"] += 1
        counts["characters"] += len(word) + 1
        counts["presses"] += best
        counts["first"] += bool(full) and full[0][0] == target
        if how in ("next", "completed", "spelled"):
            counts[how] += 1
        suggest.send(f"commit {word}")
    return counts


def main():
    argv = sys.argv[1:]
    extra = []
    if "--" in argv:
        extra = argv[argv.index("--") + 1:]
        argv = argv[:argv.index("--")]
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--t9phone", default=".build/release/t9phone")
    parser.add_argument("--language", default="en")
    parser.add_argument("--words", type=int, help="type only the first N words")
    parser.add_argument("text")
    args = parser.parse_args(argv)
    with open(args.text, encoding="utf-8") as f:
        words = text_words(f.read())
    if args.words:
        words = words[:args.words]
    command = [args.t9phone, "t9", "suggest", "--language", args.language] + extra
    suggest = Suggest(command)
    counts = type_text(suggest, words)
    suggest.close()
    n = counts["words"]
    print(f"words: {n}")
    print(f"key presses per character: {counts['presses'] / counts['characters']:.4f}")
    print(f"first candidate right: {100 * counts['first'] / n:.2f}%")
    print(f"taken as next word: {100 * counts['next'] / n:.2f}%")
    print(f"taken as completion: {100 * counts['completed'] / n:.2f}%")
    print(f"spelled: {100 * counts['spelled'] / n:.2f}%")


if __name__ == "__main__":
    main()
