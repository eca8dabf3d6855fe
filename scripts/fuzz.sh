#!/bin/sh
# Builds and runs the libFuzzer targets of Fuzz/ (docs/reliability.md,
# "Fuzzing").
#
#   scripts/fuzz.sh build                 the fuzzers: release, libFuzzer and
#                                         AddressSanitizer (Fuzz/.build/release/)
#   scripts/fuzz.sh run [TARGET…]         fuzzes each target for FUZZ_SECONDS
#                                         (default 60) or FUZZ_RUNS executions,
#                                         whichever ends first, one at a time
#   scripts/fuzz.sh regressions [TARGET…] runs each target once over its seeds
#                                         and regressions (-runs=0); fails on
#                                         any crash
#
# Without TARGETs: every target (each `Fuzz<What>` of Fuzz/Sources/). Each
# target reads Fuzz/Corpus/<target>/ (seeds, and regressions/ for findings)
# and saves what it discovers in Fuzz/.build/corpus/<target>/ (not committed;
# inside .build because SwiftPM rebuilds everything when a file appears in
# another hidden folder of the package),
# with the format's words from Fuzz/Dictionaries/<target>.dict and the
# libFuzzer flags of Fuzz/Options/<target> if there are any; a
# crash is saved as Fuzz/.build/findings/<target>-crash-<sha1> and its command
# printed. Prints one line per target: executions, executions a second,
# and the result. Run with nice when the machine is shared:
#   FUZZ_SECONDS=600 nice -n 19 scripts/fuzz.sh run FuzzBook
# FUZZ_ARGS adds libFuzzer options (e.g. FUZZ_ARGS=-jobs=2); FUZZ_BIN runs
# fuzzers copied elsewhere (so a rebuild cannot replace them mid-run).
set -u
cd "$(dirname "$0")/.." || exit 2
swift=${SWIFT:-swift}
bin=${FUZZ_BIN:-Fuzz/.build/release}
seconds=${FUZZ_SECONDS:-60}
runs=${FUZZ_RUNS:-}
# Swift's backtracer would make AddressSanitizer report a false
# stack-buffer-underflow instead of the real crash.
SWIFT_BACKTRACE=enable=no
export SWIFT_BACKTRACE

usage() {
  echo "usage: $0 build | run [TARGET...] | regressions [TARGET...]" >&2
  exit 2
}

# Every fuzz target: the targets of Fuzz/Sources/ with an
# LLVMFuzzerTestOneInput.
all_targets() {
  grep -l '@_cdecl("LLVMFuzzerTestOneInput")' Fuzz/Sources/*/*.swift | cut -d/ -f3 | LC_ALL=C sort -u
}

# stat NAME FILE: the value of libFuzzer's final `stat::NAME:` line.
stat() {
  awk -v name="stat::$1:" '$1 == name { value = $2 } END { print value }' "$2"
}

# check_built TARGET…: fails unless every target was built.
check_built() {
  for target in "$@"; do
    [ -x "$bin/$target" ] || {
      echo "fuzz: no $bin/$target: run 'scripts/fuzz.sh build' (or make fuzz)" >&2
      exit 2
    }
  done
}

[ $# -ge 1 ] || usage
command=$1
shift
[ $# -ge 1 ] || set -- $(all_targets)

case $command in
  build)
    cd Fuzz && exec "$swift" build -c release --sanitize=fuzzer --sanitize=address
    ;;
  run | regressions) check_built "$@" ;;
  *) usage ;;
esac

mkdir -p Fuzz/.build/corpus Fuzz/.build/findings
log=$(mktemp)
trap 'rm -f "$log"' EXIT
failed=""
total=0
for target in "$@"; do
  mkdir -p "Fuzz/Corpus/$target/regressions" "Fuzz/.build/corpus/$target"
  set -- -print_final_stats=1 -timeout=10 "-artifact_prefix=Fuzz/.build/findings/$target-"
  if [ "$command" = run ]; then
    set -- "$@" "-max_total_time=$seconds"
    [ -n "$runs" ] && set -- "$@" "-runs=$runs"
    # The format's words, which mutations alone take long to spell, and the
    # target's own options (Fuzz/Options/<target>: libFuzzer flags).
    [ -f "Fuzz/Dictionaries/$target.dict" ] && set -- "$@" "-dict=Fuzz/Dictionaries/$target.dict"
    [ -f "Fuzz/Options/$target" ] && set -- "$@" $(grep -v '^#' "Fuzz/Options/$target")
    set -- "$@" ${FUZZ_ARGS:-} "Fuzz/.build/corpus/$target" "Fuzz/Corpus/$target"
  else
    set -- "$@" -runs=0 ${FUZZ_ARGS:-} "Fuzz/Corpus/$target"
  fi
  started=$(date +%s)
  "$bin/$target" "$@" >"$log" 2>&1
  status=$?
  elapsed=$(($(date +%s) - started))
  executions=$(stat number_of_executed_units "$log")
  speed=$(stat average_exec_per_sec "$log")
  # libFuzzer names the coverage counters it found; without them it fuzzes
  # blind. Some builds came out so (cause not found yet; see
  # docs/reliability.md): a run fails, a regression run only warns.
  if ! grep -q 'inline 8-bit counters' "$log"; then
    echo "fuzz: $target has no coverage instrumentation (see docs/reliability.md)" >&2
    [ "$command" = run ] && [ "$status" -eq 0 ] && status=3
  fi
  if [ "$status" -eq 0 ]; then
    result=ok
  else
    result="FAILED (exit $status)"
    failed="$failed $target"
  fi
  printf '%-18s %12s executions %8s exec/s %6ss  %s\n' "$target" "${executions:-?}" \
    "${speed:-?}" "$elapsed" "$result"
  total=$((total + ${executions:-0}))
  if [ "$status" -ne 0 ]; then
    # What libFuzzer and AddressSanitizer said, and how to run the input again.
    grep -v '^#\|^INFO:\|^MS:\|^stat::\|^Done ' "$log" | tail -n 40 >&2
    artifact=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -n 1)
    if [ -n "$artifact" ]; then
      echo "fuzz: reproduce with: SWIFT_BACKTRACE=enable=no $bin/$target $artifact" >&2
    fi
  fi
done
echo "fuzz: $total executions in all"
if [ -n "$failed" ]; then
  echo "fuzz: FAILED:$failed" >&2
  exit 1
fi
