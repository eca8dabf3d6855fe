#!/usr/bin/env bash
# The T9 soak: a release t9phone (the firmware build) runs a scenario of KEYS
# key presses (default 1,000,000) with the dictionaries loaded, while this
# script samples its memory (/proc/PID/status) every 0.2 s. Prints the
# samples, the peak (VmHWM) with what it is made of, the limit and the
# margin, and fails if the scenario fails or the peak is not under the limit.
#
# Usage: scripts/soak.sh [KEYS]      (make soak = scripts/soak.sh 1000000)
# Environment: LIMIT_KB overrides the limit below.
#
# The limit: 13 MB (13,312 kB) of peak resident memory (VmHWM), a margin of
# about 900 kB over the 12,388-12,456 kB that `make soak` peaks at now.
# Why not the 12 MB target of docs/performance.md: it was met (11,560 kB)
# before the contact book and the libevdev keypad adapter were added; the
# firmware has grown by ~830 kB since (that older build still peaks at
# ~11,570 kB today), and the soak, which `make test` does not run, did not
# flag it. Why not closer to the peak: of the ~12.4 MB only ~2.6 MB
# is the firmware's own (anonymous: heap, dictionaries, stack) and is the same
# on every run; the rest is clean file pages of the binary and of libc,
# libstdc++, libm, which the kernel maps around each page touched, and that
# part moves by a few hundred kB with the kernel and with the page cache
# (the same binary: 12,224 kB on Linux 6.1, 12,356-12,596 kB on 6.18). A
# regression of ~900 kB fails the soak; to be lowered back towards 12 MB
# once the firmware's resident memory is reduced.
set -euo pipefail
cd "$(dirname "$0")/.."
keys=${1:-1000000}
limit_kb=${LIMIT_KB:-13312}
make -s firmware >/dev/null
bin=.build-firmware/release/t9phone
make -s dictionaries BIN=$bin >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
scenario=$work/soak.scenario
python3 tools/make-t9-soak-scenario.py "$keys" >"$scenario"

start_ns=$(date +%s%N)
$bin test "$scenario" >"$work/out" 2>&1 &
pid=$!
samples=()
peak=0 max_rss=0 max_anon=0 max_file=0
while kill -0 "$pid" 2>/dev/null; do
  # One reading: VmRSS VmHWM RssAnon RssFile+RssShmem, in kB; none before the
  # forked shell has become t9phone (its memory is not the firmware's).
  reading=$(awk '/^Name:/ { name = $2 }
      /^VmRSS:/ { rss = $2 } /^VmHWM:/ { hwm = $2 } /^RssAnon:/ { anon = $2 }
      /^RssFile:/ { file += $2 } /^RssShmem:/ { file += $2 }
      END { if (name == "t9phone" && rss != "") print rss, hwm, anon, file + 0 }' \
    "/proc/$pid/status" 2>/dev/null || true)
  if [[ -n $reading ]]; then
    read -r rss hwm anon file <<<"$reading"
    samples+=("$rss")
    if ((rss > max_rss)); then
      max_rss=$rss max_anon=$anon max_file=$file
    fi
    ((hwm > peak)) && peak=$hwm
  fi
  # Quickly until the first reading (the exec), then every 0.2 s.
  if ((${#samples[@]} == 0)); then sleep 0.01; else sleep 0.2; fi
done
wait "$pid" && status=0 || status=$?
end_ns=$(date +%s%N)
elapsed_ms=$(((end_ns - start_ns) / 1000000))
cat "$work/out"
[[ $status -eq 0 ]] || { echo "soak: the scenario failed (exit $status)"; exit 1; }
((${#samples[@]} > 0)) || { echo "soak: no memory sample of t9phone was taken"; exit 1; }

echo "soak: RSS samples (kB, every 0.2 s): ${samples[*]}"
sorted=$(printf '%s\n' "${samples[@]}" | sort -n)
printf 'soak: %s key presses in %d.%03d s; %d RSS samples: min %s kB, max %s kB, first %s kB, last %s kB\n' \
  "$keys" $((elapsed_ms / 1000)) $((elapsed_ms % 1000)) "${#samples[@]}" \
  "$(head -n 1 <<<"$sorted")" "$(tail -n 1 <<<"$sorted")" "${samples[0]}" "${samples[-1]}"
echo "soak: largest sample $max_rss kB = $max_anon kB anonymous (the firmware's own)" \
  "+ $max_file kB file pages (the binary, shared libraries)"
margin=$((limit_kb - peak))
echo "soak: peak (VmHWM) $peak kB, limit $limit_kb kB, margin $margin kB"
((peak < limit_kb)) || { echo "soak: FAIL: peak $peak kB is not under the limit of $limit_kb kB"; exit 1; }
echo "soak: ok"
