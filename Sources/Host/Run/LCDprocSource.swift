import Diagnostics
import DisplayDriver
import KeypadInput
import Runtime

/// LCDd's keys as a run's input (`t9phone run --input lcdproc`): the run
/// loop waits on the LCDd connection, which is also the phone's screen
/// (`RunPeripherals.lcd`); each `key` line is a tap. While LCDd is away
/// the phone keeps running with no keys; the connection's comings and
/// goings are announced and told to the service manager.
public struct LCDprocSource: InputSource {
  private let address: String
  private let keymapName: String
  private var service: ServiceSupervision
  private var connected = false

  /// A source for LCDd at `address` with the keymap named `keymapName`.
  public init(address: String, keymapName: String, log: Log) {
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
    timeoutMilliseconds: Int32, _ runtime: inout PhoneRuntime<RunPeripherals, Store>
  ) {
    runtime.peripherals.lcd?.wait(timeoutMilliseconds: timeoutMilliseconds)
  }

  /// Hands what arrived to the runtime, read at `now`.
  public mutating func deliver<Store: RuntimeStore>(
    at now: Instant, to runtime: inout PhoneRuntime<RunPeripherals, Store>
  ) {
    runtime.peripherals.lcd?.service(at: now)
    while let event = runtime.peripherals.lcd?.takeKeyEvent(at: now) {
      runtime.handle(event, arrivedAt: now)
    }
  }

  /// Shows and tells what the runtime did, now that it is at `now`.
  public mutating func settled<Store: RuntimeStore>(
    at now: Instant, _ runtime: inout PhoneRuntime<RunPeripherals, Store>
  ) {
    let isConnected = runtime.peripherals.lcd?.isConnected ?? false
    if isConnected != connected {
      connected = isConnected
      runtime.peripherals.output.announce(
        connected ? "lcdproc connected" : "lcdproc disconnected")
      service.status(connected ? "LCDd \(address) connected" : "LCDd away; reconnecting")
    }
    runtime.peripherals.status = [
      "screen \(runtime.phone.screenName)  keymap \(keymapName)",
      "LCDd \(address) \(isConnected ? "connected" : "away")",
    ]
    // Ready once LCDd shows the phone: it is the phone's display here.
    service.loop(
      at: now, displayed: runtime.peripherals.isUpToDate, healthy: runtime.isHealthy(at: now),
      status: "\(runtime.phone.screenName), LCDd \(address)")
  }

  /// Closes the service manager's socket.
  public mutating func close() { service.close() }
}
