import ContactBook
import Firmware
import Scenario
import ScenarioText
import T9Engine
import TextEntry

/// One scenario replayed from a `WebBundle`, as the WebAssembly module and
/// `t9phone web replay` both do it: the outcome's first line is `PASS FILE
/// (N checks, K key events)`, `FAIL FILE` with the failure's message, or
/// `ERROR FILE: message` when it could not run; then `frames N` and one
/// `FrameDump` line a frame.
public enum WebReplay {
  /// Replays `bundle`'s scenario: the outcome's text and whether it passed.
  public static func run(_ bundle: WebBundle) -> (text: String, passed: Bool) {
    let replay = PageReplay(bundle)
    if let error = replay.error { return ("ERROR " + error + "\n", false) }
    var text = replay.outcome
    text += "frames \(replay.result.frames.count)\n"
    for frame in replay.result.frames { text += FrameDump.line(frame) + "\n" }
    return (text, replay.result.passed)
  }

  /// The bundle's dictionaries, opened; a language the firmware does not
  /// know is left out.
  static func dictionaries(_ bundle: WebBundle) -> Result<[Language: T9Dictionary], WebBundleError>
  {
    var dictionaries: [Language: T9Dictionary] = [:]
    for entry in bundle.dictionaries {
      guard let language = Language(code: entry.code) else { continue }
      do {
        var dictionary = try T9Dictionary(bytes: entry.bytes, name: entry.code + ".t9dict")
        if let table = bundle.pairs.first(where: { $0.code == entry.code }) {
          dictionary = dictionary.attaching(
            try T9PairTable(
              storage: T9DictionaryBytes(copying: table.bytes), name: entry.code + ".t9pairs",
              for: dictionary))
        }
        dictionaries[language] = dictionary
      } catch {
        return .failure(WebBundleError("\(error)"))
      }
    }
    return .success(dictionaries)
  }

  /// The contact book the scenario loads: from the bundle's contact file,
  /// or empty of its capacity, or none.
  static func book(for scenario: Scenario, _ bundle: WebBundle) -> Result<
    ContactBook?, WebBundleError
  > {
    guard scenario.contactsFile != nil else {
      guard let capacity = scenario.contactsCapacity else { return .success(nil) }
      do {
        return .success(try ContactBook(capacity: capacity))
      } catch {
        return .failure(WebBundleError(error.message))
      }
    }
    guard let text = bundle.contacts else {
      return .failure(WebBundleError("the bundle has no contact file"))
    }
    let read = VCardReader.read(String(decoding: text, as: UTF8.self))
    if let issue = read.issues.first(where: { $0.kind != .changed }) {
      return .failure(WebBundleError("contacts:\(issue.line): \(issue.message)"))
    }
    do {
      var book = try ContactBook(
        capacity: scenario.contactsCapacity
          ?? Swift.max(ContactBook.defaultCapacity, read.contacts.count))
      for contact in read.contacts { try book.add(contact) }
      return .success(book)
    } catch {
      return .failure(WebBundleError(error.message))
    }
  }
}
