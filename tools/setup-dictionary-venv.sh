#!/usr/bin/env bash
# Prepares what tools/make-dictionary.py needs: the Debian spelling lists and
# checkers (installed with apt-get when run as root), and a Python venv at
# .venv-dict with the pinned packages of tools/requirements.txt.
# Safe to run again. Then build the word lists with:
#   .venv-dict/bin/python tools/make-dictionary.py
set -euo pipefail
cd "$(dirname "$0")/.."

# wamerican-large, wbritish-large: English spelling lists (SCOWL size 70).
# hunspell, hunspell-id: the Indonesian spelling dictionary and its checker.
# apertium-ind-zlm: Apertium's Indonesian morphological analyser (with lt-proc).
APT_PACKAGES=(wamerican-large wbritish-large hunspell hunspell-id apertium-ind-zlm)

scripts/install-debian-packages.sh "${APT_PACKAGES[@]}"

PYTHON=${PYTHON:-python3}
if [[ ! -x .venv-dict/bin/python ]]; then
  echo "setup-dictionary: creating .venv-dict with $("$PYTHON" --version 2>&1)"
  "$PYTHON" -m venv .venv-dict
fi
.venv-dict/bin/python -m pip install --quiet --disable-pip-version-check -r tools/requirements.txt
echo "setup-dictionary: ready; run .venv-dict/bin/python tools/make-dictionary.py"
