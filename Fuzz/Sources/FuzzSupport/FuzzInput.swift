/// What libFuzzer hands `LLVMFuzzerTestOneInput`, as the parsers take it.
public enum FuzzInput {
  /// The input's bytes.
  public static func bytes(_ start: UnsafeRawPointer, _ count: Int) -> [UInt8] {
    Array(UnsafeRawBufferPointer(start: start, count: count))
  }

  /// The input as text: invalid UTF-8 is repaired (U+FFFD), so every input
  /// reaches the parser, as any `String` can.
  public static func text(_ start: UnsafeRawPointer, _ count: Int) -> String {
    String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
  }

  /// How many lines the parsers see in `text` (split at `\n`, a last empty
  /// line not counted): where an error may point.
  public static func lineCount(_ text: String) -> Int {
    var lines = 1
    var last: UInt8 = 0
    for byte in text.utf8 {
      if byte == UInt8(ascii: "\n") { lines += 1 }
      last = byte
    }
    return last == UInt8(ascii: "\n") ? lines - 1 : lines
  }
}
