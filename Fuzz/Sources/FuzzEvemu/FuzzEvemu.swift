import EvdevInput
import FuzzSupport

/// evemu recordings (`evemu FILE` in scenarios, `t9phone record`): any text
/// parses or is refused with a line of it, warnings name lines of it, the
/// events never go back in time, and a recording that parses, written back
/// (`written()`, format 1.3) and parsed again, is the same recording with no
/// warning.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvemu(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let text = FuzzInput.text(start, count)
  let recording: EvemuRecording
  do {
    recording = try EvemuRecording.parse(text, file: "fuzz.evemu")
  } catch {
    // Lines end at "\n" only, as evemu's getline splits them.
    let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    Invariant.check(
      error.file == "fuzz.evemu" && (1...lines.count).contains(error.line),
      "error on line \(error.line) of \(lines.count): \(error.reason)")
    return 0
  }
  for warning in recording.warnings {
    let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    Invariant.check(
      (1...lines.count).contains(warning.line), "warning on line \(warning.line) of \(lines.count)")
  }
  for (previous, event) in zip(recording.events, recording.events.dropFirst()) {
    Invariant.check(
      previous.timeInMicroseconds <= event.timeInMicroseconds, "the events go back in time")
  }
  let written = recording.written()
  do {
    let again = try EvemuRecording.parse(written, file: "written.evemu")
    // `written()` makes newlines in the name spaces, as documented (a name
    // may hold a vertical tab or U+2028), and evemu's `N: %m[^\n\r]` then
    // skips the white space before it.
    var expected = recording
    var name = Substring(String(recording.name.map { $0.isNewline ? " " : $0 }))
    while let first = name.first, first == " " || first == "\t" { name.removeFirst() }
    expected.name = String(name)
    expected.warnings = []
    Invariant.check(again.name == expected.name, "name \(recording.name) became \(again.name)")
    Invariant.check(
      again.busType == expected.busType && again.vendor == expected.vendor
        && again.product == expected.product && again.version == expected.version,
      "the ids changed")
    Invariant.check(
      again.descriptionLines == expected.descriptionLines,
      "description \(recording.descriptionLines) became \(again.descriptionLines)")
    Invariant.check(again.events == expected.events, "the events changed")
    Invariant.check(again == expected, "written and parsed again, the recording changed")
  } catch {
    Invariant.check(false, "the written recording does not parse: \(error)\n\(written)")
  }
  return 0
}
