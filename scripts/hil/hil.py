#!/usr/bin/env python3
"""Hardware-in-the-loop runner: boots a Linux guest under QEMU with an emulated
USB keyboard, runs the firmware in it, presses keys over QMP with real timing
and checks the LCD frames the firmware prints on the serial console.

Steps come from `t9phone test --plan FILE` (one step a line):
    scenario FILE | down KEY | up KEY | sleep MS | unplug | replug
    expect, then one `|row|` line per LCD row, then `end`
    expect-glass, then one `|row|` line per LCD row, then `end`
    expect-line N or expect-line-contains N, then one `|text|` line
A file ending in `.steps` is read as such a plan directly; there, the set-up
lines `lcd WxH`, `rom A00|A02`, `display text|i2c[,wiring=W][,backlight=B]`
and `command CMD...` (instead of the firmware; `@I2C@` is the stub's device)
say how the guest runs (for a scenario they come from its
header: `lcd`, `rom`, `display i2c [wiring=W]`).

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
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import glass  # noqa: E402  (scripts/hil/glass.py: the independent HD44780 model)

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
GLASS_QUIET = 0.15  # seconds without a new byte before a matching glass counts as settled
I2C_ADDRESS = 0x27  # the stub's chip: the usual PCF8574 backpack address


class HILError(Exception):
    """A scenario failure (or a guest that cannot be driven)."""


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def follow(path, stopped):
    """Follows a file another process appends to (QEMU's serial output):
    waits for it to exist, then yields each batch of complete lines read,
    decoded, \r stripped, until stopped() is true."""
    while not os.path.exists(path) and not stopped():
        time.sleep(0.01)
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
    collecting status lines and LCD frames."""

    def __init__(self, path):
        self.path = path
        self.cond = threading.Condition()
        self.lines = []  # every complete line, \r stripped
        self.frames = []  # (ms, [rows]) in order
        self.ready = None
        self.connected = 0  # count of `t9phone: keypad connected`
        self.disconnected = 0
        self.exited = None
        self.stop = False
        self._frame = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        for lines in follow(self.path, lambda: self.stop):
            for line in lines:
                self._line(line)

    def _line(self, line):
        with self.cond:
            self.lines.append((time.monotonic(), line))
            if self._frame is not None:
                if line == "end":
                    self.frames.append((self._frame[0], self._frame[1]))
                    self._frame = None
                elif line.startswith("|") and line.endswith("|") and len(line) >= 2:
                    self._frame[1].append(line[1:-1])
                else:
                    self._frame = None  # a broken block: drop it
            if line.startswith("frame "):
                self._frame = (line[6:].strip(), [])
            elif line.startswith("t9phone: ready"):
                self.ready = line
            elif line.startswith("t9phone: keypad connected"):
                self.connected += 1
            elif line.startswith("t9phone: keypad disconnected"):
                self.disconnected += 1
            elif line.startswith("hil: exit"):
                self.exited = line
            self.cond.notify_all()

    def wait(self, predicate, timeout):
        """Waits until predicate() is true (under the lock); returns it."""
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                value = predicate()
                if value or self.exited:
                    return value
                left = deadline - time.monotonic()
                if left <= 0:
                    return value
                self.cond.wait(left)

    def tail(self, n=15):
        with self.cond:
            return [line for _, line in self.lines[-n:]]


class Glass:
    """Follows the guest's kernel log (its /dev/kmsg records, copied to the
    third serial port) in a thread: the bytes i2c-stub logged for the display
    go through the PCF8574 wiring into an HD44780 model (glass.py)."""

    def __init__(self, path, config):
        self.path = path
        self.geometry = glass.parse_geometry(config.lcd)
        self.rom = config.rom
        self.log = glass.KernelLog(I2C_ADDRESS)
        self.pack = glass.Backpack(config.wiring, config.backlight_active_low)
        self.cond = threading.Condition()
        self.last_byte = None  # time.monotonic() of the last byte decoded
        self.stop = False
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        for lines in follow(self.path, lambda: self.stop):
            with self.cond:
                for line in lines:
                    value = self.log.line(line)
                    if value is not None:
                        self.pack.feed(value)
                        self.last_byte = time.monotonic()
                self.cond.notify_all()

    def rows(self):
        with self.cond:
            return self.pack.lcd.rows(self.geometry, self.rom)

    def health(self):
        """A problem that makes the decoded glass untrustworthy, or None."""
        if self.log.lost:
            return (f"the guest's kernel log lost {self.log.lost} records (sequence gap): "
                    "bytes the display got may be missing")
        if self.pack.hazards:
            return (f"{self.pack.hazards} expander bytes changed RS, RW or the data lines "
                    "together with an edge of E (a real module would latch garbage)")
        if self.log.other:
            return f"{self.log.other} i2c-stub transfers other than SMBus send/receive byte"
        return None

    def stats(self):
        with self.cond:
            lcd = self.pack.lcd
            return (f"{self.log.records} kernel records, {len(self.log.written)} bytes written "
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


class QMP:
    """A minimal QMP client on a unix socket."""

    def __init__(self, path, timeout=30.0):
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                self.sock.connect(path)
                break
            except OSError:
                self.sock.close()
                if time.monotonic() > deadline:
                    raise HILError(f"cannot connect to QMP at {path}")
                time.sleep(0.05)
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


class RunConfig:
    """How the guest runs the firmware for one scenario: the LCD, the ROM and
    the display (`text`: frames on the serial console; `i2c`: the real
    kernel's I2C, decoded into the glass)."""

    def __init__(self):
        self.lcd = "16x2"
        self.rom = "A00"
        self.display = None  # text or i2c; None: i2c when the plan checks the glass
        self.wiring = "backpack"
        self.backlight = None  # high or low (the polarity), None: the wiring's own
        self.guest_command = None  # a .steps plan's own guest command (`command ...`)

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

    def command(self):
        """The guest's command line, or None for the guest's default (16x2, A00, text)."""
        if self.guest_command:
            return self.guest_command
        if self.display != "i2c" and self.lcd == "16x2" and self.rom == "A00":
            return None
        display = self.display_spec() if self.display == "i2c" else "text"
        return ("/t9/t9phone run --input auto --keymap /t9/Keymaps/numpad-phone.keymap "
                f"--lcd {self.lcd} --rom {self.rom} --display {display}")


class Guest:
    """One QEMU guest running the firmware (or a given command)."""

    def __init__(self, args, workdir, command=None, config=None):
        self.workdir = workdir
        os.makedirs(workdir, exist_ok=True)
        self.serial_path = os.path.join(workdir, "serial.log")
        self.qmp_path = os.path.join(workdir, "qmp.sock")
        self.i2c_path = os.path.join(workdir, "kmsg.log")
        for p in (self.serial_path, self.qmp_path, self.i2c_path):
            if os.path.exists(p):
                os.unlink(p)
        append = "console=ttyS1 panic=-1 quiet log_buf_len=16M"
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
            "-monitor", "none", "-display", "none",
        ]
        self.started = time.monotonic()
        self.proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL,
                                     stdout=open(os.path.join(workdir, "qemu.log"), "wb"),
                                     stderr=subprocess.STDOUT)
        self.serial = Serial(self.serial_path)
        self.glass = None
        if config is not None and config.display == "i2c":
            self.glass = Glass(self.i2c_path, config)
        self.qmp = QMP(self.qmp_path)
        self.plugged = True

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
        self.serial.stop = True
        if self.glass:
            self.glass.stop = True
        if self.proc.poll() is None:
            try:
                self.qmp.execute("quit")
            except Exception:
                pass
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def unplug(self):
        before = self.serial.disconnected
        self.qmp.execute("device_del", {"id": "kbd"})
        self.qmp.wait_event("DEVICE_DELETED", PLUG_TIMEOUT)
        self.plugged = False
        if not self.serial.wait(lambda: self.serial.disconnected > before, PLUG_TIMEOUT):
            raise HILError("after unplug: no `t9phone: keypad disconnected`")

    def replug(self):
        before = self.serial.connected
        self.qmp.execute("device_add", {"driver": "usb-kbd", "id": "kbd"})
        self.plugged = True
        if not self.serial.wait(lambda: self.serial.connected > before, PLUG_TIMEOUT):
            raise HILError("after replug: no `t9phone: keypad connected`")


def parse_plan(text, name):
    """Plan text -> list of (lineno, op, arg)."""
    steps = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        lineno, line = i + 1, lines[i].strip()
        i += 1
        if not line or line.startswith(";"):
            continue
        words = line.split()
        op = words[0]
        if op == "scenario":
            continue
        if op in ("lcd", "rom", "display") and len(words) == 2:
            steps.append((lineno, op, words[1]))
            continue
        if op == "command" and len(words) >= 2:
            steps.append((lineno, op, line.split(None, 1)[1]))
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


def scenario_setup(path):
    """The set-up lines of a scenario for the guest, from its header: `lcd`,
    `rom`, and `display i2c [wiring=W]` (a `display lcdproc` scenario is
    refused: the guest has no LCDd)."""
    steps = []
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            words = []
            for word in line.split():
                if word.startswith("#"):
                    break
                words.append(word)
            if len(words) == 2 and words[0] in ("lcd", "rom"):
                steps.append((lineno, words[0], words[1]))
            elif words and words[0] == "display":
                if words[1:2] != ["i2c"] or len(words) > 3:
                    raise HILError(f"{path}:{lineno}: the hardware suite drives `display i2c` "
                                   "(the guest has no LCDd)")
                steps.append((lineno, "display", ",".join(words[1:])))
    return steps


def plan_for(path, args):
    """(RunConfig, steps) of a scenario or .steps plan."""
    if path.endswith(".steps"):
        with open(path, encoding="utf-8") as f:
            steps = parse_plan(f.read(), path)
    else:
        result = subprocess.run([args.t9phone, "test", "--plan", path],
                                capture_output=True, text=True)
        if result.returncode != 0:
            msg = (result.stderr or result.stdout).strip()
            raise HILError(f"`t9phone test --plan` failed: {msg}")
        steps = scenario_setup(path) + parse_plan(result.stdout, path)
    config = RunConfig()
    for lineno, op, arg in steps:
        if op in ("lcd", "rom", "display", "command"):
            config.set(op, arg, f"{path}:{lineno}")
    steps = [step for step in steps if step[1] not in ("lcd", "rom", "display", "command")]
    ops = {op for _, op, _ in steps}
    if config.display is None:
        config.display = "i2c" if "expect-glass" in ops else "text"
    frames = ops & {"expect", "expect-line", "expect-line-contains"}
    if config.display == "i2c" and frames and not (args.guest_command or config.guest_command):
        raise HILError(f"{path}: the firmware prints no frames with --display i2c: "
                       f"check the glass there (`expect glass`), not {sorted(frames)}")
    if config.display == "text" and "expect-glass" in ops:
        raise HILError(f"{path}: `expect glass` needs `display i2c`")
    return config, steps


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
        if delay > 0:
            time.sleep(delay)
        if op in ("down", "up"):
            if not guest.plugged:
                raise HILError(f"plan line {lineno}: key {op} while the keypad is unplugged")
            guest.qmp.key(QCODES[arg], op == "down")
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
        elif op == "unplug":
            guest.unplug()
            t = time.monotonic()
        elif op == "replug":
            guest.replug()
            t = time.monotonic()
    return checks


def run_suite(args):
    passed = failed = 0
    guest = None
    guest_key = None
    workroot = args.workdir or tempfile.mkdtemp(prefix="hil-")
    try:
        for n, path in enumerate(args.scenarios):
            name = path
            try:
                config, steps = plan_for(path, args)
                command = args.guest_command or config.command()
                key = (command, config.display, config.lcd, config.rom, config.wiring,
                       config.backlight)
                if guest is None or not args.one_boot or key != guest_key:
                    if guest:
                        guest.close()
                    guest = Guest(args, os.path.join(workroot, f"{n:02d}-guest"),
                                  command=command, config=config)
                    guest_key = key
                    guest.wait_ready()
                    if args.verbose:
                        log(f"hil: {name}: booted in {guest.boot_seconds:.1f}s")
                started = time.monotonic()
                checks = run_steps(guest, steps, name)
                if args.verbose:
                    log(f"hil: {name}: steps took {time.monotonic() - started:.1f}s")
                    if guest.glass:
                        log(f"hil: {name}: {guest.glass.stats()}")
                kind = " on the I2C glass" if guest.glass else ""
                print(f"PASS {name} ({checks} checks{kind})", flush=True)
                passed += 1
            except HILError as e:
                print(f"FAIL {name}: {e}", flush=True)
                if guest:
                    print(f"    serial log: {guest.serial_path}", flush=True)
                failed += 1
                if guest:  # a failed scenario leaves unknown state: boot afresh
                    guest.close()
                    guest = None
    finally:
        if guest:
            guest.close()
    print(f"{passed} passed, {failed} failed", flush=True)
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
        for step in plan_for(path, args)[1]:
            if step[1] in ("unplug", "replug"):
                raise HILError(f"plan line {step[0]}: `{step[1]}` cannot be recorded "
                               "(the recorder stops when its device goes)")
            if step[1] in ("down", "up", "sleep"):
                steps.append(step)  # expectations: nothing runs to check them
    except HILError as e:
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
    p.add_argument("scenarios", nargs="*", help="scenario files (or .steps plans)")
    p.add_argument("--kernel", default=None, help="kernel image (default: newest /boot/vmlinuz-*)")
    p.add_argument("--initrd", required=True, help="initramfs from build-initramfs.sh")
    p.add_argument("--t9phone", default=None,
                   help="host t9phone for `test --plan` (default: the firmware build)")
    p.add_argument("--qemu", default="qemu-system-x86_64")
    p.add_argument("--one-boot", action="store_true",
                   help="run every scenario in one guest (default: boot per scenario)")
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
