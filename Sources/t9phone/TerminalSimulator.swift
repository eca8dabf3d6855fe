import CharacterLCD
import ContactBook
import Diagnostics
import Firmware
import KeypadInput
import T9Engine
import TextEntry

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The interactive simulator: the computer keyboard is the keypad, the
/// terminal shows the LCD, the system's monotonic clock drives the firmware.
///
/// A terminal reports presses but no releases. A tap is sent as a press and,
/// `tapHold` later, a release. Alt+key (or Esc then the key) holds the key for
/// the long-press time; while the terminal keeps repeating Alt+key the key
/// stays held, so holding Alt+# is the repeating 12-key backspace.
struct TerminalSimulator {
  let options: SimulatorOptions
  private let tapHold: Duration = .milliseconds(60)
  private let repeatGrace: Duration = .milliseconds(150)
  private let gap: Duration = .milliseconds(10)

  init(options: SimulatorOptions) {
    self.options = options
  }

  /// A key edge waiting for its time: taps typed faster than a tap lasts are
  /// queued one after another, so none is lost.
  private struct ScheduledEdge {
    var event: KeyEvent
  }

  func run() throws {
    let clock = MonotonicClock()
    var session = try PhoneSession(options: options, clock: clock)
    defer { session.saveAll() }
    let geometry = session.geometry
    let rom = session.rom
    var composer = LCDComposer(rom: rom)
    var canvas = Canvas(geometry: geometry)
    var lastFrame: LCDFrame?
    var queue: [ScheduledEdge] = []
    var terminal = TerminalRawMode()
    try terminal.enable()
    defer {
      terminal.restore()
      print(ANSIRenderer.leave, terminator: "")
    }
    write(ANSIRenderer.enter)
    let legend = TerminalSimulator.legend(rom: rom)
    var running = true
    while running {
      let now = clock.now
      while let first = queue.first, first.event.time <= now {
        session.phone.handle(first.event)
        queue.removeFirst()
      }
      session.advance(to: now)
      let phone = session.phone
      phone.render(into: &canvas)
      let frame = composer.frame(for: canvas)
      if frame != lastFrame {
        let status = [
          "screen \(phone.screenName)  \(phone.modeIndicator.map { "mode \($0)" } ?? "")",
          "LCD \(geometry) ROM \(rom)",
        ]
        write(ANSIRenderer.render(frame, legend: legend, status: status))
        lastFrame = frame
      }
      var wake = phone.nextDeadline
      if let next = queue.first?.event.time, wake.map({ next < $0 }) ?? true {
        wake = next
      }
      var pollDescriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
      let ready = poll(&pollDescriptor, 1, clock.milliseconds(until: wake))
      guard ready > 0 else { continue }
      var buffer = [UInt8](repeating: 0, count: 64)
      let count = read(STDIN_FILENO, &buffer, buffer.count)
      guard count > 0 else {
        running = false
        continue
      }
      let at = clock.now
      for input in TerminalKeyDecoder.decode(Array(buffer[0..<count])) {
        switch input {
        case .quit:
          running = false
        case .tap(let key):
          let start = Swift.max(at, queue.last.map { $0.event.time + gap } ?? at)
          queue.append(ScheduledEdge(event: KeyEvent(.press, key, at: start)))
          queue.append(ScheduledEdge(event: KeyEvent(.release, key, at: start + tapHold)))
        case .hold(let key):
          if let index = queue.lastIndex(where: {
            $0.event.key == key && $0.event.action == .release
          }), index == queue.count - 1 {
            // The terminal repeats Alt+key while it is held: keep it down.
            queue[index].event.time = Swift.max(queue[index].event.time, at + repeatGrace)
          } else {
            let start = Swift.max(at, queue.last.map { $0.event.time + gap } ?? at)
            let longPress = session.phone.settings.gestures.longPress
            queue.append(ScheduledEdge(event: KeyEvent(.press, key, at: start)))
            queue.append(
              ScheduledEdge(
                event: KeyEvent(.release, key, at: start + longPress + .milliseconds(30))))
          }
        }
      }
    }
  }

  private func write(_ text: String) {
    Console.out(text)
  }

  /// The key legend printed beside the LCD.
  static func legend(rom: CharacterROM) -> [String] {
    [
      "1 .,?!  2 abc  3 def",
      "4 ghi   5 jkl  6 mno",
      "7 pqrs  8 tuv  9 wxyz",
      "* case  0 space # mode",
      "Alt+key: long press",
      "Enter ok  Bksp back",
      "arrows  Tab/F1 F2 soft",
      "c call  e end  q quit",
    ]
  }
}
