#!/usr/bin/env python3
"""Cross-validates T9 learning on the Corpus texts: for each text held out,
picks the learning weights that do best on the other texts, then measures
the held-out text with them, against no learning and against learning
without context (no word pairs).

Every measurement types one whole text from an empty learning store with
`t9phone t9 session` (hidden options set the weights) and summarises it
with tools/t9-session-stats.py. "Best" is the highest mean gain in
first-candidate-right points over the training texts (ties: the lower mean
keystrokes per character). Results are cached in a JSON file, so a second
run only prints.

Usage:
  python3 tools/t9-learning-cv.py [--t9phone .build/release/t9phone]
      [--cache /tmp/t9-cv.json] [--texts sherlock-holmes tom-sawyer ...]
"""
import argparse
import importlib.util
import itertools
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TEXTS = ["sherlock-holmes", "tom-sawyer", "alice-in-wonderland", "loc-workshop"]

# The weights tried (see LearningWeights.swift): user weight, user
# smoothing, context weight (or no context: no pairs stored), pairs' share
# of the store. Context smoothing stays at its default (2). Weights with
# which one use in an empty store would outweigh a word of Zipf 6.0
# (user / smoothing > 10^-3) are not tried: a word chosen or spelled once
# must not pass "a", "to", "I" or "he" (Zipf 6.7-7.4).
USER = [1, 3, 10]
USER_SMOOTHING = [300, 3000, 30000]
CONTEXT = [1, 10, 100, 1000]
PAIR_SHARE = [0.25, 0.5]
MAXIMUM_FIRST_USE = 1e-3


def load_stats():
    spec = importlib.util.spec_from_file_location("stats", os.path.join(HERE, "t9-session-stats.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


STATS = load_stats()


def configurations():
    """Every configuration: a key and its command-line options."""
    yield "static", ["--no-learning"]
    for user, smoothing in itertools.product(USER, USER_SMOOTHING):
        if user / smoothing > MAXIMUM_FIRST_USE:
            continue
        base = ["--user-weight", str(user), "--user-smoothing", str(smoothing)]
        yield f"u={user} n0={smoothing} no-context", base + ["--no-context"]
        for context, share in itertools.product(CONTEXT, PAIR_SHARE):
            yield (
                f"u={user} n0={smoothing} v={context} share={share}",
                base + ["--context-weight", str(context), "--pair-share", str(share)],
            )


def measure(binary, text, options, dictionary):
    with tempfile.TemporaryDirectory() as state:
        with open(os.path.join(ROOT, "Corpus", text + ".txt"), "rb") as source:
            output = subprocess.run(
                [binary, "t9", "session", "--state", state] + options,
                stdin=source, capture_output=True, check=True, cwd=ROOT,
            ).stdout.decode("utf-8")
    counts = STATS.summarize(output.splitlines(), dictionary)
    return {
        "first": 100 * counts["first"] / counts["words"],
        "known_first": 100 * counts["known_first"] / counts["known"],
        "listed": 100 * counts["listed"] / counts["words"],
        "kspc": counts["keys"] / counts["characters"],
        "words": counts["words"],
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--t9phone", default=os.path.join(ROOT, ".build/release/t9phone"))
    parser.add_argument("--cache", default=os.path.join(tempfile.gettempdir(), "t9-cv.json"))
    parser.add_argument("--texts", nargs="+", default=TEXTS)
    args = parser.parse_args()
    dictionary = STATS.load_words(os.path.join(ROOT, "Dictionaries", "en.tsv"))
    cache = {}
    if os.path.exists(args.cache):
        with open(args.cache) as handle:
            cache = json.load(handle)
    configs = dict(configurations())
    for key, options in configs.items():
        for text in args.texts:
            name = f"{text} | {key}"
            if name not in cache:
                cache[name] = measure(args.t9phone, text, options, dictionary)
                with open(args.cache, "w") as handle:
                    json.dump(cache, handle, indent=1, sort_keys=True)
                print(f"measured {name}: {cache[name]['first']:.2f}%", file=sys.stderr)

    def result(text, key):
        return cache[f"{text} | {key}"]

    def best(train, context):
        def score(key):
            gains = [result(t, key)["first"] - result(t, "static")["first"] for t in train]
            kspc = sum(result(t, key)["kspc"] for t in train) / len(train)
            return (sum(gains) / len(gains), -kspc)
        keys = [k for k in configs if k != "static" and (("no-context" in k) != context)]
        return max(keys, key=score)

    def row(label, measured, static):
        return (
            f"| {label} | {measured['first']:.2f}% ({measured['first'] - static['first']:+.2f}) "
            f"| {measured['known_first']:.2f}% | {measured['listed']:.2f}% | {measured['kspc']:.4f} |"
        )

    print("| held out (words) | trained on | weights chosen on the training texts |")
    print("| --- | --- | --- |")
    folds = []
    for held in args.texts:
        train = [t for t in args.texts if t != held]
        with_context, without = best(train, True), best(train, False)
        folds.append((held, train, with_context, without))
        print(
            f"| {held} ({result(held, 'static')['words']:,}) | {', '.join(train)} "
            f"| {with_context}; without context: {without} |"
        )
    print()
    print("| held-out text | typing | first candidate right (gain) | same, dictionary words "
          "| listed | keystrokes per character |")
    print("| --- | --- | --- | --- | --- | --- |")
    for held, train, with_context, without in folds:
        static = result(held, "static")
        print(row(f"{held} | no learning", static, static))
        print(row(f"{held} | learning", result(held, with_context), static))
        print(row(f"{held} | learning without context", result(held, without), static))
    # The defaults: the weights that do best on all the texts together.
    print()
    print(f"Best on all {len(args.texts)} texts (the defaults): {best(args.texts, True)}; "
          f"without context: {best(args.texts, False)}")


if __name__ == "__main__":
    main()
