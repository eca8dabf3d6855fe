/// The custom glyphs the firmware can upload to CGRAM for characters a ROM
/// lacks: list arrows, the new-line mark, the message envelope, the euro sign,
/// the tilde, a box for characters nothing can show, and the signal bars.
public enum GlyphLibrary {
  /// Up arrow: a list continues above.
  public static let upArrow = Glyph(
    "↑", fallback: "^", rows: [0x04, 0x0E, 0x15, 0x04, 0x04, 0x04, 0x04, 0x00])
  /// Down arrow: a list continues below.
  public static let downArrow = Glyph(
    "↓", fallback: "v", rows: [0x04, 0x04, 0x04, 0x04, 0x15, 0x0E, 0x04, 0x00])
  /// The new-line mark shown for a line break in a text.
  public static let newline = Glyph(
    "↲", fallback: "|", rows: [0x01, 0x01, 0x05, 0x09, 0x1F, 0x08, 0x04, 0x00])
  /// An envelope: messages.
  public static let envelope = Glyph(
    "✉", fallback: "@", rows: [0x00, 0x1F, 0x1B, 0x15, 0x11, 0x11, 0x1F, 0x00])
  /// The euro sign, missing from both ROMs.
  public static let euro = Glyph(
    "€", fallback: "E", rows: [0x06, 0x09, 0x1C, 0x08, 0x1C, 0x09, 0x06, 0x00])
  /// The tilde, missing from A00 (where 0x7E is an arrow).
  public static let tilde = Glyph(
    "~", fallback: "-", rows: [0x00, 0x00, 0x08, 0x15, 0x02, 0x00, 0x00, 0x00])
  /// Shown for a character no ROM code, fold or glyph can show.
  public static let unknown = Glyph(
    "□", fallback: "?", rows: [0x1F, 0x11, 0x11, 0x11, 0x11, 0x11, 0x1F, 0x00])

  /// Signal strength, no bar of four: the mast and four dots.
  public static let signal0 = Glyph(
    "▁", fallback: "0", rows: [0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x1F, 0x00])
  /// Signal strength, 1 bar of four.
  public static let signal1 = Glyph(
    "▂", fallback: "1", rows: [0x10, 0x10, 0x10, 0x10, 0x10, 0x18, 0x1F, 0x00])
  /// Signal strength, 2 bars of four.
  public static let signal2 = Glyph(
    "▃", fallback: "2", rows: [0x10, 0x10, 0x10, 0x10, 0x14, 0x1C, 0x1F, 0x00])
  /// Signal strength, 3 bars of four.
  public static let signal3 = Glyph(
    "▄", fallback: "3", rows: [0x10, 0x10, 0x12, 0x12, 0x16, 0x1E, 0x1F, 0x00])
  /// Signal strength, 4 bars of four.
  public static let signal4 = Glyph(
    "▅", fallback: "4", rows: [0x11, 0x11, 0x13, 0x13, 0x17, 0x1F, 0x1F, 0x00])

  /// Every glyph in the library.
  public static let all: [Glyph] = [
    upArrow, downArrow, newline, envelope, euro, tilde, signal0, signal1, signal2, signal3,
    signal4, unknown,
  ]

  /// The signal glyph of `bars` (0–4).
  public static func signal(bars: Int) -> Unicode.Scalar {
    switch bars {
    case ..<1: "▁"
    case 1: "▂"
    case 2: "▃"
    case 3: "▄"
    default: "▅"
    }
  }

  /// The glyph that draws `scalar`, if the library has one.
  public static func glyph(for scalar: Unicode.Scalar) -> Glyph? {
    switch scalar {
    case "↑": upArrow
    case "↓": downArrow
    case "↲", "↵", "\n": newline
    case "✉": envelope
    case "€": euro
    case "~": tilde
    case "▁": signal0
    case "▂": signal1
    case "▃": signal2
    case "▄": signal3
    case "▅": signal4
    default: nil
    }
  }

  /// The library glyph with exactly these pixel rows (what a simulated
  /// controller's CGRAM slot stands for), if any.
  public static func glyph(withRows rows: InlineArray<8, UInt8>) -> Glyph? {
    for glyph in all {
      var same = true
      for row in 0..<8 where glyph.rows[row] & 0x1F != rows[row] & 0x1F { same = false }
      if same { return glyph }
    }
    return nil
  }
}
