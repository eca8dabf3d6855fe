import CharacterLCD
import ContactBook
import Diagnostics
import Firmware
import KeypadInput
import T9Engine
import TextEntry

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A phone with everything it keeps on disk, as the simulator and a device
/// run set it up: dictionaries with what T9 learned, the contact book (a
/// new one starts with the example contacts), and the savers that write
/// changes back. The phone runs in a harness on the monotonic clock, with
/// every change of the glass recorded for the run loop to show.
struct PhoneSession {
  /// The firmware in its harness.
  var harness: PhoneHarness
  /// The LCD.
  let geometry: LCDGeometry
  /// The character ROM.
  let rom: CharacterROM
  /// The log.
  let log: Log
  private var store: ContactsStore
  private var saver: LearningSaver

  /// Loads everything the options name; `adjust` may change the settings
  /// (a keymap's hold policies).
  init(
    options: SimulatorOptions, clock: MonotonicClock,
    adjust: (inout PhoneSettings) -> Void = { _ in }
  ) throws {
    var settings = try options.settings()
    settings.clockAtStart = MonotonicClock.localMinuteOfDay()
    adjust(&settings)
    geometry = try options.geometry()
    rom = try options.characterROM()
    log = try LogOutput.bootstrap(level: try options.logging.level(), file: options.logging.logFile)
    let state = StateDirectory(option: options.state)
    var predictors: [Language: Predictor] = [:]
    var learning: [Language: UserDictionary] = [:]
    for (language, dictionary) in DictionaryFiles.loadAll(
      folder: options.dictionaries.folder, log: log)
    {
      predictors[language] = Predictor(dictionary: dictionary)
      learning[language] = state.loadLearned(language, log: log)
    }
    store = try ContactsStore(
      path: options.book ?? state.path + "/contacts.book", capacity: nil, log: log)
    if store.created, FileIO.exists(options.contactsFixture) {
      // A new book starts with the example contacts.
      for contact in VCardReader.read(try FileIO.readText(options.contactsFixture)).contacts {
        _ = try? store.add(contact)
      }
    }
    settings.epochAtStart = Int64(time(nil))
    let phone = Phone(
      settings: settings, geometry: geometry, log: log, predictors: predictors,
      learning: learning, contacts: store.book, bookFile: store.file, at: clock.now)
    harness = PhoneHarness(phone, rom: rom, recordsFrames: true)
    saver = LearningSaver(state: state, learning: learning, log: log)
  }

  /// Brings the phone's timers to `now` and writes what changed: contacts
  /// at once, what T9 learned now and then.
  mutating func advance(to now: Instant) {
    harness.advance(to: now)
    for write in harness.takeBookWrites() {
      do { try store.apply(write) } catch { log(.error, LogTag("contacts", "book"), "\(error)") }
    }
    saver.save(harness.phone.learning, force: false)
  }

  /// Saves what T9 learned (at exit).
  mutating func saveAll() { saver.save(harness.phone.learning, force: true) }
}
