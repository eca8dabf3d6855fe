import SystemLayer

/// Why a keypad could not be opened or read, with a message for people.
public enum InputError: Error, Hashable, Sendable {
  /// The user may not read the device node (`EACCES`, `EPERM`).
  case permissionDenied(path: String)
  /// There is no device at the path (`ENOENT`, `ENXIO`, `ENODEV` at open).
  case noSuchDevice(path: String)
  /// The file is not an evdev input device (libevdev's ioctls fail with `ENOTTY`).
  case notAnInputDevice(path: String)
  /// The device has none of the keymap's keys.
  case notAKeypad(path: String, name: String)
  /// Another program holds the device's grab (`EBUSY`).
  case busy(path: String)
  /// The device was unplugged (`ENODEV` while reading).
  case unplugged(path: String)
  /// Another failure of a system call or libevdev function.
  case system(call: String, path: String, errno: Errno)

  /// What went wrong and, where the user can fix it, how.
  public var message: String {
    switch self {
    case .permissionDenied(let path):
      "cannot open \(path): permission denied. Add your user to the input group "
        + "(sudo usermod -aG input $USER, then log out and in again), "
        + "or install the udev rule in docs/deploy.md"
    case .noSuchDevice(let path):
      "cannot open \(path): no such device (is the keypad plugged in? "
        + "--input auto finds it)"
    case .notAnInputDevice(let path):
      "cannot use \(path): it is not an evdev input device (/dev/input/event*)"
    case .notAKeypad(let path, let name):
      "\(path) (\"\(name)\") is not a keypad: it has none of the keymap's keys "
        + "(choose another device with --input, or --input auto)"
    case .busy(let path):
      "cannot grab \(path): another program has grabbed it (is t9phone already running?)"
    case .unplugged(let path):
      "\(path) was unplugged"
    case .system(let call, let path, let errno):
      "\(call) failed for \(path): \(errno)"
    }
  }

  /// The error for a failed `open(2)` of `path`.
  static func opening(_ path: String, _ errno: Errno) -> InputError {
    switch errno {
    case .accessDenied, .notPermitted: .permissionDenied(path: path)
    case .noSuchFile, .noSuchDeviceOrAddress, .noDevice: .noSuchDevice(path: path)
    default: .system(call: "open", path: path, errno: errno)
    }
  }
}
