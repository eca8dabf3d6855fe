#!/usr/bin/env python3
"""Writes the firmware's link order (scripts/firmware-order.sh runs this).

Usage: firmware-order.py PROFILE MAP OUT

PROFILE is callgrind's output for a run of the firmware build, MAP the lld
link map of that build. OUT gets the symbols the run executed: first those
that have a section of their own (with -function-sections, every function of
ours and most of the Swift runtime's), in the order the profiled build has
them (so that a new profile of the same code gives the same file), then
those inside a section shared by many functions (an object built without
-function-sections, such as most of libswiftCore's Swift.o). lld moves a
whole section to where its first listed symbol is; listed in one pass, a
shared section of hundreds of kilobytes would sit between the small ones and
spread the functions a run needs over more pages.
"""
import re
import sys

SHARED = 64 * 1024  # a section this large holds many functions


def executed(profile):
    names, seen = [], set()
    with open(profile, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            match = re.match(r"^c?fn=\(\d+\) (.*)$", line.rstrip("\n"))
            if match:
                name = re.sub(r"'\d+$", "", match.group(1))
                if name not in seen:
                    seen.add(name)
                    names.append(name)
    return names


def section_sizes(link_map):
    """The size of the largest input section of .text each symbol name is in
    (a local name can be in several objects; lld orders every section that
    has it), and the symbol's first address."""
    sizes, addresses, in_text, current = {}, {}, False, 0
    pattern = re.compile(r"^\s*([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+ (\s*)(\S.*)$")
    with open(link_map, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            match = pattern.match(line.rstrip("\n"))
            if not match:
                continue
            address, size = int(match.group(1), 16), int(match.group(2), 16)
            indent, name = len(match.group(3)), match.group(4)
            if indent == 0:
                in_text = name == ".text"
            elif in_text and indent == 8:
                current = size
            elif in_text and indent == 16:
                sizes[name] = max(sizes.get(name, 0), current)
                addresses.setdefault(name, address)
    return sizes, addresses


def main():
    profile, link_map, out = sys.argv[1:4]
    names = executed(profile)
    sizes, addresses = section_sizes(link_map)
    # Callgrind names a function it has no symbol for by its address.
    names = [name for name in names if not name.startswith("0x")]
    own = [name for name in names if sizes.get(name, 0) < SHARED]
    own.sort(key=lambda name: addresses.get(name, 0))
    shared = [name for name in names if sizes.get(name, 0) >= SHARED]
    with open(out, "w", encoding="utf-8") as file:
        for name in own + shared:
            file.write(name + "\n")
    print(f"firmware-order: {len(own)} functions in sections of their own, "
          f"{len(shared)} in shared sections, written to {out}")


if __name__ == "__main__":
    main()
