#!/usr/bin/env python3
"""Writes the firmware's link order (scripts/firmware-order.sh runs this).

Usage: firmware-order.py MAP OUT PROFILE [PART...]

MAP is the lld link map of the firmware build; PROFILE callgrind's output
for a run of it over every scenario; each PART callgrind's output for one
part of a run of everyday use (typing and messages): the first part up to
the end of the program's start-up, each later one from the end of one
start-up (StartupPages.release) to the next. OUT gets the symbols the run
executed: first those that have a section of their own (with
-function-sections, every function of ours and most of the Swift
runtime's), those everyday use runs after start-up before the others
(start-up's pages are released and not touched again, so the pages a phone
in use touches are fewer), each group in the order the profiled build has
them (so that a new profile of the same code gives the same file); then
those inside a section shared by many functions (an object built without
-function-sections, such as most of libswiftCore's Swift.o). lld moves a
whole section to where its first listed symbol is; listed in one pass, a
shared section of hundreds of kilobytes would sit between the small ones
and spread the functions a run needs over more pages.
"""
import re
import sys

SHARED = 64 * 1024  # a section this large holds many functions


def executed(profile):
    names, seen = [], set()
    with open(profile, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            # "fn=(id) name" where a name is compressed, "fn=name" where not.
            match = re.match(r"^c?fn=(?:\(\d+\) ?)?(.*)$", line.rstrip("\n"))
            if match and match.group(1):
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


def part_number(path):
    """callgrind names the parts PROFILE.1, PROFILE.2, … and the last, at
    the program's exit, PROFILE."""
    suffix = path.rsplit(".", 1)[-1]
    return int(suffix) if suffix.isdigit() else sys.maxsize


def main():
    link_map, out, profile, *parts = sys.argv[1:]
    parts.sort(key=part_number)
    if len(parts) == 1:
        sys.exit("firmware-order: the run of everyday use was not split where start-up ends")
    running, seen = [], set()
    for part in parts[1:]:
        for name in executed(part):
            if name not in seen:
                seen.add(name)
                running.append(name)
    names = running + [name for name in executed(profile) if name not in seen]
    sizes, addresses = section_sizes(link_map)
    # Callgrind names a function it has no symbol for by its address.
    names = [name for name in names if not name.startswith("0x")]
    own = lambda name: sizes.get(name, 0) < SHARED
    by_address = lambda name: addresses.get(name, 0)
    own_running = sorted((name for name in names if name in seen and own(name)), key=by_address)
    own_rest = sorted((name for name in names if name not in seen and own(name)), key=by_address)
    shared = [name for name in names if not own(name)]
    with open(out, "w", encoding="utf-8") as file:
        for name in own_running + own_rest:
            file.write(name + "\n")
        for name in shared:
            file.write(name + "\n")
    print(f"firmware-order: {len(own_running)} functions that typing and messages run "
          f"and {len(own_rest)} others in sections of their own, "
          f"{len(shared)} in shared sections, written to {out}")


if __name__ == "__main__":
    main()
