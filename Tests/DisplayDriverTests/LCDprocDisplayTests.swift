import CharacterLCD
import Diagnostics
import DisplayDriver
import KeypadInput
import SystemLayer
import TestSupport
import Testing

/// A frame of `rows` on a 16x2 A00 module, as the firmware composes it.
func lcdFrame(_ rows: [String], geometry: LCDGeometry = .lcd16x2, rom: CharacterROM = .a00)
  -> LCDFrame
{
  var canvas = Canvas(geometry: geometry)
  for (index, text) in rows.enumerated() { _ = canvas.write(text, row: index) }
  var composer = LCDComposer(rom: rom)
  return composer.frame(for: canvas)
}

func at(_ milliseconds: Int64) -> Instant { Instant(microseconds: milliseconds * 1000) }

/// A client on the fake, greeted by a 16x2 LCDd and with its set-up lines
/// taken, showing `rows`.
func connectedDisplay(
  _ rows: [String] = ["Hello", "world"], keymap: LCDprocKeymap? = nil, log: Log = .disabled
) -> LCDprocDisplay<FakeSocketSystem> {
  var display = LCDprocDisplay(
    geometry: .lcd16x2, keymap: keymap, system: FakeSocketSystem(), log: log)
  display.show(lcdFrame(rows), at: at(0))
  display.service(at: at(0))
  display.system.greet()
  display.service(at: at(1))
  _ = display.system.takeSentLines()
  return display
}

@Suite("LCDprocDisplay")
struct LCDprocDisplayTests {
  @Test(
    "The client says hello, sets up one foreground screen without heartbeat and a widget per row, then draws every row"
  )
  func setUp() {
    var display = LCDprocDisplay(
      host: "10.0.0.5", port: 13667, geometry: .lcd16x2, system: FakeSocketSystem(), log: .disabled)
    display.show(lcdFrame(["Hello", "world"]), at: at(0))
    #expect(display.system.connects == 0)
    display.service(at: at(0))
    #expect(display.system.calls.first == "connect 10.0.0.5:13667")
    #expect(display.system.takeSentLines() == ["hello"])
    #expect(!display.isConnected)
    display.system.greet()
    display.service(at: at(5))
    #expect(display.isConnected)
    #expect(display.serverColumns == 16 && display.serverRows == 2)
    #expect(
      display.system.takeSentLines() == [
        "client_set -name t9phone",
        "screen_add t9phone",
        "screen_set t9phone -name t9phone -priority foreground -heartbeat off",
        "widget_add t9phone r1 string",
        "widget_add t9phone r2 string",
        "widget_set t9phone r1 1 1 \"Hello           \"",
        "widget_set t9phone r2 1 2 \"world           \"",
        "screen_set t9phone -cursor off -backlight on",
      ])
  }

  @Test("Only the rows that changed are sent, and nothing when nothing changed")
  func changedRowsOnly() {
    var display = connectedDisplay(["Hello", "world"])
    display.show(lcdFrame(["Hello", "there"]), at: at(10))
    #expect(display.system.takeSentLines() == ["widget_set t9phone r2 1 2 \"there           \""])
    display.show(lcdFrame(["Hello", "there"]), at: at(20))
    display.service(at: at(30))
    #expect(display.system.takeSentLines().isEmpty)
  }

  @Test("Only the latest of the frames shown while LCDd is away is drawn when it answers")
  func latestFrameWins() {
    var display = LCDprocDisplay(geometry: .lcd16x2, system: FakeSocketSystem(), log: .disabled)
    display.service(at: at(0))
    display.show(lcdFrame(["one"]), at: at(1))
    display.show(lcdFrame(["two"]), at: at(2))
    display.system.greet()
    display.service(at: at(3))
    let lines = display.system.takeSentLines().filter { $0.hasPrefix("widget_set") }
    #expect(
      lines == [
        "widget_set t9phone r1 1 1 \"two             \"",
        "widget_set t9phone r2 1 2 \"                \"",
      ])
  }

  @Test(
    "A refused connection is one warning; retries back off (0.5 s, 1 s, 2 s) and the connection then draws everything"
  )
  func refusedThenConnects() {
    let logs = LogCollector()
    var system = FakeSocketSystem()
    system.connectResults = [.connectionRefused, .connectionRefused, .connectionRefused]
    var display = LCDprocDisplay(geometry: .lcd16x2, system: system, log: logs.log)
    display.show(lcdFrame(["Hi"]), at: at(0))
    display.service(at: at(0))
    #expect(display.nextDeadline == at(500))
    display.service(at: at(499))
    #expect(display.system.connects == 1)
    display.service(at: at(500))
    #expect(display.system.connects == 2)
    #expect(display.nextDeadline == at(1500))
    display.service(at: at(1500))
    #expect(display.nextDeadline == at(3500))
    display.service(at: at(3500))
    #expect(display.system.connects == 4)
    display.system.greet()
    display.service(at: at(3600))
    #expect(display.isConnected)
    let warnings = logs.records.filter { $0.level == .warning }
    #expect(warnings.count == 1)
    #expect(warnings.first?.line.contains("ECONNREFUSED (Connection refused)") == true)
    #expect(warnings.first?.line.hasPrefix("[lcd][lcdproc]") == true)
    #expect(logs.contains("LCDd at 127.0.0.1:13666 is back"))
    let widgets = display.system.takeSentLines().filter { $0.hasPrefix("widget_set") }
    #expect(widgets.count == 2)
  }

  @Test(
    "Losing LCDd on a send (EPIPE, ECONNRESET) or a read (ECONNRESET, EIO, end of stream): logged once, reconnected with the screen set up again and every row redrawn",
    arguments: [
      "send EPIPE", "send ECONNRESET", "receive ECONNRESET", "receive EIO", "peer closes",
    ])
  func lostAndRedrawn(how: String) {
    let logs = LogCollector()
    var display = connectedDisplay(["Hello", "world"], log: logs.log)
    switch how {
    case "send EPIPE": display.system.sendResults = [.failure(.brokenPipe)]
    case "send ECONNRESET": display.system.sendResults = [.failure(.connectionReset)]
    case "receive ECONNRESET": display.system.incoming = [.error(.connectionReset)]
    case "receive EIO": display.system.incoming = [.error(.ioError)]
    default: display.system.incoming = [.closed]
    }
    display.show(lcdFrame(["Hello", "again"]), at: at(100))
    display.service(at: at(100))
    #expect(!display.isConnected)
    #expect(display.system.openDescriptors.isEmpty)
    // Still away at the first retry: no second warning.
    display.system.connectResults = [.connectionRefused]
    display.service(at: at(600))
    #expect(logs.records.filter { $0.level == .warning }.count == 1)
    #expect(
      logs.contains("lost LCDd at 127.0.0.1:13666") || logs.contains("LCDd at 127.0.0.1:13666:"))
    display.service(at: at(1600))
    display.system.greet()
    display.service(at: at(1700))
    #expect(display.isConnected)
    #expect(logs.contains("is back"))
    let lines = display.system.takeSentLines()
    #expect(lines.contains("screen_add t9phone"))
    #expect(lines.contains("widget_set t9phone r1 1 1 \"Hello           \""))
    #expect(lines.contains("widget_set t9phone r2 1 2 \"again           \""))
  }

  @Test("A full socket (EAGAIN) and partial sends keep the rest of the output, sent in order later")
  func partialSends() {
    var display = connectedDisplay(["Hello", "world"])
    display.system.sendResults = [.success(10), .failure(.wouldBlock)]
    display.show(lcdFrame(["Hello", "there"]), at: at(10))
    #expect(display.pollDescriptor?.writable == true)
    // Serviced last at 1 ms: the waiting output asks for a call 10 ms later.
    #expect(display.nextDeadline == at(11))
    display.service(at: at(20))
    #expect(display.nextDeadline == nil)
    #expect(display.system.takeSentLines() == ["widget_set t9phone r2 1 2 \"there           \""])
    #expect(display.pollDescriptor?.writable == false)
    #expect(display.isConnected)
  }

  @Test(
    "Lines from LCDd split across reads are joined; success, listen, ignore and menuevent come at any time"
  )
  func splitLines() {
    var display = LCDprocDisplay(geometry: .lcd16x2, system: FakeSocketSystem(), log: .disabled)
    display.service(at: at(0))
    display.system.incoming = [
      .bytes(Array("conn".utf8)),
      .bytes(Array("ect LCDproc 0.5.9 protocol 0.3 lcd wid 16 hg".utf8)),
      .bytes(Array("t 2 cellwid 5 cellhgt 8\nsucc".utf8)),
      .bytes(Array("ess\nlisten t9phone\n".utf8)),
    ]
    display.service(at: at(1))
    #expect(display.isConnected)
    #expect(display.isListened)
    display.system.peer("ignore t9phone")
    display.system.peer("menuevent select somemenu")
    display.system.peer("success")
    display.service(at: at(2))
    #expect(!display.isListened)
    #expect(display.isConnected)
  }

  @Test(
    "EAGAIN and EINTR on a read mean nothing to read yet: the connection stays and the next read goes on"
  )
  func readWouldBlock() {
    var display = LCDprocDisplay(geometry: .lcd16x2, system: FakeSocketSystem(), log: .disabled)
    display.service(at: at(0))
    display.system.incoming = [
      .bytes(Array("connect LCDproc 0.5.9 protocol 0.3 lcd ".utf8)), .error(.wouldBlock),
    ]
    display.service(at: at(1))
    #expect(!display.isConnected)
    #expect(display.system.openDescriptors.count == 1)
    display.system.incoming = [.error(.interrupted), .bytes(Array("wid 16 hgt 2\n".utf8))]
    display.service(at: at(2))
    #expect(!display.isConnected)
    display.service(at: at(3))
    #expect(display.isConnected)
  }

  @Test("A 'huh?' answer is logged as a warning and the client goes on")
  func huhIsLogged() {
    let logs = LogCollector()
    var display = connectedDisplay(log: logs.log)
    display.system.peer("huh? Unknown widget id")
    display.service(at: at(10))
    #expect(display.isConnected)
    #expect(logs.contains("[lcd][lcdproc] warning: LCDd answered 'huh? Unknown widget id'"))
    display.show(lcdFrame(["next"]), at: at(20))
    #expect(display.system.takeSentLines().count == 2)
  }

  @Test(
    "A line longer than the receive buffer is dropped with a log, and the line after it is read")
  func longLineDropped() {
    let logs = LogCollector()
    var display = LCDprocDisplay(
      geometry: .lcd16x2, receiveCapacity: 128, system: FakeSocketSystem(), log: logs.log)
    display.service(at: at(0))
    display.system.peer("huh? " + String(repeating: "x", count: 600))
    display.system.greet()
    display.service(at: at(1))
    #expect(logs.contains("dropped a line from LCDd longer than 128 bytes"))
    #expect(display.isConnected)
  }

  @Test("No answer to hello within the timeout: dropped and tried again")
  func helloTimeout() {
    var display = LCDprocDisplay(geometry: .lcd16x2, system: FakeSocketSystem(), log: .disabled)
    display.service(at: at(0))
    #expect(display.nextDeadline == at(10))
    display.service(at: at(4995))
    #expect(display.nextDeadline == at(5000))
    display.service(at: at(5000))
    #expect(display.system.openDescriptors.isEmpty)
    #expect(display.nextDeadline == at(5500))
  }

  @Test(
    "A connection in progress is waited for; one that fails (ECONNREFUSED) or never completes is retried"
  )
  func connectInProgress() {
    var system = FakeSocketSystem()
    system.statusResults = [
      .success(false), .failure(.connectionRefused), .success(false), .success(false),
      .success(false),
    ]
    var display = LCDprocDisplay(geometry: .lcd16x2, system: system, log: .disabled)
    display.service(at: at(0))
    #expect(display.pollDescriptor?.writable == true)
    display.service(at: at(10))
    #expect(display.system.openDescriptors.isEmpty)
    display.service(at: at(510))
    display.service(at: at(600))
    display.service(at: at(5510))
    #expect(display.system.openDescriptors.isEmpty)
    #expect(display.system.connects == 2)
  }

  @Test("A bigger LCDd display (20x4) gets the phone's 16x2 in its top left, with a warning")
  func biggerServer() {
    let logs = LogCollector()
    var display = LCDprocDisplay(geometry: .lcd16x2, system: FakeSocketSystem(), log: logs.log)
    display.show(lcdFrame(["Hello", "world"]), at: at(0))
    display.service(at: at(0))
    display.system.greet(width: 20, height: 4)
    display.service(at: at(1))
    let lines = display.system.takeSentLines()
    #expect(lines.filter { $0.hasPrefix("widget_add") }.count == 2)
    #expect(lines.contains("widget_set t9phone r2 1 2 \"world           \""))
    #expect(logs.contains("LCDd's display is 20x4, the phone's is 16x2: showing the top left 16x2"))
  }

  @Test("A smaller LCDd display (8x1) gets what fits: the first row, cut to 8 characters")
  func smallerServer() {
    var display = LCDprocDisplay(geometry: .lcd16x2, system: FakeSocketSystem(), log: .disabled)
    display.show(lcdFrame(["Hello world", "second"]), at: at(0))
    display.service(at: at(0))
    display.system.greet(width: 8, height: 1)
    display.service(at: at(1))
    let lines = display.system.takeSentLines()
    #expect(lines.filter { $0.hasPrefix("widget_add") } == ["widget_add t9phone r1 string"])
    #expect(
      lines.filter { $0.hasPrefix("widget_set") } == ["widget_set t9phone r1 1 1 \"Hello wo\""])
  }

  @Test("A greeting without a display size is refused and retried")
  func greetingWithoutSize() {
    var display = LCDprocDisplay(geometry: .lcd16x2, system: FakeSocketSystem(), log: .disabled)
    display.service(at: at(0))
    display.system.peer("connect LCDproc 0.5.9 protocol 0.3")
    display.service(at: at(1))
    #expect(!display.isConnected)
    #expect(display.system.openDescriptors.isEmpty)
  }

  @Test(
    "Custom glyphs become their fallbacks, ROM symbols Latin-1 look-alikes, and quotes and backslashes are escaped"
  )
  func transcoding() {
    var display = connectedDisplay()
    // A02 has the backslash (A00 draws it as '/'), the tilde and ß.
    display.show(lcdFrame(["↑€ü°→", "a\"b\\c ~ß"], rom: .a02), at: at(10))
    let lines = display.system.sent.split(separator: 0x0A).map(Array.init)
    #expect(lines.count == 2)
    let first =
      Array("widget_set t9phone r1 1 1 \"^E".utf8) + [0xFC, 0xB0, 0x3E]
      + Array(
        String(repeating: " ", count: 11).utf8) + [0x22]
    #expect(lines.first == first)
    let second =
      Array("widget_set t9phone r2 1 2 \"a\\\"b\\\\c ~".utf8) + [0xDF]
      + Array(
        String(repeating: " ", count: 8).utf8) + [0x22]
    #expect(lines.last == second)
  }

  @Test("The cursor and the backlight go by screen_set when they change")
  func cursorAndBacklight() {
    var display = connectedDisplay()
    var canvas = Canvas(geometry: .lcd16x2)
    _ = canvas.write("Hello", row: 0)
    _ = canvas.write("world", row: 1)
    canvas.cursor = CursorPosition(row: 1, column: 3)
    canvas.cursorStyle = .underline
    canvas.backlight = false
    var composer = LCDComposer(rom: .a00)
    display.show(composer.frame(for: canvas), at: at(10))
    #expect(
      display.system.takeSentLines() == [
        "screen_set t9phone -cursor under -cursor_x 4 -cursor_y 2 -backlight off"
      ])
  }

  @Test(
    "Keys: the keymap's names are reserved; each 'key' line is a tap, queued taps follow each other, unmapped names are ignored"
  )
  func keys() {
    let keymap = LCDprocKeymap(
      name: "test",
      mappings: [
        .init(name: "Up", key: .up), .init(name: "#", key: .hash),
        .init(name: "F1", key: .zero, long: true),
      ])
    var display = LCDprocDisplay(
      geometry: .lcd16x2, keymap: keymap, system: FakeSocketSystem(), log: .disabled)
    display.service(at: at(0))
    display.system.greet()
    display.service(at: at(1))
    #expect(
      display.system.takeSentLines().contains("client_add_key -exclusively \"Up\" \"#\" \"F1\""))
    display.system.peer("key Up")
    display.system.peer("key Down")
    display.system.peer("key #")
    display.system.peer("key F1")
    display.service(at: at(100))
    var events: [KeyEvent] = []
    while let event = display.takeKeyEvent(at: at(100)) { events.append(event) }
    #expect(events == [KeyEvent(.press, .up, at: at(100))])
    #expect(display.nextDeadline == at(180))
    for time in [180, 260, 340, 1140] as [Int64] {
      while let event = display.takeKeyEvent(at: at(time)) { events.append(event) }
    }
    #expect(
      events == [
        KeyEvent(.press, .up, at: at(100)), KeyEvent(.release, .up, at: at(180)),
        KeyEvent(.press, .hash, at: at(180)), KeyEvent(.release, .hash, at: at(260)),
        KeyEvent(.press, .zero, at: at(260)), KeyEvent(.release, .zero, at: at(1060)),
      ])
  }

  @Test("More taps than the key queue holds are dropped with a log")
  func keyQueueBounded() {
    let logs = LogCollector()
    let keymap = LCDprocKeymap(name: "test", mappings: [.init(name: "1", key: .one)])
    var display = LCDprocDisplay(
      geometry: .lcd16x2, keymap: keymap, keyCapacity: 4, system: FakeSocketSystem(),
      log: logs.log)
    display.service(at: at(0))
    display.system.greet()
    for _ in 0..<3 { display.system.peer("key 1") }
    display.service(at: at(1))
    var count = 0
    while display.takeKeyEvent(at: at(10_000)) != nil { count += 1 }
    #expect(count == 4)
    #expect(logs.contains("dropped key '1'"))
  }

  @Test("Closing sends nothing more and closes the socket")
  func closing() {
    var display = connectedDisplay()
    display.close()
    #expect(display.system.openDescriptors.isEmpty)
    #expect(display.pollDescriptor == nil)
  }
}
