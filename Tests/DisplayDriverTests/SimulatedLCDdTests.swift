import CharacterLCD
import Diagnostics
import DisplayDriver
import KeypadInput
import SimulatedPeers
import SystemLayer
import TestSupport
import Testing

/// A client talking to a simulated LCDd, serviced as a run loop would.
func simulatedDisplay(
  width: Int = 16, height: Int = 2, keymap: LCDprocKeymap? = nil, log: Log = .disabled
) -> LCDprocDisplay<SimulatedLCDd> {
  LCDprocDisplay(
    geometry: .lcd16x2, keymap: keymap, system: SimulatedLCDd(width: width, height: height),
    log: log)
}

extension LCDprocDisplay {
  /// Services the client a few times at `now`, as a loop woken by the socket.
  mutating func settle(at now: Instant) {
    for _ in 0..<3 { service(at: now) }
  }
}

/// Sends raw command lines to a peer, as a client would, and returns its answers.
func converse(_ peer: inout SimulatedLCDd, _ lines: [String]) -> [String] {
  guard case .success(let fd) = peer.connect(host: "127.0.0.1", port: 13666) else { return [] }
  for line in lines { _ = peer.send(fd, Array((line + "\n").utf8)[...]) }
  var buffer = [UInt8](repeating: 0, count: 4096)
  guard case .success(let count) = peer.receive(fd, into: &buffer) else { return [] }
  return buffer[..<count].split(separator: 0x0A).map { LCDprocText.string($0) }
}

@Suite("SimulatedLCDd")
struct SimulatedLCDdTests {
  @Test("The simulated LCDd shows the phone's rows once the client is set up, with no heartbeat")
  func showsRows() {
    var display = simulatedDisplay()
    #expect(display.system.rows == ["                ", "                "])
    display.show(lcdFrame(["Hello", "wörld €"]), at: at(0))
    display.settle(at: at(0))
    #expect(display.isConnected)
    #expect(display.isListened)
    #expect(display.system.rows == ["Hello           ", "wörld E         "])
    #expect(display.system.clientName == "t9phone")
    #expect(display.system.errorsAnswered == 0)
  }

  @Test(
    "Two services after the first frame bring the simulated LCDd up to date; later frames reach it at once"
  )
  func upToDate() {
    var display = simulatedDisplay()
    display.show(lcdFrame(["Hello", "world"]), at: at(0))
    display.service(at: at(0))
    #expect(!display.isUpToDate)
    display.service(at: at(0))
    #expect(display.isUpToDate)
    display.show(lcdFrame(["Hello", "there"]), at: at(10))
    #expect(display.isUpToDate)
    #expect(display.system.rows == ["Hello           ", "there           "])
    display.system.dropConnection()
    display.service(at: at(20))
    #expect(!display.isUpToDate)
    #expect(display.serverColumns == 0)
  }

  @Test("LCDprocText.rows says what an up-to-date simulated LCDd shows for a frame")
  func expectedRows() {
    var display = simulatedDisplay()
    let frame = lcdFrame(["↑ Menü €", "°C ß → ~"])
    display.show(frame, at: at(0))
    display.settle(at: at(0))
    #expect(display.system.rows == LCDprocText.rows(of: frame))
    #expect(LCDprocText.rows(of: frame) == ["^ Menü E        ", "°C ß > ~        "])
  }

  @Test("Only changed rows reach the simulated LCDd")
  func changedRowsOnly() {
    var display = simulatedDisplay()
    display.show(lcdFrame(["Hello", "world"]), at: at(0))
    display.settle(at: at(0))
    let before = display.system.widgetUpdates
    display.show(lcdFrame(["Hello", "there"]), at: at(10))
    display.settle(at: at(10))
    #expect(display.system.widgetUpdates == before + 1)
    #expect(display.system.rows == ["Hello           ", "there           "])
  }

  @Test(
    "When the simulated LCDd restarts, the client reconnects after its backoff and redraws everything"
  )
  func restartRedraws() {
    let logs = LogCollector()
    var display = simulatedDisplay(log: logs.log)
    display.show(lcdFrame(["Hello", "world"]), at: at(0))
    display.settle(at: at(0))
    display.system.dropConnection()
    display.system.refusesConnections = true
    display.show(lcdFrame(["Typed while", "LCDd was away"]), at: at(100))
    display.settle(at: at(100))
    #expect(!display.isConnected)
    display.settle(at: at(600))
    display.system.refusesConnections = false
    display.settle(at: at(1000))
    #expect(!display.isConnected)
    display.settle(at: at(1600))
    #expect(display.isConnected)
    #expect(display.system.connections == 2)
    #expect(display.system.rows == ["Typed while     ", "LCDd was away   "])
    #expect(logs.records.filter { $0.level == .warning }.count == 1)
    #expect(logs.contains("lost LCDd at 127.0.0.1:13666: EPIPE (Broken pipe)"))
    #expect(logs.contains("LCDd at 127.0.0.1:13666 is back"))
  }

  @Test(
    "Keys pressed on the simulated LCDd reach the client as taps; keys it did not reserve do not")
  func keys() throws {
    let keymap = try LCDprocKeymap.parse(
      "lcdproc-keymap k\nkey Enter ok\nkey 5 5", file: "k")
    var display = simulatedDisplay(keymap: keymap)
    display.settle(at: at(0))
    #expect(display.system.reservedKeys == ["Enter", "5"])
    let pressed = display.system.pressKey("5")
    let unreserved = display.system.pressKey("Up")
    #expect(pressed)
    #expect(!unreserved)
    display.settle(at: at(10))
    var events: [KeyEvent] = []
    while let event = display.takeKeyEvent(at: at(200)) { events.append(event) }
    #expect(events == [KeyEvent(.press, .five, at: at(10)), KeyEvent(.release, .five, at: at(90))])
  }

  @Test("A bigger simulated display shows the phone's rows in its top left")
  func biggerDisplay() {
    var display = simulatedDisplay(width: 20, height: 4)
    display.show(lcdFrame(["Hello", "world"]), at: at(0))
    display.settle(at: at(0))
    #expect(
      display.system.rows == [
        "Hello               ", "world               ", "                    ",
        "                    ",
      ])
  }

  @Test(
    "The simulated LCDd answers as LCDd 0.5.9: errors before hello, the greeting, success, listen, huh? for unknown commands and widgets"
  )
  func answers() {
    var peer = SimulatedLCDd(width: 20, height: 4)
    let answers = converse(
      &peer,
      [
        "screen_add s", "hello", "client_set -name me", "screen_add s", "screen_add s",
        "widget_add s w string", "widget_set s w 1 1 \"hi\"", "widget_set s nope 1 1 \"x\"",
        "widget_add s v blob", "frobnicate", "screen_set s -heartbeat off -priority foreground",
        "client_add_key Up", "widget_set s w 1 1 \"unterminated",
      ])
    #expect(
      answers == [
        "huh? Function returned error \"screen_add\"",
        "connect LCDproc 0.5.9 protocol 0.3 lcd wid 20 hgt 4 cellwid 5 cellhgt 8",
        "success", "success", "listen s", "huh? Screen already exists", "success", "success",
        "huh? Unknown widget id", "huh? Invalid widget type", "huh? Invalid command \"frobnicate\"",
        "success", "success", "huh? Could not parse command",
      ])
    #expect(peer.rows.first == "hi                  ")
    #expect(peer.history.count == 13)
  }

  @Test("A screen that keeps its heartbeat shows a heart in the top right cell")
  func heartbeat() {
    var peer = SimulatedLCDd()
    _ = converse(
      &peer, ["hello", "screen_add s", "widget_add s w string", "widget_set s w 1 1 \"abc\""])
    #expect(peer.rows == ["abc            ♥", "                "])
  }

  @Test("The client's cursor and backlight settle on the simulated screen")
  func cursor() {
    var display = simulatedDisplay()
    var canvas = Canvas(geometry: .lcd16x2)
    canvas.cursor = CursorPosition(row: 0, column: 2)
    canvas.cursorStyle = .blink
    var composer = LCDComposer(rom: .a00)
    display.show(composer.frame(for: canvas), at: at(0))
    display.settle(at: at(0))
    #expect(display.system.cursor == ("block", 3, 1))
    #expect(display.system.backlight == "on")
  }

  @Test(
    "Sends to a dropped connection fail with EPIPE and reads see the end of the stream; refused connections are ECONNREFUSED"
  )
  func dropped() {
    var peer = SimulatedLCDd()
    guard case .success(let fd) = peer.connect(host: "h", port: 1) else {
      Issue.record("no connection")
      return
    }
    peer.dropConnection()
    var buffer = [UInt8](repeating: 0, count: 8)
    #expect(peer.receive(fd, into: &buffer) == .success(0))
    #expect(peer.send(fd, [0x41][...]) == .failure(.brokenPipe))
    peer.close(fd)
    #expect(peer.send(fd, [0x41][...]) == .failure(.badFileDescriptor))
    peer.refusesConnections = true
    #expect(peer.connect(host: "h", port: 1) == .failure(.connectionRefused))
  }
}
