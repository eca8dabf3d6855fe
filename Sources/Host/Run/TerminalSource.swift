import Board
import CharacterLCD
import DisplayDriver
import EvdevDevice
import KeypadInput
import Runtime
import SimulatedPeers
import TerminalKeys

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The computer keyboard as the simulator's keypad (`t9phone sim`): keys
/// read from standard input in raw mode, turned into the edges of taps and
/// holds by `TypedKeys` (a terminal reports presses, never releases), each
/// handed over when due; after every turn the terminal shows the simulated
/// module's glass beside the legend and two status rows, and with
/// `--record` the session's edges and screens are recorded.
public struct TerminalSource<Mirror: Display>: InputSource {
  private let display: DisplaySpec
  private let legend: [String]
  private let caption: String
  private var typed = TypedKeys()
  /// `--record FILE`: the session as a scenario.
  public var recording: SessionRecording?
  private var running = true
  private var drawn: [String]?
  private var drawnGlass: LCDFrame?
  private var buffer = [UInt8](repeating: 0, count: 64)
  /// What the last read decoded, for `deliver` to time.
  private var inputs: [TerminalInput] = []

  /// A source drawing for `display` (`none`: status only; `text`: frame
  /// blocks; otherwise the terminal picture) an LCD described by `caption`.
  public init(display: DisplaySpec, legend: [String], caption: String, recording: SessionRecording?)
  {
    self.display = display
    self.legend = legend
    self.caption = caption
    self.recording = recording
  }

  /// When the loop must wake for this without input, if ever.
  public var nextDeadline: Instant? {
    Instant.earliest(typed.next, recording?.screenDue)
  }

  /// Whether input may still come.
  public var isOpen: Bool { running }

  /// Waits at most `timeoutMilliseconds` for input and reads it.
  public mutating func wait<Store: RuntimeStore>(
    timeoutMilliseconds: Int32,
    _ runtime:
      inout PhoneRuntime<
        RunPeripherals<DisplayPair<SimulatedModule, Mirror>, LinuxInputSystem, HostModem>, Store
      >
  ) {
    var pollDescriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    guard poll(&pollDescriptor, 1, timeoutMilliseconds) > 0 else { return }
    let count = read(STDIN_FILENO, &buffer, buffer.count)
    guard count > 0 else {
      running = false
      return
    }
    inputs = TerminalKeyDecoder.decode(Array(buffer[0..<count]))
  }

  /// Hands what arrived to the runtime, read at `now`.
  public mutating func deliver<Store: RuntimeStore>(
    at now: Instant,
    to runtime:
      inout PhoneRuntime<
        RunPeripherals<DisplayPair<SimulatedModule, Mirror>, LinuxInputSystem, HostModem>, Store
      >
  ) {
    for input in inputs {
      switch input {
      case .quit:
        running = false
      case .tap(let key):
        typed.tap(key, at: now)
      case .hold(let key):
        typed.hold(key, at: now, longPress: runtime.phone.settings.gestures.longPress)
      }
    }
    inputs.removeAll(keepingCapacity: true)
    for edge in typed.takeDue(upTo: now) {
      runtime.handle(edge, arrivedAt: now)
      recording?.record(edge)
    }
  }

  /// Shows and tells what the runtime did, now that it is at `now`.
  public mutating func settled<Store: RuntimeStore>(
    at now: Instant,
    _ runtime:
      inout PhoneRuntime<
        RunPeripherals<DisplayPair<SimulatedModule, Mirror>, LinuxInputSystem, HostModem>, Store
      >
  ) {
    recording?.observe(&runtime.supervisor, at: now)
    // The terminal shows the simulated module's glass: redrawn when it
    // changes, by a frame or by the watchdog's repair.
    let module = runtime.peripherals.display.primary
    let mode = runtime.phone.modeIndicator.map { "mode \($0)" } ?? ""
    let repairs = runtime.supervisor.watchdog.repairs.total
    let unread = runtime.phone.messages.unreadCount
    let status = [
      "screen \(runtime.phone.screenName)  \(mode)",
      "\(caption)  bus \(module.statistics.bytesSent) bytes"
        + (repairs > 0 ? "  repairs \(repairs)" : ""),
      "modem \(runtime.peripherals.modem.phaseName)"
        + (unread > 0 ? "  \(unread) unread" : ""),
    ]
    let glass = module.glass
    guard glass != drawnGlass || status != drawn else { return }
    drawnGlass = glass
    drawn = status
    switch display {
    case .text:
      Console.out(TextBlock.text(module.rows, at: now, newline: "\r\n"))
    case .none:
      // No picture: the status alone, from the top left.
      Console.out("\u{1B}[H\u{1B}[2J" + (legend + status).joined(separator: "\r\n"))
    case .terminal, .i2c, .lcdproc:
      if let glass { Console.out(ANSIRenderer.render(glass, legend: legend, status: status)) }
    }
  }
}
