"""What an HD44780 character LCD on a PCF8574 I2C backpack shows, decoded
from the bytes written to the expander: the hardware suite's independent
model of the glass (written from the datasheets, not from the firmware).

    expander bytes --(wiring)--> pin levels --(falling edge of E)--> nibbles
    --(4-bit or 8-bit interface)--> instructions and data --> DDRAM, CGRAM,
    address counter, display shift --(geometry, character ROM)--> rows

Also the reader of the guest's kernel log: i2c-stub's dynamic debug lines
(`i2c i2c-0: smbus byte - addr 0x27, wrote 0x08.`) and the kernel's
smbus_write tracepoint for I2C-block writes
(`smbus_write: i2c-0 a=027 f=0000 c=88 I2C_BLOCK_DATA l=4 [03-8c-88-0c]`) as
/dev/kmsg records (`6,1234,5678901,-;message`), with their sequence numbers
checked for gaps.

Python 3 standard library only.
"""

import re

# ---------------------------------------------------------------------------
# PCF8574 wiring: which expander pin (P0-P7) drives which LCD signal.

WIRINGS = {
    # The usual backpack: P0=RS, P1=RW, P2=E, P3=backlight, P4-P7=D4-D7.
    "backpack": {"rs": 0, "rw": 1, "e": 2, "bl": 3, "d": (4, 5, 6, 7), "bl_active_low": False},
    # lcdproc's default: D4-D7 on P0-P3, RS=P4, RW=P5, E=P6, backlight P7 active low.
    "lcdproc": {"rs": 4, "rw": 5, "e": 6, "bl": 7, "d": (0, 1, 2, 3), "bl_active_low": True},
}

# ---------------------------------------------------------------------------
# Character ROMs (HD44780U datasheet, table 4).

# A00 (ROM code A00, Japanese): ASCII 0x20-0x7D except 0x5C; katakana
# 0xA1-0xDF in the JIS X 0201 layout; Greek letters and symbols 0xE0-0xFF.
def _a00(code):
    if 0x20 <= code <= 0x7D:
        return "¥" if code == 0x5C else chr(code)
    if code == 0x7E:
        return "→"
    if code == 0x7F:
        return "←"
    if code == 0xA0:
        return " "
    if 0xA1 <= code <= 0xDF:
        return chr(0xFF61 + code - 0xA1)  # half-width katakana, as JIS X 0201
    if code >= 0xE0:
        return _A00_HIGH_TABLE[code - 0xE0]
    return " "  # 0x10-0x1F and 0x80-0x9F hold no pattern on A00


# 0xE0-0xFF, one string per code: the descender letters g j p q y as plain
# letters, 0xE9 the superscript minus one, 0xF8 x with a bar (two code points).
_A00_HIGH_TABLE = list("αäβεμσρg√") + ["\u207b\u00b9"] + list("jˣ¢£ñö") + list("pqθ∞ΩüΣπ") + [
    "x\u0304"] + list("y千万円÷ █")
assert len(_A00_HIGH_TABLE) == 32


def _a02(code):
    # A02 (European): only what the hardware scenarios need is mapped with
    # certainty — ASCII with 0x5C=\\, 0x7E=~, 0x7F=⌂, and the Latin-1 letters
    # 0xC0-0xFF. Anything else is shown as U+FFFD so that it can never pass
    # for an expected character by accident.
    if 0x20 <= code <= 0x7D:
        return chr(code)
    if code == 0x7E:
        return "~"
    if code == 0x7F:
        return "⌂"
    if 0xC0 <= code <= 0xFF:
        return chr(code)
    return "\ufffd"


ROMS = {"A00": _a00, "A02": _a02}

# ---------------------------------------------------------------------------
# The project's custom glyphs (Sources/CharacterLCD/GlyphLibrary.swift): the
# character each 5x8 bitmap stands for. A bitmap not in the table shows as '?'.

GLYPHS = {
    (0x04, 0x0E, 0x15, 0x04, 0x04, 0x04, 0x04, 0x00): "↑",
    (0x04, 0x04, 0x04, 0x04, 0x15, 0x0E, 0x04, 0x00): "↓",
    (0x01, 0x01, 0x05, 0x09, 0x1F, 0x08, 0x04, 0x00): "↲",
    (0x00, 0x1F, 0x1B, 0x15, 0x11, 0x11, 0x1F, 0x00): "✉",
    (0x06, 0x09, 0x1C, 0x08, 0x1C, 0x09, 0x06, 0x00): "€",
    (0x00, 0x00, 0x08, 0x15, 0x02, 0x00, 0x00, 0x00): "~",
    (0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x1F, 0x00): "▁",
    (0x10, 0x10, 0x10, 0x10, 0x10, 0x18, 0x1F, 0x00): "▂",
    (0x10, 0x10, 0x10, 0x10, 0x14, 0x1C, 0x1F, 0x00): "▃",
    (0x10, 0x10, 0x12, 0x12, 0x16, 0x1E, 0x1F, 0x00): "▄",
    (0x11, 0x11, 0x13, 0x13, 0x17, 0x1F, 0x1F, 0x00): "▅",
    (0x1F, 0x11, 0x11, 0x11, 0x11, 0x11, 0x1F, 0x00): "□",
}

GEOMETRIES = ("16x1", "16x2", "16x4", "20x2", "20x4", "40x2")


def parse_geometry(text):
    if text not in GEOMETRIES:
        raise ValueError(f"unknown LCD geometry '{text}' ({', '.join(GEOMETRIES)})")
    w, h = text.split("x")
    return int(w), int(h)


# ---------------------------------------------------------------------------
# The HD44780 controller.


class HD44780:
    """The controller's state after power-on (the internal reset: 8-bit
    interface, one line, display off, increment, DDRAM cleared to spaces;
    CGRAM holds random bits, modelled as unknown)."""

    def __init__(self):
        self.eight_bit = True
        self.two_lines = False
        self.font_5x10 = False
        self.display_on = False
        self.cursor_on = False
        self.blink_on = False
        self.increment = True
        self.shift_on_write = False
        self.ddram = [0x20] * 0x80
        self.cgram = [None] * 64
        self.ac = 0
        self.to_cgram = False
        self.offset = 0  # display shift: column 0 shows address base + offset
        self.high = None  # 4-bit mode: the high nibble (rs, rw, nibble) awaiting its low half
        self.instructions = 0
        self.data_writes = 0
        self.reads = 0

    # The interface: one E pulse.
    def pulse(self, rs, rw, nibble):
        if self.eight_bit:
            # DB0-DB3 are not wired on a 4-bit backpack; the HD44780U's
            # internal pull-ups hold them high.
            self._transfer(rs, rw, (nibble << 4) | 0x0F)
            return
        if self.high is None:
            self.high = (rs, rw, nibble)
            return
        hrs, hrw, hi = self.high
        self.high = None
        self._transfer(hrs, hrw, (hi << 4) | nibble)

    def _transfer(self, rs, rw, value):
        if rw:
            self.reads += 1
            if rs:  # a data read moves the address counter (no display shift)
                self._step()
            return
        if rs:
            self.data_writes += 1
            self._write(value)
        else:
            self.instructions += 1
            self._instruction(value)

    def _instruction(self, v):
        if v & 0x80:  # set DDRAM address
            self.ac, self.to_cgram = v & 0x7F, False
        elif v & 0x40:  # set CGRAM address
            self.ac, self.to_cgram = v & 0x3F, True
        elif v & 0x20:  # function set
            self.eight_bit = bool(v & 0x10)
            self.two_lines = bool(v & 0x08)
            self.font_5x10 = bool(v & 0x04)
            self.high = None
        elif v & 0x10:  # cursor or display shift
            right = bool(v & 0x04)
            if v & 0x08:
                self._shift_display(right)
            else:
                self._step(right)
        elif v & 0x08:  # display on/off control
            self.display_on = bool(v & 0x04)
            self.cursor_on = bool(v & 0x02)
            self.blink_on = bool(v & 0x01)
        elif v & 0x04:  # entry mode set
            self.increment = bool(v & 0x02)
            self.shift_on_write = bool(v & 0x01)
        elif v & 0x02:  # return home
            self.ac, self.to_cgram, self.offset = 0, False, 0
        elif v & 0x01:  # clear display (also sets I/D to increment)
            self.ddram = [0x20] * 0x80
            self.ac, self.to_cgram, self.offset = 0, False, 0
            self.increment = True

    def _write(self, v):
        if self.to_cgram:
            self.cgram[self.ac] = v
            self._step()
            return
        self.ddram[self.ac] = v
        self._step()
        if self.shift_on_write:
            # I/D=1 with S shifts the display left, I/D=0 right.
            self._shift_display(not self.increment)

    def _step(self, forward=None):
        """Moves the address counter one place (in the entry direction unless told)."""
        up = self.increment if forward is None else forward
        if self.to_cgram:
            self.ac = (self.ac + (1 if up else -1)) & 0x3F
        elif self.two_lines:
            # Two lines of 40: 0x00-0x27 and 0x40-0x67, each running into the other.
            if up:
                self.ac = {0x27: 0x40, 0x67: 0x00}.get(self.ac, self.ac + 1)
            else:
                self.ac = {0x40: 0x27, 0x00: 0x67}.get(self.ac, self.ac - 1)
        else:
            self.ac = (self.ac + (1 if up else -1)) % 0x50

    def _shift_display(self, right):
        span = 40 if self.two_lines else 80
        self.offset = (self.offset + (-1 if right else 1)) % span

    # What the glass shows.
    def address(self, geometry, row, col):
        """The DDRAM address shown at (row, col), or None for a cell the
        current mode leaves dark."""
        width, height = geometry
        if not self.two_lines:
            return (col + self.offset) % 80 if row == 0 else None
        if height == 1:  # 16x1: characters 8-15 are the second line's first 8
            line, col = divmod(col, 8)
            extra = 0
        else:
            line = row % 2
            extra = width if row >= 2 else 0
        return 0x40 * line + (extra + col + self.offset) % 40

    def character(self, code, rom):
        if code < 0x10:
            rows = self.cgram[(code & 7) * 8:(code & 7) * 8 + 8]
            if any(r is None for r in rows):
                return "?"
            return GLYPHS.get(tuple(r & 0x1F for r in rows), "?")
        return ROMS[rom](code)

    def rows(self, geometry, rom="A00"):
        width, height = geometry
        out = []
        for row in range(height):
            cells = []
            for col in range(width):
                addr = self.address(geometry, row, col) if self.display_on else None
                cells.append(" " if addr is None else self.character(self.ddram[addr], rom))
            out.append("".join(cells))
        return out


# ---------------------------------------------------------------------------
# The PCF8574 in front of it.


class Backpack:
    """A PCF8574 driving an HD44780 through `wiring`. feed() takes each byte
    written to the expander; the controller latches a nibble on each falling
    edge of E, from the pin levels while E was high."""

    def __init__(self, wiring="backpack", backlight_active_low=None):
        if wiring not in WIRINGS:
            raise ValueError(f"unknown wiring '{wiring}' ({', '.join(WIRINGS)})")
        self.wiring = dict(WIRINGS[wiring])
        if backlight_active_low is not None:
            self.wiring["bl_active_low"] = backlight_active_low
        self.lcd = HD44780()
        self.pins = 0xFF  # the PCF8574's quasi-bidirectional pins are high at power-on
        self.bytes = 0
        self.pulses = 0
        # Bytes that break the HD44780's write timing: RS or RW changed
        # together with an edge of E (address set-up tAS before E rises,
        # hold tAH after it falls), or the data lines together with E's
        # falling edge (data set-up tDSW before it, hold tH after). Data may
        # change as E rises: the module latches it only when E falls.
        self.hazards = 0

    def _bit(self, value, pin):
        return (value >> pin) & 1

    def _signals(self, value):
        w = self.wiring
        nibble = sum(self._bit(value, p) << i for i, p in enumerate(w["d"]))
        return self._bit(value, w["rs"]), self._bit(value, w["rw"]), nibble

    def _breaks_timing(self, before, value, falling):
        rs_was, rw_was, data_was = self._signals(before)
        rs, rw, data = self._signals(value)
        return (rs, rw) != (rs_was, rw_was) or (falling and data != data_was)

    @property
    def backlight(self):
        on = self._bit(self.pins, self.wiring["bl"])
        return bool(on ^ self.wiring["bl_active_low"])

    def feed(self, value):
        self.bytes += 1
        e = self.wiring["e"]
        before, self.pins = self.pins, value
        e_was, e_is = self._bit(before, e), self._bit(value, e)
        # (Not for the first byte: the pins leave their power-on levels.)
        if self.bytes > 1 and e_was != e_is and self._breaks_timing(before, value, e_was):
            self.hazards += 1
        if e_was and not e_is:
            self.pulses += 1
            self.lcd.pulse(*self._signals(before))


# ---------------------------------------------------------------------------
# The guest's kernel log.

KMSG = re.compile(r"^(\d+),(\d+),(\d+),[^;]*;(.*)$")
STUB_BYTE = re.compile(
    r"^i2c (i2c-\d+): smbus byte - addr 0x([0-9a-f]{2}), (wrote|read) +0x([0-9a-f]{2})\.$")
# i2c-stub logs only the length of an I2C-block write (and stores the bytes
# in its registers, cut short at register 0xff); the bytes themselves come
# from the kernel's smbus_write tracepoint, printed into the kernel log
# (tracepoint_printk) just before the stub's line: the command byte as
# c=, then the block as l= bytes, its length first.
STUB_BLOCK = re.compile(
    r"^i2c (i2c-\d+): i2c block data - addr 0x([0-9a-f]{2}), wrote +\d+ bytes at 0x[0-9a-f]{2}\.$")
TRACE_BLOCK = re.compile(
    r"^smbus_write: (i2c-\d+) a=0*([0-9a-f]{1,3}) f=[0-9a-f]+ c=([0-9a-f]+) I2C_BLOCK_DATA "
    r"l=(\d+) \[([0-9a-f-]*)\]$")
STUB_OTHER = re.compile(r"^i2c (i2c-\d+): (smbus |i2c block )")


class KernelLog:
    """Reads /dev/kmsg records line by line: keeps the bytes written to one
    address, in order — i2c-stub's send-byte lines, and the smbus_write
    tracepoint's I2C-block writes, each confirmed by the stub's line after it
    — drops records seen twice (the guest's reader restarts from the oldest
    record after an overrun) and counts the records missing from the
    sequence."""

    def __init__(self, address=0x27):
        self.address = address
        self.last_seq = None
        self.records = 0
        self.lost = 0  # records missing between sequence numbers
        self.duplicates = 0
        self.written = []  # bytes written to the address, in order
        self.read_count = 0
        self.blocks = 0  # I2C-block writes to the address
        self.other = 0  # other i2c-stub transfers, and blocks seen by one side only
        self.adapters = set()
        self._unconfirmed = 0  # traced blocks the stub has not logged yet

    def line(self, line):
        """Takes one line of the reader's output; returns the bytes it says
        were written to the address, in order (none for most lines)."""
        m = KMSG.match(line)
        if not m:
            return []  # a continuation line (` SUBSYSTEM=i2c`) or noise
        seq = int(m.group(2))
        if self.last_seq is not None:
            if seq <= self.last_seq:
                self.duplicates += 1
                return []
            self.lost += seq - self.last_seq - 1
        self.last_seq = seq
        self.records += 1
        text = m.group(4)
        b = STUB_BYTE.match(text)
        if b:
            if int(b.group(2), 16) != self.address:
                return []
            self.adapters.add(b.group(1))
            if b.group(3) == "read":
                self.read_count += 1
                return []
            value = int(b.group(4), 16)
            self.written.append(value)
            return [value]
        t = TRACE_BLOCK.match(text)
        if t:
            if int(t.group(2), 16) != self.address:
                return []
            block = [int(h, 16) for h in t.group(5).split("-") if h]
            if not block or block[0] != len(block) - 1 or int(t.group(4)) != len(block):
                self.other += 1  # a block the trace did not carry whole
                return []
            self.adapters.add(t.group(1))
            self.blocks += 1
            self._unconfirmed += 1
            values = [int(t.group(3), 16)] + block[1:]
            self.written.extend(values)
            return values
        k = STUB_BLOCK.match(text)
        if k:
            if int(k.group(2), 16) != self.address:
                return []
            if self._unconfirmed:
                self._unconfirmed -= 1
            else:
                self.other += 1  # a block whose bytes were not traced
            return []
        if STUB_OTHER.match(text):
            self.other += 1
        return []


def decode(values, geometry="16x2", wiring="backpack", rom="A00"):
    """The rows an LCD shows after `values` were written to its expander."""
    pack = Backpack(wiring)
    for v in values:
        pack.feed(v)
    return pack.lcd.rows(parse_geometry(geometry), rom)
