import FuzzSupport
import Supervision

/// `statistics.prom` (`FieldStatistics(parsing:file:)`, every start and
/// `t9phone stats`): any text parses or is refused naming a line and
/// column of it, and statistics that parse, written in the Prometheus text
/// format and parsed again, are the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStatistics(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let text = FuzzInput.text(start, count)
  let statistics: FieldStatistics
  do {
    statistics = try FieldStatistics(parsing: text, file: "fuzz.prom")
  } catch {
    let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    Invariant.check(
      error.file == "fuzz.prom" && (1...lines.count).contains(error.line) && error.column >= 1,
      "error at \(error.line):\(error.column) of \(lines.count) lines: \(error)")
    return 0
  }
  let written = statistics.prometheusText
  do {
    let again = try FieldStatistics(parsing: written, file: "written.prom")
    Invariant.check(again == statistics, "written and parsed again, the statistics changed")
  } catch {
    Invariant.check(false, "written statistics do not parse: \(error)\n\(written)")
  }
  return 0
}
