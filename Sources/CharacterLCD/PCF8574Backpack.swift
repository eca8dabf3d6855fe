/// A simulated PCF8574 I2C backpack with its HD44780 module: each byte sent
/// sets the expander's eight pins; a falling edge of E clocks the module,
/// and a rising edge of E with RW high makes it drive D4–D7, which a read of
/// the expander then sees.
public struct PCF8574Backpack: Sendable {
  /// How the expander's pins reach the module.
  public let wiring: PCF8574Wiring
  /// The module's controller.
  public private(set) var controller: HD44780Controller
  /// The pins as last written (high at power-on: the PCF8574's
  /// quasi-bidirectional pins start as weak inputs).
  public private(set) var pins: UInt8 = 0xFF
  /// What the module drives onto D4–D7 during a read, if it is reading.
  private var driven: UInt8?
  /// Bytes written to the expander.
  public private(set) var bytesWritten = 0

  /// A backpack and module just powered on.
  public init(wiring: PCF8574Wiring, controller: HD44780Controller = HD44780Controller()) {
    self.wiring = wiring
    self.controller = controller
  }

  /// Whether the backlight is lit.
  public var backlight: Bool { wiring.backlightOn(in: pins) }

  /// The expander is sent `byte`.
  public mutating func write(_ byte: UInt8) {
    bytesWritten += 1
    let enableMask: UInt8 = 1 << wiring.enable
    let wasHigh = pins & enableMask != 0
    let isHigh = byte & enableMask != 0
    let rs = byte & (1 << wiring.rs) != 0
    let rw = byte & (1 << wiring.rw) != 0
    pins = byte
    if !wasHigh && isHigh && rw {
      driven = controller.read(rs: rs)
    } else if wasHigh && !isHigh {
      if driven == nil && !rw { controller.write(nibble: wiring.nibble(in: byte), rs: rs) }
      driven = nil
    }
    updateLevels()
  }

  /// The levels on the expander's pins: as written, with D4–D7 pulled to
  /// what the module drives while E is high on a read.
  public func read() -> UInt8 { levels }

  /// What `read()` returns, worked out whenever the pins change: a
  /// read-back reads it for every nibble, and reading a stored property
  /// copies nothing (calling a method on the backpack from another module
  /// copies the whole backpack, the controller's RAM included).
  public private(set) var levels: UInt8 = 0xFF

  private mutating func updateLevels() {
    guard let driven else {
      levels = pins
      return
    }
    // A data pin written low stays low; one left high follows the module.
    let written = wiring.nibble(in: pins)
    levels = wiring.replacingNibble(in: pins, with: driven & written)
  }

  /// Noise on the module's lines changes a DDRAM cell behind the
  /// expander's back.
  public mutating func disturb(ddramAt address: UInt8, with code: UInt8) {
    controller.disturb(ddramAt: address, with: code)
  }

  /// What the glass shows.
  public func glass(geometry: LCDGeometry, rom: CharacterROM) -> LCDFrame {
    controller.glass(geometry: geometry, rom: rom, backlight: backlight)
  }
}
