import CharacterLCD
import ContactBook
import Diagnostics
import Firmware
import Vocabulary

/// What a flight report says, before it is written as a scenario: how to
/// bring a fresh phone to where the recording starts, the inputs since, and
/// what the firmware showed when the report was made.
///
/// Replaying it — the start, then `lead`, then every edge at its time, then
/// up to `time` — shows the same frame, because the firmware is a pure
/// function of its inputs and clock.
public struct FlightReport: Sendable {
  /// Why it was written: a repair (its kind), or on demand (nil).
  public var trigger: RepairKind?
  /// The repair's message, or why it was asked for.
  public var summary: String
  /// The firmware time of the report.
  public var time: Instant
  /// Seconds since 1970 at the report (for its name).
  public var epochSeconds: Int64
  /// The phone's settings at the start; `clockAtStart` is the time of day
  /// the replay starts with.
  public var settings: PhoneSettings
  /// The screen the replay starts on.
  public var start: StartScreen
  /// The message draft at the start, when not empty.
  public var draft: String?
  /// The firmware time the replay's instant zero stands for.
  public var startTime: Instant
  /// How long the replay waits before the first edge, so that minute
  /// changes of the clock fall where they fell.
  public var lead: Duration
  /// Edges the ring had to drop before the start (0: the replay is
  /// complete from the start).
  public var droppedEdges: Int
  /// The inputs since the start, in firmware time.
  public var edges: [RecordedEdge]
  /// The firmware's frame when the report was made, row by row.
  public var rows: [String]
  /// The focused field's text then, if a field had the focus.
  public var focusedText: String?
  /// The screen shown then.
  public var screenName: String
  /// The most recent log records, oldest first.
  public var log: [LogRecord]
  /// The contact book at the start, when the phone had one (a run writes
  /// it beside the report as a vCard file for the replay).
  public var contacts: ContactBook?
  /// What the network did since the start (messages that arrived, sends
  /// refused), in firmware time.
  public var network: [RecordedNetworkEvent]
  /// Whether `network` holds every event since the start (false: the
  /// recorder's ring forgot some).
  public var networkComplete: Bool

  /// Creates a report.
  public init(
    trigger: RepairKind?, summary: String, time: Instant, epochSeconds: Int64,
    settings: PhoneSettings, start: StartScreen, draft: String?, startTime: Instant,
    lead: Duration, droppedEdges: Int, edges: [RecordedEdge], rows: [String],
    focusedText: String?, screenName: String, log: [LogRecord], contacts: ContactBook? = nil,
    network: [RecordedNetworkEvent] = [], networkComplete: Bool = true
  ) {
    self.trigger = trigger
    self.summary = summary
    self.time = time
    self.epochSeconds = epochSeconds
    self.settings = settings
    self.start = start
    self.draft = draft
    self.startTime = startTime
    self.lead = lead
    self.droppedEdges = droppedEdges
    self.edges = edges
    self.rows = rows
    self.focusedText = focusedText
    self.screenName = screenName
    self.log = log
    self.contacts = contacts
    self.network = network
    self.networkComplete = networkComplete
  }
}
