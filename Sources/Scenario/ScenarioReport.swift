import CharacterLCD
import Firmware
import ScenarioText

/// The text `t9phone test` and `t9phone replay` print.
public enum ScenarioReport {
  /// The line for one scenario: `PASS file (N checks, N key events)` or
  /// `FAIL file`.
  public static func summaryLine(_ result: ScenarioResult) -> String {
    if result.passed {
      return "PASS \(result.file) (\(result.checksPassed) checks, \(result.keyEvents) key events)"
    }
    return "FAIL \(result.file)"
  }

  /// The failure's details: `file:line: message`, then expected and actual
  /// screens side by side with `<` marking rows that differ.
  public static func failureDetails(_ failure: ScenarioFailure) -> [String] {
    let location = "\(failure.location.file):\(failure.location.line)"
    var lines = ["\(location): \(failure.message)"]
    let actual = failure.actualRows.map { "|\($0)|" }
    let width = Swift.max((failure.actualRows.first?.unicodeScalars.count ?? 0) + 2, 8)
    func pad(_ text: String) -> String {
      text + String(repeating: " ", count: Swift.max(0, width - text.unicodeScalars.count))
    }
    if let expectedRows = failure.expectedRows {
      let expected = expectedRows.map { "|\($0)|" }
      lines.append("  " + pad("expected") + "  actual")
      for index in 0..<Swift.max(expected.count, actual.count) {
        let left = index < expected.count ? expected[index] : ""
        let right = index < actual.count ? actual[index] : ""
        let mark = left == right ? "" : "  <"
        lines.append("  " + pad(left) + "  " + right + mark)
      }
    } else {
      lines.append("  actual")
      for row in actual { lines.append("  " + row) }
    }
    return lines
  }

  /// The closing line: `N passed, N failed`.
  public static func totals(passed: Int, failed: Int) -> String {
    "\(passed) passed, \(failed) failed"
  }

  /// A replay frame: `@ 1.250s` and the rows in bars, with the cursor.
  public static func frameLines(_ recorded: RecordedFrame) -> [String] {
    let frame = recorded.frame
    var header = "@ \(recorded.time)"
    if let cursor = frame.cursor {
      header += "  cursor \(cursor.row + 1) \(cursor.column + 1) \(frame.cursorStyle.rawValue)"
    }
    if !frame.backlight { header += "  backlight off" }
    return [header] + TextFrameRenderer.rows(of: frame).map { "|\($0)|" }
  }
}
