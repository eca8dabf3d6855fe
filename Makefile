# t9phone: two commands on a fresh machine: `make run` and `make test`.
SWIFT ?= swift
BIN := .build/debug/t9phone
SOURCES := Package.swift Sources Tests Web

DICTIONARIES := Dictionaries/en.t9dict Dictionaries/id.t9dict Dictionaries/en.t9pairs \
	Dictionaries/id.t9pairs
# The running texts each language's next-word table is built from (docs/t9.md,
# "Completion and the next word"; sources and licences in Corpus/README.md).
PAIR_TEXTS_en := Corpus/sherlock-holmes.txt Corpus/tom-sawyer.txt Corpus/alice-in-wonderland.txt \
	Corpus/loc-workshop.txt
PAIR_TEXTS_id := Corpus/id-kumparan-news.txt

.PHONY: setup setup-build setup-test build run test unit scenarios lint format clean lcdproc-test fault-soak \
	dictionaries wordlists bench bench-check soak replay-speed firmware firmware-all firmware-symbols \
	soak-build firmware-pair cli-tests hil hil-all hil-record embedded \
	screenshots fuzz fuzz-build fuzz-regressions fuzz-seeds firmware-order wasm web-replay web web-test

# The board firmware: `make firmware ARCH=x86_64|arm64|armhf` builds
# .build/firmware/ARCH/t9phone, the device run as Embedded Swift linked
# statically with glibc and libevdev for that architecture
# (scripts/firmware/build.sh, docs/deploy.md).
ARCH ?= x86_64
FIRMWARE_BIN = .build/firmware/$(ARCH)/t9phone

# The soak's build of the host tool: release, one static executable (the
# Swift runtime and glibc linked in: no shared libraries to map, no dynamic
# symbol table), linked by lld with each function in its own section and
# the functions a run executes placed together, in the order of
# scripts/firmware.order (made by scripts/firmware-order.sh), so the pages a
# run touches are few and contiguous (docs/performance.md, "Resident memory").
FIRMWARE_ORDER := scripts/firmware.order
FIRMWARE_FLAGS := -c release --static-swift-stdlib --scratch-path .build-firmware \
	-Xswiftc -static-executable -Xswiftc -use-ld=lld \
	-Xswiftc -Xfrontend -Xswiftc -function-sections \
	-Xlinker --symbol-ordering-file=$(CURDIR)/$(FIRMWARE_ORDER) -Xlinker --no-warn-symbol-ordering

# Set-up installs what the command at hand needs (scripts/setup.sh): the
# build's Debian packages for building and running, and the hardware suite's
# (QEMU, a kernel, busybox) only for the targets that boot the guest.
setup: setup-test

setup-build:
	@scripts/setup.sh build

setup-test:
	@scripts/setup.sh test

build: setup-build
	$(SWIFT) build
	$(MAKE) --no-print-directory dictionaries

# Compiled dictionaries from the committed word lists.
dictionaries: $(DICTIONARIES)

# The debug build, when a dictionary is wanted before anything was built
# (order-only: set-up does not make the binary out of date).
$(BIN): | setup-build
	$(SWIFT) build

Dictionaries/%.t9dict: Dictionaries/%.tsv $(BIN)
	$(BIN) dict build $< -o $@

# A next-word table is tied to its compiled dictionary (its word numbers and
# checksum): rebuilt whenever that is.
.SECONDEXPANSION:
Dictionaries/%.t9pairs: Dictionaries/%.t9dict $$(PAIR_TEXTS_$$*) $(BIN)
	$(BIN) dict pairs $< $(PAIR_TEXTS_$*) -o $@

# Regenerates the word lists from wordfreq and the spelling lists (needs
# PyPI and Debian packages; the results are committed).
wordlists:
	tools/setup-dictionary-venv.sh
	.venv-dict/bin/python tools/make-dictionary.py

# The interactive simulator on built-in defaults (16x2, A00, en).
run: build
	$(BIN) $(ARGS)

# Everything CI checks: formatting, unit tests, the CLI, the board firmware
# (Embedded Swift for x86_64 and arm64: built, its symbols checked, run
# against a real LCDd, the arm64 one under qemu-user), the
# allocation gate, every scenario, the module in a browser, the
# random-fault soak, every fuzz target over its seeds and regressions, and
# the hardware-in-the-loop suite on a real kernel. Every pure target is
# compiled as Embedded Swift by the firmware build or the WebAssembly
# build (`make embedded` checks them alone).
test: setup-test
	$(MAKE) --no-print-directory lint
	$(SWIFT) build --build-tests
	$(MAKE) --no-print-directory dictionaries
	$(SWIFT) test --skip-build
	$(MAKE) --no-print-directory firmware-pair
	$(MAKE) --no-print-directory firmware-symbols ARCH=x86_64
	$(MAKE) --no-print-directory firmware-symbols ARCH=arm64
	scripts/cli-tests.sh $(BIN) .build/firmware/x86_64/t9phone
	scripts/lcdproc-test.sh $(BIN) .build/firmware/x86_64/t9phone
	FIRMWARE_RUNNER=qemu-aarch64-static scripts/lcdproc-test.sh $(BIN) .build/firmware/arm64/t9phone
	scripts/check-allocations.sh
	$(BIN) test Scenarios
	$(MAKE) --no-print-directory web-replay
	$(MAKE) --no-print-directory web-test
	$(MAKE) --no-print-directory fault-soak
	$(MAKE) --no-print-directory fuzz-regressions
	$(MAKE) --no-print-directory hil

unit: setup-build
	$(SWIFT) test

# The LCDd client against a real LCDd (its text driver on a free loopback
# port), LCDd restarted mid-run (scripts/lcdproc-test.sh).
lcdproc-test: setup-test build
	scripts/lcdproc-test.sh $(BIN)

scenarios: build
	$(BIN) test Scenarios

# An hour of virtual time typing with a random fault every 2-6 s, on 16x2 and
# on 20x4: fails if a character is lost or added, or the glass stays wrong
# more than 2 s after a fault (docs/watchdog.md).
fault-soak: build
	$(BIN) fault-soak --minutes 60 --lcd 16x2 --seed 1
	$(BIN) fault-soak --minutes 60 --lcd 20x4 --seed 2

lint:
	$(SWIFT) format lint --strict --recursive $(SOURCES) $(FUZZ_SOURCES)

format:
	$(SWIFT) format --in-place --recursive $(SOURCES) $(FUZZ_SOURCES)

# The libFuzzer targets of Fuzz/, a package of its own (swift-tools-version
# 5.4: later versions rename the executable's main, which libFuzzer brings),
# built in release with libFuzzer and AddressSanitizer; see
# docs/reliability.md, "Fuzzing". `make fuzz` runs every target for
# FUZZ_SECONDS each (FUZZ_TARGETS="FuzzBook FuzzVCard" for some), printing
# the executions of each; `make fuzz-regressions` runs each once over its
# seeds and regressions and fails on any crash.
FUZZ_SOURCES := Fuzz/Package.swift Fuzz/Sources
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=

fuzz-build: setup-build
	scripts/fuzz.sh build

fuzz: fuzz-build
	FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz.sh run $(FUZZ_TARGETS)

fuzz-regressions: fuzz-build
	scripts/fuzz.sh regressions $(FUZZ_TARGETS)

# Regenerates the generated seeds of Fuzz/Corpus/ from the project's files
# and the CLI (Fuzz/seed.sh; LCDd's replies need LCDd).
fuzz-seeds: build
	Fuzz/seed.sh $(BIN)

# Compiles each pure library target as Embedded Swift (docs/architecture.md).
embedded:
	scripts/check-embedded.sh

# The firmware as a WebAssembly module (docs/web.md).
wasm: setup-build
	scripts/web/build.sh

# Every scenario that does not need the host, replayed in the module under
# wasmkit and natively: the same outcome and byte-identical frames.
web-replay: wasm
	scripts/web/replay-all.sh $(BIN) .build/web/t9phone.wasm

# The phone in a browser: one self-contained page, the module and the
# dictionaries inlined (docs/web.md); SCENARIO=FILE preloads a scenario's
# replay (docs/ci.md).
WEB_PAGE := .build/web/t9phone.html
web: wasm dictionaries
	scripts/web/make-page.py .build/web/t9phone.wasm $(DICTIONARIES) -o $(WEB_PAGE) \
		$(if $(SCENARIO),--scenario $(SCENARIO))

# The page in Debian's headless Chromium: typing, a long press, a replayed
# scenario, the LCD against replay --png pixel for pixel.
web-test: setup-test web
	/usr/bin/python3 scripts/web/browser-test.py $(WEB_PAGE) $(BIN) \
		Scenarios/recorded/t9-message.scenario .build/web/browser-test

# Every benchmark, with its figures (see docs/performance.md).
bench: setup-build
	cd Benchmarks && $(SWIFT) package benchmark

# Fails if the key-press or learning path allocates.
bench-check: setup-build
	scripts/check-allocations.sh

# A 1,000,000-key T9 soak of the host tool's static release build, with its
# resident memory.
soak: setup-build
	scripts/soak.sh

# Headless replay speed: a generated 1,000,000-key T9 soak through `t9phone
# test` in the release build; prints the key events per second and fails
# under 1,000,000 (scripts/replay-speed.sh). Not in `make test`: wall-clock
# time moves with the machine and its load (docs/performance.md).
replay-speed: setup-build
	$(SWIFT) build -c release --product t9phone
	$(MAKE) --no-print-directory dictionaries BIN=.build/release/t9phone
	scripts/replay-speed.sh .build/release/t9phone

firmware: setup-build
	scripts/firmware/build.sh $(ARCH)

# The x86_64 and arm64 firmware side by side (each compiler runs on one
# core): what make test builds. The arm64 build's output is printed when it
# ends.
firmware-pair: setup-build
	@mkdir -p .build/firmware
	@scripts/firmware/build.sh arm64 >.build/firmware/arm64.log 2>&1 & arm=$$!; \
	scripts/firmware/build.sh x86_64; x86=$$?; wait $$arm; arm=$$?; \
	cat .build/firmware/arm64.log; [ $$x86 -eq 0 ] && [ $$arm -eq 0 ]

# The firmware for every architecture.
firmware-all: setup-build
	scripts/firmware/build.sh x86_64
	scripts/firmware/build.sh arm64
	scripts/firmware/build.sh armhf

# Fails if the firmware of ARCH links a scenario runner, a simulated peer,
# the browser build or a test harness (scripts/firmware/check-symbols.sh).
firmware-symbols:
	scripts/firmware/check-symbols.sh $(FIRMWARE_BIN).unstripped

# SwiftPM does not rebuild when only -Xfrontend flags change, so a build
# made with other flags is removed first; nor does it link again when the
# order changes, so the executable is removed then.
SOAK_BIN := .build-firmware/release/t9phone
soak-build: setup-build
	@echo '$(FIRMWARE_FLAGS)' | cmp -s - .build-firmware/flags || rm -rf .build-firmware
	@[ ! $(FIRMWARE_ORDER) -nt $(SOAK_BIN) ] || rm -f $(SOAK_BIN)
	$(SWIFT) build $(FIRMWARE_FLAGS)
	@echo '$(FIRMWARE_FLAGS)' >.build-firmware/flags

# Rewrites scripts/firmware.order from a profile of the soak's build
# (needs valgrind; see scripts/firmware-order.sh).
firmware-order: soak-build
	FIRMWARE_FLAGS='$(FIRMWARE_FLAGS)' scripts/firmware-order.sh
	$(MAKE) --no-print-directory soak-build

# The hardware-in-the-loop suite: the firmware build on a real Linux kernel
# under QEMU, reading an emulated USB keypad through libevdev while the host
# presses its keys over QMP with real timing (scripts/hil/). One guest boots
# once and runs scenario after scenario, the firmware started afresh for
# each (`t9phone run --start …` with the scenario's header). Every scenario
# that uses only keys, waits and what the guest can check can run there;
# the others are skipped with the reason. `make hil` (part of `make test`)
# runs Scenarios/hil/ and, in a stable order, as many of the others as fit
# HIL_BUDGET seconds; `make hil-all` runs every one that lasts at most
# HIL_MAX_SECONDS of real time (both: at most that long). SCENARIOS="a.scenario
# Folder" runs those instead, all of them.
# Scenarios with `expect glass` drive the guest kernel's i2c-stub instead and
# are checked through the harness's own HD44780 decoder (docs/displays.md, "Testing on a real kernel"),
# which is tested first on hand-made byte streams; HIL_CHECKS are plans that
# check the guest's pipeline without the firmware (busybox i2cset).
# The guest runs the board firmware (.build/firmware/x86_64/t9phone); the
# host tool (the debug build) compiles the dictionaries, makes the plans and
# serves the simulated network.
HIL_FIRMWARE := .build/firmware/x86_64/t9phone
SCENARIOS ?= Scenarios
HIL_CHECKS ?= scripts/hil/i2c-demo.steps
HIL_BUDGET ?= 210
HIL_MAX_SECONDS ?= 7
HIL_SELECT := $(if $(filter command line environment,$(origin SCENARIOS)),,\
	--max-seconds $(HIL_MAX_SECONDS))
HIL_RUN = python3 scripts/hil/test_glass.py && python3 scripts/hil/test_hil.py && \
	$(MAKE) --no-print-directory dictionaries && \
	initrd=$$(scripts/hil/build-initramfs.sh .build-hil $(HIL_FIRMWARE)) && \
	python3 scripts/hil/hil.py --initrd "$$initrd" --t9phone $(BIN) \
		--workdir .build-hil/run

hil: setup-test build
	$(MAKE) --no-print-directory firmware ARCH=x86_64
	$(HIL_RUN) $(HIL_SELECT) \
		$(if $(HIL_SELECT),--budget $(HIL_BUDGET) --always Scenarios/hil) \
		$(HIL_CHECKS) $(SCENARIOS)

hil-all: setup-test build
	$(MAKE) --no-print-directory firmware ARCH=x86_64
	$(HIL_RUN) $(HIL_SELECT) $(HIL_CHECKS) $(SCENARIOS)

# Records a real keypad session in the same guest: `t9phone record` (the
# host tool's, with its shared libraries) runs there while the host presses
# the keys of SCENARIO (its expectations are ignored); the evemu text is
# saved to OUT, e.g.
#   make hil-record SCENARIO=Scenarios/recordings/sessions/dialer.scenario \
#     OUT=Scenarios/recordings/dialer.evemu
hil-record: setup-test build
	@[ -n "$(SCENARIO)" ] && [ -n "$(OUT)" ] || \
		{ echo "usage: make hil-record SCENARIO=x.scenario OUT=x.evemu" >&2; exit 2; }
	initrd=$$(scripts/hil/build-initramfs.sh .build-hil $(BIN)) && \
	python3 scripts/hil/hil.py --initrd "$$initrd" --t9phone $(BIN) \
		--workdir .build-hil/record --record $(OUT) $(SCENARIO)

# The pictures in docs/images/: each scenario of Scenarios/screenshots/
# replayed with `t9phone replay --png`, its last frame kept
# (scripts/screenshots.sh, docs/screenshots.md).
screenshots: build
	scripts/screenshots.sh $(BIN)

cli-tests: build
	scripts/cli-tests.sh $(BIN)

clean:
	rm -rf .build .build-firmware .build-hil Fuzz/.build $(DICTIONARIES)
