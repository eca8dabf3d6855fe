"""Shared detokenizer for tokenised Indonesian sentences."""
import re
CLITICS = {"nya", "-nya", "ku", "mu", "lah", "kah"}
NOSPACE_BEFORE = set(".,;:!?)]}%”’") | {"...", "''"}
NOSPACE_AFTER = set("([{“‘")
def detok(tokens):
    out = []
    quote_open = False
    for t in tokens:
        if t == '"':
            # straight quotes: alternate opening/closing
            if quote_open: 
                if out: out[-1] += t
                else: out.append(t)
            else: out.append(t)
            quote_open = not quote_open
            continue
        if not out: out.append(t); continue
        prev = out[-1]
        if t in CLITICS and re.search(r"\w$", prev): out[-1] = prev + t
        elif t in NOSPACE_BEFORE or prev in NOSPACE_AFTER or (prev == '"' and quote_open): out[-1] = prev + t
        else: out.append(t)
    return " ".join(out)
