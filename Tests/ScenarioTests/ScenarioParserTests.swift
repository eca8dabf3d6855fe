import CharacterLCD
import DisplayDriver
import Firmware
import KeypadInput
import Scenario
import ScenarioText
import Testing

private func parse(_ text: String) throws(ScenarioError) -> Scenario {
  try ScenarioParser.parse(text, file: "t.scenario")
}

private func error(_ text: String) -> String? {
  do {
    _ = try parse(text)
    return nil
  } catch {
    return error.description
  }
}

@Test("the header sets the LCD, ROM, language, start screen, clock and settings")
func scenarioParser_header() throws {
  let scenario = try parse(
    """
    # comment
    lcd 20x4
    rom A02
    language id
    start compose
    clock 09:41
    set multitap-timeout 1.5s
    set long-press 500ms
    set tap-hold 40ms
    set tap-gap 2s
    set input-mode 123
    tap 2
    """)
  #expect(scenario.geometry == LCDGeometry(columns: 20, rows: 4))
  #expect(scenario.rom == .a02)
  #expect(scenario.settings.language == .indonesian)
  #expect(scenario.start == .compose)
  #expect(scenario.settings.clockAtStart == 581)
  #expect(scenario.settings.multitapTimeout == .milliseconds(1500))
  #expect(scenario.settings.gestures.longPress == .milliseconds(500))
  #expect(scenario.tapHold == .milliseconds(40))
  #expect(scenario.tapGap == .seconds(2))
  #expect(scenario.settings.defaultMode == .numeric)
  #expect(scenario.steps.count == 1)
}

@Test("key directives and the lone # key versus comments")
func scenarioParser_hashKeyAndComments() throws {
  let scenario = try parse(
    """
    tap # 2 #
    tap 0 # a space
    hold # 1s
    press ok   ## a comment
    release ok
    wait 250ms
    """)
  guard case .tap(let first) = scenario.steps[0].action,
    case .tap(let second) = scenario.steps[1].action,
    case .hold(let held, let duration) = scenario.steps[2].action
  else {
    Issue.record("unexpected steps")
    return
  }
  #expect(first == [.hash, .two, .hash])
  #expect(second == [.zero])
  #expect(held == .hash && duration == .seconds(1))
  #expect(scenario.steps.count == 6)
  #expect(scenario.steps[5].location.line == 6)
}

@Test("expect screen reads one |row| per LCD row")
func scenarioParser_expectScreen() throws {
  let scenario = try parse(
    """
    expect screen
    |t9phone    00:00|
      |Menu       Names|
    expect line 1 contains "t9"
    expect cursor 2 3 blink
    expect cursor off
    expect text "a \\"b\\"\\n"
    expect mode "Abc"
    expect screen-name idle
    expect backlight off
    expect log contains "stuck"
    """)
  guard case .expect(.screen(let rows)) = scenario.steps[0].action else {
    Issue.record("not a screen expectation")
    return
  }
  #expect(rows == ["t9phone    00:00", "Menu       Names"])
  guard case .expect(.text(let text)) = scenario.steps[4].action else {
    Issue.record("not a text expectation")
    return
  }
  #expect(text == "a \"b\"\n")
  #expect(scenario.steps.count == 9)
}

@Test(
  "every bad line is a file:line:col error",
  arguments: [
    ("tap 2\nlcd 16x2", "t.scenario:2:1: error: 'lcd' belongs in the header"),
    ("lcd 17x2", "t.scenario:1:5: error: unsupported LCD '17x2'"),
    ("rom A01", "t.scenario:1:5: error: unknown character ROM 'A01'"),
    ("tap 2 x", "t.scenario:1:7: error: unknown key 'x'"),
    ("tap", "t.scenario:1:4: error: 'tap' needs at least one key"),
    ("wait 5", "t.scenario:1:6: error: bad duration '5'"),
    ("wait 1.s", "t.scenario:1:6: error: bad duration '1.s'"),
    ("hold 5", "t.scenario:1:7: error: expected a duration"),
    ("expect line 3 \"x\"", "t.scenario:1:13: error: 3 is out of range 1...2"),
    ("expect line 1 \"abcdefghijklmnopq\"", "t.scenario:1:15: error: text is 17 characters"),
    ("expect line 1 \"open", "t.scenario:1:15: error: unterminated string"),
    ("expect text abc", "t.scenario:1:13: error: expected a \"quoted\" string"),
    ("expect screen\n|abc|\n|def|", "t.scenario:2:2: error: screen row has 3 characters"),
    ("expect screen\n|t9phone    00:00|", "t.scenario:3:1: error: 'expect screen' needs 2"),
    ("expect screen\nhello", "t.scenario:2:1: error: expected a screen row"),
    ("expect smell", "t.scenario:1:8: error: unknown expectation 'smell'"),
    ("dance", "t.scenario:1:1: error: unknown directive 'dance'"),
    ("set speed 1s", "t.scenario:1:5: error: unknown setting 'speed'"),
    ("wait 1s extra", "t.scenario:1:9: error: unexpected 'extra'"),
    ("start moon", "t.scenario:1:7: error: unknown start screen 'moon'"),
    ("clock 25:00", "t.scenario:1:7: error: bad time of day '25:00'"),
    ("emergency 9x9", "t.scenario:1:11: error: '9x9' is not an emergency number (2 to 6 digits)"),
    ("  |row|", "t.scenario:1:3: error: screen row outside 'expect screen'"),
    ("expect text \"\\q\"", "t.scenario:1:14: error: unknown escape"),
  ])
func scenarioParser_errorsNameFileLineColumn(text: String, prefix: String) {
  let message = error(text)
  #expect(message?.hasPrefix(prefix) == true, "\(message ?? "no error")")
}

@Test("every directive inside repeat … done belongs to the block, press and release included")
func scenarioParser_repeatBlockKeepsEveryDirective() throws {
  let scenario = try parse(
    """
    repeat 3
    press 2
    wait 100ms
    release 2
    tap 3
    done
    """)
  #expect(scenario.steps.count == 1)
  guard case .repeated(let count, let body)? = scenario.steps.first?.action else {
    Issue.record("expected one repeat block, got \(scenario.steps.map(\.action))")
    return
  }
  #expect(count == 3)
  let names = body.map { step -> String in
    switch step.action {
    case .press(let key): "press \(key.name)"
    case .release(let key): "release \(key.name)"
    case .wait: "wait"
    case .tap(let keys): "tap \(keys.map(\.name).joined(separator: " "))"
    default: "other"
    }
  }
  #expect(names == ["press 2", "wait", "release 2", "tap 3"])
}

@Test("display picks the glass's driver and wiring; expect glass reads one |row| per row")
func scenarioParser_glass() throws {
  let scenario = try parse(
    """
    display i2c wiring=lcdproc
    lcd 16x1
    expect glass
      |Hi           Abc|
    bus fault EREMOTEIO
    bus ok
    """)
  #expect(scenario.display == .i2c(.simulated(wiring: .lcdproc)))
  guard case .expect(.glass(let rows)) = scenario.steps[0].action else {
    Issue.record("not expect glass")
    return
  }
  #expect(rows == ["Hi           Abc"])
  guard case .busFault(let fault) = scenario.steps[1].action else {
    Issue.record("not a bus fault")
    return
  }
  #expect(fault?.name == "EREMOTEIO")
  guard case .busFault(nil) = scenario.steps[2].action else {
    Issue.record("not bus ok")
    return
  }
  #expect(try parse("display lcdproc\n").display == .lcdprocDefault)
  #expect(try parse("lcd 16x2\n").display == .i2c(.simulated(wiring: .backpack)))
  // The settings are read by the same code as --display's.
  #expect(
    try parse("display i2c wiring=lcdproc backlight=high\n").display
      == .i2c(.simulated(wiring: PCF8574Wiring.lcdproc.withBacklight(activeHigh: true))))
}

@Test("bad display, glass and bus lines say file:line:col and what is accepted")
func scenarioParser_glassErrors() {
  #expect(error("display vga\n") == "t.scenario:1:9: error: unknown display 'vga' (i2c, lcdproc)")
  #expect(
    error("display i2c wiring=odd\n")
      == "t.scenario:1:13: error: unknown I2C display setting 'wiring=odd' (wiring=backpack|lcdproc, backlight=high|low)"
  )
  #expect(
    error("expect glass\n|short|\n|x|\n")
      == "t.scenario:2:2: error: glass row has 5 characters between the bars; the 16x2 LCD has 16")
  #expect(
    error("bus fault EPERM\n")
      == "t.scenario:1:11: error: unknown bus error 'EPERM' (ENXIO, EREMOTEIO, EIO, ETIMEDOUT, EAGAIN, ENODEV, ECONNREFUSED, ECONNRESET, EPIPE)"
  )
  #expect(
    error("tap 1\ndisplay i2c\n")?.hasSuffix(
      "'display' belongs in the header, before the first key, wait or expect") == true)
}

@Test("draft sets the message the phone starts with, escapes and all")
func scenarioParser_draft() throws {
  let scenario = try parse(
    """
    draft "Say \\"hi\\"\\nto Ann # not a comment"
    start compose
    """)
  #expect(scenario.draft == "Say \"hi\"\nto Ann # not a comment")
  #expect(try parse("start idle\n").draft == nil)
}

@Test("a draft longer than a message, unquoted or after the header is refused at its column")
func scenarioParser_draftErrors() {
  let long = String(repeating: "a", count: Phone.messageCapacity + 1)
  #expect(
    error("lcd 16x2\ndraft \"\(long)\"\n")
      == "t.scenario:2:7: error: the draft is 460 characters; a message holds 459")
  #expect(error("draft \"\(String(repeating: "é", count: 459))\"\n") == nil)
  #expect(
    error("draft hello\n") == "t.scenario:1:7: error: expected a \"quoted\" string, found 'hello'")
  #expect(
    error("tap 1\ndraft \"x\"\n")
      == "t.scenario:2:1: error: 'draft' belongs in the header, before the first key, wait or expect"
  )
}

@Test("every fault directive parses, a negative clock jump and the hash key included")
func scenarioParser_faults() throws {
  let actions = try parse(
    """
    fault lcd-garbage
    fault lcd-reset
    fault bus-down 2.5s
    fault stuck 5
    fault stuck #
    fault clock-jump -5s
    fault clock-jump 250ms
    expect repairs 3
    expect report
    """
  ).steps.map(\.action)
  let faults = actions.compactMap { action -> ScenarioFault? in
    if case .fault(let fault) = action { return fault }
    return nil
  }
  #expect(
    faults == [
      .lcdGarbage, .lcdReset, .busDown(.milliseconds(2500)), .stuck(.five), .stuck(.hash),
      .clockJump(.seconds(-5)), .clockJump(.milliseconds(250)),
    ])
  guard case .expect(.repairs(3)) = actions[7], case .expect(.report) = actions[8] else {
    Issue.record("expected 'expect repairs 3' and 'expect report', got \(actions[7...])")
    return
  }
}

@Test("bad faults are refused with their line and column")
func scenarioParser_badFaults() {
  #expect(
    error("fault lcd-melt")
      == "t.scenario:1:7: error: unknown fault 'lcd-melt' (lcd-garbage, lcd-reset, bus-down, stuck, clock-jump, modem-silent, modem-reset, modem-gone, modem-reset-mid-send, modem-hung)"
  )
  #expect(error("fault bus-down") != nil)
  #expect(
    error("fault clock-jump -x") == "t.scenario:1:18: error: bad duration '-x' (like 5s, -250ms)")
  #expect(error("fault stuck") != nil)
  #expect(
    error("display lcdproc\nfault lcd-garbage")
      == "t.scenario:2:7: error: 'fault lcd-garbage' needs 'display i2c': LCDd's screen is its own")
  #expect(error("expect repairs -1") != nil)
  // A lone # after other fault words is still a comment.
  #expect(error("fault lcd-reset # the module browns out") == nil)
}

@Test("a file with CRLF line endings parses as its LF twin")
func scenarioParser_crlf() throws {
  let lf =
    "start compose\ntap 4 4\nexpect text \"H\"\nexpect screen\n|H               |\n|Abc          458|\n"
  var crlf = ""
  for scalar in lf.unicodeScalars {
    if scalar == "\n" { crlf.unicodeScalars.append("\r") }
    crlf.unicodeScalars.append(scalar)
  }
  let scenario = try ScenarioParser.parse(crlf, file: "t.scenario")
  #expect(scenario.start == .compose)
  #expect(scenario.steps.count == 3)
  guard case .expect(.screen(let rows)) = scenario.steps[2].action else {
    Issue.record("step 3 is not 'expect screen'")
    return
  }
  #expect(rows == ["H               ", "Abc          458"])
  #expect(scenario.steps[2].location.line == 4)
}
