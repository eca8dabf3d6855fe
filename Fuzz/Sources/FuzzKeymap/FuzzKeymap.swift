import DisplayDriver
import EvdevInput
import FuzzSupport
import KeypadInput

/// Both keymap formats on every input: the evdev keymap (`Keymap.parse`,
/// `--keymap`) and LCDd's (`LCDprocKeymap.parse`, `--input lcdproc`).
/// Either parses or is refused naming a line of the text; an evdev keymap
/// that parses maps every one of the twelve keys and answers its lookups
/// consistently, an LCDd keymap finds each of its names.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeymap(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let text = FuzzInput.text(start, count)
  // Both parsers count lines split at any newline character.
  let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0.isNewline }).count
  func checkError(_ error: KeymapError, _ file: String) {
    Invariant.check(
      error.file == file && (error.line.map { (1...lines).contains($0) } ?? true),
      "error on line \(error.line ?? 0) of \(lines): \(error.reason)")
  }
  do {
    let keymap = try Keymap.parse(text, file: "fuzz.keymap")
    for code in keymap.codes {
      guard let key = keymap.key(for: code) else {
        Invariant.check(false, "code \(code) is listed but maps to nothing")
        continue
      }
      Invariant.check(keymap.codes(for: key).contains(code), "code \(code) is not \(key)'s")
    }
    for key in Key.allCases where key.isTwelveKey {
      Invariant.check(!keymap.codes(for: key).isEmpty, "no code for \(key)")
    }
  } catch {
    checkError(error, "fuzz.keymap")
  }
  do {
    let keymap = try LCDprocKeymap.parse(text, file: "fuzz-lcdproc.keymap")
    Invariant.check(!keymap.mappings.isEmpty, "an LCDd keymap without keys")
    for mapping in keymap.mappings {
      Invariant.check(
        keymap.mapping(for: Array(mapping.name.utf8)) == mapping, "'\(mapping.name)' not found")
      Invariant.check(
        !mapping.name.isEmpty && !mapping.name.contains(" ") && !mapping.name.contains("\t"),
        "LCDd key name '\(mapping.name)' is not one word")
    }
  } catch {
    checkError(error, "fuzz-lcdproc.keymap")
  }
  return 0
}
