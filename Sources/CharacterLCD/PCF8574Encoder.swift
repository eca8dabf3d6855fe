/// Turns HD44780 transfers into the bytes a PCF8574 backpack is sent over
/// I2C, for a module in 4-bit mode: each byte goes as its high nibble then
/// its low nibble, with RS for data and the backlight pin held as last set.
///
/// Each nibble is two expander states, E high with its data then E low (the
/// module latches D4–D7 as E falls). The data lines may change as E rises,
/// since they need only be set up before E falls (tDSW, 80 ns); RS and RW
/// may not (tAS, 40 ns before E rises). So a byte whose RS, RW and backlight
/// match the pins already on the expander is four states, and one that
/// changes them is five: first those pins with E low. At 100 kHz a state
/// lasts at least 90 µs on the bus, far longer than any of the datasheet's
/// times (PWEH 230 ns, tH 10 ns).
public struct PCF8574Encoder: Sendable {
  /// The wiring of the backpack.
  public let wiring: PCF8574Wiring
  /// Whether the backlight is on (kept on every byte sent).
  public private(set) var backlight: Bool

  /// An encoder for `wiring`, the backlight on.
  public init(wiring: PCF8574Wiring, backlight: Bool = true) {
    self.wiring = wiring
    self.backlight = backlight
  }

  /// The expander bytes of one transfer when the pins are not known: five
  /// for an instruction or a data byte, one for a change of the backlight.
  public mutating func states(of write: HD44780Write) -> ExpanderStates {
    states(of: write, after: nil)
  }

  /// The expander bytes of one transfer sent right after `previous` (the
  /// last state written to the expander, nil when unknown): four for an
  /// instruction or a data byte that keeps RS, RW and the backlight as
  /// `previous` has them, five when it changes them, one for a change of
  /// the backlight.
  public mutating func states(of write: HD44780Write, after previous: UInt8?) -> ExpanderStates {
    switch write {
    case .command(let byte): return byteStates(byte, rs: false, after: previous)
    case .data(let byte): return byteStates(byte, rs: true, after: previous)
    case .backlight(let on):
      backlight = on
      var states = ExpanderStates()
      states.append(wiring.byte(nibble: 0, rs: false, enable: false, backlight: on))
      return states
    }
  }

  /// A byte's states: the high nibble with E high, low, then the low
  /// nibble with E high, low — after a state that sets up RS, RW and the
  /// backlight with E low, unless `previous` already has them so.
  private func byteStates(_ byte: UInt8, rs: Bool, after previous: UInt8?) -> ExpanderStates {
    let high = UInt64(wiring.byte(nibble: byte >> 4, rs: rs, enable: false, backlight: backlight))
    let low = UInt64(wiring.byte(nibble: byte & 0x0F, rs: rs, enable: false, backlight: backlight))
    let enable = UInt64(wiring.enableMask)
    let strobes = (high | enable) | high << 8 | (low | enable) << 16 | low << 24
    let control = wiring.rsMask | wiring.rwMask | wiring.enableMask | wiring.backlightMask
    if let previous, previous & control == UInt8(truncatingIfNeeded: high) & control {
      return ExpanderStates(packed: strobes, count: 4)
    }
    return ExpanderStates(packed: high | strobes << 8, count: 5)
  }

  /// The expander bytes of one transfer, appended to `bytes`.
  public mutating func encode(_ write: HD44780Write, into bytes: inout [UInt8]) {
    bytes.append(contentsOf: states(of: write))
  }

  /// The expander bytes of a single nibble with RS low: what the power-on
  /// initialisation sends (0x3 three times, then 0x2) before the module is
  /// in 4-bit mode.
  public func initNibbleStates(_ nibble: UInt8) -> ExpanderStates {
    var states = ExpanderStates()
    appendNibble(nibble & 0x0F, rs: false, into: &states)
    return states
  }

  /// A nibble with RS set up first: E low, high, low.
  private func appendNibble(_ nibble: UInt8, rs: Bool, into states: inout ExpanderStates) {
    let low = wiring.byte(nibble: nibble, rs: rs, enable: false, backlight: backlight)
    states.append(low)
    states.append(low | wiring.enableMask)
    states.append(low)
  }
}
