import EvdevDevice
import EvdevInput
import Runtime
import Vocabulary

/// `t9phone record`'s capture: every event the open keypad sends, kept as
/// read, until a signal, a time limit or a number of key presses of the
/// keymap's keys — or the keypad going away — ends it; then written in
/// the evemu format with the device's name, identity and keys. Generic
/// over the input system, so tests script the device.
public struct KeypadRecorder<System: InputSystem> {
  /// The events read so far, in order.
  public private(set) var events: [InputEvent] = []
  /// Key presses of the keymap's keys read so far.
  public private(set) var presses = 0
  /// Why the capture ended early, if it did (the keypad went away).
  public private(set) var lostDevice: String?
  private let keymap: Keymap

  /// A recorder counting presses of `keymap`'s keys.
  public init(keymap: Keymap) {
    self.keymap = keymap
  }

  /// Reads `connection`'s keypad until `signals` asks to stop, `clock`
  /// passes `until` or `presses` reaches `keys`, or the keypad goes away,
  /// waking at least every 200 ms to look at the clock and the signals.
  public mutating func record(
    _ connection: inout KeypadConnection<System>, clock: some RunClock, until deadline: Instant?,
    keys: Int?, signals: inout some RunSignals
  ) {
    while !signals.stopRequested {
      if let deadline, clock.now >= deadline { break }
      if let keys, presses >= keys { break }
      let change = connection.poll(timeoutMilliseconds: 200) { event in
        events.append(event)
        if event.type == InputEvent.key, event.value == 1, keymap.key(for: event.code) != nil {
          presses += 1
        }
      }
      if case .disconnected(let error)? = change {
        lostDevice = error.message
        break
      }
    }
  }

  /// The recording of what was read from `device`, in evemu's format.
  public func recording(of device: KeypadDevice<System>) -> EvemuRecording {
    let identity = device.identity
    return EvemuRecording.recording(
      name: device.name, busType: identity.busType, vendor: identity.vendor,
      product: identity.product, version: identity.version,
      descriptionLines: EvemuRecording.bitmaskLines(
        type: InputEvent.key, codes: device.keyCodes, bitCount: 0x300),
      events: events)
  }
}
