import Diagnostics
import DisplayDriver
import KeypadInput
import Runtime

/// LCDd's keys as a run's input (`t9phone run --input lcdproc`): the run
/// loop waits on the LCDd connection, which is also the phone's screen
/// (`RunPeripherals.lcd`); each `key` line is a tap. While LCDd is away
/// the phone keeps running with no keys; the connection's comings and
/// goings are announced and told to the service manager.
struct LCDprocSource: InputSource {
  private let address: String
  private let keymapName: String
  private var service: ServiceSupervision
  private var connected = false

  /// A source for LCDd at `address` with the keymap named `keymapName`.
  init(address: String, keymapName: String, log: Log) {
    self.address = address
    self.keymapName = keymapName
    service = ServiceSupervision(log: log)
  }

  var nextDeadline: Instant? { service.nextDeadline }

  var isOpen: Bool { true }

  mutating func wait<Store: RuntimeStore>(
    timeoutMilliseconds: Int32, _ runtime: inout PhoneRuntime<RunPeripherals, Store>
  ) {
    runtime.peripherals.lcd?.wait(timeoutMilliseconds: timeoutMilliseconds)
  }

  mutating func deliver<Store: RuntimeStore>(
    at now: Instant, to runtime: inout PhoneRuntime<RunPeripherals, Store>
  ) {
    runtime.peripherals.lcd?.service(at: now)
    while let event = runtime.peripherals.lcd?.takeKeyEvent(at: now) {
      runtime.handle(event, arrivedAt: now)
    }
  }

  mutating func settled<Store: RuntimeStore>(
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
  mutating func close() { service.close() }
}
