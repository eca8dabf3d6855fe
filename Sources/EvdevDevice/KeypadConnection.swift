import EvdevInput

/// A keypad that may come and go: the device named by `--input` (or the
/// first with the keymap's keys, for `auto`), read while it is there; when
/// it is unplugged, `/dev/input` is watched until it can be opened again.
/// The run loop sees key events and connection changes, never the device.
public struct KeypadConnection<System: InputSystem> {
  /// What happened to the connection.
  public enum Change: Sendable, Hashable {
    /// The keypad was opened (again).
    case connected(path: String, name: String)
    /// The keypad went away; why, for the log.
    case disconnected(InputError)
  }

  /// A device path, or `auto`.
  public let input: String
  /// The keymap's key codes: a device needs one of them.
  public let codes: [UInt16]
  /// Whether the device is grabbed.
  public let grab: Bool
  /// Where devices appear.
  public let directory: String
  private let system: System
  /// The open keypad, if it is there.
  public private(set) var device: KeypadDevice<System>?
  private var watcher: DeviceWatcher<System>?

  /// A connection, not open yet.
  public init(
    input: String, codes: [UInt16], grab: Bool = true, directory: String = "/dev/input",
    system: System
  ) {
    self.input = input
    self.codes = codes
    self.grab = grab
    self.directory = directory
    self.system = system
  }

  /// Opens the keypad; at start-up a failure is the user's to fix, so it is
  /// thrown (`noSuchDevice` for `auto` when no device has the keys).
  public mutating func open() throws(InputError) -> Change {
    let path: String
    if input == "auto" {
      guard let found = KeypadDevice.find(codes: codes, in: directory, system: system) else {
        throw .noSuchDevice(path: directory)
      }
      path = found
    } else {
      path = input
    }
    let opened = try KeypadDevice.open(path: path, codes: codes, grab: grab, system: system)
    device = opened
    watcher?.close()
    watcher = nil
    return .connected(path: opened.path, name: opened.name)
  }

  /// Waits up to `timeoutMilliseconds`: while connected, for key events,
  /// each passed to `event`; while not, for the keypad to come back. Returns
  /// the change of connection, if any.
  public mutating func poll(
    timeoutMilliseconds: Int32, _ event: (InputEvent) -> Void
  ) -> Change? {
    guard var current = device else { return awaitKeypad(timeoutMilliseconds) }
    do throws(InputError) {
      guard try current.wait(timeoutMilliseconds: timeoutMilliseconds) else { return nil }
      try current.read(event)
      return nil
    } catch {
      current.close()
      device = nil
      watcher = try? DeviceWatcher(directory: directory, system: system)
      return .disconnected(error)
    }
  }

  /// Waits for `/dev/input` to change (or, without a watch, for the
  /// timeout), then tries the keypad again: a node that is not ready yet
  /// (not there, permissions not yet set by udev) is tried at the next
  /// change.
  private mutating func awaitKeypad(_ timeoutMilliseconds: Int32) -> Change? {
    if var current = watcher {
      let appeared = (try? current.wait(timeoutMilliseconds: timeoutMilliseconds)) ?? []
      watcher = current
      if appeared.isEmpty { return nil }
    } else {
      _ = system.poll(-1, timeoutMilliseconds: timeoutMilliseconds)
    }
    return try? open()
  }

  /// Releases the keypad and the watch.
  public mutating func close() {
    device?.close()
    device = nil
    watcher?.close()
    watcher = nil
  }
}
