#!/usr/bin/env python3
"""Cross-validates completion, next words and slips: for each held-out text,
builds the pair table from the other texts (plus any --train-only texts),
then types the first --words words of the held-out text with
tools/t9-offers-eval.py under each setting, two at a time, and prints one
Markdown row per (text, setting).

Usage:
  python3 tools/t9-offers-cv.py [--t9phone .build/release/t9phone]
      [--language en] [--words 10000] [--train-only TEXT]... TEXT TEXT TEXT...
"""
import argparse
import concurrent.futures
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SETTINGS = [
    ("learning alone (no offers, no slips)", ["--no-completion", "--no-next-words", "--no-slips"]),
    ("everything", []),
    ("everything, keypad with arrows", ["--arrows"]),
    ("everything but learning", ["--no-learning"]),
    ("everything but completion", ["--no-completion"]),
    ("everything but next words", ["--no-next-words"]),
    ("everything but slips", ["--no-slips"]),
]


def evaluate(args, text, pairs, options):
    command = [sys.executable, os.path.join(HERE, "t9-offers-eval.py"), "--t9phone", args.t9phone,
               "--language", args.language, "--words", str(args.words), text, "--",
               "--pairs", pairs] + options
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return dict(line.split(": ", 1) for line in output.splitlines())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--t9phone", default=".build/release/t9phone")
    parser.add_argument("--language", default="en")
    parser.add_argument("--dictionary", help="default: Dictionaries/<language>.t9dict")
    parser.add_argument("--words", type=int, default=10000)
    parser.add_argument("--train-only", action="append", default=[])
    parser.add_argument("texts", nargs="+")
    args = parser.parse_args()
    dictionary = args.dictionary or f"Dictionaries/{args.language}.t9dict"
    folder = tempfile.mkdtemp(prefix="t9-offers-cv-")
    jobs = []
    for held in args.texts:
        train = [t for t in args.texts if t != held] + args.train_only
        pairs = os.path.join(folder, os.path.basename(held) + ".t9pairs")
        built = subprocess.run([args.t9phone, "dict", "pairs", dictionary, *train, "-o", pairs],
                               check=True, capture_output=True, text=True).stdout.strip()
        print(f"<!-- {os.path.basename(held)} held out: {built} -->", flush=True)
        for name, options in SETTINGS:
            jobs.append((held, name, pairs, options))
    print("| held-out text | setting | key presses per character | first candidate right "
          "| taken as next word | taken as completion |")
    print("| --- | --- | --- | --- | --- | --- |")
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        futures = [pool.submit(evaluate, args, held, pairs, options)
                   for held, _, pairs, options in jobs]
        for (held, name, _, _), future in zip(jobs, futures):
            result = future.result()
            print(f"| {os.path.basename(held)} | {name} | {result['key presses per character']} "
                  f"| {result['first candidate right']} | {result['taken as next word']} "
                  f"| {result['taken as completion']} |", flush=True)


if __name__ == "__main__":
    main()
