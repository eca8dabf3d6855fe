import CEvdev
import CEvdevShims
import EvdevInput

/// The evdev keypad adapter (placeholder while it is written).
public enum EvdevDevice {
  /// The libevdev shims' version.
  public static var shimsVersion: Int { Int(t9_evdev_shims_version()) }
}
