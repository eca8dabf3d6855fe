import EvdevDevice
import EvdevInput
import Glibc
import SystemLayer

/// A scripted input system: devices with names, keys and queued kernel events,
/// errno results, directory listings and inotify reports. Records the calls a
/// bug would change (open flags, grabs, read modes, descriptors left open).
public final class FakeInputSystem: InputSystem {
  /// A system with no devices, folders or watches.
  public init() {}

  /// What the kernel has queued for a device.
  public enum Step {
    /// An event read normally.
    case event(InputEvent)
    /// A `SYN_DROPPED`, with the state delta libevdev then synthesises in sync mode.
    case dropped(sync: [InputEvent])
    /// A read error (positive errno); stays, as a gone device stays gone.
    case error(Int32)
  }

  /// A scripted device node.
  public struct Device {
    /// The name libevdev reports.
    public var name: String
    /// The key codes the device has.
    public var keys: Set<UInt16>
    /// Why `open` fails, if it does.
    public var openError: Errno?
    /// Why a grab fails, if it does.
    public var grabError: Errno?
    /// What the kernel has queued, read first to last.
    public var queue: [Step] = []

    /// A device named `name` with `keys`, failing to open or grab with
    /// the errors given, with `queue` waiting to be read.
    public init(
      name: String, keys: Set<UInt16>, openError: Errno? = nil, grabError: Errno? = nil,
      queue: [Step] = []
    ) {
      self.name = name
      self.keys = keys
      self.openError = openError
      self.grabError = grabError
      self.queue = queue
    }
  }

  /// The device nodes, by path.
  public var devices: [String: Device] = [:]
  /// Folder listings, by path.
  public var directories: [String: [String]] = [:]
  /// What each inotify read reports, first to last.
  public var inotifyReports: [DirectoryChanges] = []
  /// Errors the next watches fail with, first to last.
  public var addWatchErrors: [Errno] = []

  /// The flags of every `open`.
  public private(set) var openFlags: [Int32] = []
  /// Every grab and release, in order.
  public private(set) var grabs: [(fd: Int32, on: Bool)] = []
  /// The mode of every read.
  public private(set) var readModes: [EventReadMode] = []
  /// Descriptors opened and not closed.
  public private(set) var openDescriptors: Set<Int32> = []
  /// libevdev devices made and not freed.
  public private(set) var liveHandles: Set<Int32> = []
  /// Devices set to the monotonic clock.
  public private(set) var monotonicHandles: Set<Int32> = []
  /// Every watch added.
  public private(set) var watches: [(path: String, mask: UInt32)] = []
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

  /// `InputSystem`'s `keyIsDown`, scripted.
  public func keyIsDown(_ handle: Int32, code: UInt16) -> Bool {
    keysDown[handle]?.contains(code) == true
  }

  /// `InputSystem`'s `open`, scripted.
  public func open(_ path: String, flags: Int32) -> Result<Int32, Errno> {
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

  /// `InputSystem`'s `close`, scripted.
  public func close(_ fd: Int32) {
    openDescriptors.remove(fd)
  }

  /// `InputSystem`'s `grab`, scripted.
  public func grab(_ fd: Int32, _ grab: Bool) -> Result<Void, Errno> {
    grabs.append((fd, grab))
    if grab, let path = paths[fd], let error = devices[path]?.grabError { return .failure(error) }
    return .success(())
  }

  /// `InputSystem`'s `newDevice`, scripted.
  public func newDevice(fd: Int32) -> Result<Int32, Errno> {
    guard openDescriptors.contains(fd), paths[fd].flatMap({ devices[$0] }) != nil else {
      return .failure(.badFileDescriptor)
    }
    liveHandles.insert(fd)
    return .success(fd)
  }

  /// `InputSystem`'s `freeDevice`, scripted.
  public func freeDevice(_ device: Int32) {
    liveHandles.remove(device)
  }

  private func device(_ handle: Int32) -> Device? {
    paths[handle].flatMap { devices[$0] }
  }

  /// The name libevdev reports.
  public func name(of device: Int32) -> String {
    self.device(device)?.name ?? ""
  }

  /// `InputSystem`'s `identity`, scripted.
  public func identity(of device: Int32) -> DeviceIdentity {
    DeviceIdentity(busType: 3, vendor: 0x1234, product: 0x5678, version: 0x0111)
  }

  /// `InputSystem`'s `hasEventCode`, scripted.
  public func hasEventCode(_ device: Int32, type: UInt16, code: UInt16) -> Bool {
    type == InputEvent.key && self.device(device)?.keys.contains(code) == true
  }

  /// `InputSystem`'s `useMonotonicClock`, scripted.
  public func useMonotonicClock(_ device: Int32) -> Result<Void, Errno> {
    monotonicHandles.insert(device)
    return .success(())
  }

  /// Behaves like libevdev: a `SYN_DROPPED` read normally returns status 1 and
  /// queues the state delta for sync mode; reading normally again instead
  /// discards the delta, losing the releases and presses in it.
  public func nextEvent(_ handle: Int32, mode: EventReadMode) -> (status: Int32, event: InputEvent)
  {
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

  /// `InputSystem`'s `poll`, scripted.
  public func poll(_ fd: Int32, timeoutMilliseconds: Int32) -> PollResult {
    if fd == inotifyDescriptor { return inotifyReports.isEmpty ? .timeout : .ready }
    guard let path = paths[fd], let device = devices[path] else { return .timeout }
    return device.queue.isEmpty && pendingSync[fd] == nil ? .timeout : .ready
  }

  /// `InputSystem`'s `listDirectory`, scripted.
  public func listDirectory(_ path: String) -> Result<[String], Errno> {
    directories[path].map { .success($0) } ?? .failure(.noSuchFile)
  }

  /// The inotify descriptor (-2 before `inotifyInit`).
  public private(set) var inotifyDescriptor: Int32 = -2

  /// `InputSystem`'s `inotifyInit`, scripted.
  public func inotifyInit() -> Result<Int32, Errno> {
    let fd = newDescriptor("inotify")
    inotifyDescriptor = fd
    return .success(fd)
  }

  /// `InputSystem`'s `inotifyAddWatch`, scripted.
  public func inotifyAddWatch(_ fd: Int32, path: String, mask: UInt32) -> Result<Int32, Errno> {
    if !addWatchErrors.isEmpty { return .failure(addWatchErrors.removeFirst()) }
    watches.append((path, mask))
    return .success(1)
  }

  /// `InputSystem`'s `inotifyRead`, scripted.
  public func inotifyRead(_ fd: Int32) -> Result<DirectoryChanges, Errno> {
    inotifyReports.isEmpty ? .success(DirectoryChanges()) : .success(inotifyReports.removeFirst())
  }
}
