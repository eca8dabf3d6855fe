import SystemLayer

/// Watches `/dev/input` with inotify for input devices that appear — a keypad
/// plugged in again — so the run loop can reopen it. Reports `event<N>` nodes
/// and other new names such as udev's symlinks (`t9keypad`), both when created
/// and when their permissions change (udev sets them after the node appears).
/// Call `close()` when done.
public struct DeviceWatcher<System: InputSystem> {
  /// The watched directory.
  public let directory: String
  /// The inotify descriptor, for waiting on it together with others.
  public let fileDescriptor: Int32
  let system: System
  private var watching: Bool
  private var isClosed = false

  /// `IN_CREATE`.
  public static var created: UInt32 { 0x100 }
  /// `IN_ATTRIB`: metadata (permissions, owner) changed.
  public static var attributesChanged: UInt32 { 0x004 }
  /// The events watched: creation and change of permissions.
  public static var mask: UInt32 { created | attributesChanged }

  /// Starts watching `directory`. A missing directory (`/dev/input` goes away
  /// with its last device) is watched once it exists again.
  public init(directory: String = "/dev/input", system: System) throws(InputError) {
    let fd: Int32
    switch system.inotifyInit() {
    case .success(let opened): fd = opened
    case .failure(let errno): throw .system(call: "inotify_init1", path: directory, errno: errno)
    }
    self.directory = directory
    self.fileDescriptor = fd
    self.system = system
    self.watching = false
    do throws(InputError) {
      try addWatch()
    } catch {
      system.close(fd)
      throw error
    }
  }

  private mutating func addWatch() throws(InputError) {
    switch system.inotifyAddWatch(fileDescriptor, path: directory, mask: Self.mask) {
    case .success: watching = true
    case .failure(.noSuchFile): watching = false
    case .failure(let errno):
      throw .system(call: "inotify_add_watch", path: directory, errno: errno)
    }
  }

  /// Waits up to `timeoutMilliseconds` (-1: forever) and returns the paths of
  /// the devices that appeared or changed, `event<N>` by number first, then
  /// other names; empty on timeout. After lost notifications, or when the
  /// directory comes back, returns every `event<N>` in it.
  public mutating func wait(timeoutMilliseconds: Int32) throws(InputError) -> [String] {
    guard !isClosed else {
      throw .system(call: "poll", path: directory, errno: .badFileDescriptor)
    }
    if !watching {
      try addWatch()
      return watching ? everyDevice() : idle(timeoutMilliseconds)
    }
    switch system.poll(fileDescriptor, timeoutMilliseconds: timeoutMilliseconds) {
    case .timeout: return []
    case .error(let errno): throw .system(call: "poll", path: directory, errno: errno)
    case .ready: break
    }
    let changes: DirectoryChanges
    switch system.inotifyRead(fileDescriptor) {
    case .success(let read): changes = read
    case .failure(let errno): throw .system(call: "read", path: directory, errno: errno)
    }
    if changes.watchRemoved {
      watching = false
      try addWatch()
      return watching ? everyDevice() : []
    }
    if changes.overflowed { return everyDevice() }
    return paths(of: changes.names)
  }

  /// Without a watch, the directory is checked again after the timeout.
  private func idle(_ timeoutMilliseconds: Int32) -> [String] {
    _ = system.poll(-1, timeoutMilliseconds: timeoutMilliseconds < 0 ? 1000 : timeoutMilliseconds)
    return []
  }

  private func everyDevice() -> [String] {
    guard case .success(let names) = system.listDirectory(directory) else { return [] }
    return EventDeviceName.sorted(names).map { EventDeviceName.path(directory, $0) }
  }

  private func paths(of names: [String]) -> [String] {
    var seen = Set<String>()
    let unique = names.filter { seen.insert($0).inserted && Self.mayBeKeypad($0) }
    let events = EventDeviceName.sorted(unique)
    let others = unique.filter { EventDeviceName.number(of: $0) == nil }
    return (events + others).map { EventDeviceName.path(directory, $0) }
  }

  /// Whether a name in `/dev/input` may be a keypad: not a legacy mouse or
  /// joystick node, nor udev's `by-id`/`by-path` directories.
  static func mayBeKeypad(_ name: String) -> Bool {
    !["mouse", "mice", "js", "by-"].contains { name.hasPrefix($0) }
  }

  /// Stops watching and closes the descriptor. Closing again does nothing.
  public mutating func close() {
    guard !isClosed else { return }
    system.close(fileDescriptor)
    isClosed = true
  }
}

extension DeviceWatcher where System == LinuxInputSystem {
  /// Starts watching `/dev/input` with the real system.
  public init() throws(InputError) {
    try self.init(system: LinuxInputSystem())
  }
}
