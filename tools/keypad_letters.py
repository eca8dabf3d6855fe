"""The letters of a phone keypad (ITU-T E.161), read from the firmware's one
copy of the table: the `letterGroups` line of
Sources/Vocabulary/KeypadLetters.swift.

    from keypad_letters import LETTER_GROUPS  # {2: "abc", ..., 9: "wxyz"}
"""
import os
import re

SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "Vocabulary",
                      "KeypadLetters.swift")


def read_letter_groups(path=SOURCE):
    """{key: letters} for keys 2-9, from the Swift table."""
    with open(path, encoding="utf-8") as f:
        m = re.search(r"letterGroups\s*=\s*\[([^\]]*)\]", f.read())
    if not m:
        raise SystemExit(f"{path}: no `letterGroups = [...]` line")
    groups = re.findall(r'"([a-z]+)"', m.group(1))
    if len(groups) != 8:
        raise SystemExit(f"{path}: letterGroups has {len(groups)} groups, not 8")
    return {key: letters for key, letters in enumerate(groups, 2)}


LETTER_GROUPS = read_letter_groups()
