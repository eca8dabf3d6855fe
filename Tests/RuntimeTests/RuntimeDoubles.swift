import CharacterLCD
import ContactBook
import Diagnostics
import Firmware
import ModemDriver
import Runtime
import ScenarioText
import Supervision
import SystemLayer
import T9Engine
import TextEntry
import Vocabulary

/// Firmware time `milliseconds` after instant zero.
func ms(_ milliseconds: Int64) -> Instant { Instant(microseconds: milliseconds * 1000) }

/// Peripherals that only remember: the frames shown, when they were
/// serviced, the book writes, and figures a test sets.
struct RecordingPeripherals: RuntimePeripherals {
  var shown: [Instant] = []
  var serviced: [Instant] = []
  var bookWrites = 0
  var figures = RunFigures()
  var lastFrame: LCDFrame?

  mutating func show(_ frame: LCDFrame, at time: Instant) {
    shown.append(time)
    lastFrame = frame
  }
  mutating func service(at time: Instant) { serviced.append(time) }
  var nextDeadline: Instant? { nil }
  var glassParts: Int { 1 }
  mutating func checkGlass(part: Int) -> GlassCheck { .unchecked }
  mutating func redraw(at time: Instant) {}
  func deviceKeyIsDown(_ key: Key) -> Bool? { nil }
  var unflushedBookWrites: Int { 0 }
  mutating func flushBookWrites() -> Int { 0 }
  mutating func writeBook(_ writes: [BookWrite]) { bookWrites += writes.count }
  var modem = ModemSlot<ATModem<RuntimeNoLine>>.none
  var messageRecords = 0
  /// The offsets of the call-log records written.
  var callRecords: [Int] = []
  mutating func writeMessageRecord(at offset: Int, _ bytes: ArraySlice<UInt8>) {
    messageRecords += 1
  }
  mutating func syncMessages() -> Bool { true }
  mutating func writeCallRecord(at offset: Int, _ bytes: [UInt8]) {
    callRecords.append(offset)
  }
}

/// A serial line that is never there.
struct RuntimeNoLine: SerialSystem {
  mutating func open(_ path: String, baud: Int) -> Result<Int32, Errno> { .failure(.noSuchFile) }
  mutating func write(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Result<Int, Errno> {
    .failure(.ioError)
  }
  mutating func read(_ fd: Int32, into buffer: inout [UInt8]) -> Result<Int, Errno> {
    .failure(.ioError)
  }
  mutating func close(_ fd: Int32) {}
}

/// A store in memory that counts what it is given.
struct MemoryStore: RuntimeStore {
  var learnedSaves: [Language] = []
  var failsLearnedSaves = false
  var statistics: [FieldStatistics] = []
  var reports: [FlightReport] = []
  var headers: [ReportHeader] = []
  var flushes = 0
  var statisticsDeadline: Instant?

  mutating func saveLearned(_ learned: UserDictionary, _ language: Language) -> Bool {
    learnedSaves.append(language)
    return !failsLearnedSaves
  }
  mutating func updateStatistics(_ counters: FieldStatistics, at now: Instant) {
    statistics.append(counters)
  }
  mutating func writeReport(_ report: FlightReport, header: ReportHeader) {
    reports.append(report)
    headers.append(header)
  }
  mutating func flush() { flushes += 1 }
}

/// A clock moved by hand, shared by a test and its source.
final class ManualClock: RunClock {
  var now = Instant.zero
}

/// Signals a test raises.
struct TestSignals: RunSignals {
  var stopRequested = false
  var reportAsked = false
  mutating func takeReportRequest() -> Bool {
    defer { reportAsked = false }
    return reportAsked
  }
}

/// Key edges at scripted times: waiting moves the shared clock to the next
/// edge or by the whole timeout, whichever comes first; the source closes
/// at `closesAt`.
struct ScriptedSource: InputSource {
  typealias Peripherals = RecordingPeripherals
  let clock: ManualClock
  var script: [KeyEvent]
  let closesAt: Instant
  var timeouts: [Int32] = []
  var settledAt: [Instant] = []
  private var due: [KeyEvent] = []

  init(clock: ManualClock, script: [KeyEvent], closesAt: Instant) {
    self.clock = clock
    self.script = script
    self.closesAt = closesAt
  }

  var nextDeadline: Instant? { nil }
  var isOpen: Bool { clock.now < closesAt }

  mutating func wait<Store: RuntimeStore>(
    timeoutMilliseconds: Int32, _ runtime: inout PhoneRuntime<RecordingPeripherals, Store>
  ) {
    timeouts.append(timeoutMilliseconds)
    var until = clock.now + .milliseconds(Int64(timeoutMilliseconds))
    if let next = script.first, next.time < until { until = next.time }
    if closesAt < until { until = closesAt }
    if until > clock.now { clock.now = until }
    while let next = script.first, next.time <= clock.now { due.append(script.removeFirst()) }
  }

  mutating func deliver<Store: RuntimeStore>(
    at now: Instant, to runtime: inout PhoneRuntime<RecordingPeripherals, Store>
  ) {
    for event in due { runtime.handle(event, arrivedAt: now) }
    due.removeAll()
  }

  mutating func settled<Store: RuntimeStore>(
    at now: Instant, _ runtime: inout PhoneRuntime<RecordingPeripherals, Store>
  ) {
    settledAt.append(now)
  }
}

/// A runtime around a fresh phone booted at zero.
func makeRuntime(
  store: MemoryStore = MemoryStore(), settings: SupervisorSettings = SupervisorSettings()
) -> PhoneRuntime<RecordingPeripherals, MemoryStore> {
  let log = Log(minimumLevel: .error) { _ in }
  let phone = Phone(settings: PhoneSettings(), geometry: .lcd16x2, log: log, at: .zero)
  let supervisor = Supervisor(
    PhoneHarness(phone, recordsFrames: true), settings: settings, log: log)
  var header = ReportHeader()
  header.keymap = "test-keys"
  return PhoneRuntime(
    supervisor: supervisor, peripherals: RecordingPeripherals(), store: store, header: header)
}
