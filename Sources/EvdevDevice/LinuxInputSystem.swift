import CEvdev
import CLinux
import EvdevInput
import SystemLayer

/// The real input system: Glibc system calls and libevdev.
public struct LinuxInputSystem: InputSystem, Sendable {
  /// Creates the system layer (it holds no state).
  public init() {}

  /// `open(2)`.
  public func open(_ path: String, flags: Int32) -> Result<Int32, Errno> {
    while true {
      let fd = t9_open(path, flags, 0)
      if fd >= 0 { return .success(fd) }
      if t9_errno() != EINTR { return .failure(Errno(t9_errno())) }
    }
  }

  /// `close(2)`.
  public func close(_ fd: Int32) {
    _ = CLinux.close(fd)
  }

  /// `ioctl(fd, EVIOCGRAB, grab)` through a C shim.
  public func grab(_ fd: Int32, _ grab: Bool) -> Result<Void, Errno> {
    let status = t9_evdev_grab(fd, grab ? 1 : 0)
    return status < 0 ? .failure(Errno(-status)) : .success(())
  }

  /// `libevdev_new_from_fd`.
  public func newDevice(fd: Int32) -> Result<OpaquePointer, Errno> {
    var device: OpaquePointer?
    let status = libevdev_new_from_fd(fd, &device)
    guard status == 0, let device else { return .failure(Errno(status < 0 ? -status : EIO)) }
    return .success(device)
  }

  /// `libevdev_free`.
  public func freeDevice(_ device: OpaquePointer) {
    libevdev_free(device)
  }

  /// `libevdev_get_name`.
  public func name(of device: OpaquePointer) -> String {
    libevdev_get_name(device).map { String(cString: $0) } ?? ""
  }

  /// `libevdev_get_id_*`.
  public func identity(of device: OpaquePointer) -> DeviceIdentity {
    DeviceIdentity(
      busType: UInt16(truncatingIfNeeded: libevdev_get_id_bustype(device)),
      vendor: UInt16(truncatingIfNeeded: libevdev_get_id_vendor(device)),
      product: UInt16(truncatingIfNeeded: libevdev_get_id_product(device)),
      version: UInt16(truncatingIfNeeded: libevdev_get_id_version(device)))
  }

  /// `libevdev_has_event_code`.
  public func hasEventCode(_ device: OpaquePointer, type: UInt16, code: UInt16) -> Bool {
    libevdev_has_event_code(device, UInt32(type), UInt32(code)) == 1
  }

  /// `libevdev_get_event_value(device, EV_KEY, code)`.
  public func keyIsDown(_ device: OpaquePointer, code: UInt16) -> Bool {
    libevdev_get_event_value(device, UInt32(EV_KEY), UInt32(code)) != 0
  }

  /// `libevdev_set_clock_id(device, CLOCK_MONOTONIC)`.
  public func useMonotonicClock(_ device: OpaquePointer) -> Result<Void, Errno> {
    let status = libevdev_set_clock_id(device, CLOCK_MONOTONIC)
    return status < 0 ? .failure(Errno(-status)) : .success(())
  }

  /// `libevdev_next_event`, the timestamp read through C accessors.
  public func nextEvent(_ device: OpaquePointer, mode: EventReadMode) -> (
    status: Int32, event: InputEvent
  ) {
    var raw = input_event()
    let flags =
      switch mode {
      case .normal: LIBEVDEV_READ_FLAG_NORMAL.rawValue
      case .sync: LIBEVDEV_READ_FLAG_SYNC.rawValue
      }
    let status = libevdev_next_event(device, flags, &raw)
    let event = InputEvent(
      seconds: t9_event_seconds(&raw), microseconds: t9_event_microseconds(&raw),
      type: raw.type, code: raw.code, value: raw.value)
    return (status, event)
  }

  /// `poll(2)` for `POLLIN`; an interrupted wait counts as a timeout.
  public func poll(_ fd: Int32, timeoutMilliseconds: Int32) -> PollResult {
    var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    let count = CLinux.poll(&descriptor, 1, timeoutMilliseconds)
    if count > 0 { return .ready }
    if count == 0 || t9_errno() == EINTR { return .timeout }
    return .error(Errno(t9_errno()))
  }

  /// `opendir`/`readdir`.
  public func listDirectory(_ path: String) -> Result<[String], Errno> {
    guard let directory = opendir(path) else { return .failure(Errno(t9_errno())) }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return .success(names)
  }

  /// `inotify_init1(IN_NONBLOCK | IN_CLOEXEC)`.
  public func inotifyInit() -> Result<Int32, Errno> {
    let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    return fd < 0 ? .failure(Errno(t9_errno())) : .success(fd)
  }

  /// `inotify_add_watch`.
  public func inotifyAddWatch(_ fd: Int32, path: String, mask: UInt32) -> Result<Int32, Errno> {
    let watch = inotify_add_watch(fd, path, mask)
    return watch < 0 ? .failure(Errno(t9_errno())) : .success(watch)
  }

  /// Reads and decodes `struct inotify_event` records until none is left.
  public func inotifyRead(_ fd: Int32) -> Result<DirectoryChanges, Errno> {
    var changes = DirectoryChanges()
    let header = MemoryLayout<inotify_event>.size
    let buffer = UnsafeMutableRawBufferPointer.allocate(
      byteCount: 4096 + header + Int(NAME_MAX) + 1,
      alignment: MemoryLayout<inotify_event>.alignment)
    defer { buffer.deallocate() }
    while true {
      let count = CLinux.read(fd, buffer.baseAddress, buffer.count)
      if count < 0 {
        if t9_errno() == EINTR { continue }
        if t9_errno() == EAGAIN { return .success(changes) }
        return .failure(Errno(t9_errno()))
      }
      if count == 0 { return .success(changes) }
      var offset = 0
      while offset + header <= count {
        let mask = buffer.load(fromByteOffset: offset + 4, as: UInt32.self)
        let length = Int(buffer.load(fromByteOffset: offset + 12, as: UInt32.self))
        let end = min(offset + header + length, count)
        let nameBytes = UnsafeRawBufferPointer(rebasing: buffer[offset + header..<end])
        let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
        if mask & UInt32(IN_Q_OVERFLOW) != 0 { changes.overflowed = true }
        if mask & UInt32(IN_IGNORED) != 0 { changes.watchRemoved = true }
        if !name.isEmpty { changes.names.append(name) }
        offset += header + length
      }
    }
  }
}
