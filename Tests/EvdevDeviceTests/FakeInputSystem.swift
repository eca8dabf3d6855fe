import EvdevInput
import Glibc
import SystemLayer

@testable import EvdevDevice

/// A scripted input system: devices with names, keys and queued kernel events,
/// errno results, directory listings and inotify reports. Records the calls a
/// bug would change (open flags, grabs, read modes, descriptors left open).
final class FakeInputSystem: InputSystem {
  /// What the kernel has queued for a device.
  enum Step {
    /// An event read normally.
    case event(InputEvent)
    /// A `SYN_DROPPED`, with the state delta libevdev then synthesises in sync mode.
    case dropped(sync: [InputEvent])
    /// A read error (positive errno); stays, as a gone device stays gone.
    case error(Int32)
  }

  /// A scripted device node.
  struct Device {
    var name: String
    var keys: Set<UInt16>
    var openError: Errno?
    var grabError: Errno?
    var queue: [Step] = []
  }

  var devices: [String: Device] = [:]
  var directories: [String: [String]] = [:]
  var inotifyReports: [DirectoryChanges] = []
  var addWatchErrors: [Errno] = []

  private(set) var openFlags: [Int32] = []
  private(set) var grabs: [(fd: Int32, on: Bool)] = []
  private(set) var readModes: [EventReadMode] = []
  private(set) var openDescriptors: Set<Int32> = []
  private(set) var liveHandles: Set<Int32> = []
  private(set) var monotonicHandles: Set<Int32> = []
  private(set) var watches: [(path: String, mask: UInt32)] = []
  private var nextDescriptor: Int32 = 3
  private var paths: [Int32: String] = [:]
  private var pendingSync: [Int32: [InputEvent]] = [:]
  private var keysDown: [Int32: Set<UInt16>] = [:]

  /// Tracks key state from the events handed out, as libevdev does.
  private func track(_ handle: Int32, _ event: InputEvent) -> InputEvent {
    if event.type == InputEvent.key {
      if event.value == 0 {
        keysDown[handle, default: []].remove(event.code)
      } else {
        keysDown[handle, default: []].insert(event.code)
      }
    }
    return event
  }

  func keyIsDown(_ handle: Int32, code: UInt16) -> Bool {
    keysDown[handle]?.contains(code) == true
  }

  func open(_ path: String, flags: Int32) -> Result<Int32, Errno> {
    openFlags.append(flags)
    guard let device = devices[path] else { return .failure(.noSuchFile) }
    if let error = device.openError { return .failure(error) }
    return .success(newDescriptor(path))
  }

  private func newDescriptor(_ path: String) -> Int32 {
    let fd = nextDescriptor
    nextDescriptor += 1
    openDescriptors.insert(fd)
    paths[fd] = path
    return fd
  }

  func close(_ fd: Int32) {
    openDescriptors.remove(fd)
  }

  func grab(_ fd: Int32, _ grab: Bool) -> Result<Void, Errno> {
    grabs.append((fd, grab))
    if grab, let path = paths[fd], let error = devices[path]?.grabError { return .failure(error) }
    return .success(())
  }

  func newDevice(fd: Int32) -> Result<Int32, Errno> {
    guard openDescriptors.contains(fd), paths[fd].flatMap({ devices[$0] }) != nil else {
      return .failure(.badFileDescriptor)
    }
    liveHandles.insert(fd)
    return .success(fd)
  }

  func freeDevice(_ device: Int32) {
    liveHandles.remove(device)
  }

  private func device(_ handle: Int32) -> Device? {
    paths[handle].flatMap { devices[$0] }
  }

  func name(of device: Int32) -> String {
    self.device(device)?.name ?? ""
  }

  func identity(of device: Int32) -> DeviceIdentity {
    DeviceIdentity(busType: 3, vendor: 0x1234, product: 0x5678, version: 0x0111)
  }

  func hasEventCode(_ device: Int32, type: UInt16, code: UInt16) -> Bool {
    type == InputEvent.key && self.device(device)?.keys.contains(code) == true
  }

  func useMonotonicClock(_ device: Int32) -> Result<Void, Errno> {
    monotonicHandles.insert(device)
    return .success(())
  }

  /// Behaves like libevdev: a `SYN_DROPPED` read normally returns status 1 and
  /// queues the state delta for sync mode; reading normally again instead
  /// discards the delta, losing the releases and presses in it.
  func nextEvent(_ handle: Int32, mode: EventReadMode) -> (status: Int32, event: InputEvent) {
    readModes.append(mode)
    let none = InputEvent(seconds: 0, microseconds: 0, type: 0, code: 0, value: 0)
    guard let path = paths[handle], var device = devices[path] else { return (-EBADF, none) }
    switch mode {
    case .sync:
      guard var delta = pendingSync[handle], !delta.isEmpty else {
        pendingSync[handle] = nil
        return (-EAGAIN, none)
      }
      let event = delta.removeFirst()
      pendingSync[handle] = delta
      return (EventReadStatus.sync, track(handle, event))
    case .normal:
      pendingSync[handle] = nil
      guard let step = device.queue.first else { return (-EAGAIN, none) }
      switch step {
      case .error(let errno):
        return (-errno, none)
      case .event(let event):
        device.queue.removeFirst()
        devices[path] = device
        return (EventReadStatus.success, track(handle, event))
      case .dropped(let delta):
        device.queue.removeFirst()
        devices[path] = device
        pendingSync[handle] = delta
        let dropped = InputEvent(
          seconds: 0, microseconds: 0, type: InputEvent.synchronization,
          code: InputEvent.dropped, value: 0)
        return (EventReadStatus.sync, dropped)
      }
    }
  }

  func poll(_ fd: Int32, timeoutMilliseconds: Int32) -> PollResult {
    if fd == inotifyDescriptor { return inotifyReports.isEmpty ? .timeout : .ready }
    guard let path = paths[fd], let device = devices[path] else { return .timeout }
    return device.queue.isEmpty && pendingSync[fd] == nil ? .timeout : .ready
  }

  func listDirectory(_ path: String) -> Result<[String], Errno> {
    directories[path].map { .success($0) } ?? .failure(.noSuchFile)
  }

  private(set) var inotifyDescriptor: Int32 = -2

  func inotifyInit() -> Result<Int32, Errno> {
    let fd = newDescriptor("inotify")
    inotifyDescriptor = fd
    return .success(fd)
  }

  func inotifyAddWatch(_ fd: Int32, path: String, mask: UInt32) -> Result<Int32, Errno> {
    if !addWatchErrors.isEmpty { return .failure(addWatchErrors.removeFirst()) }
    watches.append((path, mask))
    return .success(1)
  }

  func inotifyRead(_ fd: Int32) -> Result<DirectoryChanges, Errno> {
    inotifyReports.isEmpty ? .success(DirectoryChanges()) : .success(inotifyReports.removeFirst())
  }
}
