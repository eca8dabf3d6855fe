import CharacterLCD
import DisplayDriver
import Firmware
import KeypadInput
import SMS
import ScenarioText
import SystemLayer
import TextEntry
import Vocabulary

/// Parses the scenario format (see docs/scenarios.md): one directive a line,
/// `#` comments, a header before the first step, durations like `80ms`,
/// `1.5s`, `2s`. Every error names `file:line:col`.
public enum ScenarioParser {
  /// Parses a scenario's text; `file` is used in error messages.
  public static func parse(_ text: String, file: String) throws(ScenarioError) -> Scenario {
    var scenario = Scenario(file: file)
    // Split at each `\n` scalar: `\r\n` is one Character, so splitting the
    // characters would leave a CRLF file one long line. The `\r` left at a
    // line's end is blank to the lexer and after a `|row|`.
    var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
      .map { Substring($0) }
    if lines.last == "" { lines.removeLast() }
    var lineIndex = 0
    var headerOpen = true
    // Open `repeat` blocks: where each started, its count, its steps so far.
    var blocks: [(location: SourceLocation, count: Int, steps: [ScenarioStep])] = []
    func add(_ step: ScenarioStep) {
      if blocks.isEmpty {
        scenario.steps.append(step)
      } else {
        blocks[blocks.count - 1].steps.append(step)
      }
    }
    while lineIndex < lines.count {
      let lineNumber = lineIndex + 1
      let tokens = try ScenarioLexer.tokens(
        of: lines[lineIndex], lineNumber: lineNumber, file: file)
      lineIndex += 1
      guard let directive = tokens.first else { continue }
      var reader = TokenReader(tokens: tokens, file: file, line: lineNumber)
      reader.next()
      func location(_ token: ScenarioToken) -> SourceLocation {
        SourceLocation(file: file, line: lineNumber, column: token.column)
      }
      switch directive.text {
      case "lcd", "rom", "language", "set", "start", "clock", "dictionary", "contacts",
        "contacts-capacity", "keymap", "display", "draft", "modem", "country",
        "messages-capacity", "sim-pin", "emergency":
        guard headerOpen else {
          throw ScenarioError(
            "'\(directive.text)' belongs in the header, before the first key, wait or expect",
            at: location(directive))
        }
        try parseHeader(directive.text, &reader, into: &scenario)
      case "tap":
        headerOpen = false
        var keys: [Key] = []
        while reader.hasMore { keys.append(try reader.key()) }
        guard !keys.isEmpty else {
          throw ScenarioError("'tap' needs at least one key", at: reader.endLocation)
        }
        add(ScenarioStep(.tap(keys), at: location(directive)))
      case "press", "release":
        headerOpen = false
        let key = try reader.key()
        add(
          ScenarioStep(
            directive.text == "press" ? .press(key) : .release(key), at: location(directive)))
      case "hold":
        headerOpen = false
        let key = try reader.key()
        let duration = try reader.duration()
        add(ScenarioStep(.hold(key, duration), at: location(directive)))
      case "wait":
        headerOpen = false
        let duration = try reader.duration()
        add(ScenarioStep(.wait(duration), at: location(directive)))
      case "expect":
        headerOpen = false
        let expectation = try parseExpectation(
          &reader, geometry: scenario.geometry, lines: lines, lineIndex: &lineIndex)
        add(ScenarioStep(.expect(expectation), at: location(directive)))
      case "restart":
        headerOpen = false
        add(ScenarioStep(.restart, at: location(directive)))
      case "evemu":
        headerOpen = false
        let token = try reader.token("an evemu recording file")
        add(ScenarioStep(.recording(token.text), at: location(directive)))
      case "bus":
        headerOpen = false
        let token = try reader.word("'fault ERRNO' or 'ok'")
        switch token.text {
        case "ok": add(ScenarioStep(.busFault(nil), at: location(directive)))
        case "fault":
          let name = try reader.word("an errno such as EREMOTEIO")
          let allowed = [
            "ENXIO", "EREMOTEIO", "EIO", "ETIMEDOUT", "EAGAIN", "ENODEV", "ECONNREFUSED",
            "ECONNRESET", "EPIPE",
          ]
          guard allowed.contains(name.text), let errno = Errno(name: name.text) else {
            throw reader.error(
              "unknown bus error '\(name.text)' (\(allowed.joined(separator: ", ")))", at: name)
          }
          add(ScenarioStep(.busFault(errno), at: location(directive)))
        default:
          throw reader.error("expected 'fault ERRNO' or 'ok', found '\(token.text)'", at: token)
        }
      case "fault":
        headerOpen = false
        add(ScenarioStep(.fault(try parseFault(&reader, scenario)), at: location(directive)))
      case "network":
        headerOpen = false
        guard scenario.hasModem else {
          throw ScenarioError(
            "'network' needs 'modem sim' in the header", at: location(directive))
        }
        add(ScenarioStep(.network(try parseNetwork(&reader)), at: location(directive)))
      case "unplug", "replug":
        headerOpen = false
        add(
          ScenarioStep(directive.text == "unplug" ? .unplug : .replug, at: location(directive)))
      case "repeat":
        headerOpen = false
        let count = try reader.integer("a repeat count", in: 1...10_000_000)
        blocks.append((location(directive), count, []))
      case "done":
        guard let block = blocks.popLast() else {
          throw ScenarioError("'done' without an open 'repeat'", at: location(directive))
        }
        add(ScenarioStep(.repeated(block.count, block.steps), at: block.location))
      default:
        if directive.text.hasPrefix("|") {
          throw ScenarioError("screen row outside 'expect screen'", at: location(directive))
        }
        throw ScenarioError("unknown directive '\(directive.text)'", at: location(directive))
      }
      try reader.finish()
    }
    if let open = blocks.last {
      throw ScenarioError("'repeat' is never closed with 'done'", at: open.location)
    }
    return scenario
  }

  private static func parseHeader(
    _ directive: String, _ reader: inout TokenReader, into scenario: inout Scenario
  ) throws(ScenarioError) {
    switch directive {
    case "lcd":
      let token = try reader.word("a geometry like 16x2")
      guard let geometry = LCDGeometry(name: token.text) else {
        throw reader.error(
          "unsupported LCD '\(token.text)' (supported: \(LCDGeometry.supported.map { $0.description }.joined(separator: ", ")))",
          at: token)
      }
      scenario.geometry = geometry
    case "display":
      var words = [try reader.word("i2c or lcdproc")]
      while reader.hasMore { words.append(try reader.word("a display setting")) }
      switch DisplaySpec.parseScenarioHeader(words.map { Substring($0.text) }) {
      case .success(let display): scenario.display = display
      case .failure(let error): throw reader.error(error.description, at: words[error.setting ?? 0])
      }
    case "rom":
      let token = try reader.word("A00 or A02")
      guard let rom = CharacterROM(name: token.text) else {
        throw reader.error("unknown character ROM '\(token.text)' (A00 or A02)", at: token)
      }
      scenario.rom = rom
    case "language":
      let token = try reader.word("a language code")
      guard let language = Language(code: token.text) else {
        throw reader.error(
          "unknown language '\(token.text)' (\(Language.allCases.map { $0.code }.joined(separator: ", ")))",
          at: token)
      }
      scenario.settings.language = language
    case "start":
      let token = try reader.word("a screen")
      guard let start = StartScreen(rawValue: token.text) else {
        throw reader.error(
          "unknown start screen '\(token.text)' (\(StartScreen.allCases.map { $0.rawValue }.joined(separator: ", ")))",
          at: token)
      }
      scenario.start = start
    case "draft":
      let token = try reader.stringToken()
      let length = token.text.unicodeScalars.count
      guard length <= Phone.messageCapacity else {
        throw reader.error(
          "the draft is \(length) characters; a message holds \(Phone.messageCapacity)", at: token)
      }
      scenario.draft = token.text
    case "contacts":
      let token = try reader.token("a vCard file")
      scenario.contactsFile = token.text
    case "keymap":
      scenario.keymap = try reader.token("a keymap name or file").text
    case "contacts-capacity":
      scenario.contactsCapacity = try reader.integer("a capacity", in: 1...10_000)
    case "dictionary":
      let token = try reader.word("on or off")
      guard token.text == "on" || token.text == "off" else {
        throw reader.error("expected 'on' or 'off', found '\(token.text)'", at: token)
      }
      scenario.usesDictionary = token.text == "on"
    case "modem":
      let token = try reader.word("none or sim")
      switch token.text {
      case "none": scenario.hasModem = false
      case "sim": scenario.hasModem = true
      default:
        throw reader.error(
          "unknown modem '\(token.text)' (none, sim; a scenario has no serial line)", at: token)
      }
    case "country":
      scenario.settings.country = try reader.integer("a country calling code", in: 1...999)
    case "emergency":
      let token = try reader.word("emergency numbers, comma-separated")
      switch PhoneSettings.emergencyNumbers(from: token.text) {
      case .success(let numbers): scenario.settings.emergencyNumbers = numbers
      case .failure(let error): throw reader.error(error.message, at: token)
      }
    case "messages-capacity":
      scenario.messageCapacity = try reader.integer("a number of message parts", in: 1...10_000)
    case "sim-pin":
      let token = try reader.word("a PIN of 4-8 digits")
      guard (4...8).contains(token.text.utf8.count),
        token.text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
      else { throw reader.error("a PIN is 4-8 digits, not '\(token.text)'", at: token) }
      scenario.simPIN = token.text
    case "clock":
      let token = try reader.word("a time of day HH:MM")
      guard let minutes = WallClock.parse(token.text) else {
        throw reader.error("bad time of day '\(token.text)' (HH:MM)", at: token)
      }
      scenario.settings.clockAtStart = minutes
    default:
      try parseSetting(&reader, into: &scenario)
    }
  }

  /// The names `set` accepts.
  public static let settingNames = [
    "multitap-timeout", "long-press", "tap-hold", "tap-gap", "debounce", "repeat-interval",
    "stuck-after", "notice-time", "backlight-timeout", "input-mode", "partial-timeout",
  ]

  private static func parseSetting(_ reader: inout TokenReader, into scenario: inout Scenario)
    throws(ScenarioError)
  {
    let name = try reader.word("a setting name")
    if name.text == "input-mode" {
      let value = try reader.token("an input mode: \"T9 Abc\", T9Abc, Abc, abc, ABC or 123")
      guard let choice = InputModeChoice(indicator: value.text) else {
        throw reader.error(
          "unknown input mode '\(value.text)' (T9Abc, T9abc, T9ABC, Abc, abc, ABC, 123)", at: value)
      }
      scenario.settings.defaultMode = choice.mode
      scenario.settings.defaultCase = choice.letterCase
      return
    }
    guard settingNames.contains(name.text) else {
      throw reader.error(
        "unknown setting '\(name.text)' (\(settingNames.joined(separator: ", ")))", at: name)
    }
    let value = try reader.duration()
    switch name.text {
    case "multitap-timeout": scenario.settings.multitapTimeout = value
    case "long-press": scenario.settings.gestures.longPress = value
    case "tap-hold": scenario.tapHold = value
    case "tap-gap": scenario.tapGap = value
    case "debounce": scenario.settings.gestures.debounce = value
    case "repeat-interval": scenario.settings.gestures.repeatInterval = value
    case "stuck-after": scenario.settings.gestures.stuckAfter = value
    case "notice-time": scenario.settings.noticeDuration = value
    case "partial-timeout": scenario.settings.partialTimeout = value
    default: scenario.settings.backlightTimeout = value
    }
  }

  private static func parseExpectation(
    _ reader: inout TokenReader, geometry: LCDGeometry, lines: [Substring], lineIndex: inout Int
  ) throws(ScenarioError) -> Expectation {
    let kind = try reader.word("what to expect")
    switch kind.text {
    case "line":
      let row = try reader.integer("a row number", in: 1...geometry.rows)
      if reader.peekWord == "contains" {
        reader.next()
        return .lineContains(row, try reader.string())
      }
      let textToken = try reader.stringToken()
      guard textToken.text.unicodeScalars.count <= geometry.columns else {
        throw reader.error(
          "text is \(textToken.text.unicodeScalars.count) characters; the \(geometry) LCD has \(geometry.columns) columns",
          at: textToken)
      }
      return .line(row, textToken.text)
    case "screen":
      if reader.peekWord == "contains" {
        reader.next()
        return .screenContains(try reader.string())
      }
      return .screen(
        try rows(
          of: "screen", reader: reader, geometry: geometry, lines: lines, lineIndex: &lineIndex))
    case "glass":
      return .glass(
        try rows(
          of: "glass", reader: reader, geometry: geometry, lines: lines, lineIndex: &lineIndex))
    case "cursor":
      if reader.peekWord == "off" {
        reader.next()
        return .cursorOff
      }
      let row = try reader.integer("a row number or 'off'", in: 1...geometry.rows)
      let column = try reader.integer("a column number", in: 1...geometry.columns)
      var style: CursorStyle?
      if reader.hasMore {
        let token = try reader.word("underline or blink")
        guard let parsed = CursorStyle(rawValue: token.text), parsed != .off else {
          throw reader.error("unknown cursor style '\(token.text)' (underline, blink)", at: token)
        }
        style = parsed
      }
      return .cursor(row: row, column: column, style: style)
    case "text":
      return .text(try reader.string())
    case "mode":
      return .mode(try reader.string())
    case "screen-name":
      return .screenName(try reader.word("a screen name").text)
    case "backlight":
      let token = try reader.word("on or off")
      guard token.text == "on" || token.text == "off" else {
        throw reader.error("expected 'on' or 'off', found '\(token.text)'", at: token)
      }
      return .backlight(token.text == "on")
    case "log":
      let word = try reader.word("'contains'")
      guard word.text == "contains" else {
        throw reader.error("expected 'contains', found '\(word.text)'", at: word)
      }
      return .logContains(try reader.string())
    case "repairs":
      return .repairs(try reader.integer("a number of repairs", in: 0...1_000_000))
    case "report":
      return .report
    case "sent":
      let number = try reader.token("a phone number")
      return .sent(to: number.text, text: try reader.string())
    case "inbox":
      return .inbox(try reader.integer("a number of messages", in: 0...100_000))
    case "unread":
      return .unread(try reader.integer("a number of messages", in: 0...100_000))
    case "dialed":
      let number = try reader.token("a phone number")
      return .dialed(number.text)
    case "call":
      let word = try reader.word("idle, dialing, ringing, active or incoming")
      guard let state = CallState(name: word.text) else {
        throw reader.error(
          "unknown call state '\(word.text)' (idle, dialing, ringing, active, incoming)", at: word)
      }
      return .call(state)
    case "dtmf":
      let digits = try reader.stringToken()
      guard
        digits.text.unicodeScalars.allSatisfy({
          ("0"..."9").contains($0) || $0 == "*" || $0 == "#"
        })
      else { throw reader.error("DTMF tones are 0-9, * and #", at: digits) }
      return .dtmf(digits.text)
    case "missed":
      return .missed(try reader.integer("a number of calls", in: 0...100_000))
    default:
      throw reader.error(
        "unknown expectation '\(kind.text)' (line, screen, glass, cursor, text, mode, screen-name, backlight, log, repairs, report, sent, inbox, unread, dialed, call, dtmf, missed)",
        at: kind)
    }
  }

  /// `fault lcd-garbage|lcd-reset|bus-down DURATION|stuck K|clock-jump DURATION`.
  private static func parseFault(_ reader: inout TokenReader, _ scenario: Scenario)
    throws(ScenarioError) -> ScenarioFault
  {
    let kind = try reader.word(
      "lcd-garbage, lcd-reset, bus-down, stuck, clock-jump, modem-silent, modem-reset, modem-gone, modem-reset-mid-send or modem-hung"
    )
    if kind.text.hasPrefix("modem-"), !scenario.hasModem {
      throw reader.error("'fault \(kind.text)' needs 'modem sim' in the header", at: kind)
    }
    switch kind.text {
    case "modem-silent": return .modemSilent(try reader.duration())
    case "modem-reset": return .modemReset
    case "modem-gone": return .modemGone(try reader.duration())
    case "modem-reset-mid-send": return .modemResetMidSend
    case "modem-hung": return .modemHung
    case "lcd-garbage":
      guard case .i2c = scenario.display else {
        throw reader.error(
          "'fault lcd-garbage' needs 'display i2c': LCDd's screen is its own", at: kind)
      }
      return .lcdGarbage
    case "lcd-reset":
      return .lcdReset
    case "bus-down":
      return .busDown(try reader.duration())
    case "stuck":
      return .stuck(try reader.key())
    case "clock-jump":
      let token = try reader.token("a duration like 5s or -5s")
      let negative = token.text.hasPrefix("-")
      guard let magnitude = DurationParser.parse(String(token.text.dropFirst(negative ? 1 : 0)))
      else {
        throw reader.error("bad duration '\(token.text)' (like 5s, -250ms)", at: token)
      }
      return .clockJump(negative ? .zero - magnitude : magnitude)
    default:
      throw reader.error(
        "unknown fault '\(kind.text)' (lcd-garbage, lcd-reset, bus-down, stuck, clock-jump, modem-silent, modem-reset, modem-gone, modem-reset-mid-send, modem-hung)",
        at: kind)
    }
  }

  /// `network sms FROM "TEXT"`, `network pdu HEX`, `network refuse-sends`,
  /// `network accept-sends`.
  private static func parseNetwork(_ reader: inout TokenReader) throws(ScenarioError)
    -> NetworkAction
  {
    let kind = try reader.word(
      "a network action (sms, pdu, call, answer, busy, no-answer, hangup, ussd, signal…)")
    switch kind.text {
    case "sms":
      let from = try reader.token("a sender: a number or a name such as Telkomsel")
      guard
        PhoneAddress(number: from.text) != nil
          || PhoneAddress(name: Array(from.text.unicodeScalars)) != nil
      else {
        throw reader.error(
          "'\(from.text)' is neither a number nor a sender name of at most 11 GSM characters",
          at: from)
      }
      return .sms(from: from.text, text: try reader.string())
    case "pdu":
      let token = try reader.token("a PDU in hex")
      var bytes: [UInt8] = []
      do {
        try Hex.decode(Array(token.text.utf8), into: &bytes)
        var text: [Unicode.Scalar] = []
        _ = try PDUDecoder.decode(bytes, text: &text)
      } catch {
        throw reader.error("not a PDU the phone can read: \(error)", at: token)
      }
      return .pdu(bytes)
    case "refuse-sends": return .refusesSends(true)
    case "accept-sends": return .refusesSends(false)
    case "call":
      let from = try reader.token("a caller's number")
      // A caller who withholds the number: `+CLIP` says nothing.
      if from.text == "withheld" { return .call(from: "") }
      guard PhoneAddress(number: from.text) != nil else {
        throw reader.error("'\(from.text)' is not a phone number", at: from)
      }
      return .call(from: from.text)
    case "answer": return .farEnd(.answer)
    case "busy": return .farEnd(.busy)
    case "no-answer": return .farEnd(.noAnswer)
    case "hangup": return .farEnd(.hangUp)
    case "ussd":
      let request = try reader.string()
      let reply = try reader.string()
      let kind = try reader.word("menu or end")
      guard kind.text == "menu" || kind.text == "end" else {
        throw reader.error("expected 'menu' or 'end', found '\(kind.text)'", at: kind)
      }
      var ucs2 = false
      if reader.hasMore {
        let word = try reader.word("ucs2")
        guard word.text == "ucs2" else {
          throw reader.error(
            "expected 'ucs2' or the end of the line, found '\(word.text)'", at: word)
        }
        ucs2 = true
      }
      return .ussd(request: request, reply: reply, menu: kind.text == "menu", ucs2: ucs2)
    case "signal":
      let token = try reader.word("a +CSQ value, 0-31 or 99")
      guard let value = Int(token.text), (0...31).contains(value) || value == 99 else {
        throw reader.error("a +CSQ value is 0-31 or 99 (unknown), not '\(token.text)'", at: token)
      }
      return .signal(value)
    case "registration":
      let word = try reader.word("home, roaming, searching or denied")
      switch word.text {
      case "home": return .registration(.home)
      case "roaming": return .registration(.roaming)
      case "searching": return .registration(.searching)
      case "denied": return .registration(.denied)
      default:
        throw reader.error(
          "unknown registration '\(word.text)' (home, roaming, searching, denied)", at: word)
      }
    case "operator":
      let name = try reader.stringToken()
      guard !name.text.isEmpty, name.text.utf8.count <= 24,
        name.text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 })
      else {
        throw reader.error("an operator's name is 1-24 printable ASCII characters", at: name)
      }
      return .operatorName(name.text)
    case "battery":
      return .battery(try reader.integer("a battery level in percent", in: 0...100))
    case "sim":
      let word = try reader.word("ready, absent, pin or puk")
      switch word.text {
      case "ready": return .sim(.ready)
      case "absent": return .sim(.absent)
      case "pin": return .sim(.pin)
      case "puk": return .sim(.puk)
      default:
        throw reader.error("unknown SIM state '\(word.text)' (ready, absent, pin, puk)", at: word)
      }
    case "time":
      let token = try reader.word("a time like 2026-11-27T09:41:00+07:00")
      guard let time = NetworkTime(token.text) else {
        throw reader.error(
          "bad time '\(token.text)' (like 2026-11-27T09:41:00+07:00)", at: token)
      }
      return .time(time)
    default:
      throw reader.error(
        "unknown network action '\(kind.text)' (sms, pdu, refuse-sends, accept-sends, call, answer, busy, no-answer, hangup, ussd, signal, registration, operator, battery, sim, time)",
        at: kind)
    }
  }

  /// The `|row|` lines after `expect screen` or `expect glass`, one per LCD row.
  private static func rows(
    of kind: String, reader: TokenReader, geometry: LCDGeometry, lines: [Substring],
    lineIndex: inout Int
  ) throws(ScenarioError) -> [String] {
    var rows: [String] = []
    while rows.count < geometry.rows {
      guard lineIndex < lines.count else {
        throw ScenarioError(
          "'expect \(kind)' needs \(geometry.rows) '|row|' lines for the \(geometry) LCD; found \(rows.count)",
          at: SourceLocation(file: reader.file, line: lineIndex + 1, column: 1))
      }
      let raw = lines[lineIndex]
      let location = SourceLocation(file: reader.file, line: lineIndex + 1, column: 1)
      let trimmed = raw.drop { $0 == " " || $0 == "\t" }
      let indent = raw.count - trimmed.count
      var body = trimmed
      while body.last == " " || body.last == "\t" || body.last == "\r" { body.removeLast() }
      guard body.first == "|", body.count >= 2, body.last == "|" else {
        throw ScenarioError(
          "expected a \(kind) row written as |text| (\(rows.count + 1) of \(geometry.rows))",
          at: SourceLocation(file: location.file, line: location.line, column: indent + 1))
      }
      let content = String(body.dropFirst().dropLast())
      guard content.unicodeScalars.count == geometry.columns else {
        throw ScenarioError(
          "\(kind) row has \(content.unicodeScalars.count) characters between the bars; the \(geometry) LCD has \(geometry.columns)",
          at: SourceLocation(file: location.file, line: location.line, column: indent + 2))
      }
      rows.append(content)
      lineIndex += 1
    }
    return rows
  }
}
