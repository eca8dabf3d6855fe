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

With `--dictionary LIST.tsv` it also gives the first-candidate rate over
the words that list has (case-insensitive).

Usage: t9phone t9 session < text | python3 tools/t9-session-stats.py [--dictionary LIST.tsv]
"""
import argparse
import sys

from keypad_letters import LETTER_GROUPS

MULTITAP = {}
for letters in LETTER_GROUPS.values():
    for position, letter in enumerate(letters):
        MULTITAP[letter] = position + 1
MULTITAP["'"] = 5  # key 1: . , ? ! '


def load_words(path):
    """The lower-cased words of a `word<TAB>frequency` list."""
    words = set()
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("#") or "\t" not in line:
                continue
            words.add(line.split("\t", 1)[0].lower())
    return words


def summarize(lines, dictionary=None):
    """Counts for session output lines: words, first, listed, keys,
    characters, and (with a dictionary) dictionary words and how many of
    them came first."""
    words = first = listed = keys = characters = known = known_first = 0
    for line in lines:
        fields = line.rstrip("\n").split("\t")
        word, candidates = fields[0], fields[1:]
        lowered = [c.lower() for c in candidates]
        target = word.lower()
        words += 1
        characters += len(word) + 1
        keys += len(word) + 1
        is_known = dictionary is not None and target in dictionary
        known += is_known
        if lowered and lowered[0] == target:
            first += 1
            listed += 1
            known_first += is_known
        elif target in lowered:
            listed += 1
            keys += lowered.index(target)
        else:
            keys += len(candidates) + sum(MULTITAP.get(c.lower(), 1) for c in word) + 1
    return {
        "words": words,
        "first": first,
        "listed": listed,
        "keys": keys,
        "characters": characters,
        "known": known,
        "known_first": known_first,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dictionary", help="word list (word<TAB>frequency) for the rate over its words")
    args = parser.parse_args()
    dictionary = load_words(args.dictionary) if args.dictionary else None
    counts = summarize(sys.stdin, dictionary)
    words = counts["words"]
    if words == 0:
        sys.exit("no words")
    print(f"words: {words}")
    print(f"first candidate right: {counts['first']} ({100 * counts['first'] / words:.2f}%)")
    print(f"listed (reached with *): {counts['listed']} ({100 * counts['listed'] / words:.2f}%)")
    print(f"keystrokes per character: {counts['keys'] / counts['characters']:.4f}")
    if dictionary is not None and counts["known"]:
        known = counts["known"]
        print(
            f"first candidate right, dictionary words: {counts['known_first']} of {known}"
            f" ({100 * counts['known_first'] / known:.2f}%)"
        )


if __name__ == "__main__":
    main()
