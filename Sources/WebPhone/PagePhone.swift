import CharacterLCD
import ContactBook
import Firmware
import MessageStore
import Scenario
import ScenarioText
import T9Engine
import TextEntry

/// The phone a page runs: a live `ScenarioSession` started from a web
/// bundle whose scenario is the page's settings as scenario header lines
/// (`lcd 16x2`, `rom A02`, `language id`, `set long-press 600ms`, …), with
/// the dictionaries, and the page's saved state — the contacts, what T9
/// learned, the messages. Saved state that does not open is set aside and
/// said in `notes`; the phone starts without it rather than trusting it.
public struct PagePhone: ~Copyable {
  /// The running phone.
  public var session: ScenarioSession
  /// What was set aside when starting, one line each.
  public let notes: [String]

  /// Starts the phone `bundle` describes; a header that does not parse
  /// or a dictionary that does not open refuses it.
  public init(_ bundle: WebBundle) throws(WebBundleError) {
    var header: Scenario
    do {
      header = try ScenarioParser.parse(
        String(decoding: bundle.scenario, as: UTF8.self), file: bundle.scenarioFile)
    } catch {
      throw WebBundleError(error.description)
    }
    header.steps = []
    header.hasModem = true
    var notes: [String] = []
    let dictionaries: [Language: T9Dictionary]
    switch WebReplay.dictionaries(bundle) {
    case .success(let opened): dictionaries = opened
    case .failure(let problem): throw problem
    }
    var contacts: ContactBook?
    var bookBundle = bundle
    if bundle.contacts != nil {
      header.contactsFile = "contacts.vcf"
    } else {
      header.contactsCapacity = header.contactsCapacity ?? ContactBook.defaultCapacity
    }
    switch WebReplay.book(for: header, bookBundle) {
    case .success(let book): contacts = book
    case .failure(let problem):
      notes.append("contacts set aside: \(problem.message)")
      header.contactsFile = nil
      header.contactsCapacity = header.contactsCapacity ?? ContactBook.defaultCapacity
      bookBundle.contacts = nil
      contacts = try? ContactBook(capacity: header.contactsCapacity ?? ContactBook.defaultCapacity)
    }
    // The recorded scenario names the contact file the page saves beside it.
    header.contactsCapacity = contacts?.capacity
    var learned: [Language: UserDictionary] = [:]
    for entry in bundle.learned {
      guard let language = Language(code: entry.code) else { continue }
      let file = "learned-\(entry.code).t9user"
      do {
        learned[language] = try UserDictionary(
          bytes: entry.bytes, language: entry.code, file: file)
      } catch {
        notes.append("\(file) set aside: \(error.description)")
      }
    }
    var messages: MessageBox?
    var messageFile: [UInt8] = []
    if let bytes = bundle.messages {
      do {
        let opened = try MessageBox.open(bytes, name: "messages")
        if opened.box.capacity == header.messageCapacity {
          messages = opened.box
          messageFile = bytes
          notes += opened.damaged
        } else {
          notes.append("messages set aside: a store of \(opened.box.capacity) parts")
        }
      } catch {
        notes.append("messages set aside: \(error.description)")
      }
    }
    session = ScenarioSession(
      header: header, dictionaries: dictionaries, contacts: contacts, learned: learned,
      messages: messages, messageFile: messageFile)
    self.notes = notes
  }

  /// The phone's state as a web bundle the page saves and starts from
  /// next time: the settings header, the contacts (vCard), what T9
  /// learned, and the messages.
  public func savedState(settings: [UInt8]) -> WebBundle {
    var bundle = WebBundle()
    bundle.scenarioFile = "settings"
    bundle.scenario = settings
    let book = session.phone.contacts
    if book.count > 0 {
      let cards = VCardWriter.write(book.alphabetical.compactMap { book.contact(at: $0) })
      bundle.contacts = Array(cards.utf8)
    }
    for (language, store) in session.phone.learning where store.recordCount > 0 {
      bundle.learned.append((language.code, store.serialized()))
    }
    bundle.messages = session.messageFile
    return bundle
  }

  /// The contacts as a vCard file, for a recording's replay.
  public var contactsText: String? {
    let book = session.phone.contacts
    guard book.count > 0 else { return nil }
    return VCardWriter.write(book.alphabetical.compactMap { book.contact(at: $0) })
  }

  /// Parses `text` as scenario steps in the session's header (a page's
  /// `network sms +4915 "hi"`, an `expect line 1 "…"`) and runs them: nil
  /// when they ran and every expectation held, else what went wrong, as
  /// `t9phone test` says it.
  public mutating func perform(_ text: String) -> String? {
    let scenario: Scenario
    do {
      scenario = try ScenarioParser.parse(
        Self.headerText(session.header) + text, file: "page")
    } catch {
      return error.description
    }
    guard let failure = session.perform(scenario.steps) else { return nil }
    return "\(failure.location.line - Self.headerLines(session.header)): \(failure.message)"
  }

  /// The header lines the session's steps are parsed in (what the
  /// parser needs to read them: the geometry for `expect line`, the modem
  /// for `network`).
  static func headerText(_ header: Scenario) -> String {
    "lcd \(header.geometry.description)\nmodem sim\n"
  }

  static func headerLines(_ header: Scenario) -> Int { 2 }
}
