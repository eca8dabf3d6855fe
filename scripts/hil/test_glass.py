#!/usr/bin/env python3
"""Host-side tests of the hardware suite's glass decoder (glass.py) against
hand-made expander byte streams: the datasheet's 4-bit initialisation, both
backpack wirings, CGRAM glyphs, the address counter's wrap rules, display
shift, every geometry's row addresses, and the kernel-log reader; and that
the glyph table follows Sources/CharacterLCD/GlyphLibrary.swift (hil.py's own
tests: test_hil.py).

Run: python3 scripts/hil/test_glass.py (standard library only).
"""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import glass  # noqa: E402


class Writer:
    """Hand-made expander bytes, as a backpack driver sends them: each nibble
    three times (E low, high, low), high nibble first."""

    def __init__(self, wiring="backpack", backlight=True):
        self.w = glass.WIRINGS[wiring]
        self.backlight = backlight
        self.out = []

    def _byte(self, rs, rw, nibble, e):
        w = self.w
        v = (rs << w["rs"]) | (rw << w["rw"]) | (e << w["e"])
        if self.backlight != w["bl_active_low"]:
            v |= 1 << w["bl"]
        for i, pin in enumerate(w["d"]):
            v |= ((nibble >> i) & 1) << pin
        return v

    def nibble(self, rs, nibble, rw=0):
        for e in (0, 1, 0):
            self.out.append(self._byte(rs, rw, nibble, e))
        return self

    def instruction(self, v):
        return self.nibble(0, v >> 4).nibble(0, v & 15)

    def data(self, text):
        for c in text:
            v = ord(c) if isinstance(c, str) else c
            self.nibble(1, v >> 4).nibble(1, v & 15)
        return self

    def init(self, lines=2):
        self.out.append(self._byte(0, 0, 0, 0))  # all low but the backlight
        self.nibble(0, 3).nibble(0, 3).nibble(0, 3).nibble(0, 2)
        for v in (0x28 if lines == 2 else 0x20, 0x08, 0x01, 0x06, 0x0C):
            self.instruction(v)
        return self

    def at(self, address):
        return self.instruction(0x80 | address)


def decode(writer, geometry="16x2", rom="A00", wiring="backpack"):
    pack = glass.Backpack(wiring)
    for v in writer.out:
        pack.feed(v)
    return pack, pack.lcd.rows(glass.parse_geometry(geometry), rom)


class DecoderTests(unittest.TestCase):
    def test_init_and_text(self):
        w = Writer().init().data("Hi").at(0x40).data("there")
        pack, rows = decode(w)
        self.assertEqual(rows, ["Hi              ", "there           "])
        self.assertFalse(pack.lcd.eight_bit)
        self.assertTrue(pack.lcd.display_on and pack.lcd.two_lines)
        self.assertTrue(pack.backlight)
        self.assertEqual(pack.hazards, 0)
        self.assertEqual(pack.lcd.data_writes, 7)
        # The first byte takes E from its power-on high to low: one read pulse.
        self.assertEqual(pack.lcd.reads, 1)

    def test_before_init_nothing_shows(self):
        w = Writer()
        w.out.append(w._byte(0, 0, 0, 0))
        _, rows = decode(w.data("x"))  # 8-bit mode, display off
        self.assertEqual(rows, [" " * 16] * 2)

    def test_lcdproc_wiring_and_backlight_polarity(self):
        w = Writer("lcdproc").init().data("lcdproc")
        pack, rows = decode(w, wiring="lcdproc")
        self.assertEqual(rows[0], "lcdproc         ")
        self.assertTrue(pack.backlight)
        off = Writer("lcdproc", backlight=False).init()
        pack, _ = decode(off, wiring="lcdproc")
        self.assertFalse(pack.backlight)
        # The same bytes read with the other wiring are garbage, not the text.
        _, rows = decode(w, wiring="backpack")
        self.assertNotEqual(rows[0], "lcdproc         ")

    def test_out_of_sync_nibbles_recover_with_the_init(self):
        w = Writer().init().nibble(0, 0x8)  # half an instruction: out of step
        w.init().data("ok")
        _, rows = decode(w)
        self.assertEqual(rows[0], "ok              ")

    def test_a00_rom(self):
        w = Writer().init().data([0x5C, 0x7E, 0x7F, 0xB1, 0xE0, 0xDF, 0xFF])
        _, rows = decode(w)
        self.assertEqual(rows[0], "¥→←ｱαﾟ█         ")
        _, rows = decode(Writer().init().data([0x5C, 0x7E, 0xFC]), rom="A02")
        self.assertEqual(rows[0], "\\~ü             ")

    def test_cgram_glyphs(self):
        up = (0x04, 0x0E, 0x15, 0x04, 0x04, 0x04, 0x04, 0x00)
        odd = (0x1F, 0x00, 0x1F, 0x00, 0x1F, 0x00, 0x1F, 0x00)
        w = Writer().init().instruction(0x40 | 8).data(list(up)).data(list(odd))
        w.at(0x00).data([1, 0x09, 2, 0, 0x41])  # 0x09 aliases code 1
        _, rows = decode(w)
        self.assertEqual(rows[0], "↑↑??A           ")  # 2: unknown bitmap, 0: never written

    def test_cgram_upload_leaves_ddram_alone_until_an_address(self):
        w = Writer().init().data("ab").instruction(0x40).data([0x1F] * 8).data("c")
        _, rows = decode(w)
        self.assertEqual(rows[0], "ab              ")

    def test_two_line_wrap(self):
        w = Writer().init().at(0x26).data("xyz")  # 0x26, 0x27, then 0x40
        _, rows = decode(w, "40x2")
        self.assertEqual(rows[0][38:], "xy")
        self.assertEqual(rows[1][0], "z")
        w = Writer().init().at(0x67).data("pq")  # 0x67 runs into 0x00
        _, rows = decode(w, "40x2")
        self.assertEqual((rows[1][39], rows[0][0]), ("p", "q"))

    def test_decrement_and_its_wrap(self):
        w = Writer().init().instruction(0x04).at(0x40).data("ab")  # 0x40, then 0x27
        _, rows = decode(w, "40x2")
        self.assertEqual((rows[1][0], rows[0][39]), ("a", "b"))

    def test_four_line_geometries(self):
        for geometry, third in (("20x4", 0x14), ("16x4", 0x10)):
            w = Writer().init().at(0).data("1").at(0x40).data("2").at(third).data("3")
            w.at(0x40 + third).data("4")
            _, rows = decode(w, geometry)
            self.assertEqual([r[0] for r in rows], list("1234"), geometry)
        # Row 1 of a 20x4 runs on into row 3 (0x13 -> 0x14).
        _, rows = decode(Writer().init().at(0x12).data("abc"), "20x4")
        self.assertEqual((rows[0][18:], rows[2][0]), ("ab", "c"))

    def test_16x1_second_half_is_the_second_line(self):
        _, rows = decode(Writer().init().at(0).data("left").at(0x40).data("right"), "16x1")
        self.assertEqual(rows, ["left    right   "])

    def test_display_shift_and_cursor_shift(self):
        w = Writer().init().data("abc").instruction(0x18)  # display left
        _, rows = decode(w)
        self.assertEqual(rows[0][:3], "bc ")
        w = Writer().init().data("ab").instruction(0x10).data("X")  # cursor left
        _, rows = decode(w)
        self.assertEqual(rows[0][:2], "aX")
        w = Writer().init().data("abc").instruction(0x18).instruction(0x02)  # home unshifts
        _, rows = decode(w)
        self.assertEqual(rows[0][:3], "abc")

    def test_clear_and_display_off(self):
        w = Writer().init().data("gone").instruction(0x01).data("new")
        _, rows = decode(w)
        self.assertEqual(rows[0], "new             ")
        _, rows = decode(Writer().init().data("dark").instruction(0x08))
        self.assertEqual(rows[0], " " * 16)

    def test_one_line_mode(self):
        _, rows = decode(Writer().init(lines=1).data("one"))
        self.assertEqual(rows, ["one             ", " " * 16])

    def test_hazard_when_data_changes_with_e(self):
        w = Writer().init()
        hi = w._byte(1, 0, 4, 1)
        w.out += [w._byte(1, 0, 4, 0), hi, w._byte(0, 0, 0, 0)]  # RS and data drop with E
        pack, _ = decode(w)
        self.assertEqual(pack.hazards, 1)

    def test_hazard_rules_follow_the_write_timing(self):
        """RS or RW may not change with either edge of E; the data lines may
        not change as E falls (set-up and hold around the latch), but may as
        it rises: the low nibble of a byte goes as E high with its data, then
        E low."""
        # Data with the rising edge: no hazard, and the new data is latched.
        w = Writer().init()
        w.out += [w._byte(1, 0, 0x4, 0), w._byte(1, 0, 0x4, 1), w._byte(1, 0, 0x4, 0),
                  w._byte(1, 0, 0x1, 1), w._byte(1, 0, 0x1, 0)]  # 'A' = 0x41
        pack, rows = decode(w)
        self.assertEqual(pack.hazards, 0)
        self.assertEqual(rows[0][0], "A")
        # Data with the falling edge: a hazard.
        w = Writer().init()
        w.out += [w._byte(1, 0, 0x4, 0), w._byte(1, 0, 0x4, 1), w._byte(1, 0, 0x5, 0)]
        pack, _ = decode(w)
        self.assertEqual(pack.hazards, 1)
        # RS with the rising edge: a hazard.
        w = Writer().init()
        w.out += [w._byte(0, 0, 0x4, 0), w._byte(1, 0, 0x4, 1), w._byte(1, 0, 0x4, 0)]
        pack, _ = decode(w)
        self.assertEqual(pack.hazards, 1)


class GlyphTableTests(unittest.TestCase):
    def test_table_matches_the_firmware_glyph_library(self):
        """The decoder's glyph table is a copy of the firmware's bitmaps (what
        a CGRAM slot stands for): it must follow the library when it changes."""
        import re
        here = os.path.dirname(os.path.abspath(__file__))
        path = os.path.join(here, "..", "..", "Sources", "CharacterLCD", "GlyphLibrary.swift")
        with open(path, encoding="utf-8") as f:
            source = f.read()
        library = {}
        for char, rows in re.findall(r'Glyph\(\s*"([^"]+)",\s*fallback:\s*"[^"]*",\s*'
                                     r'rows:\s*\[([^\]]*)\]', source):
            library[tuple(int(r, 16) for r in rows.replace(" ", "").split(","))] = char
        self.assertTrue(library, "no glyphs found in GlyphLibrary.swift")
        self.assertEqual(glass.GLYPHS, library)


class KernelLogTests(unittest.TestCase):
    def test_bytes_duplicates_and_gaps(self):
        log = glass.KernelLog(0x27)
        lines = [
            "6,100,1000,-;usb 1-1: new device",
            "7,101,1001,-;i2c i2c-0: smbus byte - addr 0x27, wrote 0x08.",
            " SUBSYSTEM=i2c",
            " DEVICE=+i2c:i2c-0",
            "7,102,1002,-;i2c i2c-0: smbus byte - addr 0x27, wrote 0x0c.",
            "7,101,1001,-;i2c i2c-0: smbus byte - addr 0x27, wrote 0x08.",  # reader restarted
            "7,102,1002,-;i2c i2c-0: smbus byte - addr 0x27, wrote 0x0c.",
            "7,105,1003,-;i2c i2c-0: smbus byte - addr 0x27, read  0xff.",
            "7,106,1004,-;i2c i2c-0: smbus byte - addr 0x20, wrote 0x01.",
            "7,107,1005,-;i2c i2c-0: smbus byte data - addr 0x27, wrote 0x01 at 0x00.",
        ]
        got = [v for line in lines for v in log.line(line)]
        self.assertEqual(got, [0x08, 0x0C])
        self.assertEqual((log.duplicates, log.lost, log.read_count, log.other), (2, 2, 1, 1))
        self.assertEqual(log.adapters, {"i2c-0"})

    def test_block_writes_come_from_the_trace_and_are_confirmed_by_the_stub(self):
        log = glass.KernelLog(0x27)
        lines = [
            "4,200,2000,-;smbus_write: i2c-0 a=027 f=0000 c=88 I2C_BLOCK_DATA l=4 [03-8c-88-0c]",
            "7,201,2001,-;i2c i2c-0: i2c block data - addr 0x27, wrote 3 bytes at 0x88.",
            "7,202,2002,-;i2c i2c-0: smbus byte - addr 0x27, wrote 0x08.",
            # Another address: neither counted nor kept.
            "4,203,2003,-;smbus_write: i2c-0 a=020 f=0000 c=01 I2C_BLOCK_DATA l=2 [01-02]",
            "7,204,2004,-;i2c i2c-0: i2c block data - addr 0x20, wrote 1 bytes at 0x01.",
            # The stub cuts a block short at register 0xff; the trace has it whole.
            "4,205,2005,-;smbus_write: i2c-0 a=027 f=0000 c=fc I2C_BLOCK_DATA l=6 [05-f8-0d-09-1d-19]",
            "7,206,2006,-;i2c i2c-0: i2c block data - addr 0x27, wrote 4 bytes at 0xfc.",
        ]
        got = [v for line in lines for v in log.line(line)]
        self.assertEqual(got, [0x88, 0x8C, 0x88, 0x0C, 0x08, 0xFC, 0xF8, 0x0D, 0x09, 0x1D, 0x19])
        self.assertEqual((log.blocks, log.other, log.lost), (2, 0, 0))

    def test_a_block_seen_by_one_side_only_is_reported(self):
        log = glass.KernelLog(0x27)
        lines = [
            "7,300,3000,-;i2c i2c-0: i2c block data - addr 0x27, wrote 3 bytes at 0x88.",
            "4,301,3001,-;smbus_write: i2c-0 a=027 f=0000 c=88 I2C_BLOCK_DATA l=4 [05-8c-88]",
        ]
        got = [v for line in lines for v in log.line(line)]
        self.assertEqual(got, [])
        self.assertEqual(log.other, 2)


if __name__ == "__main__":
    unittest.main(verbosity=1)
