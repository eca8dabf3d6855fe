import CharacterLCD
import Diagnostics
import DisplayDriver
import Firmware
import KeypadInput
import SMS
import Supervision
import TextEntry

/// Writes a flight report as a scenario file that `t9phone test` replays:
/// a commented header (why, when, what was dropped, the recent log), the
/// set-up that brings a fresh phone to where the recording starts, every
/// recorded edge at its exact time, and what the firmware showed as
/// expectations.
public enum FlightReportWriter {
  /// The report as scenario text. `header` supplies what the phone does not
  /// know — its LCD, ROM, display, dictionary, contacts file and capacity,
  /// keymap; only those header fields are used. Everything else comes from
  /// the report.
  public static func text(_ report: FlightReport, header: ReportHeader) -> String {
    var lines = commentLines(report)
    lines += headerLines(header)
    lines += settingLines(report.settings)
    lines += unwrittenSettingLines(report.settings)
    lines.append("start \(report.start.rawValue)")
    lines += draftLines(report.draft)
    lines.append("")
    lines += stepLines(report)
    lines.append("")
    lines += expectationLines(report, geometry: header.geometry)
    return lines.joined(separator: "\n") + "\n"
  }

  /// `YYYYMMDDTHHMMSSZ-<what>.scenario`: the report's time in UTC and its
  /// trigger (the repair kind, or `on-demand`). Names sort by time.
  public static func fileName(_ report: FlightReport) -> String {
    let time = UTCTime(epochSeconds: report.epochSeconds)
    let what = report.trigger?.rawValue ?? "on-demand"
    return "\(time.compact)-\(what).scenario"
  }

  /// The header lines that give a fresh phone `settings`: `language`,
  /// `clock` and a `set` line for every setting the format knows — the
  /// inverse of the parser's header (settings it cannot express are left
  /// out: the owner's name, the voicemail number, the date).
  public static func settingLines(_ settings: PhoneSettings) -> [String] {
    var lines = [
      "language \(settings.language.code)",
      "clock \(WallClock(minutesAtStart: settings.clockAtStart).text(at: .zero))",
    ]
    let choice =
      InputModeChoice.allCases.first {
        $0.mode == settings.defaultMode
          && ($0.mode == .numeric || $0.letterCase == settings.defaultCase)
      } ?? .predictiveSentence
    if (1...999).contains(settings.country) { lines.append("country \(settings.country)") }
    if !settings.emergencyNumbers.isEmpty {
      var list = ""
      for number in settings.emergencyNumbers { list += (list.isEmpty ? "" : ",") + number }
      lines.append("emergency " + list)
    }
    lines.append("set input-mode \(choice.title.filter { $0 != " " })")
    let durations: [(name: String, value: Duration)] = [
      ("multitap-timeout", settings.multitapTimeout),
      ("long-press", settings.gestures.longPress),
      ("debounce", settings.gestures.debounce),
      ("repeat-interval", settings.gestures.repeatInterval),
      ("stuck-after", settings.gestures.stuckAfter),
      ("notice-time", settings.noticeDuration),
      ("backlight-timeout", settings.backlightTimeout),
      ("partial-timeout", settings.partialTimeout),
    ]
    for (name, value) in durations {
      if value < .zero {
        lines.append("# set \(name): negative (\(value.wholeMicroseconds)us), not written")
      } else {
        lines.append("set \(name) \(DurationParser.format(value))")
      }
    }
    return lines
  }

  // MARK: - Comments

  private static func commentLines(_ report: FlightReport) -> [String] {
    var lines = ["# t9phone flight report"]
    if let trigger = report.trigger {
      lines.append(comment("trigger: \(trigger.rawValue) repair"))
    } else {
      lines.append("# trigger: on demand")
    }
    if !report.summary.isEmpty { lines.append(comment("summary: \(report.summary)")) }
    let time = UTCTime(epochSeconds: report.epochSeconds)
    lines.append(
      "# made at firmware time \(seconds(report.time.microseconds)), \(time.readable) UTC")
    lines.append(
      "# replay: time 0 is firmware time \(seconds(report.startTime.microseconds)); "
        + "\(report.edges.count) edges"
        + (report.network.isEmpty ? "" : ", \(report.network.count) network events"))
    if report.droppedEdges > 0 {
      lines.append(
        "# \(report.droppedEdges) edges were dropped before the start: the replay starts from a")
      lines.append(
        "# reconstruction of how the phone got there (start screen, draft) and may not match")
    }
    if !report.networkComplete {
      lines.append(
        "# the recorder forgot network events since the start: messages may be missing")
    }
    if !report.log.isEmpty {
      lines.append("# recent log:")
      for record in report.log { lines.append(comment("  \(record.line)")) }
    }
    lines.append("")
    return lines
  }

  /// `# text`, with line breaks in `text` made spaces.
  private static func comment(_ text: String) -> String {
    var line = "# "
    for character in text {
      let breaks = character.unicodeScalars.contains { $0 == "\n" || $0 == "\r" }
      if breaks { line.append(" ") } else { line.append(character) }
    }
    return line
  }

  /// `12.345678s`: microseconds as seconds, exactly.
  private static func seconds(_ microseconds: Int64) -> String {
    let sign = microseconds < 0 ? "-" : ""
    let magnitude = microseconds.magnitude
    let fraction = String(magnitude % 1_000_000)
    return "\(sign)\(magnitude / 1_000_000)."
      + String(repeating: "0", count: 6 - fraction.utf8.count) + fraction + "s"
  }

  // MARK: - Header

  /// The `draft` line of a message being written at the start, or a comment
  /// saying why it cannot be written (the replay then starts without it);
  /// nothing for no draft.
  public static func draftLines(_ draft: String?) -> [String] {
    guard let draft, !draft.isEmpty else { return [] }
    if draft.unicodeScalars.count <= Phone.messageCapacity, let literal = quoted(draft) {
      return ["draft \(literal)"]
    }
    return [
      "# the draft (\(draft.unicodeScalars.count) characters) cannot be written in this"
        + " format: the replay starts without it"
    ]
  }

  /// The header lines of `header`'s set-up that are not settings: `lcd`,
  /// `rom`, `display`, `dictionary`, `contacts`, `contacts-capacity`,
  /// `modem`, `messages-capacity`, `keymap` (also the start of a hardware plan, `ScenarioPlan`).
  public static func headerLines(_ header: ReportHeader) -> [String] {
    var lines = ["lcd \(header.geometry.description)", "rom \(header.rom.description)"]
    if let line = header.display.scenarioHeaderLine { lines.append(line) }
    lines.append("dictionary \(header.usesDictionary ? "on" : "off")")
    if let file = header.contactsFile {
      if let written = word(file) {
        lines.append("contacts \(written)")
      } else {
        lines.append(comment("contacts: \(file) cannot be written in this format; none loaded"))
      }
    }
    if let capacity = header.contactsCapacity {
      if (1...10_000).contains(capacity) {
        lines.append("contacts-capacity \(capacity)")
      } else {
        lines.append("# contacts-capacity \(capacity) is out of range: the default is used")
      }
    }
    if header.hasModem { lines.append("modem sim") }
    if let capacity = header.messagesCapacity {
      if (1...10_000).contains(capacity) {
        lines.append("messages-capacity \(capacity)")
      } else {
        lines.append("# messages-capacity \(capacity) is out of range: the default is used")
      }
    }
    if let keymap = word(header.keymap) {
      lines.append("keymap \(keymap)")
    } else {
      lines.append(comment("keymap: \(header.keymap) cannot be written in this format"))
    }
    return lines
  }

  /// Comments for the settings the format cannot express.
  private static func unwrittenSettingLines(_ settings: PhoneSettings) -> [String] {
    var lines: [String] = []
    if !settings.ownerName.isEmpty {
      lines.append(
        comment("not replayed (no directive for it): owner name \"\(settings.ownerName)\""))
    }
    if !settings.voicemailNumber.isEmpty {
      lines.append(
        comment(
          "not replayed (no directive for it): voicemail number \"\(settings.voicemailNumber)\""))
    }
    if settings.defaultMode == .numeric && settings.defaultCase != .sentence {
      lines.append(
        "# not replayed (no directive for it): the letter case \(settings.defaultCase.indicator)"
          + " under the default mode 123")
    }
    return lines
  }

  // MARK: - Steps

  private static func stepLines(_ report: FlightReport) -> [String] {
    var lines: [String] = []
    var now = report.startTime.microseconds
    func wait(until time: Int64) {
      guard time > now else { return }
      lines.append("wait \(DurationParser.format(.microseconds(time - now)))")
      now = time
    }
    // A USSD reply is recorded when it comes, stamped with its request's
    // time (its rule must be in place before the request): put in order.
    let events = report.network.indices.sorted {
      let (left, right) = (report.network[$0].microseconds, report.network[$1].microseconds)
      return left == right ? $0 < $1 : left < right
    }.map { report.network[$0] }
    var leadEnd = report.startTime.microseconds + report.lead.wholeMicroseconds
    if let first = report.edges.first { leadEnd = min(leadEnd, first.microseconds) }
    if let first = events.first { leadEnd = min(leadEnd, first.microseconds) }
    wait(until: min(leadEnd, report.time.microseconds))
    // Edges and network events in time order (a network event first at
    // the same microsecond: it happened during the turn before the key).
    var next = events.startIndex
    func network(before time: Int64?) {
      while next < events.endIndex,
        time.map({ events[next].microseconds <= $0 }) ?? true
      {
        let event = events[next]
        next += 1
        wait(until: event.microseconds)
        lines.append(networkLine(event))
      }
    }
    for edge in report.edges {
      network(before: edge.microseconds)
      switch edge.kind {
      case .press, .release:
        let line = "\(edge.kind == .press ? "press" : "release") \(edge.key.rawValue)"
        guard edge.microseconds >= now else {
          // The firmware refuses an edge older than its clock.
          lines.append(
            "# skipped: \(line) at \(seconds(edge.microseconds)) is older than the time reached"
              + " (the firmware refuses an edge older than its clock)")
          continue
        }
        wait(until: edge.microseconds)
        lines.append(line)
      case .unplug, .replug:
        wait(until: edge.microseconds)
        lines.append(edge.kind == .unplug ? "unplug" : "replug")
      }
    }
    network(before: nil)
    wait(until: report.time.microseconds)
    return lines
  }

  /// `network pdu HEX`, `network refuse-sends`, `network call FROM`,
  /// `network ussd "REQUEST" "REPLY" menu`, …: the line that replays
  /// `event`.
  public static func networkLine(_ event: RecordedNetworkEvent) -> String {
    switch event.kind {
    case .pdu: return "network pdu \(Hex.string(event.pdu))"
    case .refusesSends: return "network refuse-sends"
    case .acceptsSends: return "network accept-sends"
    case .call:
      let number = String(decoding: event.pdu, as: UTF8.self)
      return "network call \(number.isEmpty ? "withheld" : number)"
    case .answer: return "network answer"
    case .busy: return "network busy"
    case .noAnswer: return "network no-answer"
    case .hangUp: return "network hangup"
    case .ussdMenu, .ussdEnd:
      let split = event.pdu.firstIndex(of: 0) ?? event.pdu.endIndex
      let request = String(decoding: event.pdu[..<split], as: UTF8.self)
      let reply = String(
        decoding: event.pdu[Swift.min(split + 1, event.pdu.endIndex)...], as: UTF8.self)
      // What GSM-7 text of a SIM800 cannot carry goes as UCS-2.
      let ucs2 = reply.unicodeScalars.contains { $0.value > 0x7E }
      guard let requestLiteral = quoted(request), let replyLiteral = quoted(reply) else {
        return "# a USSD reply the format cannot hold was left out"
      }
      return "network ussd \(requestLiteral) \(replyLiteral) "
        + (event.kind == .ussdMenu ? "menu" : "end") + (ucs2 ? " ucs2" : "")
    }
  }

  // MARK: - Expectations

  private static func expectationLines(_ report: FlightReport, geometry: LCDGeometry) -> [String] {
    var lines = ["# what the firmware showed at \(seconds(report.time.microseconds))"]
    if let name = word(report.screenName), !name.hasPrefix("\"") {
      lines.append("expect screen-name \(name)")
    } else {
      lines.append(comment("screen: \(report.screenName) (not a name the format can check)"))
    }
    lines += screenLines(report.rows, geometry: geometry)
    if let text = report.focusedText {
      if let literal = quoted(text) {
        lines.append("expect text \(literal)")
      } else {
        lines.append(
          "# the focused text (\(text.unicodeScalars.count) characters) cannot be written in this"
            + " format: not checked")
      }
    }
    return lines
  }

  /// `expect screen` with its rows, or row by row what can be written.
  public static func screenLines(_ rows: [String], geometry: LCDGeometry) -> [String] {
    let fits =
      rows.count == geometry.rows
      && rows.allSatisfy { $0.unicodeScalars.count == geometry.columns }
    guard fits else {
      return [
        "# the report's \(rows.count) rows do not fit the \(geometry.description) LCD:"
          + " the screen is not checked"
      ]
    }
    if rows.allSatisfy({ boxed($0) != nil }) {
      return ["expect screen"] + rows.compactMap(boxed)
    }
    var lines: [String] = []
    for (index, row) in rows.enumerated() {
      if let literal = quoted(row) {
        lines.append("expect line \(index + 1) \(literal)")
        continue
      }
      lines.append(
        "# row \(index + 1) has characters this format cannot write: only a part is checked")
      if let part = writablePart(of: row), let literal = quoted(part) {
        lines.append("expect line \(index + 1) contains \(literal)")
      }
    }
    return lines
  }

  /// `|row|`, if the parser reads exactly `row` back from it.
  public static func boxed(_ row: String) -> String? {
    guard !row.unicodeScalars.contains(where: { $0 == "\n" || unwritable($0) }) else {
      return nil
    }
    let line = "|" + row + "|"
    guard line.first == "|", line.last == "|", String(line.dropFirst().dropLast()) == row else {
      return nil
    }
    return line
  }

  /// The longest stretch of `row` that can be written as a string, if it
  /// is not blank.
  private static func writablePart(of row: String) -> String? {
    var pieces: [[Unicode.Scalar]] = [[]]
    for scalar in row.unicodeScalars {
      if scalar == "\n" || unwritable(scalar) {
        pieces.append([])
      } else {
        pieces[pieces.count - 1].append(scalar)
      }
    }
    var best: String?
    for piece in pieces {
      var start = 0
      while start < piece.count {
        var text = ""
        text.unicodeScalars.append(contentsOf: piece[start...])
        if quoted(text) != nil {
          if text.unicodeScalars.count > (best?.unicodeScalars.count ?? 0) { best = text }
          break
        }
        start += 1
      }
    }
    guard let best, best.unicodeScalars.contains(where: { $0 != " " }) else { return nil }
    return best
  }

  // MARK: - Words and strings

  /// `text` in double quotes with `\"`, `\\`, `\n` and `\t` escaped, if the
  /// lexer reads exactly `text` back from it.
  public static func quoted(_ text: String) -> String? {
    guard !text.unicodeScalars.contains(where: { unwritable($0) }) else { return nil }
    let literal = literal(text)
    return readsBack(literal, as: text, quoted: true) ? literal : nil
  }

  /// `text` in double quotes with `\"`, `\\`, `\n` and `\t` escaped and
  /// every other scalar as it is: a scenario's string literal.
  public static func literal(_ text: String) -> String {
    var literal = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": literal += "\\\""
      case "\\": literal += "\\\\"
      case "\n": literal += "\\n"
      case "\t": literal += "\\t"
      default: literal.unicodeScalars.append(scalar)
      }
    }
    return literal + "\""
  }

  /// A control character the format has no escape for (`\r` among them),
  /// which a text file should not hold raw.
  private static func unwritable(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 && scalar != "\t" && scalar != "\n") || scalar.value == 0x7F
  }

  /// `text` as one word, or quoted if it needs to be, if the lexer reads it
  /// back.
  private static func word(_ text: String) -> String? {
    guard !text.isEmpty else { return nil }
    if readsBack(text, as: text, quoted: false) { return text }
    return quoted(text)
  }

  /// Whether a directive's argument written as `literal` reads back as one
  /// token holding `text`.
  private static func readsBack(_ literal: String, as text: String, quoted: Bool) -> Bool {
    guard !literal.unicodeScalars.contains("\n") else { return false }
    let line = "draft " + literal
    guard
      let tokens = try? ScenarioLexer.tokens(of: Substring(line), lineNumber: 1, file: ""),
      tokens.count == 2
    else { return false }
    return tokens[1].quoted == quoted && tokens[1].text == text
  }
}
