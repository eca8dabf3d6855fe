# t9phone: two commands on a fresh machine: `make run` and `make test`.
SWIFT ?= swift
BIN := .build/debug/t9phone
SOURCES := Package.swift Sources Tests

.PHONY: setup build run test unit scenarios lint format clean

setup:
	@scripts/setup.sh

build: setup
	$(SWIFT) build

# The interactive simulator on built-in defaults (16x2, A00, en).
run: build
	$(BIN) $(ARGS)

# Everything CI checks: unit tests, every scenario, formatting.
test: setup
	$(MAKE) --no-print-directory lint
	$(SWIFT) build --build-tests
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
	rm -rf .build
