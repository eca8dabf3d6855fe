import CLinux
import EvdevInput
import SystemLayer

/// An evdev keypad opened through libevdev: grabbed so its keys reach no one
/// else, read without blocking, resynchronised after the kernel drops events,
/// and reporting an unplug. Call `close()` when done; copies share the device.
public struct KeypadDevice<System: InputSystem> {
  /// The device node's path, as given.
  public let path: String
  /// The device's name as the kernel reports it ("USB Keypad").
  public let name: String
  /// The device's ids (bus, vendor, product, version).
  public let identity: DeviceIdentity
  /// Every key code the device has (`EV_KEY`, below `KEY_MAX`), in order:
  /// what a recording describes the device with.
  public let keyCodes: [UInt16]
  /// The open descriptor, for waiting on it together with others.
  public let fileDescriptor: Int32
  /// How many times the kernel dropped events and libevdev's state delta
  /// was read to resynchronise.
  public private(set) var resyncs = 0
  /// Whether this descriptor holds the device's grab.
  public private(set) var isGrabbed: Bool
  let system: System
  private var handle: System.Handle?

  /// The flags the node is opened with: read only, non-blocking, closed on exec.
  public static var openFlags: Int32 { O_RDONLY | O_NONBLOCK | O_CLOEXEC }

  private init(
    path: String, name: String, fileDescriptor: Int32, isGrabbed: Bool, system: System,
    handle: System.Handle
  ) {
    self.path = path
    self.name = name
    identity = system.identity(of: handle)
    keyCodes = (0...EvdevKeyNames.maximumCode).filter {
      system.hasEventCode(handle, type: InputEvent.key, code: $0)
    }
    self.fileDescriptor = fileDescriptor
    self.isGrabbed = isGrabbed
    self.system = system
    self.handle = handle
  }

  /// Opens the device at `path`, refusing one that has none of the key `codes`
  /// (`EV_KEY` codes, such as a keymap's), switches its timestamps to the
  /// monotonic clock and, unless `grab` is false, grabs it so its keys do not
  /// also reach the console or another program.
  public static func open(
    path: String, codes: [UInt16], grab: Bool = true, system: System
  ) throws(InputError) -> KeypadDevice {
    let fd: Int32
    switch system.open(path, flags: openFlags) {
    case .success(let opened): fd = opened
    case .failure(let errno): throw InputError.opening(path, errno)
    }
    let handle: System.Handle
    switch system.newDevice(fd: fd) {
    case .success(let device): handle = device
    case .failure(let errno):
      system.close(fd)
      throw errno == .notATypewriter || errno == .invalidArgument
        ? .notAnInputDevice(path: path)
        : .system(call: "libevdev_new_from_fd", path: path, errno: errno)
    }
    let name = system.name(of: handle)
    func fail(_ error: InputError) -> InputError {
      system.freeDevice(handle)
      system.close(fd)
      return error
    }
    guard hasAnyKey(of: codes, handle, system) else {
      throw fail(.notAKeypad(path: path, name: name))
    }
    if case .failure(let errno) = system.useMonotonicClock(handle) {
      throw fail(.system(call: "libevdev_set_clock_id", path: path, errno: errno))
    }
    if grab, case .failure(let errno) = system.grab(fd, true) {
      throw fail(
        errno == .busy ? .busy(path: path) : .system(call: "EVIOCGRAB", path: path, errno: errno))
    }
    return KeypadDevice(
      path: path, name: name, fileDescriptor: fd, isGrabbed: grab, system: system, handle: handle)
  }

  /// The first `event<N>` device in `directory`, by number, that has any of the
  /// key `codes`, or nil. Devices that cannot be opened are skipped; none is grabbed.
  public static func find(
    codes: [UInt16], in directory: String = "/dev/input", system: System
  ) -> String? {
    guard case .success(let names) = system.listDirectory(directory) else { return nil }
    for name in EventDeviceName.sorted(names) {
      let path = EventDeviceName.path(directory, name)
      guard case .success(let fd) = system.open(path, flags: openFlags) else { continue }
      defer { system.close(fd) }
      guard case .success(let handle) = system.newDevice(fd: fd) else { continue }
      defer { system.freeDevice(handle) }
      if hasAnyKey(of: codes, handle, system) { return path }
    }
    return nil
  }

  private static func hasAnyKey(of codes: [UInt16], _ handle: System.Handle, _ system: System)
    -> Bool
  {
    codes.contains { system.hasEventCode(handle, type: InputEvent.key, code: $0) }
  }

  /// Waits up to `timeoutMilliseconds` (-1: forever) for events; true when
  /// there is something to read (an unplug included: `read` then throws).
  public mutating func wait(timeoutMilliseconds: Int32) throws(InputError) -> Bool {
    guard handle != nil else { throw closedError }
    switch system.poll(fileDescriptor, timeoutMilliseconds: timeoutMilliseconds) {
    case .ready: return true
    case .timeout: return false
    case .error(let errno): throw .system(call: "poll", path: path, errno: errno)
    }
  }

  /// Passes every event available now to `body`, in order, autorepeats
  /// (value 2) included. After a `SYN_DROPPED` (passed on too) it reads the
  /// state delta libevdev synthesises — the releases and presses lost with the
  /// dropped events — so no key is lost or left held, then reads normally again.
  /// Throws `.unplugged` when the device is gone.
  public mutating func read(_ body: (InputEvent) -> Void) throws(InputError) {
    guard let handle else { throw closedError }
    var mode = EventReadMode.normal
    while true {
      let (status, event) = system.nextEvent(handle, mode: mode)
      switch status {
      case EventReadStatus.success:
        body(event)
      case EventReadStatus.sync:
        body(event)
        // The SYN_DROPPED itself comes in normal mode; the delta follows.
        if mode == .normal { resyncs += 1 }
        mode = .sync
      case -EAGAIN:
        guard mode == .sync else { return }
        mode = .normal
      case -EINTR:
        continue
      case -ENODEV:
        throw .unplugged(path: path)
      default:
        throw .system(
          call: "libevdev_next_event", path: path, errno: Errno(status < 0 ? -status : EIO))
      }
    }
  }

  /// Whether the key with evdev `code` is down, as libevdev tracks it from
  /// the events read (and resyncs): the device's own key state.
  public func isDown(code: UInt16) -> Bool {
    guard let handle else { return false }
    return system.keyIsDown(handle, code: code)
  }

  /// Releases the grab, frees libevdev's device and closes the descriptor.
  /// Closing again does nothing.
  public mutating func close() {
    guard let handle else { return }
    if isGrabbed {
      _ = system.grab(fileDescriptor, false)
      isGrabbed = false
    }
    system.freeDevice(handle)
    system.close(fileDescriptor)
    self.handle = nil
  }

  private var closedError: InputError {
    .system(call: "libevdev_next_event", path: path, errno: .badFileDescriptor)
  }
}

extension KeypadDevice where System == LinuxInputSystem {
  /// Opens the device at `path` with the real system (see `open(path:codes:grab:system:)`).
  public static func open(path: String, codes: [UInt16], grab: Bool = true) throws(InputError)
    -> KeypadDevice
  {
    try open(path: path, codes: codes, grab: grab, system: LinuxInputSystem())
  }

  /// The first keypad in `/dev/input` with the real system (see `find(codes:in:system:)`).
  public static func find(codes: [UInt16]) -> String? {
    find(codes: codes, system: LinuxInputSystem())
  }
}
