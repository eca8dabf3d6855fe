/// One Linux input event as the kernel reports it (`struct input_event`):
/// a timestamp, a type, a code and a value. Pure data, so the keymap, the
/// translator and evemu recordings work without a device.
public struct InputEvent: Sendable, Hashable {
  /// Seconds of the kernel's timestamp.
  public var seconds: Int64
  /// Microseconds of the kernel's timestamp (0 ..< 1,000,000).
  public var microseconds: Int32
  /// The event type (`EV_KEY`, `EV_SYN`, …).
  public var type: UInt16
  /// The code within the type (`KEY_KP5`, `SYN_REPORT`, …).
  public var code: UInt16
  /// The value (for keys: 1 press, 0 release, 2 autorepeat).
  public var value: Int32

  /// Creates an event.
  public init(seconds: Int64, microseconds: Int32, type: UInt16, code: UInt16, value: Int32) {
    self.seconds = seconds
    self.microseconds = microseconds
    self.type = type
    self.code = code
    self.value = value
  }

  /// `EV_SYN`.
  public static let synchronization: UInt16 = 0x00
  /// `EV_KEY`.
  public static let key: UInt16 = 0x01
  /// `SYN_REPORT`.
  public static let report: UInt16 = 0
  /// `SYN_DROPPED`: the kernel's buffer overflowed; events were lost.
  public static let dropped: UInt16 = 3

  /// The timestamp in microseconds.
  public var timeInMicroseconds: Int64 { seconds * 1_000_000 + Int64(microseconds) }
}
