# t9phone: two commands on a fresh machine: `make run` and `make test`.
SWIFT ?= swift
BIN := .build/debug/t9phone
SOURCES := Package.swift Sources Tests

DICTIONARIES := Dictionaries/en.t9dict Dictionaries/id.t9dict

.PHONY: setup build run test unit scenarios lint format clean dictionaries wordlists

setup:
	@scripts/setup.sh

build: setup
	$(SWIFT) build
	$(MAKE) --no-print-directory dictionaries

# Compiled dictionaries from the committed word lists.
dictionaries: $(DICTIONARIES)

Dictionaries/%.t9dict: Dictionaries/%.tsv $(BIN)
	$(BIN) dict build $< -o $@

# Regenerates the word lists from wordfreq and the spelling lists (needs
# PyPI and Debian packages; the results are committed).
wordlists:
	tools/setup-dictionary-venv.sh
	.venv-dict/bin/python tools/make-dictionary.py

# The interactive simulator on built-in defaults (16x2, A00, en).
run: build
	$(BIN) $(ARGS)

# Everything CI checks: unit tests, every scenario, formatting.
test: setup
	$(MAKE) --no-print-directory lint
	$(SWIFT) build --build-tests
	$(MAKE) --no-print-directory dictionaries
	$(SWIFT) test --skip-build
	$(BIN) test Scenarios

unit: setup
	$(SWIFT) test

scenarios: build
	$(BIN) test Scenarios

lint:
	$(SWIFT) format lint --strict --recursive $(SOURCES)

format:
	$(SWIFT) format --in-place --recursive $(SOURCES)

clean:
	rm -rf .build $(DICTIONARIES)
