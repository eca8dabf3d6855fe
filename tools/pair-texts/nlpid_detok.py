#!/usr/bin/env python3
"""Rebuild plain sentences from nlp-id's dataset_postag.txt (token<TAB>tag, blank line between sentences).
Clitics split off by the tagger (nya, -nya, ku, mu, lah, kah) are glued back to the previous word;
punctuation is attached in the usual way. One sentence per line. Exact duplicate sentences are dropped."""
import sys, os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from detok import detok
sents, cur = [], []
for line in open(sys.argv[1], encoding="utf-8"):
    line = line.rstrip("\n")
    if not line.strip():
        if cur: sents.append(cur); cur = []
        continue
    cur.append(line.split("\t")[0])
if cur: sents.append(cur)
seen = set()
for s in sents:
    t = detok(s)
    if t not in seen:
        seen.add(t); print(t)
