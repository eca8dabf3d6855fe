import Diagnostics
import DisplayDriver
import EvdevDevice
import EvdevInput
import Firmware
import KeypadInput
import Runtime
import Supervision

/// The evdev keypad as a run's input (`t9phone run`): its events read as
/// a batch, translated through the keymap and handed over with the
/// kernel's timestamps (the runtime's input clock is based on
/// `MonotonicClock.origin`); an unplug and a replug handed over as they
/// happen, with the service manager told. The connection itself lives in the run's
/// peripherals, where the watchdog asks it which keys are down.
public struct KeypadSource<Screen: Display, Input: InputSystem>: InputSource {
  private let keymapName: String
  private var translator: KeyTranslator
  private var service: ServiceSupervision
  private var batch: [KeyEvent] = []
  private var change: KeypadConnection<Input>.Change?
  private let path: String
  private let display: DisplaySpec

  /// The run's peripherals.
  public typealias Peripherals = RunPeripherals<Screen, Input, LineModem>

  /// A source reading the keypad opened at `path`, through `keymap`.
  public init(
    keymap: Keymap, path: String, display: DisplaySpec,
    service: ServiceSupervision
  ) {
    self.display = display
    self.path = path
    keymapName = keymap.name
    translator = KeyTranslator(keymap: keymap)
    self.service = service
    batch.reserveCapacity(64)
  }

  /// When the loop must wake for this without input, if ever.
  public var nextDeadline: Instant? { service.nextDeadline }

  /// Whether input may still come.
  public var isOpen: Bool { true }

  /// Waits at most `timeoutMilliseconds` for input and reads it.
  public mutating func wait<Store: RuntimeStore>(
    timeoutMilliseconds: Int32,
    _ runtime: inout PhoneRuntime<Peripherals, Store>
  ) {
    // Events are read as a batch, then handed over one by one: the
    // keypad's state already includes the batch, so its keys are not
    // asked about until they are handed over.
    batch.removeAll(keepingCapacity: true)
    change = nil
    guard var connection = runtime.peripherals.keypad else { return }
    let resyncsBefore = connection.device?.resyncs ?? 0
    change = connection.poll(timeoutMilliseconds: timeoutMilliseconds) { event in
      if let key = translator.translate(event) { batch.append(key) }
    }
    if case .disconnected = change { runtime.peripherals.keypadGone(resyncs: resyncsBefore) }
    runtime.peripherals.keypad = connection
  }

  /// Hands what arrived to the runtime, read at `now`.
  public mutating func deliver<Store: RuntimeStore>(
    at now: Instant, to runtime: inout PhoneRuntime<Peripherals, Store>
  ) {
    var unsettled: UInt32 = 0
    for event in batch { unsettled |= 1 << UInt32(event.key.index) }
    runtime.peripherals.unsettled = unsettled
    for event in batch { runtime.handle(event, arrivedAt: now) }
    runtime.peripherals.unsettled = 0
    let log = runtime.supervisor.phone.log
    switch change {
    case .connected(let path, let name)?:
      runtime.keypad(connected: true)
      log(.info, LogTag("keypad", "device"), "reading \(path) (\(name)) again")
      DisplayOutput.announce("keypad connected \(path)", on: display)
      service.status("keypad \(path) connected again")
    case .disconnected(let error)?:
      translator.reset()
      runtime.keypad(connected: false)
      log(.warning, LogTag("keypad", "device"), error.message)
      DisplayOutput.announce("keypad disconnected", on: display)
      service.status("keypad disconnected; waiting for it")
    case nil:
      break
    }
    change = nil
  }

  /// Shows and tells what the runtime did, now that it is at `now`.
  public mutating func settled<Store: RuntimeStore>(
    at now: Instant, _ runtime: inout PhoneRuntime<Peripherals, Store>
  ) {
    // The state lines follow the frame that shows them (`--report-state`).
    if let state = runtime.takeStateReport() { Console.out(state) }
    let keypad =
      runtime.peripherals.keypad?.device.map { "keypad \($0.path) (\($0.name))" }
      ?? "keypad disconnected"
    runtime.peripherals.showStatus([
      "screen \(runtime.phone.screenName)  keymap \(keymapName)", keypad,
    ])
    service.loop(
      at: now, displayed: runtime.peripherals.framesShown > 0 && runtime.peripherals.isUpToDate,
      healthy: runtime.isHealthy(at: now),
      status:
        "\(runtime.phone.screenName), keypad \(path)\(runtime.peripherals.modem.statusSuffix)")
  }

  /// Closes the service manager's socket.
  public mutating func close() { service.close() }
}
