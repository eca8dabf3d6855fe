#!/bin/sh
# Reproduces Corpus/sherlock-holmes.txt from a Debian package, so that the
# origin of the corpus can be checked.
#
# The text is Project Gutenberg eBook #1661, "The Adventures of Sherlock
# Holmes" by Arthur Conan Doyle (1892), shipped as test data in the Debian 12
# package golang-github-jdkato-prose-dev 1.2.1-1 at
#   /usr/share/gocode/src/github.com/jdkato/prose/testdata/sherlock.txt
#
# Usage: sh tools/fetch-corpus.sh [OUTPUT]    (default: Corpus/sherlock-holmes.txt)
#
# Where the source file comes from, in this order:
#   1. the installed package, if it is installed;
#   2. as root: `apt-get install` of the package;
#   3. otherwise: `apt-get download` of the .deb into a temporary folder,
#      unpacked there with dpkg-deb (no root needed, nothing installed).
# The source and the result are both checked against pinned SHA-256 sums;
# the script fails rather than write a different text.
set -eu

PKG=golang-github-jdkato-prose-dev
PKG_VERSION=1.2.1-1
SRC_PATH=/usr/share/gocode/src/github.com/jdkato/prose/testdata/sherlock.txt
SRC_SHA256=a3b2d6055bbd290a278b70f35adb46b14685b500c1a494577093d7ed3663f169
OUT_SHA256=d6e5e50e8358ac384f8f4b5b739e2f551b4fbae0f8e5669033f8111514cc803f

here=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-"$here/Corpus/sherlock-holmes.txt"}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

src=
if [ -r "$SRC_PATH" ]; then
    src=$SRC_PATH
elif [ "$(id -u)" -eq 0 ]; then
    echo "fetch-corpus: installing $PKG=$PKG_VERSION" >&2
    if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
            "$PKG=$PKG_VERSION" >&2; then
        apt-get update -q >&2
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
            "$PKG=$PKG_VERSION" >&2
    fi
    src=$SRC_PATH
else
    echo "fetch-corpus: not root; downloading $PKG=$PKG_VERSION without installing" >&2
    (cd "$tmp" && apt-get download "$PKG=$PKG_VERSION" >&2)
    dpkg-deb -x "$tmp"/"$PKG"_*.deb "$tmp/root"
    src=$tmp/root$SRC_PATH
fi

sum=$(sha256sum "$src" | cut -d' ' -f1)
if [ "$sum" != "$SRC_SHA256" ]; then
    echo "fetch-corpus: $src has SHA-256 $sum, expected $SRC_SHA256" >&2
    exit 1
fi

# Cleaning (see Corpus/README.md):
#   - drop the UTF-8 byte-order mark and any carriage returns;
#   - keep only the lines after "*** START OF THIS PROJECT GUTENBERG EBOOK"
#     and before "End of the Project Gutenberg EBook" (removes the Project
#     Gutenberg header, footer and licence);
#   - drop the "Produced by ..." credit line;
#   - strip trailing blanks, squeeze runs of blank lines to one, and trim
#     blank lines at the start and end.
LC_ALL=C awk '
    NR == 1 { sub(/^\357\273\277/, "") }
    { sub(/\r$/, "") }
    /^\*\*\* START OF TH(IS|E) PROJECT GUTENBERG EBOOK/ { body = 1; next }
    /^End of (the )?Project Gutenberg/ { exit }
    /^\*\*\* END OF TH(IS|E) PROJECT GUTENBERG EBOOK/ { exit }
    !body { next }
    /^Produced by / { next }
    {
        sub(/[ \t]+$/, "")
        if ($0 == "") { blank = 1; next }
        if (started && blank) print ""
        print
        started = 1
        blank = 0
    }
' "$src" > "$tmp/out.txt"

sum=$(sha256sum "$tmp/out.txt" | cut -d' ' -f1)
if [ "$sum" != "$OUT_SHA256" ]; then
    echo "fetch-corpus: result has SHA-256 $sum, expected $OUT_SHA256" >&2
    exit 1
fi

mkdir -p "$(dirname "$out")"
cp "$tmp/out.txt" "$out"
echo "fetch-corpus: wrote $out ($(wc -w < "$out") words)" >&2
