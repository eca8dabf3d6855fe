#!/usr/bin/env python3
"""Extract prose paragraphs from HTML / XHTML / Mallard .page files (Python stdlib only).
Usage: html_paras.py LANG FILE...   (LANG = id or en)
Text of <p>, <li>, <dd> and Publican/DocBook <div class="para"> elements is kept (headings, tables, titles are not);
text of a nested paragraph is emitted separately from its parent.
<pre>, <script>, <style>, <screen>, <code> blocks that are block-level (<pre>) are dropped.
A paragraph is kept only if it looks like the requested language (function-word test),
has >= 4 words, and is not a duplicate. One paragraph per line."""
import sys, re
from html.parser import HTMLParser
from html import unescape

ID_W = set("yang dan di ke dari untuk dengan ini itu pada adalah dalam tidak akan anda atau juga dapat bisa jika oleh sebagai ada lebih harus telah sudah kami kita saya mereka karena agar maka tersebut seperti hanya apakah bagaimana setiap semua tetapi namun masih sebuah satu kemudian".split())
EN_W = set("the and of to is in that for with you this are be it on as by can or not your an if from at will which have has use when all was".split())
SKIP = {"pre", "script", "style", "screen", "programlisting", "synopsis", "head", "info"}  # "info" = Mallard page metadata (credits, licence, desc)
PARA = {"p", "li", "dd"}

class P(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.skip = 0; self.stack = []; self.out = []; self.divs = []
    def handle_starttag(self, tag, attrs):
        tag = tag.split(":")[-1]
        if tag in SKIP: self.skip += 1
        if tag == "div":
            cls = dict(attrs).get("class") or ""
            ispara = "para" in cls.split()
            self.divs.append(ispara)
            if ispara: self.stack.append(["div", []])
        if tag in PARA:
            self.stack.append([tag, []])
        if tag == "br" and self.stack: self.stack[-1][1].append(" ")
    def handle_startendtag(self, tag, attrs):
        if tag.split(":")[-1] == "br" and self.stack: self.stack[-1][1].append(" ")
    def handle_endtag(self, tag):
        tag = tag.split(":")[-1]
        if tag in SKIP and self.skip: self.skip -= 1
        if tag == "div" and self.divs:
            if self.divs.pop():
                while self.stack:
                    t, buf = self.stack.pop()
                    self.out.append("".join(buf))
                    if t == "div": break
        if tag in PARA:
            # pop up to the matching tag
            while self.stack:
                t, buf = self.stack.pop()
                self.out.append("".join(buf))
                if t == tag: break
    def handle_data(self, data):
        if self.skip or not self.stack: return
        self.stack[-1][1].append(data)

def looks(lang, text):
    ws = re.findall(r"[A-Za-z]+", text.lower())
    if len(ws) < 4: return False
    i = sum(w in ID_W for w in ws); e = sum(w in EN_W for w in ws)
    if lang == "id": return i >= 1 and i > 2 * e
    return e >= 1 and e > 2 * i

lang = sys.argv[1]
seen = set()
for fn in sys.argv[2:]:
    p = P()
    p.feed(open(fn, encoding="utf-8", errors="replace").read()); p.close()
    for t in p.out:
        t = re.sub(r"\s+", " ", unescape(t)).strip()
        if not t or t in seen or not looks(lang, t): continue
        if len(re.findall(r"\d+\.\d+\.\s*[A-Za-z]", t)) > 1: continue  # table-of-contents runs
        seen.add(t); print(t)
