#!/bin/sh
# The LCDd client against a real LCDd (Debian package lcdproc, its `text`
# driver): a generated config on a free loopback port, `t9phone run --input
# lcdproc:127.0.0.1:PORT` sending the phone's screen, and LCDd's own `|row|`
# frames checked against the frames t9phone printed. Then LCDd is killed
# (t9phone must keep running and say so once) and started again on the
# same port (t9phone must reconnect and redraw everything), and a replay
# shows a scenario on it and holds the last frame. Last, keys:
# LCDd's curses driver in a private tmux server reads the keys tmux types
# and sends them as `key NAME` lines; t9phone must act on them and the
# curses window must show the phone's screen in Latin-1 (`→` as `>`).
# Usage: scripts/lcdproc-test.sh [path/to/t9phone [path/to/firmware]]
# The firmware (default: the host tool) is what runs as `run`; the host
# tool replays and reads the statistics. FIRMWARE_RUNNER runs a firmware of
# another architecture (qemu-aarch64-static, qemu-arm-static).
# Never leaves LCDd or t9phone running: both are stopped on every exit.
set -u
cd "$(dirname "$0")/.." || exit 2
bin=${1:-.build/debug/t9phone}
firmware=${2:-$bin}
driver_path=${LCDPROC_DRIVER_PATH:-/usr/lib/x86_64-linux-gnu/lcdproc/}

fail() {
  echo "FAIL lcdproc: $*" >&2
  for file in t9phone.out t9phone.err lcdd.out lcdd.err lcdd2.out lcdd2.err replay.out replay.err notify.log; do
    [ -s "$work/$file" ] && { echo "--- last lines of $file" >&2; tail -n 12 "$work/$file" >&2; }
  done
  exit 1
}

command -v LCDd >/dev/null 2>&1 || {
  echo "FAIL lcdproc: LCDd is not installed (sudo apt-get install lcdproc, or scripts/setup.sh test)" >&2
  exit 1
}
[ -x "$bin" ] || { echo "FAIL lcdproc: no t9phone at $bin" >&2; exit 1; }
[ -x "$firmware" ] || { echo "FAIL lcdproc: no firmware at $firmware" >&2; exit 1; }
[ -f "$driver_path/text.so" ] || {
  echo "FAIL lcdproc: no text driver in $driver_path (set LCDPROC_DRIVER_PATH)" >&2
  exit 1
}

command -v tmux >/dev/null 2>&1 || {
  echo "FAIL lcdproc: tmux is not installed (sudo apt-get install tmux, or scripts/setup.sh test)" >&2
  exit 1
}

work=$(mktemp -d)
lcdd_pid=""
phone_pid=""
tmux_socket="t9phone-lcdproc-$$"
notify_pid=""
cleanup() {
  [ -n "$notify_pid" ] && kill "$notify_pid" 2>/dev/null && wait "$notify_pid" 2>/dev/null
  [ -n "$phone_pid" ] && kill "$phone_pid" 2>/dev/null && wait "$phone_pid" 2>/dev/null
  [ -n "$lcdd_pid" ] && kill "$lcdd_pid" 2>/dev/null && wait "$lcdd_pid" 2>/dev/null
  tmux -L "$tmux_socket" kill-server 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP PIPE

# A free loopback port: the kernel picks one for a socket bound to port 0.
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# server_section DRIVER: LCDd's [server] section for DRIVER on $port.
server_section() {
  cat <<CONF
[server]
DriverPath=$driver_path
Driver=$1
Bind=127.0.0.1
Port=$port
ServerScreen=no
Foreground=yes
ReportToSyslog=no
ReportLevel=2
CONF
}

port=$(free_port)
[ -n "$port" ] || fail "no free port"

{ server_section text; cat <<CONF; } >"$work/LCDd.conf"
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

count() {  # count PATTERN FILE: lines of FILE containing the fixed string PATTERN (0 without FILE)
  n=$(grep -cF -- "$1" "$2" 2>/dev/null)
  echo "${n:-0}"
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
# systemd's side of sd_notify: a datagram socket whose messages are logged,
# one per line with their newlines as '|'.
python3 -c '
import socket, sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.bind(sys.argv[1])
out = open(sys.argv[2], "w", buffering=1)
while True:
    out.write(s.recv(4096).decode().replace("\n", "|") + "\n")
' "$work/notify.sock" "$work/notify.log" &
notify_pid=$!
wait_for 10 test -S "$work/notify.sock" || fail "the notify listener did not start"
NOTIFY_SOCKET="$work/notify.sock" WATCHDOG_USEC=400000 \
  ${FIRMWARE_RUNNER:-} "$firmware" run --input "lcdproc:127.0.0.1:$port" --display text --state "$work/state" \
  --metrics-file "$work/state/t9phone.prom" \
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

# sd_notify: READY=1 once LCDd shows the phone, then WATCHDOG=1 every 0.2 s.
keepalives() { [ "$(count "WATCHDOG=1" "$work/notify.log")" -ge "$1" ]; }
wait_for 10 keepalives 4 || fail "no READY=1 and keep-alives on \$NOTIFY_SOCKET:
$(cat "$work/notify.log" 2>/dev/null)"
ready=$(grep -F "READY=1" "$work/notify.log" | head -n 1)
[ "$ready" = "READY=1|STATUS=idle, LCDd 127.0.0.1:$port|WATCHDOG=1" ] \
  || fail "the READY notification is '$ready'"
[ "$(count "READY=1" "$work/notify.log")" -eq 1 ] || fail "READY=1 was sent more than once"
echo "lcdproc: systemd hears READY=1 once LCDd shows the phone, then the keep-alives"

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
stop_phone() {
  kill -INT "$phone_pid"
  wait "$phone_pid"
  status=$?
  phone_pid=""
  [ "$status" -eq 0 ] || fail "t9phone exited with $status on SIGINT"
}
stop_phone

# The watchdog compared what LCDd acknowledged with the frames all along
# and had nothing to repair; the statistics outlive the run: one start,
# LCDd lost once and back once.
[ "$(count '[watchdog]' "$work/t9phone.err")" -eq 0 ] || fail "the watchdog repaired a healthy run:
$(grep -F '[watchdog]' "$work/t9phone.err")"
stats=$("$bin" stats --state "$work/state" --prometheus) || fail "t9phone stats failed"
for line in "t9phone_starts_total 1" "t9phone_display_recoveries_total 1" \
  't9phone_repairs_total{kind="lcd"} 0'; do
  printf '%s\n' "$stats" | grep -qxF "$line" || fail "the statistics lack '$line':
$stats"
done
# The loss, and each refused reconnection while LCDd was away.
printf '%s\n' "$stats" | awk '$1 == "t9phone_display_bus_errors_total" && $2 >= 1 { ok = 1 }
  END { exit !ok }' || fail "no display errors counted:
$stats"
# --metrics-file: node_exporter's textfile collector reads the same counters,
# written atomically, readable by other users.
[ -f "$work/state/t9phone.prom" ] || fail "--metrics-file wrote nothing"
[ "$(stat -c %a "$work/state/t9phone.prom")" = 644 ] || fail "the metrics file is not mode 0644"
cmp -s "$work/state/t9phone.prom" "$work/state/statistics.prom" \
  || fail "the metrics file differs from the statistics at exit"
echo "lcdproc: no repair in a healthy run; the statistics and the metrics file count LCDd's loss and return"

# replay --display lcdproc: the scenario's frames at full speed, then the
# last one held on LCDd (which drops a client's screen when it goes) until
# SIGINT.
replay_rows() {  # the rows of the last frame replay listed (@ time, |row|…)
  awk '/^@ /{cur=""; next} /^\|/{cur=cur $0 "\n"; last=cur} END{printf "%s", last}' \
    "$work/replay.out"
}
lcdd_shows_replay() {
  want=$(replay_rows)
  [ -n "$want" ] && [ "$want" = "$(lcdd_rows lcdd2)" ]
}
"$bin" replay Scenarios/menus/twelve-keys.scenario \
  --display "lcdproc:127.0.0.1:$port" >"$work/replay.out" 2>"$work/replay.err" &
phone_pid=$!
wait_for 20 lcdd_shows_replay || fail "LCDd does not show the replay's last frame:
$(lcdd_rows lcdd2)
replay listed:
$(replay_rows)"
grep -qF "holding the last frame on LCDd" "$work/replay.err" || fail "replay did not say it holds the frame"
stop_phone
echo "lcdproc: replay leaves its last frame on LCDd until Ctrl-C"
stop_lcdd

# Keys: LCDd's curses driver in a private tmux server, on another free port.
port=$(free_port)
[ -n "$port" ] || fail "no free port"
{ server_section curses; cat <<CONF; } >"$work/curses.conf"

[curses]
Size=16x2
CONF
tmux -L "$tmux_socket" -f /dev/null new-session -d -s lcdd -x 80 -y 24 \
  "LCDd -c '$work/curses.conf' -f 2>'$work/curses.err'" || fail "tmux did not start LCDd"
mv "$work/t9phone.out" "$work/t9phone-text.out"
mv "$work/t9phone.err" "$work/t9phone-text.err"
${FIRMWARE_RUNNER:-} "$firmware" run --input "lcdproc:127.0.0.1:$port" --display text --state "$work/state" \
  --log-level info >"$work/t9phone.out" 2>"$work/t9phone.err" &
phone_pid=$!
wait_for 60 announced "lcdproc connected" 1 || fail "t9phone did not connect to LCDd (curses) on port $port"

# The phone's last frame with the characters Latin-1 lacks as LCDd shows them.
phone_rows_latin1() {
  phone_rows | sed 's/→/>/g; s/←/</g; s/↑/^/g; s/↓/v/g'
}

# The rows inside the curses driver's frame (its border is drawn with 'x'
# and 'q' when the terminal has no line-drawing characters, '|' '-' else).
curses_rows() {
  tmux -L "$tmux_socket" capture-pane -p -t lcdd \
    | sed -n 's/^ *[x|]\(.\{16\}\)[x|] *$/|\1|/p'
}

first_row_is() {  # first_row_is TEXT: t9phone's last frame starts with |TEXT
  phone_rows | head -n 1 | grep -qF "|$1"
}

frame_count() {  # how many frames t9phone printed
  awk '/^frame /{n++} END{print n + 0}' "$work/t9phone.out"
}

frames_after() {  # frames_after N: t9phone printed more than N frames
  [ "$(frame_count)" -gt "$1" ]
}

curses_same() {
  want=$(phone_rows_latin1)
  [ -n "$want" ] && [ "$want" = "$(curses_rows)" ]
}

wait_for 10 curses_same || fail "the curses window does not show t9phone's screen:
$(curses_rows)
t9phone drew:
$(phone_rows)"
tmux -L "$tmux_socket" send-keys -t lcdd Enter
wait_for 10 first_row_is "Menu" || fail "LCDd's Enter key did not open the menu (ok)"
before=$(phone_rows)
frames_before=$(frame_count)
tmux -L "$tmux_socket" send-keys -t lcdd Down
wait_for 10 frames_after "$frames_before" || fail "LCDd's Down key did not move the menu"
wait_for 10 curses_same || fail "the curses window does not show the menu:
$(curses_rows)
t9phone drew:
$(phone_rows)"
[ "$(phone_rows)" != "$before" ] || fail "Down changed nothing"
echo "lcdproc: keys from LCDd (Enter, Down) reach the phone; the curses window shows its screen"
stop_phone
echo "lcdproc: passed"
