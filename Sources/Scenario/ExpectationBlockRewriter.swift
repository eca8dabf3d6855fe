import ScenarioText

/// Rewrites the rows of one `expect screen` or `expect glass` block in a
/// scenario's text (`t9phone test --update`), keeping every other byte:
/// other lines, comments, blank lines, each row's indentation, what follows
/// its closing bar (spaces, a `\r` of a CRLF file) and the line endings.
public enum ExpectationBlockRewriter {
  /// `text` with the rows of the block whose `expect screen` or
  /// `expect glass` directive is on `line` (1-based, lines split at `\n` as
  /// the parser splits them) replaced by `rows`; nil when that line is not
  /// such a block, its rows are not `rows.count` `|row|` lines, or a row
  /// cannot be written between bars.
  public static func rewrite(_ text: String, blockAt line: Int, rows: [String]) -> String? {
    let bytes = Array(text.utf8)
    // Where each line starts and ends (its `\n` excluded).
    var starts = [0]
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      starts.append(index + 1)
    }
    func range(_ number: Int) -> Range<Int> {
      let start = starts[number - 1]
      let end = number < starts.count ? starts[number] - 1 : bytes.count
      return start..<end
    }
    guard line >= 1, line + rows.count <= starts.count, isBlockStart(bytes[range(line)]) else {
      return nil
    }
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    result += bytes[..<range(line + 1).lowerBound]
    for (offset, row) in rows.enumerated() {
      let number = line + 1 + offset
      guard let bars = barPositions(bytes[range(number)]),
        FlightReportWriter.boxed(row) != nil
      else { return nil }
      result += bytes[range(number).lowerBound...bars.open]
      result += Array(row.utf8)
      result += bytes[bars.close..<range(number).upperBound]
      if number < starts.count { result.append(UInt8(ascii: "\n")) }
    }
    let after = line + rows.count + 1
    if after <= starts.count { result += bytes[starts[after - 1]...] }
    return String(decoding: result, as: UTF8.self)
  }

  /// Whether the line is `expect screen` or `expect glass`, comment allowed.
  private static func isBlockStart(_ line: ArraySlice<UInt8>) -> Bool {
    let text = Substring(String(decoding: line, as: UTF8.self))
    guard let tokens = try? ScenarioLexer.tokens(of: text, lineNumber: 1, file: ""),
      tokens.count == 2, tokens[0].text == "expect", !tokens[0].quoted, !tokens[1].quoted
    else { return false }
    return tokens[1].text == "screen" || tokens[1].text == "glass"
  }

  /// The opening and closing bars of a `|row|` line as the parser reads
  /// it: the first byte after spaces and tabs, and the last before spaces,
  /// tabs and `\r`.
  private static func barPositions(_ line: ArraySlice<UInt8>) -> (open: Int, close: Int)? {
    let blank: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: "\t")]
    guard let open = line.firstIndex(where: { !blank.contains($0) }),
      let close = line.lastIndex(where: { !blank.contains($0) && $0 != UInt8(ascii: "\r") }),
      close > open, line[open] == UInt8(ascii: "|"), line[close] == UInt8(ascii: "|")
    else { return nil }
    return (open, close)
  }
}
