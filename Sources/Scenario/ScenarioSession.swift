import CharacterLCD
import ContactBook
import Diagnostics
import Firmware
import KeypadInput
import MessageStore
import ScenarioText
import SimulatedPeers
import Supervision
import T9Engine
import TextEntry

/// A scenario run live, one input at a time, as a page runs the phone: the
/// header's phone on the usual backpack's glass, driven by key edges at
/// their real times, by the clock moving on, and by any scenario steps
/// (`network …`, `expect …`) — the same runner as `t9phone test`, so a
/// session and the scenario recorded from it replay alike.
///
/// Time is the firmware's, from zero at the session's start; a time older
/// than the session's present is taken as the present (a page's clock does
/// not go back, but an event may arrive late).
public struct ScenarioSession: ~Copyable {
  /// The set-up the session runs with: its steps are ignored.
  public let header: Scenario
  private var run: ScenarioRun<SimulatedModule>
  private var recorder: ScenarioRecorder?
  /// The network events the recorder has seen (the flight recorder's count).
  private var networkSeen = 0

  /// A session of `header`'s phone over `dictionaries`, with `contacts`,
  /// what T9 `learned` before, and the `messages` opened from a saved
  /// file (`messageFile`, kept up to date from then on); empty stores
  /// otherwise.
  public init(
    header: Scenario, dictionaries: [Language: T9Dictionary], contacts: ContactBook?,
    learned: [Language: UserDictionary] = [:], messages: MessageBox? = nil,
    messageFile: [UInt8] = []
  ) {
    self.header = header
    run = ScenarioRun(
      header, dictionaries: dictionaries, contacts: contacts, learned: learned,
      messages: messages, recordFrames: false, log: nil
    ) { log in
      SimulatedModule(log: log, for: header)
    }
    run.keepMessageFile(
      messageFile.isEmpty
        ? MessageBox.emptyFile(capacity: messages?.capacity ?? header.messageCapacity)
        : messageFile)
    run.settle()
  }

  /// The firmware's time.
  public var now: Instant { run.now }

  /// When the firmware next needs the clock (a long press, a timeout, the
  /// watchdog's look), if it does: advance to it then.
  public var nextDeadline: Instant? { run.nextDeadline }

  /// What the firmware shows now.
  public var frame: LCDFrame {
    mutating get { run.frame }
  }

  /// The phone, for reading what it holds (its text, its stores).
  public var phone: Phone {
    _read { yield run.supervisor.phone }
  }

  /// The message store's file as the phone last wrote it.
  public var messageFile: [UInt8] { run.messageFile }

  /// Moves the clock to `time`, doing what falls due on the way.
  public mutating func advance(to time: Instant) {
    if time > run.now {
      run.apply(.wait(time - run.now))
    }
    observe()
  }

  /// A key went down (`.press`) or came up (`.release`, `.autorepeat` is
  /// ignored) at `time`: the clock moves there first.
  public mutating func key(_ action: KeyEvent.Action, _ key: Key, at time: Instant) {
    advance(to: time)
    switch action {
    case .press: run.apply(.press(key))
    case .release: run.apply(.release(key))
    case .autorepeat: return
    }
    run.settle()
    recorder?.record(KeyEvent(action, key, at: run.now))
    observe()
  }

  /// Runs scenario steps now (a page's `network …` line, an `expect`):
  /// the failed expectation, if one failed.
  public mutating func perform(_ steps: [ScenarioStep]) -> ScenarioFailure? {
    let failure = run.perform(steps)
    run.settle()
    observe()
    return failure
  }

  /// Starts writing the session as a scenario (`text`), from the
  /// session's start: a session recorded from its first key replays from
  /// a phone just started. `comments` go at the top.
  public mutating func startRecording(tapHold: Duration, comments: [String] = []) {
    var header = self.header
    header.steps = []
    recorder = ScenarioRecorder(
      header: header, origin: .zero, tapHold: tapHold, comments: comments)
    networkSeen = run.supervisor.recorder.networkRecorded
  }

  /// Whether the session is being recorded.
  public var isRecording: Bool { recorder != nil }

  /// The recording so far as a scenario, ending with what the phone
  /// shows now; nil when not recording.
  public mutating func recording() -> String? {
    guard let recorder else { return nil }
    let rows = run.rows
    return recorder.text(endingWith: rows, text: run.supervisor.phone.focusedText, at: run.now)
  }

  /// Shows the recorder the network's events since the last look, and the
  /// screen when it wants it.
  private mutating func observe() {
    guard recorder != nil else { return }
    let recorded = run.supervisor.recorder.networkRecorded
    if recorded > networkSeen {
      for event in run.supervisor.recorder.networkEvents(after: networkSeen) {
        recorder?.record(network: event, at: event.time)
      }
      networkSeen = recorded
    }
    guard let due = recorder?.screenDue, run.now >= due else { return }
    let rows = run.rows
    let text = run.supervisor.phone.focusedText
    recorder?.observe(rows: rows, text: text, at: run.now)
  }
}
