import Diagnostics
import DisplayDriver
import EvdevDevice
import Firmware
import KeypadInput
import Runtime

/// LCDd's keys as a run's input (`t9phone run --input lcdproc`): the run
/// loop waits on the LCDd connection, which is also the phone's screen
/// (the primary of the run's `DisplayPair`); each `key` line is a tap. While LCDd is away
/// the phone keeps running with no keys; the connection's comings and
/// goings are announced and told to the service manager. Generic over the
/// socket system: runs use the real sockets (`LCDprocOutput`), tests a
/// simulated LCDd.
public struct LCDprocSource<System: SocketSystem, Other: Display, Mirror: Display>: InputSource {
  private let address: String
  private let keymapName: String
  private var service: ServiceSupervision
  private var connected = false
  private let extra: DisplaySpec

  /// The run's peripherals: LCDd (or another display) mirrored on one more.
  public typealias Peripherals = RunPeripherals<
    DisplayPair<DisplayChoice<LCDprocDisplay<System>, Other>, Mirror>, LinuxInputSystem, LineModem
  >

  /// A source for LCDd at `address` with the keymap named `keymapName`,
  /// news printed unless `extra` (the mirror) is the terminal.
  public init(address: String, keymapName: String, extra: DisplaySpec, log: Log) {
    self.extra = extra
    self.address = address
    self.keymapName = keymapName
    service = ServiceSupervision(log: log)
  }

  /// When the loop must wake for this without input, if ever.
  public var nextDeadline: Instant? { service.nextDeadline }

  /// Whether input may still come.
  public var isOpen: Bool { true }

  /// Waits at most `timeoutMilliseconds` for input and reads it.
  public mutating func wait<Store: RuntimeStore>(
    timeoutMilliseconds: Int32, _ runtime: inout PhoneRuntime<Peripherals, Store>
  ) {
    runtime.peripherals.display.primary.first?.wait(timeoutMilliseconds: timeoutMilliseconds)
  }

  /// Hands what arrived to the runtime, read at `now`.
  public mutating func deliver<Store: RuntimeStore>(
    at now: Instant, to runtime: inout PhoneRuntime<Peripherals, Store>
  ) {
    runtime.peripherals.display.primary.first?.service(at: now)
    while let event = runtime.peripherals.display.primary.first?.takeKeyEvent(at: now) {
      runtime.handle(event, arrivedAt: now)
    }
    runtime.peripherals.droppedKeys = runtime.peripherals.display.primary.first?.droppedKeys ?? 0
  }

  /// Shows and tells what the runtime did, now that it is at `now`.
  public mutating func settled<Store: RuntimeStore>(
    at now: Instant, _ runtime: inout PhoneRuntime<Peripherals, Store>
  ) {
    // The state lines follow the frame that shows them (`--report-state`).
    if let state = runtime.takeStateReport() { Console.out(state) }
    let isConnected = runtime.peripherals.display.primary.first?.isConnected ?? false
    if isConnected != connected {
      connected = isConnected
      DisplayOutput.announce(connected ? "lcdproc connected" : "lcdproc disconnected", on: extra)
      service.status(connected ? "LCDd \(address) connected" : "LCDd away; reconnecting")
    }
    runtime.peripherals.showStatus([
      "screen \(runtime.phone.screenName)  keymap \(keymapName)",
      "LCDd \(address) \(isConnected ? "connected" : "away")",
    ])
    // Ready once LCDd shows the phone: it is the phone's display here.
    service.loop(
      at: now, displayed: runtime.peripherals.isUpToDate, healthy: runtime.isHealthy(at: now),
      status:
        "\(runtime.phone.screenName), LCDd \(address)\(runtime.peripherals.modem.statusSuffix)"
    )
  }

  /// Closes the service manager's socket.
  public mutating func close() { service.close() }
}
