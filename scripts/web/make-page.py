#!/usr/bin/env python3
"""Builds the phone's page as one self-contained HTML file: the template
(Web/page/t9phone.html) with its style, its script, the WebAssembly module
and the compiled dictionaries inlined (base64), so it works opened from disk
with nothing fetched.

  scripts/web/make-page.py MODULE.wasm DICT.t9dict [PAIRS.t9pairs]... -o PAGE.html [--scenario FILE]

--scenario preloads a scenario (and the contact file its header names,
beside it): the page opens showing its replay, every expectation passing or
failing beside the glass at that moment (docs/ci.md)."""
import argparse
import base64
import json
import os
import re
import sys

here = os.path.dirname(os.path.abspath(__file__))
page = os.path.join(here, "..", "..", "Web", "page")


def read(path, mode="r"):
    with open(path, mode) as handle:
        return handle.read()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("module")
    parser.add_argument("dictionaries", nargs="+")
    parser.add_argument("-o", "--output", required=True)
    parser.add_argument("--scenario")
    options = parser.parse_args()

    preloaded = None
    if options.scenario:
        text = read(options.scenario)
        contacts = None
        match = re.search(r"^contacts\s+(\S+)\s*$", text, re.MULTILINE)
        if match:
            contacts = read(os.path.join(os.path.dirname(options.scenario), match.group(1)))
        preloaded = {"file": os.path.basename(options.scenario), "text": text, "contacts": contacts}

    dictionaries = []
    for path in options.dictionaries:
        # `en.t9dict` is a `dictionary en` section, `en.t9pairs` a `pairs en` one.
        code, kind = os.path.basename(path).split(".")[:2]
        section = ("pairs " if kind == "t9pairs" else "dictionary ") + code
        dictionaries.append([section, base64.b64encode(read(path, "rb")).decode()])

    script = read(os.path.join(page, "page.js"))
    if "</script" in script:
        sys.exit("make-page: page.js must not contain </script")
    parts = {
        "/*STYLE*/": read(os.path.join(page, "page.css")),
        "/*MODULE*/": base64.b64encode(read(options.module, "rb")).decode(),
        "/*DICTIONARIES*/": json.dumps(dictionaries),
        "/*PRELOADED*/": json.dumps(preloaded).replace("</", "<\\/"),
        "/*SCRIPT*/": script,
    }
    html = read(os.path.join(page, "t9phone.html"))
    for marker, text in parts.items():
        if html.count(marker) != 1:
            sys.exit(f"make-page: the template must hold {marker} once")
        html = html.replace(marker, text)
    temporary = options.output + ".tmp"
    with open(temporary, "w") as handle:
        handle.write(html)
    os.replace(temporary, options.output)
    print(f"web: {options.output}, {len(html.encode())} bytes")


if __name__ == "__main__":
    main()
