#!/usr/bin/env python3
"""Measures how T9 forgives a slip of the thumb, with `t9phone t9 suggest`:
every word of at least four letters of a text is typed with one key
replaced by a neighbour on the 3x4 grid (the letter key directly above,
below, left or right; the key and the neighbour chosen by a seeded random
generator), and the intended word is looked for among the choices offered.
Also types every word correctly, with and without slips forgiven, for the
first-candidate rate. Learning is off: what is measured is the predictor.

Usage:
  python3 tools/t9-slips-eval.py [--t9phone .build/debug/t9phone]
      [--every N] [--seed S] [--suggest-option=OPTION]... TEXT...
"""
import argparse
import os
import random
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from keypad_letters import LETTER_GROUPS  # noqa: E402

KEY = {letter: str(key) for key, letters in LETTER_GROUPS.items() for letter in letters}
# The letter keys next to each key (SlipWeights.forEachNeighbour).
NEIGHBOURS = {"2": "35", "3": "26", "4": "57", "5": "2468", "6": "359", "7": "48", "8": "579",
              "9": "68"}


class Suggest:
    """A running `t9 suggest`, one query at a time."""

    def __init__(self, binary, language, slips, extra=()):
        command = [binary, "t9", "suggest", "--language", language, "--no-learning", *extra]
        if not slips:
            command.append("--no-slips")
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, bufsize=1)

    def offers(self, keys):
        self.process.stdin.write(f"keys {keys}\n")
        self.process.stdin.flush()
        words = []
        while True:
            line = self.process.stdout.readline()
            if line in ("\n", ""):
                return words
            words.append(line.split("\t")[0].lower())

    def close(self):
        self.process.stdin.close()
        self.process.wait()


def words_of(path):
    with open(path, encoding="utf-8") as f:
        text = f.read().lower()
    return [word for word in re.findall(r"[a-z]+", text) if all(c in KEY for c in word)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--t9phone", default=".build/debug/t9phone")
    parser.add_argument("--language", default="en")
    parser.add_argument("--every", type=int, default=1, help="take every Nth word")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--suggest-option", action="append", default=[],
                        help="passed on to t9 suggest (e.g. --pairs=none)")
    parser.add_argument("texts", nargs="+")
    options = parser.parse_args()
    print("text\twords\tslipped: 1st\tslipped: top 3\tright first (slips)\tright first (none)")
    for path in options.texts:
        generator = random.Random(options.seed)
        words = words_of(path)[::options.every]
        forgiving = Suggest(options.t9phone, options.language, True, options.suggest_option)
        strict = Suggest(options.t9phone, options.language, False, options.suggest_option)
        slipped_first = slipped_top3 = long_words = 0
        right_first = right_first_strict = 0
        for word in words:
            keys = "".join(KEY[c] for c in word)
            right_first += forgiving.offers(keys)[:1] == [word]
            right_first_strict += strict.offers(keys)[:1] == [word]
            if len(word) < 4:
                continue
            long_words += 1
            position = generator.randrange(len(keys))
            neighbour = generator.choice(NEIGHBOURS[keys[position]])
            offers = forgiving.offers(keys[:position] + neighbour + keys[position + 1:])
            slipped_first += offers[:1] == [word]
            slipped_top3 += word in offers[:3]
        forgiving.close()
        strict.close()
        name = os.path.basename(path)
        print(f"{name}\t{len(words)}\t{100 * slipped_first / long_words:.1f}%"
              f"\t{100 * slipped_top3 / long_words:.1f}%\t{100 * right_first / len(words):.2f}%"
              f"\t{100 * right_first_strict / len(words):.2f}%", flush=True)


if __name__ == "__main__":
    main()
