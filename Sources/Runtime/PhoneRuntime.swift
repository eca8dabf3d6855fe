import ContactBook
import Diagnostics
import Firmware
import ModemDriver
import ScenarioText
import Supervision
import T9Engine
import TextEntry
import Vocabulary

/// What runs the phone wherever it runs: the firmware under its supervisor
/// (watchdog, flight recorder), the peripherals around it, and the store
/// behind it (what T9 learned, statistics, flight reports) — one scheduled
/// part whose deadlines are all of theirs.
///
/// A run loop hands it input (`handle`, `keypad`) and moves its clock
/// (`advance(to:)`, `Scheduled`); between the two it waits for input until
/// `nextDeadline`. Everything the phone changed leaves here: book records
/// to the peripherals at once, learned words after a quiet spell,
/// statistics when their store says, reports as the supervisor makes them.
/// Pure: devices, files and the clock are the caller's. Non-copyable:
/// there is one runtime per run, owned by whoever runs it, and the
/// compiler refuses any copy of it.
public struct PhoneRuntime<Peripherals: RuntimePeripherals, Store: RuntimeStore>: ~Copyable,
  Scheduled
{
  /// The firmware under supervision.
  public var supervisor: Supervisor
  /// The display, keypad and book around it.
  public var peripherals: Peripherals
  /// Where learned words, statistics and reports go.
  public var store: Store
  /// What a report's replay needs that the phone does not know.
  public var header: ReportHeader
  /// Whether the phone's state lines are kept whenever they change
  /// (`t9phone run --report-state`; `takeStateReport()`).
  public var reportsState = false
  /// When the run started.
  public let started: Instant
  private var learning: LearningSchedule
  private var courier = MessageCourier()
  private var reportedState: [String] = []
  private var stateReport: String?

  /// A runtime around `supervisor`, whose phone has just booted.
  public init(
    supervisor: consuming Supervisor, peripherals: Peripherals, store: Store,
    header: ReportHeader, learningDelay: Duration = .seconds(3)
  ) {
    started = supervisor.now
    learning = LearningSchedule(supervisor.phone.learning, delay: learningDelay)
    self.supervisor = supervisor
    self.peripherals = peripherals
    self.store = store
    self.header = header
    if self.peripherals.modem.isPresent { self.supervisor.attachModem() }
  }

  /// The phone.
  public var phone: Phone {
    _read { yield supervisor.phone }
  }

  /// The firmware's time.
  public var now: Instant { supervisor.now }

  // MARK: - Input

  /// A key edge from the keypad, stamped on its input's clock, read at
  /// `arrival`: placed on the firmware's clock and handed over by the
  /// supervisor (`InputClock`).
  public mutating func handle(_ event: KeyEvent, arrivedAt arrival: Instant) {
    supervisor.handle(event, arrivedAt: arrival, &peripherals)
    courier.calls.forward(&supervisor, &peripherals)
    keep()
  }

  /// Puts the input's clock reading `origin` (microseconds) at the
  /// firmware's `start` for the edges that follow (`InputClock`).
  public mutating func rebaseInput(origin: Int64, start: Instant) {
    supervisor.rebaseInput(origin: origin, start: start)
  }

  /// Powers the phone off and on: `phone`, booted at the runtime's time,
  /// takes the old one's place under the same supervisor, peripherals and
  /// store. What it learned is scheduled from its stores as it loaded them,
  /// so nothing is saved again until it learns something new.
  public mutating func restart(with phone: consuming Phone) {
    supervisor.restart(with: phone)
    if peripherals.modem.isPresent { supervisor.attachModem() }
    learning = LearningSchedule(supervisor.phone.learning, delay: learning.delay)
    keep()
  }

  /// The keypad went away or came back.
  public mutating func keypad(connected: Bool) {
    supervisor.keypad(connected: connected, &peripherals)
    keep()
  }

  /// Asks for a flight report now (an operator's request).
  public mutating func requestReport(_ reason: String) {
    supervisor.requestReport(reason)
    keep()
  }

  // MARK: - The clock

  /// When the phone, the watchdog, a peripheral, the learned words or the
  /// statistics next need the clock.
  public var nextDeadline: Instant? {
    Instant.earliest(supervisor.nextDeadline(with: peripherals), ownDeadline)
  }

  /// When the statistics or the learned words are next due: the runtime's
  /// own deadlines beside the supervisor's.
  private var ownDeadline: Instant? {
    Instant.earliest(
      Instant.earliest(store.statisticsDeadline, learning.nextDeadline), courier.nextDeadline)
  }

  /// Moves the runtime's time to `time`, firing it at each deadline due on
  /// the way (`Scheduler.advance`, as `Scheduled.advance(to:)` does), with
  /// the peripherals' deadline read in place: they are a copyable value
  /// (their drivers' buffers included), and a closure that read them by
  /// value would copy them at every step.
  public mutating func advance(to time: Instant) {
    Scheduler.advance(
      to: time, now: { supervisor.now }, nextDeadline: { deadlineInPlace() },
      fire: { fire(at: $0) })
  }

  /// `nextDeadline`, read in place (a loop asks at every turn).
  public mutating func scheduledDeadline() -> Instant? { deadlineInPlace() }

  private mutating func deadlineInPlace() -> Instant? {
    Instant.earliest(supervisor.nextDeadline(in: &peripherals), ownDeadline)
  }

  /// Brings everything to `time`: the supervisor (phone, peripherals,
  /// watchdog), then what the phone changed to the book, the reports, the
  /// learned words and the statistics.
  public mutating func fire(at time: Instant) {
    supervisor.fire(at: time, &peripherals)
    courier.exchange(&supervisor, &peripherals, now: supervisor.now)
    keep()
    let now = supervisor.now
    learning.save(supervisor.phone.learning, at: now, force: false) { store.saveLearned($0, $1) }
    store.updateStatistics(counters(at: now), at: now)
    if reportsState { noteState() }
  }

  /// Saves what T9 learned and the statistics (with the uptime at `now`),
  /// and waits for the reports: at exit.
  public mutating func finish(at now: Instant) {
    keep()
    learning.save(supervisor.phone.learning, at: now, force: true) { store.saveLearned($0, $1) }
    store.updateStatistics(counters(at: now), at: now)
    store.flush()
  }

  // MARK: - Health

  /// Whether the firmware is healthy for systemd's watchdog: its own
  /// watchdog looked within the last three intervals.
  public func isHealthy(at now: Instant) -> Bool {
    let interval = supervisor.watchdog.interval
    let last = supervisor.watchdog.lastCheck ?? started
    return now - last <= interval * 3
  }

  /// This run's counters: the supervisor's, and what only the devices see.
  /// Mutating to reach the peripherals in place: read from a borrowed
  /// runtime, their figures cost a copy of them (the drivers' buffers) at
  /// every step, 5% more instructions a key press in the replay soak.
  private mutating func counters(at now: Instant) -> FieldStatistics {
    var counters = supervisor.statistics
    let figures = peripherals.figures
    counters.displayBusErrors = UInt64(max(0, figures.displayErrors))
    counters.displayRecoveries = UInt64(max(0, figures.displayRecoveries))
    counters.keypadResyncs = UInt64(max(0, figures.keypadResyncs))
    counters.eventsDropped &+= UInt64(max(0, figures.droppedKeys))
    counters.modemResets = UInt64(max(0, figures.modemResets))
    counters.modemTimeouts = UInt64(max(0, figures.modemTimeouts))
    counters.messagesReceived = UInt64(courier.receivedMessages)
    counters.messagesSent = UInt64(courier.sentMessages)
    counters.messagesFailed = UInt64(courier.failedMessages)
    counters.callsMade = UInt64(courier.calls.made)
    counters.callsReceived = UInt64(courier.calls.received)
    counters.callsMissed = UInt64(courier.calls.missed)
    counters.ussdRequests = UInt64(courier.calls.ussdRequests)
    counters.uptimeSeconds = UInt64(max(0, (now - started).wholeMicroseconds / 1_000_000))
    counters.starts = 1
    return counters
  }

  // MARK: - State lines

  /// The phone's state as `state <ms>`, the `StateLines`, `end`, when it
  /// changed since the last call (with `reportsState`): for a harness
  /// reading standard output, after the frame that shows it.
  public mutating func takeStateReport() -> String? {
    defer { stateReport = nil }
    return stateReport
  }

  private mutating func noteState() {
    guard let frame = peripherals.lastFrame else { return }
    let lines = StateLines.lines(of: supervisor.phone, frame: frame)
    guard lines != reportedState else { return }
    reportedState = lines
    var text = "state \(supervisor.now.microseconds / 1000)\n"
    for line in lines { text += line + "\n" }
    stateReport = (stateReport ?? "") + text + "end\n"
  }

  private mutating func keep() {
    let writes = supervisor.takeBookWrites()
    if !writes.isEmpty { peripherals.writeBook(writes) }
    if let call = supervisor.takeCallLogWrite() {
      peripherals.writeCallRecord(at: call.offset, call.bytes)
    }
    for report in supervisor.takeReports() { store.writeReport(report, header: header) }
  }
}
