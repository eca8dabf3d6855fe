import CLinux
import CallLog
import CharacterLCD
import ContactBook
import Diagnostics
import DisplayDriver
import EvdevDevice
import Firmware
import KeypadInput
import MessageStore
import ModemDriver
import Runtime
import ScenarioText
import StateStorage
import Supervision
import T9Engine
import TextEntry

/// A phone with everything it keeps on disk, as the simulator and a device
/// run set it up: dictionaries with what T9 learned, the contact book (a
/// new one starts with the example contacts), the field statistics, and
/// the store that writes changes back. The phone runs in a `PhoneRuntime`
/// (under its supervisor: watchdog, flight recorder) on the monotonic
/// clock; every frame goes to the peripherals the runner sets up, on the
/// display `Screen`.
public struct PhoneSession<Screen: Display, Input: InputSystem, Line: SessionModem>: ~Copyable {
  /// The phone, its peripherals and its store.
  public var runtime: PhoneRuntime<RunPeripherals<Screen, Input, Line>, FileStore>
  /// The LCD.
  public let geometry: LCDGeometry
  /// The character ROM.
  public let rom: CharacterROM
  /// The log.
  public let log: Log

  /// Loads everything `session` names — dictionaries with what T9
  /// learned, the contact book (a new one with the example contacts) — and
  /// boots the phone now; `display` makes the phone's screen for its LCD
  /// and log. `log` is the run's log, `ring` where it keeps recent records
  /// for flight reports.
  public init(
    _ session: SessionSettings, log: Log, ring: LogRing, clock: some RunClock,
    keypad: Input.Type, modem: Line.Type,
    display: (LCDGeometry, Log) -> Screen
  ) throws(CLIError) {
    var settings = session.phone
    geometry = session.geometry
    rom = session.rom
    self.log = log
    let state = StateDirectory(option: session.state)
    var predictors: [Language: Predictor] = [:]
    var learning: [Language: UserDictionary] = [:]
    for (language, dictionary) in DictionaryFiles.loadAll(
      folder: session.dictionaryFolder, log: log)
    {
      predictors[language] = Predictor(dictionary: dictionary)
      learning[language] = state.loadLearned(language, log: log)
    }
    var store = try CLIError.storage { () throws(StorageError) in
      try ContactsStore(
        path: session.book ?? state.path + "/contacts.book", capacity: session.contactsCapacity,
        log: log, on: LinuxFileSystem())
    }
    if store.created, FileIO.exists(session.contactsFixture) {
      // A new book starts with the example contacts (UTF-8, Latin-1 or
      // Windows-1252: the charsets every build has).
      let cards = VCardReader.read(
        try FileIO.read(session.contactsFixture), charsets: BuiltInCharsets(), charset: nil)
      for contact in cards.contacts { _ = try? store.add(contact) }
    }
    if let minutes = session.clockMinutes {
      // A given clock is on the day scenarios happen.
      settings.epochAtStart = UTCTime.scenarioDay + Int64(minutes) * 60
    } else {
      settings.epochAtStart = Int64(time(nil))
    }
    settings.epochAtStart -= clock.now.microseconds / 1_000_000
    let messages = try CLIError.storage { () throws(StorageError) in
      try MessagesStore(
        path: state.path + "/messages.t9msg", capacity: session.messagesCapacity, log: log,
        on: LinuxFileSystem())
    }
    let calls = try CLIError.storage { () throws(StorageError) in
      try CallLogStore(
        path: state.path + "/calls.t9log", capacity: CallLog.defaultCapacity, log: log,
        on: LinuxFileSystem())
    }
    let screen = session.start
    let phone = Phone(
      settings: settings, geometry: geometry, log: log, predictors: predictors,
      learning: learning, contacts: store.book, bookFile: store.file, messages: messages.box,
      callLog: calls.log, start: screen, at: clock.now)
    var supervision = SupervisorSettings()
    supervision.recorderEdges = session.recorderEdges
    let supervisor = Supervisor(
      PhoneHarness(phone, rom: rom, recordsFrames: true), start: screen, settings: supervision,
      log: log, logRing: ring)
    // What a report's replay needs that the phone does not know.
    var header = ReportHeader()
    header.geometry = geometry
    header.rom = rom
    header.hasModem = session.modem != .none
    header.messagesCapacity = messages.box.capacity
    let modem = Line(
      session.modem, inbox: state.path + "/network-inbox.txt",
      epochAtStart: settings.epochAtStart, log: log)
    var peripherals = RunPeripherals<Screen, Input, Line>(
      display: display(geometry, log), book: BookKeeper(store: store, log: log), modem: modem)
    peripherals.messageFile = messages
    peripherals.callLogFile = calls
    runtime = PhoneRuntime(
      supervisor: supervisor,
      peripherals: peripherals,
      store: FileStore(
        state: state, metricsFile: session.metricsFile,
        reports: ReportFolder(path: session.reportsPath, keep: session.keepReports, log: log),
        log: log),
      header: header)
  }

  /// The phone.
  public var phone: Phone {
    _read { yield runtime.phone }
  }

  /// Releases the executable's start-up pages (`StartupPages`) once the
  /// phone is up, and says how much.
  public func releaseStartupPages() {
    switch StartupPages.release() {
    case .success(let bytes):
      log(.debug, LogTag("memory", "startup"), "released \(bytes / 1024) kB of start-up pages")
    case .failure(let error):
      log(.warning, LogTag("memory", "startup"), "start-up pages kept: \(error)")
    }
  }
}
