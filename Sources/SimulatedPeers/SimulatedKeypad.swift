import Vocabulary

/// A keypad as scenarios and the fault soak press it: which keys are down
/// on the device (what the watchdog compares the firmware's held keys with)
/// and the fault a real keypad has, a release lost on the way to the
/// firmware (`fault stuck`).
public struct SimulatedKeypad: Sendable {
  /// Keys down on the device, one bit per `Key.index`.
  private var keysDown: UInt32 = 0
  /// Keys whose next release is lost on the way.
  private var stuckArmed: UInt32 = 0

  /// A keypad with no key down.
  public init() {}

  /// The key went down on the device.
  public mutating func press(_ key: Key) {
    keysDown |= Self.bit(key)
  }

  /// The key came up on the device; false when its release is lost on the
  /// way to the firmware.
  public mutating func release(_ key: Key) -> Bool {
    let bit = Self.bit(key)
    keysDown &= ~bit
    guard stuckArmed & bit != 0 else { return true }
    stuckArmed &= ~bit
    return false
  }

  /// The next release of `key` will be lost.
  public mutating func loseNextRelease(of key: Key) {
    stuckArmed |= Self.bit(key)
  }

  /// Whether `key` is down on the device.
  @inline(__always)
  public func isDown(_ key: Key) -> Bool {
    keysDown & Self.bit(key) != 0
  }

  @inline(__always)
  private static func bit(_ key: Key) -> UInt32 { 1 << UInt32(key.index) }
}
