import Vocabulary

/// The text form of a frame that a harness reads from a serial console
/// (`--display text`, the simulator's `--display text`): `frame <ms>`, one
/// `|row|` line per LCD row, `end`.
public enum TextBlock {
  /// The block of `rows` shown at `time`, each line ending in `newline`
  /// (`\r\n` on a terminal in raw mode).
  public static func text(_ rows: [String], at time: Instant, newline: String = "\n") -> String {
    var block = "frame \(time.microseconds / 1000)\(newline)"
    for row in rows { block += "|\(row)|\(newline)" }
    return block + "end\(newline)"
  }
}
