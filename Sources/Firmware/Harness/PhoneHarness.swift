import CharacterLCD
import ContactBook
import KeypadInput

/// The phone on a clock that moves only when told: inputs in, frames out.
///
/// In the spirit of swift-nio's `EmbeddedEventLoop`, the harness never reads
/// a clock. `advance(to:)` moves its time and runs every timer due on the
/// way, in time order (`Scheduled`); key edges come in stamped with firmware time
/// (`handle(_:)`) or at the harness's time (`send(_:_:)`, `apply(_:)`); the
/// glass is the phone's canvas composed for the module's ROM. With
/// `recordsFrames`, every change of the glass — after an input, after each
/// timer — waits with its time until `takeFrames()`, as the phone's book
/// writes wait for `takeBookWrites()`; whoever takes the frames hands them
/// to a display driver (the scenario runner, the simulator, a device run).
///
/// Scenarios, the unit tests, the simulator and `t9phone run` all drive the
/// firmware through a harness; a device loop only reads an event, hands it
/// over, and waits until `nextDeadline`. Non-copyable, as its phone: one
/// harness holds one running phone.
public struct PhoneHarness: ~Copyable, Scheduled {
  /// The firmware. Its clock is the harness's.
  public private(set) var phone: Phone
  /// Whether every change of the glass is kept for `takeFrames()`.
  public let recordsFrames: Bool
  private var composer: LCDComposer
  private var canvas: Canvas
  private var glass: LCDFrame
  /// The last frame recorded (meaningful once `hasReported`).
  private var reported: LCDFrame
  private var hasReported = false
  /// The phone's drawing revision when the glass was last composed for a
  /// report; nil after a restart (a new phone counts afresh).
  private var reportedRevision: UInt64?
  /// The frames recorded since the last take: the first `recordedCount`
  /// (the storage is reused, not emptied, between takes).
  private var recorded: [RecordedFrame] = []
  private var recordedCount = 0

  /// A harness around `phone` (its clock starts at the phone's time), with
  /// the glass composed for `rom`; `recordsFrames` keeps every change of the
  /// glass, the first frame included.
  public init(_ phone: consuming Phone, rom: CharacterROM = .a00, recordsFrames: Bool = false) {
    let geometry = phone.geometry
    self.phone = phone
    self.recordsFrames = recordsFrames
    composer = LCDComposer(rom: rom)
    canvas = Canvas(geometry: geometry)
    glass = LCDFrame(geometry: geometry, rom: rom)
    reported = glass
    report()
  }

  // MARK: - The clock

  /// The harness's time: the latest input or timer, or where it was moved.
  public var now: Instant { phone.now }

  /// When the phone next needs to run without input, if ever: how long a
  /// device loop may wait for its next event.
  public var nextDeadline: Instant? { phone.nextDeadline }

  /// Brings the phone to `time`, running the timers due (`Phone.fire(at:)`),
  /// and records the glass if they changed it. `Scheduler` fires the harness
  /// at each deadline in turn (`advance(to:)`), so each timer's glass is
  /// recorded with its own time.
  public mutating func fire(at time: Instant) {
    phone.fire(at: time)
    report()
  }

  // MARK: - Inputs

  /// Feeds a key edge stamped with firmware time: the clock moves to it
  /// first, running the timers due before it. An edge older than `now` does
  /// not move the clock back; the phone refuses it.
  public mutating func handle(_ event: KeyEvent) {
    // At its own time the harness was fired already (by a supervisor's
    // scheduler): nothing is due.
    if event.time > now { advance(to: event.time) }
    phone.handle(event)
    report()
  }

  /// The keypad went away, now: held keys are forgotten, the glass says so.
  public mutating func keypadDisconnected() {
    phone.keypadDisconnected(at: now)
    report()
  }

  /// The keypad is back, now.
  public mutating func keypadConnected() {
    phone.keypadConnected(at: now)
    report()
  }

  /// The phone, the harness given up (its glass and recorded frames go
  /// with it): the phone goes on alone, as it is now.
  public consuming func takePhone() -> Phone {
    phone
  }

  /// Powers the phone off and on: `phone`, booted at `now`, takes the old
  /// one's place; the clock and the glass's history go on.
  public mutating func restart(with phone: consuming Phone) {
    self.phone = phone
    reportedRevision = nil
    report()
  }

  /// Repairs what the watchdog found wrong in the phone (its state is its
  /// own: the harness only passes the repair on and records the glass).
  public mutating func repair(_ problem: PhoneProblem) {
    phone.repair(problem)
    report()
  }

  /// Lends the phone for a change from outside the keypad (a message from
  /// the modem, what became of a part sent); the glass follows.
  public mutating func withPhone<Result>(_ body: (inout Phone) -> Result) -> Result {
    let result = body(&phone)
    report()
    return result
  }

  /// Takes the phone's book-file writes made since the last call.
  public mutating func takeBookWrites() -> [BookWrite] {
    phone.takeBookWrites()
  }

  // MARK: - The glass

  /// What the LCD shows now.
  public var frame: LCDFrame {
    mutating get {
      compose()
      return glass
    }
  }

  /// The LCD's rows now, as text.
  public var rows: [String] {
    mutating get { TextFrameRenderer.rows(of: frame) }
  }

  /// Hands each frame recorded since the last call to `body`, oldest
  /// first, and forgets them, keeping the storage (nothing is allocated).
  public mutating func drainFrames(_ body: (RecordedFrame) -> Void) {
    for index in 0..<recordedCount { body(recorded[index]) }
    recordedCount = 0
  }

  private mutating func compose() {
    phone.render(into: &canvas)
    composer.compose(&canvas, into: &glass)
  }

  private mutating func report() {
    guard recordsFrames else { return }
    // Nothing the phone draws changed: the glass is the one reported.
    if hasReported, reportedRevision == phone.drawingRevision { return }
    compose()
    reportedRevision = phone.drawingRevision
    if hasReported && LCDFrame.showSame(&glass, &reported) { return }
    reported = glass
    hasReported = true
    if recordedCount < recorded.count {
      // Written in place: the frame is copied once, not built and moved.
      recorded[recordedCount].time = phone.now
      recorded[recordedCount].frame = glass
    } else {
      recorded.append(RecordedFrame(time: phone.now, frame: glass))
    }
    recordedCount += 1
  }
}
