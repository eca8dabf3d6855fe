#!/bin/sh
# The LCDd client against a real LCDd (Debian package lcdproc, its `text`
# driver): a generated config on a free loopback port, `t9phone run --input
# lcdproc:127.0.0.1:PORT` sending the phone's screen, and LCDd's own `|row|`
# frames checked against the frames t9phone printed. Then LCDd is killed
# (t9phone must keep running and say so once) and started again on the
# same port (t9phone must reconnect and redraw everything).
# Usage: scripts/lcdproc-test.sh [path/to/t9phone]
# Never leaves LCDd or t9phone running: both are stopped on every exit.
set -u
cd "$(dirname "$0")/.." || exit 2
bin=${1:-.build/debug/t9phone}
driver_path=${LCDPROC_DRIVER_PATH:-/usr/lib/x86_64-linux-gnu/lcdproc/}

fail() {
  echo "FAIL lcdproc: $*" >&2
  for file in t9phone.out t9phone.err lcdd.out lcdd.err lcdd2.out lcdd2.err; do
    [ -s "$work/$file" ] && { echo "--- last lines of $file" >&2; tail -n 12 "$work/$file" >&2; }
  done
  exit 1
}

command -v LCDd >/dev/null 2>&1 || {
  echo "FAIL lcdproc: LCDd is not installed (sudo apt-get install lcdproc, or scripts/setup.sh test)" >&2
  exit 1
}
[ -x "$bin" ] || { echo "FAIL lcdproc: no t9phone at $bin" >&2; exit 1; }
[ -f "$driver_path/text.so" ] || {
  echo "FAIL lcdproc: no text driver in $driver_path (set LCDPROC_DRIVER_PATH)" >&2
  exit 1
}

work=$(mktemp -d)
lcdd_pid=""
phone_pid=""
cleanup() {
  [ -n "$phone_pid" ] && kill "$phone_pid" 2>/dev/null && wait "$phone_pid" 2>/dev/null
  [ -n "$lcdd_pid" ] && kill "$lcdd_pid" 2>/dev/null && wait "$lcdd_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# A free loopback port: the kernel picks one for a socket bound to port 0.
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
[ -n "$port" ] || fail "no free port"

cat >"$work/LCDd.conf" <<CONF
[server]
DriverPath=$driver_path
Driver=text
Bind=127.0.0.1
Port=$port
ServerScreen=no
Foreground=yes
ReportToSyslog=no
ReportLevel=2
WaitTime=1

[text]
Size=16x2
CONF

start_lcdd() {  # start_lcdd OUTPUT-NAME
  stdbuf -oL LCDd -c "$work/LCDd.conf" -f >"$work/$1.out" 2>"$work/$1.err" &
  lcdd_pid=$!
}

stop_lcdd() {
  kill "$lcdd_pid" 2>/dev/null
  wait "$lcdd_pid" 2>/dev/null
  lcdd_pid=""
}

# The rows of the last complete frame t9phone printed (frame … |row| … end).
phone_rows() {
  awk '/^frame /{cur=""; inside=1; next}
       /^end$/{if (inside) last=cur; inside=0; next}
       inside && /^\|/{cur=cur $0 "\n"}
       END{printf "%s", last}' "$work/t9phone.out"
}

# The rows of the last complete frame LCDd's text driver printed (+---+ |row| +---+).
lcdd_rows() {  # lcdd_rows OUTPUT-NAME
  awk '/^\+-/{if (cur != "") last=cur; cur=""; next}
       /^\|/{cur=cur $0 "\n"}
       END{printf "%s", last}' "$work/$1.out"
}

count() {  # count PATTERN FILE: lines of FILE containing the fixed string PATTERN
  grep -cF -- "$1" "$2" 2>/dev/null || true
}

# wait_for SECONDS COMMAND...: until COMMAND succeeds, checked every 0.1 s.
wait_for() {
  tries=$(($1 * 10))
  shift
  while [ "$tries" -gt 0 ]; do
    "$@" && return 0
    sleep 0.1
    tries=$((tries - 1))
  done
  return 1
}

same_screen() {  # same_screen OUTPUT-NAME: LCDd shows what t9phone last drew
  want=$(phone_rows)
  [ -n "$want" ] && [ "$want" = "$(lcdd_rows "$1")" ]
}

announced() {  # announced TEXT N: t9phone printed `t9phone: TEXT` at least N times
  [ "$(count "t9phone: $1" "$work/t9phone.out")" -ge "$2" ]
}

start_lcdd lcdd
mkdir "$work/state"
"$bin" run --input "lcdproc:127.0.0.1:$port" --display text --state "$work/state" \
  --log-level info >"$work/t9phone.out" 2>"$work/t9phone.err" &
phone_pid=$!

wait_for 60 announced "lcdproc connected" 1 || fail "t9phone did not connect to LCDd on port $port"
wait_for 10 same_screen lcdd || fail "LCDd does not show t9phone's screen:
$(lcdd_rows lcdd)
t9phone drew:
$(phone_rows)"
grep -qF "connected to LCDproc 0.5.9 at 127.0.0.1:$port, display 16x2" "$work/t9phone.err" \
  || fail "no 'connected' log line"
[ "$(count 'huh?' "$work/t9phone.err")" -eq 0 ] || fail "LCDd refused a command"
echo "lcdproc: LCDd shows the phone's screen"

# LCDd goes away: the phone keeps running and says so once.
stop_lcdd
wait_for 10 announced "lcdproc disconnected" 1 || fail "t9phone did not notice LCDd stopping"
sleep 2
kill -0 "$phone_pid" 2>/dev/null || fail "t9phone stopped when LCDd went away"
[ "$(count 'lost LCDd at' "$work/t9phone.err")" -eq 1 ] || fail "the loss of LCDd is not logged exactly once"
[ "$(count 'warning' "$work/t9phone.err")" -eq 1 ] || fail "retries while LCDd is away were logged as warnings"
echo "lcdproc: t9phone keeps running without LCDd, one warning"

# LCDd is back on the same port: the client reconnects and redraws everything.
start_lcdd lcdd2
wait_for 30 announced "lcdproc connected" 2 || fail "t9phone did not reconnect to LCDd"
wait_for 10 same_screen lcdd2 || fail "the restarted LCDd does not show t9phone's screen:
$(lcdd_rows lcdd2)
t9phone drew:
$(phone_rows)"
grep -qF "LCDd at 127.0.0.1:$port is back" "$work/t9phone.err" || fail "no 'is back' log line"
echo "lcdproc: reconnected after LCDd restarted, screen redrawn"

# A clean stop: t9phone exits on SIGINT, LCDd then drops its screen.
kill -INT "$phone_pid"
wait "$phone_pid"
status=$?
phone_pid=""
[ "$status" -eq 0 ] || fail "t9phone exited with $status on SIGINT"
stop_lcdd
echo "lcdproc: passed"
