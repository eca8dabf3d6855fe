import CharacterLCD
import Firmware
import KeypadInput
import ScenarioText
import Supervision

/// Writes a live session as a scenario that `t9phone test` replays
/// (`t9phone sim --record FILE`): the header the session ran with, every key
/// edge the firmware received at its time rounded to 10 ms, and what the
/// firmware showed — `expect screen`, and `expect text` while an editor is
/// open — each time the typing paused for longer than `pause`, and at the
/// end.
///
/// Pure: the caller tells it the edges and the screens with their instants
/// (the simulator's clock, a test's manual one); it reads no clock.
public struct ScenarioRecorder: Sendable {
  /// The header the scenario starts with; its steps are ignored.
  public let header: Scenario
  /// The instant that becomes the scenario's time zero: when the phone
  /// started.
  public let origin: Instant
  /// How long the session's taps hold a key: a press released after
  /// exactly this long is written as `tap`, any other as `hold`.
  public let tapHold: Duration
  /// How long the typing must rest, no key down, before the screen is
  /// written as an expectation.
  public let pause: Duration
  /// Comment lines (without `#`) written at the top.
  public let comments: [String]

  /// The grain of the written times.
  public static let quantum: Int64 = 10_000

  private enum Entry: Sendable {
    case edge(KeyEvent.Action, Key, Int64)
    case screen(Int64, [String], String?)
    case network(Int64, String)

    var time: Int64 {
      switch self {
      case .edge(_, _, let time), .screen(let time, _, _), .network(let time, _): time
      }
    }
  }

  private var entries: [Entry] = []
  private var lastTime: Int64 = 0
  private var lastEdge: Instant
  private var keysDown: [Key] = []
  private var screenTaken = false

  /// A recorder for a session that started at `origin` with `header`'s
  /// set-up (`lcd`, `rom`, `display`, `dictionary`, `contacts`, settings,
  /// `start`, `draft`).
  public init(
    header: Scenario, origin: Instant, tapHold: Duration, pause: Duration = .seconds(1),
    comments: [String] = []
  ) {
    self.header = header
    self.origin = origin
    self.tapHold = tapHold
    self.pause = pause
    self.comments = comments
    lastEdge = origin
    entries.reserveCapacity(1024)
  }

  /// When the recorder wants to see the screen: `pause` after the last
  /// edge (or the start) with no key down, once per pause; nil otherwise.
  public var screenDue: Instant? {
    guard keysDown.isEmpty, !screenTaken else { return nil }
    return lastEdge + pause
  }

  /// A key edge the firmware received, at its time. Autorepeats are not
  /// edges and are left out.
  public mutating func record(_ event: KeyEvent) {
    guard event.action != .autorepeat else { return }
    entries.append(.edge(event.action, event.key, quantised(event.time)))
    lastEdge = event.time
    screenTaken = false
    if event.action == .press {
      if !keysDown.contains(event.key) { keysDown.append(event.key) }
    } else {
      keysDown.removeAll { $0 == event.key }
    }
  }

  /// What the network did at `time` (a message arrived, it refused the
  /// phone's messages or took them again), written as its `network …`
  /// line; the screen after it is written as for a key.
  public mutating func record(network event: RecordedNetworkEvent, at time: Instant) {
    let line = FlightReportWriter.networkLine(event)
    // A USSD reply is stamped with its request's time, which is past: its
    // rule goes before the key that sent the request.
    let at = rounded(time)
    if let index = entries.firstIndex(where: { $0.time >= at }) {
      entries.insert(.network(at, line), at: index)
      return
    }
    entries.append(.network(quantised(time), line))
    lastEdge = Swift.max(lastEdge, time)
    screenTaken = false
  }

  /// What the firmware shows at `time`: its frame's rows and the focused
  /// field's text (nil when no editor is open). Written as an expectation
  /// when the screen is due (`screenDue` has come), else ignored.
  public mutating func observe(rows: [String], text: String?, at time: Instant) {
    guard let due = screenDue, time >= due else { return }
    entries.append(.screen(quantised(time), rows, text))
    screenTaken = true
  }

  /// The scenario: the header, the steps so far and, at `end`, what the
  /// firmware shows then (left out when nothing happened since the last
  /// expectation and the screen is the same).
  public func text(endingWith rows: [String], text: String?, at end: Instant) -> String {
    var entries = self.entries
    var final = true
    if case .screen(_, let lastRows, let lastText) = entries.last {
      final = lastRows != rows || lastText != text
    }
    if final { entries.append(.screen(Swift.max(lastTime, rounded(end)), rows, text)) }
    var lines = ["# Recorded by 't9phone sim --record': the keys as the firmware received them,"]
    lines.append("# to 10 ms, and what it showed after each pause and at the end.")
    for comment in comments { lines.append("# " + comment) }
    lines += FlightReportWriter.headerLines(header.reportHeader)
    lines += FlightReportWriter.settingLines(header.settings)
    lines.append("set tap-hold \(DurationParser.format(tapHold))")
    lines.append("set tap-gap 0ms")
    lines.append("start \(header.start.rawValue)")
    lines += FlightReportWriter.draftLines(header.draft)
    lines.append("")
    lines += stepLines(entries)
    return lines.joined(separator: "\n") + "\n"
  }

  /// The directives for `entries`: a press released after `tapHold` with
  /// nothing between is `tap`, after any other time `hold`; the rest are
  /// `press` and `release`, with `wait` between.
  private func stepLines(_ entries: [Entry]) -> [String] {
    var lines: [String] = []
    var now: Int64 = 0
    func wait(until time: Int64) {
      guard time > now else { return }
      lines.append("wait \(DurationParser.format(.microseconds(time - now)))")
      now = time
    }
    var index = 0
    while index < entries.count {
      switch entries[index] {
      case .edge(let action, let key, let time):
        wait(until: time)
        if action == .press, index + 1 < entries.count,
          case .edge(.release, key, let released) = entries[index + 1]
        {
          let held = Duration.microseconds(released - time)
          lines.append(
            held == tapHold
              ? "tap \(key.rawValue)" : "hold \(key.rawValue) \(DurationParser.format(held))")
          now = released
          index += 2
          continue
        }
        lines.append("\(action == .press ? "press" : "release") \(key.rawValue)")
      case .screen(let time, let rows, let text):
        wait(until: time)
        lines += FlightReportWriter.screenLines(rows, geometry: header.geometry)
        if let text {
          if let literal = FlightReportWriter.quoted(text) {
            lines.append("expect text \(literal)")
          } else {
            lines.append(
              "# the text (\(text.unicodeScalars.count) characters) cannot be written here")
          }
        }
        lines.append("")
      case .network(let time, let line):
        wait(until: time)
        lines.append(line)
      }
      index += 1
    }
    while lines.last == "" { lines.removeLast() }
    return lines
  }

  /// `time` from the origin, to the nearest 10 ms, never before the last
  /// entry.
  private mutating func quantised(_ time: Instant) -> Int64 {
    lastTime = Swift.max(lastTime, rounded(time))
    return lastTime
  }

  /// `time` from the origin to the nearest 10 ms, at least 0.
  private func rounded(_ time: Instant) -> Int64 {
    let micro = Swift.max(0, time.microseconds - origin.microseconds)
    return (micro + ScenarioRecorder.quantum / 2) / ScenarioRecorder.quantum
      * ScenarioRecorder.quantum
  }
}
