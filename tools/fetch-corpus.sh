#!/bin/sh
# Reproduces the texts in Corpus/ from the Debian and PyPI packages that ship
# them, so that the origin of every text can be checked (Corpus/README.md).
#
# Usage: sh tools/fetch-corpus.sh [NAME...]
#   NAME: sherlock-holmes, tom-sawyer, alice-in-wonderland, loc-workshop,
#   id-kumparan-news, id-debian-handbook (default: all of them). Each is written to Corpus/NAME.txt, or to
#   $CORPUS_DIR/NAME.txt when CORPUS_DIR is set.
#
# Sources:
#   sherlock-holmes      Project Gutenberg #1661, Debian 12 package
#                        golang-github-jdkato-prose-dev 1.2.1-1 (test data)
#   tom-sawyer           Project Gutenberg #74, Debian 12 package
#                        golang-github-pierrec-lz4-dev 2.5.2-2 (test data)
#   alice-in-wonderland  the Canterbury corpus's alice29.txt, in the Brotli
#                        1.2.1 source distribution on PyPI (test data)
#   loc-workshop         the Canterbury corpus's lcet10.txt, same archive
#   id-kumparan-news     Indonesian news sentences (kumparan.com, MIT): the
#                        POS-tagging data of the nlp-id 0.1.23.0 wheel on PyPI
#   id-debian-handbook   The Debian Administrator's Handbook in Indonesian
#                        (CC BY-SA 3.0 or GPL-2+), Debian 12 package
#                        debian-handbook 11.20220922
#
# A Debian file comes from the installed package if that version is
# installed, else from `apt-get download` of the .deb, unpacked in a
# temporary folder with dpkg-deb (no root needed, nothing installed). A PyPI file comes from `pip download` of the source
# archive into a temporary folder (nothing installed). The package archive
# (PyPI), the source file and the result are checked against pinned SHA-256
# sums; the script fails rather than write a different text.
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
outdir=${CORPUS_DIR:-"$here/Corpus"}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

fail() {
    echo "fetch-corpus: $*" >&2
    exit 1
}

check_sum() {  # FILE EXPECTED
    sum=$(sha256sum "$1" | cut -d' ' -f1)
    [ "$sum" = "$2" ] || fail "$1 has SHA-256 $sum, expected $2"
}

# Prints the path of FILE from Debian package PKG at VERSION.
debian_file() {  # PKG VERSION FILE
    if [ -r "$3" ] && dpkg-query -W -f '${Version}' "$1" 2>/dev/null | grep -qx "$2"; then
        echo "$3"
        return
    fi
    echo "fetch-corpus: downloading $1=$2 without installing" >&2
    mkdir -p "$tmp/deb-$1"
    (cd "$tmp/deb-$1" && apt-get download "$1=$2" >&2)
    dpkg-deb -x "$tmp/deb-$1"/"$1"_*.deb "$tmp/deb-$1/root"
    echo "$tmp/deb-$1/root$3"
}

# Prints the path of MEMBER of the source archive of PyPI package PKG at
# VERSION, checking the archive against SHA256.
pypi_file() {  # PKG VERSION ARCHIVE SHA256 MEMBER
    dir="$tmp/pypi-$1-$2"
    if [ ! -d "$dir" ]; then
        mkdir -p "$dir"
        echo "fetch-corpus: downloading the $1 $2 source archive from PyPI" >&2
        python3 -m pip download --quiet --no-deps --no-binary :all: --no-build-isolation \
            -d "$dir" "$1==$2" >&2 ||
            python3 -m pip download --quiet --no-deps --no-binary :all: -d "$dir" "$1==$2" >&2
        check_sum "$dir/$3" "$4"
    fi
    [ -e "$dir/$5" ] || tar -xzf "$dir/$3" -C "$dir" "$5"
    echo "$dir/$5"
}

# The cleaning common to every text, after the text-specific program: drop
# carriage returns, strip trailing blanks, squeeze runs of blank lines to
# one, and trim blank lines at the start and end.
tidy() {
    LC_ALL=C awk '
        { sub(/\r$/, ""); sub(/[ \t]+$/, "") }
        $0 == "" { blank = 1; next }
        { if (started && blank) print ""; print; started = 1; blank = 0 }
    '
}

# Writes $tmp/out.txt from SOURCE through the text's awk PROGRAM and tidy,
# checks it against RESULT_SHA256 and copies it to Corpus/NAME.txt.
finish() {  # NAME SOURCE SOURCE_SHA256 PROGRAM RESULT_SHA256
    check_sum "$2" "$3"
    LC_ALL=C awk "$4" "$2" | tidy > "$tmp/out.txt"
    check_sum "$tmp/out.txt" "$5"
    mkdir -p "$outdir"
    cp "$tmp/out.txt" "$outdir/$1.txt"
    echo "fetch-corpus: wrote $outdir/$1.txt ($(wc -w < "$outdir/$1.txt") words)" >&2
}

BROTLI_VERSION=1.2.1
BROTLI_ARCHIVE=brotli-1.2.1.tar.gz
BROTLI_SHA256=02b2f7b5a83485efe448a44ddf7983def05c3bb1dcf917d4f7154070260e13de

fetch() {
    case $1 in
    sherlock-holmes)
        # Drop the byte-order mark; keep the lines between "*** START OF THIS
        # PROJECT GUTENBERG EBOOK" and "End of the Project Gutenberg EBook"
        # (no header, footer or licence); drop the "Produced by" credit.
        src=$(debian_file golang-github-jdkato-prose-dev 1.2.1-1 \
            /usr/share/gocode/src/github.com/jdkato/prose/testdata/sherlock.txt)
        finish sherlock-holmes "$src" \
            a3b2d6055bbd290a278b70f35adb46b14685b500c1a494577093d7ed3663f169 '
            NR == 1 { sub(/^\357\273\277/, "") }
            { sub(/\r$/, "") }
            /^\*\*\* START OF TH(IS|E) PROJECT GUTENBERG EBOOK/ { body = 1; next }
            /^End of (the )?Project Gutenberg/ { exit }
            /^\*\*\* END OF TH(IS|E) PROJECT GUTENBERG EBOOK/ { exit }
            !body { next }
            /^Produced by / { next }
            { print }' \
            d6e5e50e8358ac384f8f4b5b739e2f551b4fbae0f8e5669033f8111514cc803f
        ;;
    tom-sawyer)
        # The file has no Project Gutenberg header or licence; drop the
        # "Produced by ..." credit (the first paragraph).
        src=$(debian_file golang-github-pierrec-lz4-dev 2.5.2-2 \
            /usr/share/gocode/src/github.com/pierrec/lz4/testdata/Mark.Twain-Tom.Sawyer.txt)
        finish tom-sawyer "$src" \
            461eb7cb2d57d293fc680c836464c9125e4382be3596f7d415093ae9db8fcb0e '
            NR == 1 && /^Produced by / { credit = 1 }
            credit && /^[ \t\r]*$/ { credit = 0 }
            credit { next }
            { print }' \
            38e7c5484d920f682b5924b8400d70768b9f2c2d812237b2e5fa8bcf01f1fb58
        ;;
    alice-in-wonderland)
        # The whole file: title, chapters, "THE END" (no header or licence).
        src=$(pypi_file Brotli $BROTLI_VERSION $BROTLI_ARCHIVE $BROTLI_SHA256 \
            brotli-$BROTLI_VERSION/tests/testdata/alice29.txt)
        finish alice-in-wonderland "$src" \
            7467306ee0feed4971260f3c87421154a05be571d944e9cb021a5713700c38f0 '{ print }' \
            4e3a26797ca36f4d2692e420053e6b5f2023062b4dd4908a319fbefa1353150c
        ;;
    loc-workshop)
        # Drop the first line ("The Project Gutenberg Etext of ..."); keep
        # the proceedings, up to the appendices (the program, the speakers'
        # own abstracts, and the directory of participants: names, rooms
        # and telephone numbers).
        src=$(pypi_file Brotli $BROTLI_VERSION $BROTLI_ARCHIVE $BROTLI_SHA256 \
            brotli-$BROTLI_VERSION/tests/testdata/lcet10.txt)
        finish loc-workshop "$src" \
            5314ba1dbb03f471df88bec6cd120a938ef60d0fd3511c5c1dce61bf7463245f '
            { sub(/\r$/, "") }
            /^The Project Gutenberg Etext of / { next }
            /^ *Appendix I: +PROGRAM/ { exit }
            { print }' \
            51787c132e26d780a026235f1711f449f9c5e27a442fd5b588d5133f60f8c35a
        ;;
    id-kumparan-news)
        # The tagger's training sentences (token<TAB>tag, a blank line
        # between sentences) joined back into text: clitics split off by
        # the tagger (-nya, -ku, -mu, -lah, -kah) glued to their word,
        # punctuation attached, repeated sentences dropped.
        dir="$tmp/pypi-nlp-id"
        mkdir -p "$dir"
        echo "fetch-corpus: downloading the nlp-id 0.1.23.0 wheel from PyPI" >&2
        python3 -m pip download --quiet --no-deps --only-binary :all: -d "$dir" nlp-id==0.1.23.0 >&2
        check_sum "$dir/nlp_id-0.1.23.0-py3-none-any.whl" \
            358faafb1e4801d79d6c9c8cf20be9d62d990fff9563f2bb6ee1cd7731691384
        python3 -m zipfile -e "$dir/nlp_id-0.1.23.0-py3-none-any.whl" "$dir/x"
        src="$dir/x/nlp_id/data/dataset_postag.txt"
        check_sum "$src" c2b6ef45dc1c5ddb8df0a6b2e0cf28270a9ff0a7518f71c9a60a5e0dbf8aa9b0
        python3 "$here/tools/pair-texts/nlpid_detok.py" "$src" > "$tmp/out.txt"
        check_sum "$tmp/out.txt" 9fca1955b91736f32692bdfb59d13e57ff6a5640f568df7d9d50bcfb6751d5dc
        mkdir -p "$outdir"
        cp "$tmp/out.txt" "$outdir/$1.txt"
        ;;
    id-debian-handbook)
        # The paragraphs of the Indonesian HTML edition (headings, code and
        # tables of contents left out; paragraphs still in English dropped).
        root=$(debian_file debian-handbook 11.20220922 /usr/share/doc/debian-handbook/html)
        # shellcheck disable=SC2046
        python3 "$here/tools/pair-texts/html_paras.py" id \
            $(ls "$root"/id-ID/*.html | LC_ALL=C sort) > "$tmp/out.txt"
        check_sum "$tmp/out.txt" 94cbb088493f308e7e719e7123289b4873076fd263e03e4277c37093d44dc50d
        mkdir -p "$outdir"
        cp "$tmp/out.txt" "$outdir/$1.txt"
        ;;
    *)
        fail "unknown text '$1' (sherlock-holmes, tom-sawyer, alice-in-wonderland, loc-workshop, id-kumparan-news, id-debian-handbook)"
        ;;
    esac
}

if [ $# -eq 0 ]; then
    set -- sherlock-holmes tom-sawyer alice-in-wonderland loc-workshop id-kumparan-news \
        id-debian-handbook
fi
for name in "$@"; do
    fetch "$name"
done
