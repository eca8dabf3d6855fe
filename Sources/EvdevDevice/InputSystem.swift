import EvdevInput
import SystemLayer

/// The system calls and libevdev functions the keypad adapter uses, behind a
/// protocol so tests can script devices, events and errors without
/// `/dev/input`. `LinuxInputSystem` is the real one. Adapters are generic over
/// it, so calls are direct, not through an existential.
public protocol InputSystem {
  /// A libevdev device (`struct libevdev *` in the real system).
  associatedtype Handle

  /// `open(2)`: a file descriptor, or the errno.
  func open(_ path: String, flags: Int32) -> Result<Int32, Errno>
  /// `close(2)`.
  func close(_ fd: Int32)
  /// `ioctl(fd, EVIOCGRAB, grab)`: grabs the device for this descriptor alone, or releases it.
  func grab(_ fd: Int32, _ grab: Bool) -> Result<Void, Errno>

  /// `libevdev_new_from_fd`: a libevdev device reading `fd`.
  func newDevice(fd: Int32) -> Result<Handle, Errno>
  /// `libevdev_free` (does not close the descriptor).
  func freeDevice(_ device: Handle)
  /// `libevdev_get_name`.
  func name(of device: Handle) -> String
  /// `libevdev_get_id_bustype`, `_vendor`, `_product`, `_version`.
  func identity(of device: Handle) -> DeviceIdentity
  /// `libevdev_has_event_code`.
  func hasEventCode(_ device: Handle, type: UInt16, code: UInt16) -> Bool
  /// `libevdev_get_event_value(device, EV_KEY, code)`: whether the key is
  /// down as far as the events read so far (and any resync) say.
  func keyIsDown(_ device: Handle, code: UInt16) -> Bool
  /// `libevdev_set_clock_id(device, CLOCK_MONOTONIC)`: timestamps that never jump.
  func useMonotonicClock(_ device: Handle) -> Result<Void, Errno>
  /// `libevdev_next_event`: the status (`EventReadStatus.success`,
  /// `EventReadStatus.sync`, `-EAGAIN` when there is nothing to read, `-ENODEV`
  /// when the device is gone, another negative errno) and the event read.
  func nextEvent(_ device: Handle, mode: EventReadMode) -> (status: Int32, event: InputEvent)

  /// `poll(2)` for readability of one descriptor.
  func poll(_ fd: Int32, timeoutMilliseconds: Int32) -> PollResult
  /// The names of a directory's entries (without "." and "..").
  func listDirectory(_ path: String) -> Result<[String], Errno>

  /// `inotify_init1(IN_NONBLOCK | IN_CLOEXEC)`.
  func inotifyInit() -> Result<Int32, Errno>
  /// `inotify_add_watch`.
  func inotifyAddWatch(_ fd: Int32, path: String, mask: UInt32) -> Result<Int32, Errno>
  /// Reads the inotify events queued on `fd` without blocking.
  func inotifyRead(_ fd: Int32) -> Result<DirectoryChanges, Errno>
}
