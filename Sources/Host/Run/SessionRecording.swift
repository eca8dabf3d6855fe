import Board
import CharacterLCD
import ContactBook
import Firmware
import KeypadInput
import MessageStore
import Scenario
import Supervision

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `t9phone sim --record FILE`: the simulator's session as a scenario
/// (`ScenarioRecorder`), written when the simulator exits. The contact
/// book the session started with goes beside it (`FILE` without
/// `.scenario`, then `.vcf`), so the replay searches the same contacts.
public struct SessionRecording {
  /// Where the scenario goes.
  public let path: String
  private var recorder: ScenarioRecorder
  private let contacts: ContactBook?
  /// The network events recorded so far (the supervisor's count).
  private var networkSeen = 0

  /// A recording of `phone` (just started, on an LCD of `geometry` with
  /// `rom`, its dictionaries from `dictionaryFolder`) from now on. Refuses
  /// a folder it could not write the file to at the end.
  public init(
    path: String, phone: borrowing Phone, geometry: LCDGeometry, rom: CharacterROM,
    dictionaryFolder: String, tapHold: Duration, hasModem: Bool = false
  ) throws {
    let folder = FileIO.directory(of: path)
    guard access(folder, W_OK) == 0 else {
      throw CLIError("--record \(path): cannot write to the folder \(folder)")
    }
    self.path = path
    var header = Scenario(file: path)
    header.geometry = geometry
    header.rom = rom
    header.settings = phone.settings
    header.usesDictionary = phone.predictors[phone.settings.language] != nil
    // With a modem, the replay gets the simulated network, and what the
    // network did is written as `network` lines.
    header.hasModem = hasModem
    header.messageCapacity = phone.messages.capacity
    var comments: [String] = []
    if dictionaryFolder != DictionaryFiles.defaultFolder {
      comments.append(
        "made with --dictionaries \(dictionaryFolder): replay with the same option")
    }
    let learned = phone.learning.reduce(0) { $0 + $1.store.recordCount }
    if learned > 0 {
      comments.append(
        "T9 had learned \(learned) words and pairs in the state folder; the replay starts with")
      comments.append("none, so it may offer other words (record with a new --state folder)")
    }
    let book = phone.contacts
    if book.count > 0 {
      header.contactsFile = FileIO.baseName(SessionRecording.contactsPath(of: path))
      header.contactsCapacity = book.capacity
      contacts = book
    } else {
      contacts = nil
    }
    // Time zero is the clock's zero, where the phone's wall clock reads its
    // `clock` minute, not the phone's start after the dictionaries loaded:
    // so the idle screen's clock turns at the same time in the replay.
    recorder = ScenarioRecorder(
      header: header, origin: .zero, tapHold: tapHold, comments: comments)
  }

  /// When the recorder wants to see the screen, if it does.
  public var screenDue: Instant? { recorder.screenDue }

  /// A key edge the firmware received.
  public mutating func record(_ edge: KeyEvent) {
    recorder.record(edge)
  }

  /// Shows the recorder what the network did since the last look, and the
  /// firmware's screen now, if it wants it.
  public mutating func observe(_ supervisor: inout Supervisor, at now: Instant) {
    let recorded = supervisor.recorder.networkRecorded
    if recorded > networkSeen {
      for event in supervisor.recorder.networkEvents(after: networkSeen) {
        recorder.record(network: event, at: event.time)
      }
      networkSeen = recorded
    }
    guard let due = recorder.screenDue, now >= due else { return }
    let screen = SessionRecording.screen(of: &supervisor)
    recorder.observe(rows: screen.rows, text: screen.text, at: now)
  }

  /// Writes the scenario, with what the firmware shows at `end`, and the
  /// contacts beside it, each crash-safely.
  public func write(ending supervisor: inout Supervisor, at end: Instant) throws {
    if let contacts {
      let cards = VCardWriter.write(contacts.alphabetical.compactMap { contacts.contact(at: $0) })
      try FileIO.writeAtomically(
        Array(cards.utf8), to: SessionRecording.contactsPath(of: path), mode: 0o644)
    }
    let screen = SessionRecording.screen(of: &supervisor)
    let text = recorder.text(endingWith: screen.rows, text: screen.text, at: end)
    try FileIO.writeAtomically(Array(text.utf8), to: path, mode: 0o644)
  }

  /// `x.scenario` → `x.vcf`.
  public static func contactsPath(of path: String) -> String {
    (path.hasSuffix(".scenario") ? String(path.dropLast(".scenario".count)) : path) + ".vcf"
  }

  /// The firmware's frame as rows, and the focused field's text.
  private static func screen(of supervisor: inout Supervisor) -> (rows: [String], text: String?) {
    (supervisor.rows, supervisor.phone.focusedText)
  }
}
