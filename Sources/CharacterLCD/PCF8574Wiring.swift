/// How an HD44780 module hangs off the eight pins (P0–P7) of a PCF8574 I2C
/// expander: which pin drives RS, RW, E, the backlight and D4–D7, and
/// whether the backlight is on when its pin is high.
///
/// Two wirings are common: the usual backpack (`backpack`) and lcdproc's
/// default (`lcdproc`); any other is made with `init(rs:rw:enable:…)`.
public struct PCF8574Wiring: Sendable, Hashable {
  /// The pin of RS (register select: 0 instruction, 1 data).
  public let rs: UInt8
  /// The pin of RW (0 write, 1 read).
  public let rw: UInt8
  /// The pin of E (the enable strobe: the module latches on its falling
  /// edge).
  public let enable: UInt8
  /// The pin of the backlight transistor.
  public let backlight: UInt8
  /// Whether the backlight is on when its pin is high.
  public let backlightActiveHigh: Bool
  /// The pins of D4–D7. Kept as four values, not an array: every byte on
  /// the bus maps a nibble to the pins or back, and a wiring is copied
  /// with every driver and encoder, which an array would retain and
  /// release each time.
  @usableFromInline let d4: UInt8
  @usableFromInline let d5: UInt8
  @usableFromInline let d6: UInt8
  @usableFromInline let d7: UInt8
  /// Whether D4–D7 are four pins in a row (both common wirings are), so a
  /// nibble is one shift.
  @usableFromInline let dataInARow: Bool
  /// The pins of RS, RW, E and the backlight as masks.
  @usableFromInline let rsMask: UInt8
  @usableFromInline let rwMask: UInt8
  @usableFromInline let enableMask: UInt8
  @usableFromInline let backlightMask: UInt8

  /// A wiring, or nil unless the eight signals use the eight pins 0–7 once
  /// each.
  public init?(
    rs: UInt8, rw: UInt8, enable: UInt8, backlight: UInt8, d4: UInt8, d5: UInt8, d6: UInt8,
    d7: UInt8, backlightActiveHigh: Bool
  ) {
    var used: UInt16 = 0
    for pin in [rs, rw, enable, backlight, d4, d5, d6, d7] {
      guard pin < 8, used & (1 << pin) == 0 else { return nil }
      used |= 1 << pin
    }
    self.init(
      checkedRS: rs, rw: rw, enable: enable, backlight: backlight, d4: d4, d5: d5, d6: d6, d7: d7,
      backlightActiveHigh: backlightActiveHigh)
  }

  /// The pins of D4, D5, D6 and D7, in that order.
  public var data: [UInt8] { [d4, d5, d6, d7] }

  /// The usual backpack: P0 RS, P1 RW, P2 E, P3 backlight (active high),
  /// P4–P7 D4–D7.
  public static let backpack = PCF8574Wiring(
    checkedRS: 0, rw: 1, enable: 2, backlight: 3, d4: 4, d5: 5, d6: 6, d7: 7,
    backlightActiveHigh: true)

  /// lcdproc's default: P0–P3 D4–D7, P4 RS, P5 RW, P6 E, P7 backlight
  /// (active low).
  public static let lcdproc = PCF8574Wiring(
    checkedRS: 4, rw: 5, enable: 6, backlight: 7, d4: 0, d5: 1, d6: 2, d7: 3,
    backlightActiveHigh: false)

  /// A wiring whose pins are known to be distinct and within 0–7.
  private init(
    checkedRS rs: UInt8, rw: UInt8, enable: UInt8, backlight: UInt8, d4: UInt8, d5: UInt8,
    d6: UInt8, d7: UInt8, backlightActiveHigh: Bool
  ) {
    self.rs = rs
    self.rw = rw
    self.enable = enable
    self.backlight = backlight
    self.backlightActiveHigh = backlightActiveHigh
    self.d4 = d4
    self.d5 = d5
    self.d6 = d6
    self.d7 = d7
    dataInARow = d5 == d4 + 1 && d6 == d4 + 2 && d7 == d4 + 3
    rsMask = 1 << rs
    rwMask = 1 << rw
    enableMask = 1 << enable
    backlightMask = 1 << backlight
  }

  /// The expander byte that puts `nibble` on D4–D7 with the given RS, RW, E
  /// and backlight.
  @inlinable
  public func byte(
    nibble: UInt8, rs rsHigh: Bool, rw rwHigh: Bool = false, enable enableHigh: Bool,
    backlight on: Bool
  )
    -> UInt8
  {
    var byte = dataPins(nibble)
    if rsHigh { byte |= rsMask }
    if rwHigh { byte |= rwMask }
    if enableHigh { byte |= enableMask }
    if on == backlightActiveHigh { byte |= backlightMask }
    return byte
  }

  /// The data pins of `nibble`'s set bits (D4 for bit 0 … D7 for bit 3).
  @inlinable
  func dataPins(_ nibble: UInt8) -> UInt8 {
    // Pins are below 8 (checked at init): masking shifts need no range test.
    if dataInARow { return (nibble & 0x0F) &<< d4 }
    return (nibble & 1) &<< d4 | (nibble &>> 1 & 1) &<< d5 | (nibble &>> 2 & 1) &<< d6
      | (nibble &>> 3 & 1) &<< d7
  }

  /// The nibble on D4–D7 in an expander byte (what a read returns, or what
  /// the module latches).
  @inlinable
  public func nibble(in byte: UInt8) -> UInt8 {
    if dataInARow { return byte &>> d4 & 0x0F }
    return (byte &>> d4 & 1) | (byte &>> d5 & 1) << 1 | (byte &>> d6 & 1) << 2
      | (byte &>> d7 & 1) << 3
  }

  /// `byte` with D4–D7 replaced by `nibble`: the pins as read while the
  /// module drives them.
  @inlinable
  public func replacingNibble(in byte: UInt8, with nibble: UInt8) -> UInt8 {
    (byte & ~dataPins(0x0F)) | dataPins(nibble)
  }

  /// Whether the backlight is on when the expander's pins are `byte`.
  @inlinable
  public func backlightOn(in byte: UInt8) -> Bool {
    (byte & backlightMask != 0) == backlightActiveHigh
  }

  /// The same pins with the backlight lit when its pin is high
  /// (`activeHigh`) or low: backpacks differ in their transistor.
  public func withBacklight(activeHigh: Bool) -> PCF8574Wiring {
    PCF8574Wiring(
      checkedRS: rs, rw: rw, enable: enable, backlight: backlight, d4: d4, d5: d5, d6: d6, d7: d7,
      backlightActiveHigh: activeHigh)
  }
}
