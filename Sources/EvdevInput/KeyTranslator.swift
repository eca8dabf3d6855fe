import KeypadInput

/// Turns kernel input events into the firmware's key events through a
/// keymap.
///
/// Only `EV_KEY` events of mapped codes count: a value of 1 is a press, 0 a
/// release, and 2 (the kernel's autorepeat) is dropped, as the firmware
/// times holds itself. When several codes map to the same logical key, the
/// key goes down with the first of them and up with the last.
public struct KeyTranslator: Sendable {
  /// The keymap in use.
  public let keymap: Keymap
  private var down: [UInt16] = []

  /// Creates a translator with nothing held down.
  public init(keymap: Keymap) {
    self.keymap = keymap
  }

  /// The key event `event` stands for, or nil when it means nothing to the
  /// phone. The event's kernel timestamp becomes the key event's time as it
  /// is, on the device's clock: the supervisor's `InputClock` places it on the firmware's.
  public mutating func translate(_ event: InputEvent) -> KeyEvent? {
    guard event.type == InputEvent.key, let key = keymap.key(for: event.code) else { return nil }
    let time = Instant(microseconds: event.timeInMicroseconds)
    switch event.value {
    case 1:
      guard !down.contains(event.code) else { return nil }
      let alreadyDown = isDown(key)
      down.append(event.code)
      return alreadyDown ? nil : KeyEvent(.press, key, at: time)
    case 0:
      down.removeAll { $0 == event.code }
      return isDown(key) ? nil : KeyEvent(.release, key, at: time)
    default:
      return nil
    }
  }

  /// Forgets which codes are down (after the device was lost or resynced).
  public mutating func reset() {
    down.removeAll()
  }

  private func isDown(_ key: Key) -> Bool {
    down.contains { keymap.key(for: $0) == key }
  }
}
