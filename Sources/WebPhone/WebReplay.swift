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
    let file = bundle.scenarioFile
    let scenario: Scenario
    do {
      scenario = try ScenarioParser.parse(
        String(decoding: bundle.scenario, as: UTF8.self), file: file)
    } catch {
      return ("ERROR " + error.description + "\n", false)
    }
    var contacts: ContactBook?
    switch book(for: scenario, bundle) {
    case .success(let book): contacts = book
    case .failure(let problem): return ("ERROR \(file): \(problem.message)\n", false)
    }
    var dictionaries: [Language: T9Dictionary] = [:]
    for entry in bundle.dictionaries {
      guard let language = Language(code: entry.code) else { continue }
      do {
        dictionaries[language] = try T9Dictionary(bytes: entry.bytes, name: entry.code + ".t9dict")
      } catch {
        return ("ERROR \(file): \(error)\n", false)
      }
    }
    let result = ScenarioRunner.run(
      scenario, dictionaries: dictionaries, contacts: contacts, recordFrames: true)
    var text: String
    if let failure = result.failure {
      text = "FAIL \(file)\n\(failure.location.line): \(failure.message)\n"
    } else {
      text =
        "PASS \(file) (\(result.checksPassed) checks, \(result.keyEvents) key events)\n"
    }
    text += "frames \(result.frames.count)\n"
    for frame in result.frames { text += FrameDump.line(frame) + "\n" }
    return (text, result.passed)
  }

  /// The contact book the scenario loads: from the bundle's contact file,
  /// or empty of its capacity, or none.
  private static func book(for scenario: Scenario, _ bundle: WebBundle) -> Result<
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
