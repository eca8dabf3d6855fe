#!/usr/bin/env python3
"""Hardware-in-the-loop runner: boots a Linux guest under QEMU with an emulated
USB keyboard and USB serial adapter, runs the firmware in it, presses keys over QMP with real timing
and checks the LCD frames and the state the firmware prints on the serial
console.

Scenarios run in one guest, booted once: for each, the guest's /t9/control
starts `t9phone run` afresh (a new state folder, the scenario's header as
options: `--start`, `--lcd`, `--clock`, …), the host presses the keys and
checks, then releases every key, plugs the keypad back in and stops the
firmware — so no scenario depends on another, and a failure stops only its
own scenario. A scenario that cannot run on hardware (`t9phone test --plan`
refuses it: faults, recordings, `restart`, the log …), or that checks both
the frames and the glass, is skipped with the reason; `--max-seconds` skips
those whose plan lasts longer, `--budget` keeps a stable selection that fits
a time budget (`--always` folders first, then every `--stride`-th of the
rest, and so on).

Steps come from `t9phone test --plan FILE` (one step a line):
    scenario FILE | the scenario's header (lcd, rom, display, dictionary,
    contacts, contacts-capacity, keymap, language, clock, set NAME VALUE,
    start) | down KEY | up KEY | sleep MS | unplug | replug
    expect, then one `|row|` line per LCD row, then `end`
    expect-glass, then one `|row|` line per LCD row, then `end`
    expect-line N or expect-line-contains N, then one `|text|` line
    expect-state LINE (screen, text, mode, cursor, backlight, inbox, unread;
    as `t9phone run --report-state` prints them)
    expect-contains or expect-log-contains, then one `|text|` line (a row
    of the frame; a line the firmware logged since its start)
    with `modem sim` in the header: `network …` and `fault modem-…` (sent
    to the scenario's simulated network), `expect-sent NUMBER "TEXT"`,
    `expect-dialed NUMBER` and `expect-dtmf "DIGITS"` (asked of it)
The guest has a USB serial adapter (QEMU's usb-serial, the guest's ftdi_sio:
/dev/ttyUSB0) whose host end is a pseudo-terminal; a scenario with
`modem sim` runs the firmware with `--modem tty:/dev/ttyUSB0` and gets a
fresh `t9phone network serve` on the host end. `fault modem-gone` is made
on the guest's USB bus (QMP device_del, device_add when its time is up).
A file ending in `.steps` is read as such a plan directly and runs in a
guest of its own; there, the set-up lines `lcd WxH`, `rom A00|A02`,
`display text|i2c[,wiring=W][,backlight=B]` and `command CMD...` (instead of
the firmware; `@I2C@` is the stub's device) say how the guest runs.

`expect` checks the frames the firmware prints with `--display text`.
`expect-glass` checks a real kernel's I2C instead: a scenario with one runs
the firmware with `--display i2c:/dev/i2c-N@0x27` on the guest's i2c-stub,
whose dynamic debug logs every byte the kernel accepted; the guest copies its
kernel log to a third serial port, and glass.py decodes the bytes through an
HD44780 model of its own into the rows the module would show.

With --record OUT.evemu the guest runs `t9phone record` instead of the
firmware: the host presses the keys of one scenario with its timing and saves
the evemu recording the guest prints (a real session, for `evemu FILE`).

Python 3 standard library only.
"""

import argparse
import json
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import glass  # noqa: E402  (scripts/hil/glass.py: the independent HD44780 model)
import queue  # noqa: E402

# Logical key -> QEMU qcode, through the numpad-phone layout (the top row
# 7 8 9 is 1 2 3, the bottom row 1 2 3 is 7 8 9, / is *, * is #).
QCODES = {
    "1": "kp_7", "2": "kp_8", "3": "kp_9",
    "4": "kp_4", "5": "kp_5", "6": "kp_6",
    "7": "kp_1", "8": "kp_2", "9": "kp_3",
    "0": "kp_0", "*": "kp_divide", "#": "kp_multiply",
    "ok": "kp_enter", "back": "kp_subtract", "call": "kp_add",
    "end": "kp_decimal", "softleft": "num_lock", "softright": "esc",
    "up": "up", "down": "down", "left": "left", "right": "right",
}

EXPECT_TIMEOUT = 2.0  # seconds to wait for an expected frame
READY_TIMEOUT = 90.0  # seconds from QEMU start to `t9phone: ready`
PLUG_TIMEOUT = 10.0  # seconds for an unplug/replug to be seen by the firmware
GLASS_TIMEOUT = 5.0  # seconds for the decoded glass to show an expected screen...
GLASS_BUSY = 2.0  # ...or longer while bytes keep coming, until this long after the last...
GLASS_LIMIT = 60.0  # ...but never longer than this
# A scenario that fails while QEMU or the harness waited this long for a CPU
# (runnable, not running: the machine was busy) is run again, up to RETRIES
# more times: its key timing and timeouts were not the plan's. One that fails
# on a machine that gave them the CPU fails at once.
STARVED_MS = 20.0
RETRIES = 2
GLASS_QUIET = 0.15  # seconds without a new byte before a matching glass counts as settled
I2C_ADDRESS = 0x27  # the stub's chip: the usual PCF8574 backpack address
START_TIMEOUT = 30.0  # seconds from `run N` to the firmware's `t9phone: ready`
STOP_TIMEOUT = 20.0  # seconds from `stop N` to the guest's `hil: stopped N`
MARK_TIMEOUT = 10.0  # seconds for the kernel log's `hil: mark N` to reach the host
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIRMWARE = "/t9/t9phone"
MODEM_TTY = "/dev/ttyUSB0"  # the guest's end of the emulated USB serial adapter (ftdi_sio)
NETWORK_TIMEOUT = 10.0  # seconds for `t9phone network serve` to open its line or answer
SENT_TIMEOUT = 20.0  # seconds for a message to reach the network (parts take a second each)
KEYMAP = "/t9/Keymaps/numpad-phone.keymap"


class HILError(Exception):
    """A scenario failure (or a guest that cannot be driven)."""


class Skip(Exception):
    """A scenario the hardware suite cannot run, with the reason."""


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def follow(path, stopped):
    """Follows a file another process appends to (QEMU's serial output):
    waits for it to exist, then yields each batch of complete lines read,
    decoded, \r stripped, until stopped() is true."""
    while not os.path.exists(path) and not stopped():
        time.sleep(0.01)
    if stopped():
        return
    buf = b""
    with open(path, "rb") as f:
        while not stopped():
            chunk = f.read(65536)
            if not chunk:
                time.sleep(0.005)
                continue
            buf += chunk
            raw_lines = buf.split(b"\n")
            buf = raw_lines.pop()
            yield [raw.decode("utf-8", "replace").rstrip("\r") for raw in raw_lines]


class Serial:
    """Follows the guest's serial output (a file QEMU appends to) in a thread,
    collecting status lines, LCD frames and state blocks. With one guest for
    many scenarios, `begin(n)` starts run n's view: its frames, state,
    readiness and exit."""

    EXIT = re.compile(r"hil: exit (\S+)(?: run (\d+))?")

    def __init__(self, path):
        self.path = path
        self.cond = threading.Condition()
        self.lines = []  # every complete line, \r stripped
        self.frames = []  # (ms, [rows]) in order
        self.state = {}  # the last state block: first word -> line
        self.ready = None
        self.connected = 0  # count of `t9phone: keypad connected`
        self.disconnected = 0
        self.exited = None
        self.run = None  # the run (`hil: run N`) the view is of
        self.run_start = 0  # its first line in self.lines
        self.stopped = None  # the last `hil: stopped N`
        self.started = None  # the last `hil: run N`
        self.control_ready = False
        self.stop = False
        self._block = None  # (kind, ms, lines) of a block being read
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        for lines in follow(self.path, lambda: self.stop):
            for line in lines:
                self._line(line)

    def begin(self, n):
        """Starts the view of run n: what earlier runs printed is forgotten."""
        with self.cond:
            self.run = n
            self.run_start = len(self.lines)
            self.frames = []
            self.state = {}
            self.ready = None
            self.exited = None
            self._block = None

    def _line(self, line):
        with self.cond:
            self.lines.append((time.monotonic(), line))
            if self._block is not None:
                kind, ms, rows = self._block
                if line == "end":
                    if kind == "frame":
                        self.frames.append((ms, rows))
                    else:
                        self.state = {row.split(" ", 1)[0]: row for row in rows}
                    self._block = None
                elif kind == "frame" and line.startswith("|") and line.endswith("|") \
                        and len(line) >= 2:
                    rows.append(line[1:-1])
                elif kind == "state" and line and not line.startswith(("t9phone:", "hil:")):
                    rows.append(line)
                else:
                    self._block = None  # a broken block: drop it
            if line.startswith("frame "):
                self._block = ("frame", line[6:].strip(), [])
            elif line.startswith("state "):
                self._block = ("state", line[6:].strip(), [])
            elif line.startswith("t9phone: ready"):
                self.ready = line
            elif line.startswith("t9phone: keypad connected"):
                self.connected += 1
            elif line.startswith("t9phone: keypad disconnected"):
                self.disconnected += 1
            elif line.startswith("hil: exit"):
                m = self.EXIT.match(line)
                if not (m and m.group(2)) or int(m.group(2)) == self.run:
                    self.exited = line
            elif line.startswith("hil: run "):
                self.started = int(line.split()[2])
            elif line.startswith("hil: stopped "):
                self.stopped = int(line.split()[2])
            elif line.startswith("hil: control ready"):
                self.control_ready = True
            self.cond.notify_all()

    def wait(self, predicate, timeout, until_exit=True):
        """Waits until predicate() is true (under the lock), or the firmware
        exited (unless until_exit is false); returns it."""
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                value = predicate()
                if value or (until_exit and self.exited):
                    return value
                left = deadline - time.monotonic()
                if left <= 0:
                    return value
                self.cond.wait(left)

    def tail(self, n=15):
        with self.cond:
            return [line for _, line in self.lines[max(self.run_start, len(self.lines) - n):]]


class Glass:
    """Follows the guest's kernel log (its /dev/kmsg records, copied to the
    third serial port) in a thread: the bytes i2c-stub logged for the display
    go through the PCF8574 wiring into an HD44780 model (glass.py)."""

    MARK = re.compile(r".*;hil: mark (\d+)$")

    def __init__(self, path, config):
        self.path = path
        self.log = glass.KernelLog(I2C_ADDRESS)
        self.cond = threading.Condition()
        self.mark = None  # the last `hil: mark N` the guest wrote into its kernel log
        self.stop = False
        self.reset(config)
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def reset(self, config):
        """A fresh module for `config` (its geometry, ROM and wiring), as at
        power-on: for the next scenario in the same guest."""
        with self.cond:
            self.geometry = glass.parse_geometry(config.lcd)
            self.rom = config.rom
            self.pack = glass.Backpack(config.wiring, config.backlight_active_low)
            self.last_byte = None  # time.monotonic() of the last byte decoded

    def _run(self):
        for lines in follow(self.path, lambda: self.stop):
            with self.cond:
                for line in lines:
                    values = self.log.line(line)
                    for value in values:
                        self.pack.feed(value)
                    if values:
                        self.last_byte = time.monotonic()
                    elif "hil: mark" in line:
                        m = self.MARK.match(line)
                        if m:
                            self.mark = int(m.group(1))
                self.cond.notify_all()

    def wait_mark(self, n, timeout):
        """Waits until the kernel log's `hil: mark n` has been read: every
        byte before it (the last run's) is decoded."""
        deadline = time.monotonic() + timeout
        with self.cond:
            while self.mark is None or self.mark < n:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self.cond.wait(left)
            return True

    def rows(self):
        with self.cond:
            return self.pack.lcd.rows(self.geometry, self.rom)

    def health(self):
        """A problem that makes the decoded glass untrustworthy, or None."""
        if self.log.lost:
            return (f"the guest's kernel log lost {self.log.lost} records (sequence gap): "
                    "bytes the display got may be missing")
        if self.pack.hazards:
            return (f"{self.pack.hazards} expander bytes changed RS or RW together with an "
                    "edge of E, or the data lines as E fell (a real module would latch garbage)")
        if self.log.other:
            return (f"{self.log.other} i2c-stub transfers other than SMBus send/receive byte "
                    "and traced I2C-block writes")
        return None

    def stats(self):
        with self.cond:
            lcd = self.pack.lcd
            return (f"{self.log.records} kernel records, {len(self.log.written)} bytes written "
                    f"({self.log.blocks} I2C blocks) "
                    f"to 0x{I2C_ADDRESS:02x} on {','.join(sorted(self.log.adapters)) or '-'}, "
                    f"{self.log.read_count} read, {self.log.lost} lost, "
                    f"{self.log.duplicates} repeated; {self.pack.pulses} E pulses: "
                    f"{lcd.instructions} instructions, {lcd.data_writes} data writes, "
                    f"{lcd.reads} reads; backlight {'on' if self.pack.backlight else 'off'}")

    def wait_settled(self, expected, exited):
        """Waits until the glass shows `expected` and no byte has come for
        GLASS_QUIET (a settled screen, not one caught mid-update). Gives up
        GLASS_TIMEOUT after the start, or GLASS_BUSY after the last byte if
        bytes are still arriving then (a slow guest's kernel log is still
        being copied), and at GLASS_LIMIT in any case; a glass that matches
        then still counts. Returns whether it matched."""
        start = time.monotonic()
        with self.cond:
            while True:
                now = time.monotonic()
                matched = self.pack.lcd.rows(self.geometry, self.rom) == expected
                quiet = self.last_byte is None or now - self.last_byte >= GLASS_QUIET
                if (matched and quiet) or self.log.lost:
                    return matched
                deadline = start + GLASS_TIMEOUT
                if self.last_byte is not None:
                    deadline = max(deadline, self.last_byte + GLASS_BUSY)
                deadline = min(deadline, start + GLASS_LIMIT)
                if now >= deadline or exited():
                    return matched
                self.cond.wait(min(deadline - now, GLASS_QUIET / 3))


def connect_unix(path, timeout=30.0):
    """A connection to a unix socket QEMU serves, once it is there."""
    deadline = time.monotonic() + timeout
    while True:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            sock.connect(path)
            return sock
        except OSError:
            sock.close()
            if time.monotonic() > deadline:
                raise HILError(f"cannot connect to {path}") from None
            time.sleep(0.05)


class QMP:
    """A minimal QMP client on a unix socket."""

    def __init__(self, path, timeout=30.0):
        self.sock = connect_unix(path, timeout)
        self.file = self.sock.makefile("rb")
        self.events = []
        self._read()  # greeting
        self.execute("qmp_capabilities")

    def _read(self):
        line = self.file.readline()
        if not line:
            raise HILError("QMP connection closed (QEMU exited?)")
        return json.loads(line)

    def execute(self, command, arguments=None):
        msg = {"execute": command}
        if arguments is not None:
            msg["arguments"] = arguments
        self.sock.sendall(json.dumps(msg).encode() + b"\n")
        while True:
            reply = self._read()
            if "event" in reply:
                self.events.append(reply)
                continue
            if "error" in reply:
                raise HILError(f"QMP {command}: {reply['error'].get('desc', reply['error'])}")
            return reply.get("return")

    def wait_event(self, name, timeout):
        deadline = time.monotonic() + timeout
        while True:
            for i, ev in enumerate(self.events):
                if ev["event"] == name:
                    del self.events[i]
                    return ev
            left = deadline - time.monotonic()
            if left <= 0:
                raise HILError(f"QMP: no {name} event within {timeout:.0f}s")
            self.sock.settimeout(left)
            try:
                reply = self._read()
            except socket.timeout:
                continue
            finally:
                self.sock.settimeout(None)
            if "event" in reply:
                self.events.append(reply)

    def key(self, qcode, down):
        self.execute("input-send-event", {"events": [
            {"type": "key", "data": {"down": down, "key": {"type": "qcode", "data": qcode}}}]})


def reap(proc, seconds=5):
    """Waits for a process asked to end; kills it after `seconds`."""
    try:
        proc.wait(seconds)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


class Network:
    """The simulated network on the host end of the guest's USB serial
    adapter: `t9phone network serve --line PTY`, one for each scenario with
    `modem sim` (a fresh modem and SIM, like the scenario runner's). The
    plan's `network` and modem `fault` lines go to it as they are; it
    answers each on a line of its own."""

    def __init__(self, t9phone, pty, log_path):
        self.log = open(log_path, "ab")
        self.proc = subprocess.Popen([t9phone, "network", "serve", "--line", pty],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.log)
        self.replies = queue.Queue()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()
        try:
            first = self._reply("start")
        except HILError:
            first = None
        if first != "ready":
            self.close()
            raise HILError(f"`t9phone network serve --line {pty}` said {first!r}, not `ready`"
                           f" (its errors: {log_path})")

    def _read(self):
        for line in self.proc.stdout:
            self.replies.put(line.decode("utf-8", "replace").rstrip("\n"))
        self.replies.put(None)

    def _reply(self, what):
        try:
            reply = self.replies.get(timeout=NETWORK_TIMEOUT)
        except queue.Empty:
            raise HILError(f"the network did not answer `{what}` within "
                           f"{NETWORK_TIMEOUT:.0f}s") from None
        if reply is None:
            raise HILError(f"the network exited (status {self.proc.wait()}) at `{what}`")
        return reply

    def ask(self, line):
        """Sends a command line; its answer."""
        try:
            self.proc.stdin.write(line.encode() + b"\n")
            self.proc.stdin.flush()
        except OSError as e:
            raise HILError(f"cannot send `{line}` to the network: {e}") from None
        return self._reply(line)

    def close(self):
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        reap(self.proc)
        self.thread.join(5)
        self.proc.stdout.close()
        self.log.close()


class RunConfig:
    """How the guest runs the firmware for one scenario: the LCD, the ROM,
    the display (`text`: frames on the serial console; `i2c`: the real
    kernel's I2C, decoded into the glass) and the options that start the
    phone as the scenario's header says."""

    # `set NAME` lines of a plan's header that `t9phone run` takes as --NAME.
    SETTINGS = ("input-mode", "multitap-timeout", "long-press", "debounce", "repeat-interval",
                "stuck-after", "notice-time", "backlight-timeout", "partial-timeout")

    def __init__(self):
        self.lcd = "16x2"
        self.rom = "A00"
        self.display = None  # text or i2c; None: i2c when the plan checks the glass
        self.wiring = "backpack"
        self.backlight = None  # high or low (the polarity), None: the wiring's own
        self.guest_command = None  # a .steps plan's own guest command (`command ...`)
        self.modem = False  # `modem sim`: the simulated network serves the guest's USB serial
        self.options = []  # the header's other options for `t9phone run`, in order

    def set(self, op, value, where):
        if op == "command":
            self.guest_command = value
        elif op == "lcd":
            try:
                glass.parse_geometry(value)
            except ValueError as e:
                raise HILError(f"{where}: {e}") from None
            self.lcd = value
        elif op == "rom":
            if value not in glass.ROMS:
                raise HILError(f"{where}: unknown ROM '{value}' (A00, A02)")
            self.rom = value
        elif op == "display":
            kind, *options = value.split(",")
            if kind not in ("text", "i2c") or (kind == "text" and options):
                raise HILError(f"{where}: display is `text` or `i2c[,wiring=W][,backlight=B]`")
            self.display = kind
            for option in options:
                key, _, v = option.partition("=")
                if key == "wiring" and v in glass.WIRINGS:
                    self.wiring = v
                elif key == "backlight" and v in ("high", "low"):
                    self.backlight = v
                else:
                    raise HILError(f"{where}: bad display option '{option}' "
                                   f"(wiring={'|'.join(glass.WIRINGS)}, backlight=high|low)")

    def header(self, words, where, scenario):
        """A line of a scenario plan's header (the scenario's own words):
        the LCD, ROM and wiring for the harness, the rest as options of
        `t9phone run`. Raises Skip for what the guest cannot be."""
        op, args = words[0], words[1:]
        if op in ("lcd", "rom") and len(args) == 1:
            self.set(op, args[0], where)
        elif op == "display":
            # The header names the driver; the harness picks text or i2c by
            # what the scenario checks, with the header's wiring.
            if args[:1] != ["i2c"]:
                raise Skip(f"display {' '.join(args)}: the guest has no LCDd")
            for option in args[1:]:
                key, _, v = option.partition("=")
                if key != "wiring" or v not in glass.WIRINGS:
                    raise HILError(f"{where}: bad display option '{option}'")
                self.wiring = v
        elif op == "dictionary" and args in (["on"], ["off"]):
            if args == ["off"]:
                self.options += ["--dictionaries", "/t9/no-dictionaries"]
        elif op == "contacts" and len(args) == 1:
            file = os.path.relpath(os.path.abspath(
                os.path.join(os.path.dirname(scenario), args[0])), REPO)
            if file.startswith("..") or not file.endswith(".vcf"):
                raise Skip(f"contacts {args[0]}: only the repository's .vcf files are in the guest")
            self.options += ["--contacts-fixture", f"/t9/{file}"]
        elif op == "contacts-capacity" and len(args) == 1:
            self.options += ["--contacts-capacity", args[0]]
        elif op == "modem" and args in (["sim"], ["none"]):
            if args == ["sim"]:
                self.modem = True
                self.options += ["--modem", f"tty:{MODEM_TTY}"]
        elif op in ("country", "messages-capacity", "emergency") and len(args) == 1:
            self.options += [f"--{op}", args[0]]
        elif op == "keymap":
            pass  # how recordings' keys are read: the guest's keypad has its own keymap
        elif op in ("language", "clock", "start") and len(args) == 1:
            self.options += [f"--{op}", args[0]]
        elif op == "set" and len(args) == 2 and args[0] in self.SETTINGS:
            self.options += [f"--{args[0]}", args[1]]
        else:
            raise HILError(f"{where}: unknown header line in the plan: {' '.join(words)}")

    @property
    def backlight_active_low(self):
        return None if self.backlight is None else self.backlight == "low"

    def display_spec(self):
        """The firmware's --display for the stub (@I2C@: its device, filled in by the guest)."""
        spec = f"i2c:@I2C@@0x{I2C_ADDRESS:02x}"
        if self.wiring != "backpack":
            spec += f",wiring={self.wiring}"
        if self.backlight:
            spec += f",backlight={self.backlight}"
        return spec

    def firmware_args(self):
        """The words of `t9phone run` for this scenario (none contains a space)."""
        display = self.display_spec() if self.display == "i2c" else "text"
        words = ["run", "--input", "auto", "--keymap", KEYMAP, "--lcd", self.lcd, "--rom",
                 self.rom, "--display", display, "--report-state"]
        if not any(word == "--contacts-fixture" for word in self.options):
            words += ["--contacts-fixture", "/t9/no-contacts.vcf"]
        words += self.options
        for word in words:
            if not word or any(c.isspace() for c in word):
                raise HILError(f"option '{word}' cannot be sent to the guest (a space in it)")
        return words

    def command(self):
        """The guest's command line, or None for the guest's default (16x2, A00, text)."""
        if self.guest_command:
            return self.guest_command
        if self.display != "i2c" and self.lcd == "16x2" and self.rom == "A00":
            return None
        display = self.display_spec() if self.display == "i2c" else "text"
        return (f"{FIRMWARE} run --input auto --keymap {KEYMAP} "
                f"--lcd {self.lcd} --rom {self.rom} --display {display}")


class Guest:
    """One QEMU guest running the firmware (or a given command). With
    control=True the guest runs /t9/control, which starts and stops the
    firmware on the host's command (a socket on the fourth serial port):
    many scenarios, one boot."""

    def __init__(self, args, workdir, command=None, config=None, control=False):
        self.workdir = workdir
        self.t9phone = args.t9phone
        os.makedirs(workdir, exist_ok=True)
        self.serial_path = os.path.join(workdir, "serial.log")
        self.qmp_path = os.path.join(workdir, "qmp.sock")
        self.i2c_path = os.path.join(workdir, "kmsg.log")
        self.control_path = os.path.join(workdir, "control.sock")
        for p in (self.serial_path, self.qmp_path, self.i2c_path, self.control_path):
            if os.path.exists(p):
                os.unlink(p)
        append = "console=ttyS1 panic=-1 quiet log_buf_len=16M tp_printk"
        if control:
            command = "/t9/control @I2C@"
        if command:
            append += " -- " + command
        cmd = [
            args.qemu, "-accel", "tcg", "-m", "256", "-nographic", "-no-reboot", "-nic", "none",
            "-kernel", args.kernel, "-initrd", args.initrd, "-append", append,
            "-machine", "pc,i8042=off", "-device", "qemu-xhci", "-device", "usb-kbd,id=kbd",
            "-qmp", f"unix:{self.qmp_path},server=on,wait=off",
            "-serial", f"file:{self.serial_path}",
            "-serial", f"file:{os.path.join(workdir, 'console.log')}",
            "-serial", f"file:{self.i2c_path}",  # ttyS2: the guest's kernel log, for the glass
        ]
        if control:  # ttyS3: the host's commands to /t9/control
            cmd += ["-serial", f"unix:{self.control_path},server=on,wait=off"]
            # The modem's line: a USB serial adapter (an FTDI FT232; the
            # guest's ftdi_sio makes it /dev/ttyUSB0) whose host end is a
            # pseudo-terminal, served by the simulated network.
            cmd += ["-chardev", "pty,id=modem", "-device", "usb-serial,chardev=modem,id=modem"]
        cmd += ["-monitor", "none", "-display", "none"]
        self.started = time.monotonic()
        self.proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL,
                                     stdout=open(os.path.join(workdir, "qemu.log"), "wb"),
                                     stderr=subprocess.STDOUT)
        self.serial = Serial(self.serial_path)
        self.glass = None
        if control or (config is not None and config.display == "i2c"):
            self.glass = Glass(self.i2c_path, config or RunConfig())
        self.qmp = QMP(self.qmp_path)
        self.plugged = True
        self.down = set()  # keys the host holds down now
        self.control = None
        self.modem_pty = None  # the host end of the guest's USB serial adapter
        self.modem_keeper = None  # holds that end open for the guest's whole life
        self.modem_plugged = True
        self.modem_back = None  # when an unplugged modem comes back (`fault modem-gone`)
        self.network = None  # the scenario's simulated network, while it runs
        self.network_log = os.path.join(workdir, "network.log")
        if control:
            self.control = connect_unix(self.control_path)
            for device in self.qmp.execute("query-chardev"):
                if device.get("label") == "modem":
                    self.modem_pty = device["filename"].removeprefix("pty:")
            if self.modem_pty:
                # QEMU's usb-serial is on the guest's bus only while its
                # character device is open: with nobody holding the pty, the
                # guest has no /dev/ttyUSB0, and a scenario's network opening
                # it would race the guest's enumeration against the
                # firmware's first open. Held here, the adapter is plugged
                # from the boot on and leaves only for `fault modem-gone`.
                # Nothing reads through this descriptor, so it takes no byte
                # from the network that serves the line.
                self.modem_keeper = os.open(self.modem_pty, os.O_RDWR | os.O_NOCTTY)

    def send(self, line):
        """A command for /t9/control."""
        try:
            self.control.sendall(line.encode() + b"\n")
        except OSError as e:
            raise HILError(f"cannot send `{line.split()[0]}` to the guest: {e}") from None

    def wait_control(self):
        """Waits for /t9/control's `hil: control ready` after the boot."""
        if not self.serial.wait(lambda: self.serial.control_ready, READY_TIMEOUT):
            raise HILError("no `hil: control ready` within %.0fs; serial tail:\n    %s"
                           % (READY_TIMEOUT, "\n    ".join(self.serial.tail())))
        self.boot_seconds = time.monotonic() - self.started

    def start_firmware(self, n, config):
        """Run n: the firmware started afresh for `config`, ready for keys."""
        if self.glass:
            self.glass.reset(config)
        self.serial.begin(n)
        if config.modem:
            if not self.modem_pty:
                raise HILError("the guest has no USB serial adapter for the modem")
            self.network = Network(self.t9phone, self.modem_pty, self.network_log)
        self.send(f"run {n} " + " ".join(config.firmware_args()))
        if not self.serial.wait(lambda: self.serial.started == n, START_TIMEOUT / 3):
            raise HILError(f"the guest did not take `run {n}` within {START_TIMEOUT / 3:.0f}s")
        if not self.serial.wait(lambda: self.serial.ready, START_TIMEOUT):
            what = "exited" if self.serial.exited else f"was not ready within {START_TIMEOUT:.0f}s"
            raise HILError(f"the firmware {what}; serial tail:\n    "
                           + "\n    ".join(self.serial.tail()))

    def stop_firmware(self, n, config):
        """Ends run n: every key released, the keypad plugged in, the firmware
        stopped, and (for the glass) the kernel log read up to the stop."""
        for key in sorted(self.down):
            self.qmp.key(QCODES[key], False)
        self.down.clear()
        if not self.plugged:
            self.qmp.execute("device_add", {"driver": "usb-kbd", "id": "kbd"})
            self.plugged = True
        if not self.modem_plugged:
            self.replug_modem()
        self.send(f"stop {n}")
        if not self.serial.wait(lambda: self.serial.stopped == n, STOP_TIMEOUT,
                                until_exit=False):
            raise HILError(f"the guest did not stop the firmware within {STOP_TIMEOUT:.0f}s")
        if self.network:
            self.network.close()
            self.network = None
        if config.display == "i2c" and not self.glass.wait_mark(n, MARK_TIMEOUT):
            raise HILError(f"the guest's kernel log did not reach `hil: mark {n}` "
                           f"within {MARK_TIMEOUT:.0f}s")

    def wait_ready(self):
        ready = self.serial.wait(lambda: self.serial.ready, READY_TIMEOUT)
        if not ready and self.serial.exited:
            raise HILError("the firmware exited before `t9phone: ready`; serial tail:\n    %s"
                           % "\n    ".join(self.serial.tail()))
        if not ready:
            raise HILError("no `t9phone: ready` within %.0fs; serial tail:\n    %s"
                           % (READY_TIMEOUT, "\n    ".join(self.serial.tail())))
        self.boot_seconds = time.monotonic() - self.started
        return ready

    def close(self):
        if self.network:
            self.network.close()
            self.network = None
        if self.control:
            self.control.close()
        if self.modem_keeper is not None:
            os.close(self.modem_keeper)
            self.modem_keeper = None
        self.serial.stop = True
        if self.glass:
            self.glass.stop = True
        if self.proc.poll() is None:
            try:
                self.qmp.execute("quit")
            except Exception:
                pass
            reap(self.proc)

    def unplug(self):
        before = self.serial.disconnected
        self.qmp.execute("device_del", {"id": "kbd"})
        self.qmp.wait_event("DEVICE_DELETED", PLUG_TIMEOUT)
        self.plugged = False
        if not self.serial.wait(lambda: self.serial.disconnected > before, PLUG_TIMEOUT):
            raise HILError("after unplug: no `t9phone: keypad disconnected`")

    def unplug_modem(self, ms):
        """`fault modem-gone`: the USB serial adapter leaves the guest's bus
        (the kernel hangs its tty up) and comes back after `ms`."""
        self.qmp.execute("device_del", {"id": "modem"})
        self.qmp.wait_event("DEVICE_DELETED", PLUG_TIMEOUT)
        self.modem_plugged = False
        self.modem_back = time.monotonic() + ms / 1000.0

    def replug_modem(self):
        """The adapter back on the bus, and the modem behind it freshly
        powered (it says RDY, its settings gone), as after an unplug."""
        self.qmp.execute("device_add", {"driver": "usb-serial", "chardev": "modem", "id": "modem"})
        self.modem_plugged = True
        self.modem_back = None
        if self.network:
            reply = self.network.ask("fault modem-reset")
            if reply != "ok":
                raise HILError(f"the network answered `fault modem-reset` with {reply!r}")

    def replug(self):
        before = self.serial.connected
        self.qmp.execute("device_add", {"driver": "usb-kbd", "id": "kbd"})
        self.plugged = True
        if not self.serial.wait(lambda: self.serial.connected > before, PLUG_TIMEOUT):
            raise HILError("after replug: no `t9phone: keypad connected`")


# The plan's checks the simulated network answers with yes or no: a message
# it received, a number it heard dialled, the tones it heard.
NETWORK_CHECKS = {"expect-sent", "expect-dialed", "expect-dtmf"}

# A plan's set-up lines: a .steps plan's `lcd`, `rom`, `display`; the rest
# come from a scenario's header.
HEADER = ("lcd", "rom", "display", "dictionary", "contacts", "contacts-capacity", "keymap",
          "language", "clock", "set", "start", "modem", "country", "messages-capacity",
          "emergency")


def duration_ms(text, name, lineno):
    """A scenario's duration (`1500ms`, `2s`, `1.5s`, `300us`) in milliseconds."""
    for suffix, scale in (("ms", 1.0), ("us", 0.001), ("min", 60000.0), ("s", 1000.0)):
        if text.endswith(suffix):
            try:
                return float(text[:-len(suffix)]) * scale
            except ValueError:
                break
    raise HILError(f"{name}:{lineno}: bad duration '{text}'")


def parse_plan(text, name):
    """Plan text -> list of (lineno, op, arg)."""
    steps = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        lineno, line = i + 1, lines[i].strip()
        i += 1
        if not line or line.startswith((";", "#")):
            continue
        words = line.split()
        op = words[0]
        if op == "scenario":
            continue
        if op in HEADER and len(words) >= 2:
            steps.append((lineno, "header", words))
            continue
        if op in ("command", "expect-state") and len(words) >= 2:
            steps.append((lineno, op, line.split(None, 1)[1]))
            continue
        if op == "network" or (op == "fault" and len(words) >= 2
                               and words[1].startswith("modem-")):
            if words[:2] == ["fault", "modem-gone"]:
                # Made on the guest's USB bus, not by the network.
                if len(words) != 3:
                    raise HILError(f"{name}:{lineno}: `fault modem-gone DURATION`")
                steps.append((lineno, "modem-gone", duration_ms(words[2], name, lineno)))
            else:
                steps.append((lineno, "network", line))
            continue
        if op in NETWORK_CHECKS and len(words) >= 2:
            steps.append((lineno, op, line))
            continue
        if op in ("expect-contains", "expect-log-contains") and len(words) == 1:
            text = lines[i] if i < len(lines) else ""
            if not (text.startswith("|") and text.endswith("|") and len(text) >= 2):
                raise HILError(f"{name}:{i + 1}: expected a |text| line after {op}")
            i += 1
            steps.append((lineno, op, text[1:-1]))
            continue
        if op in ("expect-line", "expect-line-contains") and len(words) == 2:
            row = lines[i] if i < len(lines) else ""
            if not (words[1].isdigit() and int(words[1]) >= 1):
                raise HILError(f"{name}:{lineno}: bad row number '{words[1]}'")
            if not (row.startswith("|") and row.endswith("|") and len(row) >= 2):
                raise HILError(f"{name}:{i + 1}: expected a |text| line after {op}")
            i += 1
            steps.append((lineno, op, (int(words[1]), row[1:-1])))
            continue
        if op in ("down", "up") and len(words) == 2:
            if words[1] not in QCODES:
                raise HILError(f"{name}:{lineno}: key '{words[1]}' has no key on the HIL keypad")
            steps.append((lineno, op, words[1]))
        elif op in ("sleep", "wait") and len(words) == 2:
            try:
                ms = float(words[1].removesuffix("ms"))
            except ValueError:
                raise HILError(f"{name}:{lineno}: bad duration '{words[1]}'") from None
            steps.append((lineno, "sleep", ms))
        elif op in ("unplug", "replug") and len(words) == 1:
            steps.append((lineno, op, None))
        elif op in ("expect", "expect-glass") and len(words) == 1:
            rows = []
            while i < len(lines) and lines[i].strip() != "end":
                row = lines[i].rstrip("\n")
                if not (row.startswith("|") and row.endswith("|") and len(row) >= 2):
                    raise HILError(f"{name}:{i + 1}: expected a |row| line or `end`")
                rows.append(row[1:-1])
                i += 1
            if i >= len(lines):
                raise HILError(f"{name}:{lineno}: `{op}` without `end`")
            i += 1
            steps.append((lineno, op, rows))
        else:
            raise HILError(f"{name}:{lineno}: unknown plan step '{line}'")
    return steps


class Plan:
    """A scenario's (or .steps plan's) run: its RunConfig, its steps, and how
    long its steps last (seconds of real time, without the waits for frames)."""

    def __init__(self, path, config, steps):
        self.path = path
        self.config = config
        self.steps = steps
        self.seconds = sum(arg for _, op, arg in steps if op == "sleep") / 1000.0


def plan_for(path, args):
    """The Plan of a scenario or .steps plan. Raises Skip for a scenario the
    guest cannot run (with the reason), HILError for a broken one."""
    scenario = not path.endswith(".steps")
    if scenario:
        result = subprocess.run([args.t9phone, "test", "--plan", path],
                                capture_output=True, text=True)
        if result.returncode == 2 and ": error: " in result.stderr:
            # file:line:col: error: what hardware cannot do
            where, _, message = result.stderr.strip().partition(": error: ")
            line = where[len(path):].lstrip(":").split(":")[0]
            raise Skip(f"{message} (line {line})" if line and line != "1" else message)
        if result.returncode != 0:
            msg = (result.stderr or result.stdout).strip()
            raise HILError(f"`t9phone test --plan` failed: {msg}")
        steps = parse_plan(result.stdout, path)
    else:
        with open(path, encoding="utf-8") as f:
            steps = parse_plan(f.read(), path)
    config = RunConfig()
    for lineno, op, arg in steps:
        where = f"{path}:{lineno}"
        if op == "command":
            config.set(op, arg, where)
        elif op == "header" and scenario:
            config.header(arg, where, path)
        elif op == "header" and arg[0] in ("lcd", "rom", "display") and len(arg) == 2:
            config.set(arg[0], arg[1], where)
        elif op == "header":
            raise HILError(f"{where}: a .steps plan sets `lcd`, `rom`, `display`, `command`")
    near = hold_near_debounce(steps)
    if near is not None and scenario:
        raise Skip(near)
    steps = [step for step in steps if step[1] not in ("header", "command")]
    ops = {op for _, op, _ in steps}
    if "expect-log-contains" in ops:  # as the scenario runner logs for such a scenario
        config.options += ["--log-level", "debug"]
    if ops & ({"network", "modem-gone"} | NETWORK_CHECKS) and not config.modem:
        raise HILError(f"{path}: network steps without `modem sim` in the header")
    if config.modem and not scenario:
        raise Skip("a .steps plan runs in a guest of its own, without the modem")
    if config.display is None:
        config.display = "i2c" if "expect-glass" in ops else "text"
    frames = ops & {"expect", "expect-line", "expect-line-contains"}
    if config.display == "i2c" and frames and not (args.guest_command or config.guest_command):
        if scenario:
            raise Skip("checks both the firmware's frames and the glass: the guest drives "
                       "one display")
        raise HILError(f"{path}: the firmware prints no frames with --display i2c: "
                       f"check the glass there (`expect glass`), not {sorted(frames)}")
    if config.display == "text" and "expect-glass" in ops:
        raise HILError(f"{path}: `expect glass` needs `display i2c`")
    return Plan(path, config, steps)


# How far a hold sent over QMP lands from its length in the guest kernel's
# timestamps (measured: within ±4 ms; docs/performance.md).
HOLD_JITTER_MS = 4


def hold_near_debounce(steps):
    """Why a plan cannot be timed over QMP, or None: a key held for less than
    HOLD_JITTER_MS more or less than the debounce time (`set debounce`,
    20 ms by default) may arrive as a bounce or as a tap."""
    debounce = 20.0
    for _, op, arg in steps:
        if op == "header" and arg[:2] == ["set", "debounce"] and len(arg) == 3:
            text = arg[2]
            value = float(text[:-2]) if text.endswith("ms") else float(text.rstrip("s")) * 1000
            debounce = value
    now = 0.0
    pressed = {}
    for lineno, op, arg in steps:
        if op == "sleep":
            now += arg
        elif op == "down":
            pressed[arg] = now
        elif op == "up" and arg in pressed:
            held = now - pressed.pop(arg)
            if abs(held - debounce) < HOLD_JITTER_MS:
                return (f"holds {arg} for {held:g} ms, within {HOLD_JITTER_MS} ms of the "
                        f"debounce time ({debounce:g} ms): a bounce or a tap by QMP's timing "
                        f"(line {lineno})")
    return None


def run_delay_ms(pids):
    """Milliseconds the threads of `pids` have spent runnable but waiting
    for a CPU (the second field of /proc/PID/task/TID/schedstat); threads
    that ended meanwhile are not counted, so take differences over a run."""
    total = 0
    for pid in pids:
        try:
            tids = os.listdir(f"/proc/{pid}/task")
        except OSError:
            continue
        for tid in tids:
            try:
                with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                    total += int(f.read().split()[1])
            except (OSError, ValueError, IndexError):
                pass
    return total / 1e6


def worth_another_run(attempt, waited_ms):
    """Whether a failed run is run again: only when QEMU and the harness
    waited at least STARVED_MS for a CPU during it, and at most RETRIES
    times."""
    return attempt < RETRIES and waited_ms >= STARVED_MS


def diff(expected, actual, what="last frame"):
    out = [f"expected                  | {what}"]
    n = max(len(expected), len(actual or []))
    for k in range(n):
        e = expected[k] if k < len(expected) else ""
        a = actual[k] if actual and k < len(actual) else ""
        mark = " " if e == a else "<"
        out.append(f"|{e}|{' ' * max(0, 24 - len(e) - 2)}{mark} |{a}|")
    if actual is None:
        out.append("(no frame printed yet)")
    return "\n    ".join(out)


def state_matches(state, expected):
    """Whether the last state block shows `expected` (an `expect-state`
    line): the line with the same first word equals it — or, for a cursor
    expected without a style, starts with it."""
    shown = state.get(expected.split(" ", 1)[0])
    if shown is None:
        return False
    return shown == expected or (expected.startswith("cursor ") and expected != "cursor off"
                                 and len(expected.split()) == 3 and shown.startswith(expected + " "))


def run_steps(guest, steps, name):
    """Runs a plan's steps in the guest; returns the number of checks."""
    serial = guest.serial
    checks = 0
    t = time.monotonic()  # the schedule: when the next step is due
    for lineno, op, arg in steps:
        if serial.exited:
            raise HILError(f"plan line {lineno}: the firmware exited ({serial.exited})")
        if op == "sleep":
            t += arg / 1000.0
            continue
        delay = t - time.monotonic()
        while guest.modem_back is not None and guest.modem_back < t:
            # A modem that went away comes back in the middle of the wait.
            wait = guest.modem_back - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            guest.replug_modem()
            delay = t - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        if op in ("down", "up"):
            if not guest.plugged:
                raise HILError(f"plan line {lineno}: key {op} while the keypad is unplugged")
            guest.qmp.key(QCODES[arg], op == "down")
            if op == "down":
                guest.down.add(arg)
            else:
                guest.down.discard(arg)
        elif op == "expect":
            checks += 1
            matched = serial.wait(lambda: serial.frames and serial.frames[-1][1] == arg,
                                  EXPECT_TIMEOUT)
            if not matched:
                last = serial.frames[-1][1] if serial.frames else None
                raise HILError(f"plan line {lineno}: screen not shown within "
                               f"{EXPECT_TIMEOUT:.0f}s\n    {diff(arg, last)}")
            t = time.monotonic()  # later steps keep their spacing from here
        elif op == "expect-glass":
            checks += 1
            g = guest.glass
            if g is None:
                raise HILError(f"plan line {lineno}: `expect glass` without `display i2c`")
            waited = time.monotonic()
            matched = g.wait_settled(arg, lambda: serial.exited)
            waited = time.monotonic() - waited
            problem = g.health()
            if problem:
                raise HILError(f"plan line {lineno}: {problem}\n    {g.stats()}")
            if not matched:
                raise HILError(f"plan line {lineno}: glass not shown within "
                               f"{waited:.1f}s\n    {diff(arg, g.rows(), 'decoded glass')}"
                               f"\n    {g.stats()}")
            t = time.monotonic()
        elif op in ("expect-line", "expect-line-contains"):
            checks += 1
            row, text = arg

            def shown():
                if not serial.frames or len(serial.frames[-1][1]) < row:
                    return False
                glass = serial.frames[-1][1][row - 1]
                if op == "expect-line":
                    return glass == text.ljust(len(glass))
                return text in glass

            if not serial.wait(shown, EXPECT_TIMEOUT):
                last = serial.frames[-1][1] if serial.frames else None
                what = "equal to" if op == "expect-line" else "containing"
                raise HILError(f"plan line {lineno}: row {row} {what} \"{text}\" not shown within "
                               f"{EXPECT_TIMEOUT:.0f}s\n    last frame:\n    "
                               + "\n    ".join(f"|{r}|" for r in (last or [])))
            t = time.monotonic()
        elif op == "expect-state":
            checks += 1
            if not serial.wait(lambda: state_matches(serial.state, arg), EXPECT_TIMEOUT):
                key = arg.split(" ", 1)[0]
                shown = serial.state.get(key, "(no state printed yet)")
                raise HILError(f"plan line {lineno}: state not shown within "
                               f"{EXPECT_TIMEOUT:.0f}s\n    expected: {arg}\n    shown:    {shown}"
                               + (f"\n    last frame:\n    " + "\n    ".join(
                                   f"|{r}|" for r in serial.frames[-1][1]) if serial.frames else ""))
            t = time.monotonic()
        elif op == "network":
            if guest.network is None:
                raise HILError(f"plan line {lineno}: `{arg}` without `modem sim`")
            reply = guest.network.ask(arg)
            if reply != "ok":
                raise HILError(f"plan line {lineno}: the network answered `{arg}` with {reply!r}")
        elif op == "modem-gone":
            if guest.network is None:
                raise HILError(f"plan line {lineno}: `fault modem-gone` without `modem sim`")
            guest.unplug_modem(arg)
            t = time.monotonic()
        elif op in NETWORK_CHECKS:
            checks += 1
            if guest.network is None:
                raise HILError(f"plan line {lineno}: `{arg}` without `modem sim`")
            deadline = time.monotonic() + SENT_TIMEOUT
            while True:
                reply = guest.network.ask(arg)
                if reply == "yes":
                    break
                if reply != "no":
                    raise HILError(f"plan line {lineno}: the network answered `{arg}` with "
                                   f"{reply!r}")
                if time.monotonic() > deadline or serial.exited:
                    raise HILError(f"plan line {lineno}: the network did not answer yes "
                                   f"within {SENT_TIMEOUT:.0f}s: {arg}")
                time.sleep(0.1)
            t = time.monotonic()
        elif op == "expect-contains":
            checks += 1
            if not serial.wait(lambda: serial.frames and any(arg in row for row in
                                                             serial.frames[-1][1]),
                               EXPECT_TIMEOUT):
                last = serial.frames[-1][1] if serial.frames else None
                raise HILError(f"plan line {lineno}: no row containing \"{arg}\" shown within "
                               f"{EXPECT_TIMEOUT:.0f}s\n    last frame:\n    "
                               + "\n    ".join(f"|{r}|" for r in (last or [])))
            t = time.monotonic()
        elif op == "expect-log-contains":
            checks += 1

            def logged():
                return any(arg in line for _, line in serial.lines[serial.run_start:])

            if not serial.wait(logged, EXPECT_TIMEOUT):
                raise HILError(f"plan line {lineno}: the firmware logged no line containing "
                               f"\"{arg}\" within {EXPECT_TIMEOUT:.0f}s; serial tail:\n    "
                               + "\n    ".join(serial.tail()))
            t = time.monotonic()
        elif op == "unplug":
            guest.unplug()
            t = time.monotonic()
        elif op == "replug":
            guest.replug()
            t = time.monotonic()
    return checks


def collect(paths):
    """The scenario files and .steps plans named: a folder stands for its
    *.scenario files (recursively), in sorted order."""
    files = []
    for path in paths:
        if os.path.isdir(path):
            found = []
            for folder, _, names in os.walk(path):
                found += [os.path.join(folder, n) for n in names if n.endswith(".scenario")]
            files += sorted(found)
        else:
            files.append(path)
    return files


def select(plans, budget, overhead, always=(), stride=1):
    """A stable selection of `plans` that fits `budget` seconds: the plans in
    an `always` folder, then the others in path order taking every
    stride-th (the 1st, the stride+1-th, …), then the 2nd, the stride+2-th,
    …, each as long as the estimated total still fits (a plan's estimate:
    its seconds plus `overhead`). Returns (selected, left out, estimate),
    both lists in the order of `plans`."""
    def under(path, folder):
        return path.startswith(folder.rstrip("/") + "/")

    first = [p for p in plans if any(under(p.path, a) for a in always)]
    rest = sorted((p for p in plans if p not in first), key=lambda p: p.path)
    order = first + [p for r in range(stride) for p in rest[r::stride]]
    chosen, total = set(), 0.0
    for p in order:
        cost = p.seconds + overhead
        if p in first or total + cost <= budget:
            chosen.add(id(p))
            total += cost
    return ([p for p in plans if id(p) in chosen], [p for p in plans if id(p) not in chosen],
            total)


def minutes(seconds):
    return f"{int(seconds // 60)}m{seconds % 60:04.1f}s" if seconds >= 60 else f"{seconds:.1f}s"


def run_booted(args, plan, workdir):
    """A plan in a guest of its own (a .steps plan, or --guest-command): the
    guest boots with the plan's command, runs it, powers off."""
    command = args.guest_command or plan.config.command()
    guest = Guest(args, workdir, command=command, config=plan.config)
    try:
        guest.wait_ready()
        if args.verbose:
            log(f"hil: {plan.path}: booted in {guest.boot_seconds:.1f}s")
        checks = run_steps(guest, plan.steps, plan.path)
        if args.verbose and guest.glass:
            log(f"hil: {plan.path}: {guest.glass.stats()}")
        return checks, guest.glass is not None
    except HILError as e:
        raise HILError(f"{e}\n    serial log: {guest.serial_path}") from None
    finally:
        guest.close()


def run_suite(args):
    began = time.monotonic()
    passed = failed = retried = 0
    starved = []  # ms QEMU and the harness waited for a CPU, each run
    run = 0  # the firmware's runs in the guests, retries included
    workroot = args.workdir or tempfile.mkdtemp(prefix="hil-")
    files = collect(args.scenarios)
    plans, skipped = [], []  # skipped: (path, reason)
    for path in files:
        try:
            plans.append(plan_for(path, args))
        except Skip as e:
            skipped.append((path, str(e)))
        except HILError as e:
            print(f"FAIL {path}: {e}", flush=True)
            failed += 1
    runnable = [p for p in plans if not p.path.endswith(".steps")]
    too_long = []
    if args.max_seconds:
        too_long = [p for p in runnable if p.seconds > args.max_seconds]
        skipped += [(p.path, f"lasts {p.seconds:.1f}s of real time (the limit is "
                             f"{args.max_seconds:g}s)") for p in too_long]
    plans = [p for p in plans if p not in too_long]
    left_out, estimate = [], None
    if args.budget:
        chosen, left_out, estimate = select(
            [p for p in plans if not p.path.endswith(".steps")], args.budget, args.overhead,
            args.always, args.stride)
        plans = [p for p in plans if p.path.endswith(".steps")] + chosen
    if args.shuffle is not None:  # results must not depend on the order
        random.Random(args.shuffle).shuffle(plans)
    scenarios = [p for p in plans if not p.path.endswith(".steps")]
    print(f"hil: {len([f for f in files if not f.endswith('.steps')])} scenarios: "
          f"{len(runnable)} can run on the guest, {len(files) - len(runnable) - len([f for f in files if f.endswith('.steps')])} cannot"
          + (f", {len(too_long)} take over {args.max_seconds:g}s" if too_long else "")
          + (f", {len(left_out)} left out by the {args.budget:g}s budget "
             f"(estimated {estimate:.0f}s)" if args.budget else "")
          + f"; running {len(scenarios)}", flush=True)
    for path, reason in skipped:
        print(f"SKIP {path}: {reason}", flush=True)
    times = []  # (path, seconds, overhead seconds)
    guest = None
    boots = []
    try:
        for n, plan in enumerate(plans, 1):
            name = plan.path
            kind = " on the I2C glass" if plan.config.display == "i2c" else ""
            if name.endswith(".steps") or args.guest_command:
                try:
                    checks, _ = run_booted(args, plan, os.path.join(workroot, f"{n:03d}-guest"))
                    print(f"PASS {name} ({checks} checks{kind})", flush=True)
                    passed += 1
                except HILError as e:
                    print(f"FAIL {name}: {e}", flush=True)
                    failed += 1
                continue
            attempt = 0
            while True:
                if guest is None:
                    t = time.monotonic()
                    try:
                        guest = Guest(args, os.path.join(workroot, f"guest-{len(boots) + 1}"),
                                      control=True)
                        guest.wait_control()
                    except HILError as e:
                        print(f"FAIL {name}: the guest did not boot: {e}", flush=True)
                        failed += 1
                        if guest:
                            guest.close()
                        guest = None
                        break
                    boots.append(time.monotonic() - t)
                    log(f"hil: guest booted in {boots[-1]:.1f}s ({guest.workdir})")
                run += 1
                pids = (guest.proc.pid, os.getpid())
                waited = run_delay_ms(pids)
                t0 = time.monotonic()
                error = None
                checks = 0
                steps_time = 0.0
                try:
                    guest.start_firmware(run, plan.config)
                    t1 = time.monotonic()
                    checks = run_steps(guest, plan.steps, name)
                    steps_time = time.monotonic() - t1
                except HILError as e:
                    error = e
                waited = run_delay_ms(pids) - waited
                starved.append(waited)
                if args.verbose and guest.glass and plan.config.display == "i2c":
                    log(f"hil: {name}: {guest.glass.stats()}")
                try:
                    guest.stop_firmware(run, plan.config)
                except (HILError, OSError) as e:
                    error = error or HILError(f"after the steps: {e}")
                    log(f"hil: {name}: {e}; booting a new guest")
                    guest.close()
                    guest = None
                elapsed = time.monotonic() - t0
                if guest and guest.proc.poll() is not None:
                    log("hil: the guest exited; booting a new one")
                    guest.close()
                    guest = None
                if error is not None and worth_another_run(attempt, waited):
                    attempt += 1
                    retried += 1
                    first = str(error).split("\n", 1)[0]
                    print(f"RETRY {name} ({elapsed:.1f}s): QEMU and the harness waited "
                          f"{waited:.0f} ms for a CPU during the run; it failed with: {first}",
                          flush=True)
                    continue
                times.append((name, elapsed, elapsed - steps_time if not error else None))
                again = f", run {attempt + 1}" if attempt else ""
                if error is None:
                    print(f"PASS {name} ({checks} checks{kind}, {elapsed:.1f}s{again})",
                          flush=True)
                    passed += 1
                else:
                    busy = f"; QEMU and the harness waited {waited:.0f} ms for a CPU" \
                        if waited >= 1 else ""
                    print(f"FAIL {name} ({elapsed:.1f}s{again}{busy}): {error}", flush=True)
                    if guest:
                        print(f"    serial log: {guest.serial_path} (`hil: run {run}`)",
                              flush=True)
                    failed += 1
                break
    finally:
        if guest:
            guest.close()
    total = time.monotonic() - began
    if times:
        spent = [t for _, t, _ in times]
        overheads = [o for _, _, o in times if o is not None]
        slowest = max(times, key=lambda x: x[1])
        print(f"hil: {len(times)} scenarios in {minutes(sum(spent))}"
              + (f" after {len(boots)} boot{'s' if len(boots) > 1 else ''} "
                 f"({', '.join(f'{b:.1f}s' for b in boots)})" if boots else "")
              + f"; per scenario {sum(spent) / len(spent):.1f}s on average"
              + (f" (of which starting and stopping the firmware "
                 f"{sum(overheads) / len(overheads):.1f}s)" if overheads else "")
              + f", longest {slowest[1]:.1f}s ({slowest[0]})", flush=True)
    if starved:
        print(f"hil: QEMU and the harness waited {sum(starved):.0f} ms for a CPU in all, "
              f"{max(starved):.0f} ms at most in one run; {retried} run"
              f"{'' if retried == 1 else 's'} repeated for it", flush=True)
    print(f"{passed} passed, {failed} failed, {len(skipped) + len(left_out)} skipped "
          f"in {minutes(total)}", flush=True)
    if not args.workdir and failed == 0:
        shutil.rmtree(workroot, ignore_errors=True)
    return 1 if failed else 0


def probe(args):
    """Checks the pipeline without the firmware: the guest runs /t9/probe,
    which prints every input_event of the keypad; the host presses keys with
    known hold times and compares them with the kernel's timestamps."""
    workdir = args.workdir or tempfile.mkdtemp(prefix="hil-probe-")
    guest = Guest(args, workdir, command="/t9/probe")
    try:
        ready = guest.wait_ready()
        print(f"probe: {ready} after {guest.boot_seconds:.1f}s")
        sent = [("kp_4", 100, 300), ("kp_5", 800, 300), ("kp_7", 50, 200), ("kp_enter", 1500, 300)]
        for qcode, hold, gap in sent:
            guest.qmp.key(qcode, True)
            time.sleep(hold / 1000)
            guest.qmp.key(qcode, False)
            time.sleep(gap / 1000)
        time.sleep(0.5)
        events = []
        for line in guest.serial.tail(100000):
            w = line.split()
            if len(w) == 6 and all(x.lstrip("-").isdigit() for x in w):
                sec, usec, tc, value = int(w[0]), int(w[2]), int(w[4]), int(w[5])
                typ, code = tc & 0xFFFF, (tc >> 16) & 0xFFFF
                if typ == 1:  # EV_KEY
                    events.append((sec + usec / 1e6, code, value))
        downs = {}
        holds = []
        for ts, code, value in events:
            if value != 2:
                print(f"probe: guest EV_KEY code {code} value {value} at {ts:.6f}")
            if value == 1:
                downs[code] = ts
            elif value == 0 and code in downs:
                holds.append(round((ts - downs.pop(code)) * 1000))
        for (qcode, hold, _), seen in zip(sent, holds):
            print(f"probe: {qcode}: held {hold} ms on the host, {seen} ms in the guest "
                  f"({seen - hold:+d} ms)")
        if len(holds) != len(sent):
            print(f"probe: FAIL: {len(sent)} keys sent, {len(holds)} press/release pairs seen")
            return 1
        guest.qmp.execute("device_del", {"id": "kbd"})
        guest.qmp.wait_event("DEVICE_DELETED", PLUG_TIMEOUT)
        t = time.monotonic()
        guest.qmp.execute("device_add", {"driver": "usb-kbd", "id": "kbd"})
        ok = guest.serial.wait(lambda: guest.serial.connected > 0, PLUG_TIMEOUT)
        print(f"probe: unplug/replug: device back in the guest after "
              f"{time.monotonic() - t:.2f}s" if ok else "probe: replug not seen")
        return 0 if ok else 1
    finally:
        guest.close()


RECORD_START_TIMEOUT = 90.0  # seconds from QEMU start to `recording /dev/input/...`
RECORD_MARGIN = 2.0  # seconds the recorder keeps going after the plan's last step


def record(args):
    """Records a real evemu session: the guest runs `t9phone record` instead of
    the firmware, the host presses the keys of one plan (its expectations are
    ignored: nothing is running to check them) and the evemu text the recorder
    prints on the serial console is saved to args.record."""
    if len(args.scenarios) != 1:
        sys.exit("hil: --record takes exactly one scenario (or .steps plan)")
    path = args.scenarios[0]
    try:
        steps = []
        for step in plan_for(path, args).steps:
            if step[1] in ("unplug", "replug"):
                raise HILError(f"plan line {step[0]}: `{step[1]}` cannot be recorded "
                               "(the recorder stops when its device goes)")
            if step[1] in ("down", "up", "sleep"):
                steps.append(step)  # expectations: nothing runs to check them
    except (HILError, Skip) as e:
        print(f"FAIL {path}: {e}", flush=True)
        return 1
    downs = sum(1 for _, op, _ in steps if op == "down")
    duration = sum(arg for _, op, arg in steps if op == "sleep") / 1000.0
    seconds = duration + RECORD_MARGIN
    command = ("/t9/t9phone record --input auto --keymap /t9/Keymaps/numpad-phone.keymap "
               f"-o - --seconds {seconds:.1f}")
    workdir = args.workdir or tempfile.mkdtemp(prefix="hil-record-")
    guest = Guest(args, workdir, command=command)
    serial = guest.serial

    def started():
        with serial.cond:
            return next((line for _, line in serial.lines if line.startswith("recording ")), None)

    try:
        line = serial.wait(started, RECORD_START_TIMEOUT)
        if not line:
            raise HILError("no `recording /dev/input/...` from the recorder; serial tail:\n    %s"
                           % "\n    ".join(serial.tail()))
        boot = time.monotonic() - guest.started
        log(f"hil: guest: {line} ({boot:.1f}s after QEMU start)")
        time.sleep(0.2)  # the line is printed before the first read: let it start
        t0 = time.monotonic()
        run_steps(guest, steps, path)
        log(f"hil: {downs} key presses sent in {time.monotonic() - t0:.1f}s; "
            f"the recorder stops after {seconds:.1f}s")
        if not serial.wait(lambda: serial.exited, seconds + 30.0):
            raise HILError("the recorder did not exit; serial tail:\n    %s"
                           % "\n    ".join(serial.tail()))
        with serial.cond:
            lines = [line for _, line in serial.lines]
        start = next((i for i, l in enumerate(lines) if l.startswith("# EVEMU")), None)
        if start is None:
            raise HILError("no `# EVEMU` header on the serial console; serial tail:\n    %s"
                           % "\n    ".join(serial.tail()))
        end = max(i for i, l in enumerate(lines) if l.startswith("E: ") or i == start)
        text = "\n".join(lines[start:end + 1]) + "\n"
        events = [l.split() for l in lines[start:end + 1] if l.startswith("E: ")]
        presses = sum(1 for e in events if len(e) == 5 and e[2] == "0001" and e[4] == "1")
        repeats = sum(1 for e in events if len(e) == 5 and e[2] == "0001" and e[4] == "2")
        summary = next((l for l in lines[end + 1:] if l.endswith("key presses")), "")
        os.makedirs(os.path.dirname(os.path.abspath(args.record)), exist_ok=True)
        with open(args.record, "w", encoding="utf-8") as f:
            f.write(text)
        print(f"RECORDED {args.record}: {len(events)} events, {presses} key presses "
              f"({downs} sent), {repeats} autorepeats; recorder: {summary}", flush=True)
        if presses != downs:
            print(f"hil: warning: {downs} presses sent, {presses} recorded", flush=True)
            return 1
        return 0
    except HILError as e:
        print(f"FAIL {path}: {e}\n    serial log: {guest.serial_path}", flush=True)
        return 1
    finally:
        guest.close()


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("scenarios", nargs="*",
                   help="scenario files or folders (or .steps plans)")
    p.add_argument("--kernel", default=None, help="kernel image (default: newest /boot/vmlinuz-*)")
    p.add_argument("--initrd", required=True, help="initramfs from build-initramfs.sh")
    p.add_argument("--t9phone", default=None,
                   help="host t9phone for `test --plan` (default: the firmware build)")
    p.add_argument("--qemu", default="qemu-system-x86_64")
    p.add_argument("--max-seconds", type=float, default=0,
                   help="skip scenarios whose plan lasts longer (seconds of real time; 0: none)")
    p.add_argument("--budget", type=float, default=0,
                   help="run a stable selection that fits this many seconds (0: all)")
    p.add_argument("--always", action="append", default=[], metavar="FOLDER",
                   help="with --budget: scenarios in this folder are always run")
    p.add_argument("--stride", type=int, default=7,
                   help="with --budget: take every N-th of the others first (default 7)")
    p.add_argument("--overhead", type=float, default=0.6,
                   help="with --budget: seconds a scenario takes beyond its plan (default 0.6)")
    p.add_argument("--shuffle", type=int, metavar="SEED",
                   help="run the scenarios in a random order (to show that order does not matter)")
    p.add_argument("--workdir", help="keep serial/QMP files here")
    p.add_argument("--guest-command",
                   help="the guest's command instead of the firmware's default "
                        "(words separated by spaces; double quotes group)")
    p.add_argument("--probe", action="store_true",
                   help="check the pipeline with the guest's event probe instead")
    p.add_argument("--record", metavar="OUT.evemu",
                   help="record instead: the guest runs `t9phone record`, the host presses "
                        "the keys of the one scenario given (its expectations are ignored) "
                        "and the evemu recording is written here")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    if args.kernel is None:
        kernels = sorted((f for f in os.listdir("/boot") if f.startswith("vmlinuz-")),
                         key=lambda f: [(0, int(x), "") if x.isdigit() else (1, 0, x)
                                        for x in f.replace("-", ".").split(".")])
        if not kernels:
            sys.exit("hil: no /boot/vmlinuz-* (apt-get install linux-image-amd64)")
        args.kernel = os.path.join("/boot", kernels[-1])
    if args.t9phone is None:
        args.t9phone = os.path.join(here, "..", "..", ".build-firmware", "release", "t9phone")
    if shutil.which(args.qemu) is None:
        sys.exit(f"hil: {args.qemu} not found (apt-get install qemu-system-x86)")
    if args.probe:
        return probe(args)
    if not args.scenarios:
        sys.exit("hil: no scenario files given")
    if args.record:
        return record(args)
    return run_suite(args)


if __name__ == "__main__":
    sys.exit(main())
