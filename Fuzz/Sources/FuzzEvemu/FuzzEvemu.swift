import EvdevInput
import FuzzSupport

/// evemu recordings (`evemu FILE` in scenarios, `t9phone record`): any text
/// parses or is refused with a line of it, and a recording that parses,
/// written back (`written()`, format 1.3) and parsed again, is the same
/// recording.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvemu(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let text = FuzzInput.text(start, count)
  let recording: EvemuRecording
  do {
    recording = try EvemuRecording.parse(text, file: "fuzz.evemu")
  } catch {
    // Lines end at "\n" or "\r\n", as the parser splits them.
    let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    Invariant.check(
      error.file == "fuzz.evemu" && (1...lines.count).contains(error.line),
      "error on line \(error.line) of \(lines.count): \(error.reason)")
    return 0
  }
  let written = recording.written()
  do {
    let again = try EvemuRecording.parse(written, file: "written.evemu")
    // `written()` makes newlines in the name spaces, as documented (the
    // parser only ends lines at "\n" and "\r\n", so a name may hold a
    // vertical tab, a lone CR or U+2028), and the parser then drops the
    // spaces at either end, as it does for every name.
    var expected = recording
    var name = Substring(String(recording.name.map { $0.isNewline ? " " : $0 }))
    while let first = name.first, first == " " || first == "\t" { name.removeFirst() }
    while let last = name.last, last == " " || last == "\t" || last == "\r" { name.removeLast() }
    expected.name = String(name)
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
