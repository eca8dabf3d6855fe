# t9phone: two commands on a fresh machine: `make run` and `make test`.
SWIFT ?= swift
BIN := .build/debug/t9phone
SOURCES := Package.swift Sources Tests

DICTIONARIES := Dictionaries/en.t9dict Dictionaries/id.t9dict

.PHONY: setup build run test unit scenarios lint format clean dictionaries wordlists \
	bench bench-check soak firmware cli-tests

# The firmware build for a board: release, Swift runtime linked in, not
# position-independent (no start-up relocations, so less resident memory).
FIRMWARE_FLAGS := -c release --static-swift-stdlib --scratch-path .build-firmware \
	-Xlinker -no-pie -Xswiftc -Xclang-linker -Xswiftc -no-pie

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
	scripts/cli-tests.sh $(BIN)
	scripts/check-allocations.sh
	$(BIN) test Scenarios

unit: setup
	$(SWIFT) test

scenarios: build
	$(BIN) test Scenarios

lint:
	$(SWIFT) format lint --strict --recursive $(SOURCES)

format:
	$(SWIFT) format --in-place --recursive $(SOURCES)

# Every benchmark, with its figures (see docs/performance.md).
bench: setup
	cd Benchmarks && $(SWIFT) package benchmark

# Fails if the key-press or learning path allocates.
bench-check: setup
	scripts/check-allocations.sh

# A 1,000,000-key T9 soak of the firmware build, with its resident memory.
soak: setup
	scripts/soak.sh

firmware: setup
	$(SWIFT) build $(FIRMWARE_FLAGS)

cli-tests: build
	scripts/cli-tests.sh $(BIN)

clean:
	rm -rf .build $(DICTIONARIES)
