/// A simulated PCF8574 I2C backpack with its HD44780 module: each byte sent
/// sets the expander's eight pins; a falling edge of E clocks the module,
/// and a rising edge of E with RW high makes it drive D4–D7, which a read of
/// the expander then sees.
public struct PCF8574Backpack: Sendable {
  /// How the expander's pins reach the module.
  public let wiring: PCF8574Wiring
  /// The module's controller.
  public var controller: HD44780Controller { storedController }
  /// The pins as last written (high at power-on: the PCF8574's
  /// quasi-bidirectional pins start as weak inputs).
  @inlinable public var pins: UInt8 { storedPins }
  /// Bytes written to the expander.
  @inlinable public var bytesWritten: Int { storedBytesWritten }

  // Stored apart from their public names so that `write(_:)`, which the
  // simulated bus runs for every byte, can be inlined into it.
  @usableFromInline var storedController: HD44780Controller
  @usableFromInline var storedPins: UInt8 = 0xFF
  @usableFromInline var storedBytesWritten = 0
  /// What the module drives onto D4–D7 during a read, if it is reading.
  @usableFromInline var driven: UInt8?

  /// A backpack and module just powered on.
  public init(wiring: PCF8574Wiring, controller: HD44780Controller = HD44780Controller()) {
    self.wiring = wiring
    storedController = controller
  }

  /// Whether the backlight is lit.
  public var backlight: Bool { wiring.backlightOn(in: storedPins) }

  /// The expander is sent `byte`.
  @inlinable
  public mutating func write(_ byte: UInt8) {
    storedBytesWritten &+= 1
    let enableMask = wiring.enableMask
    let wasHigh = storedPins & enableMask != 0
    let isHigh = byte & enableMask != 0
    let rs = byte & wiring.rsMask != 0
    let rw = byte & wiring.rwMask != 0
    storedPins = byte
    if !wasHigh && isHigh && rw {
      driven = storedController.read(rs: rs)
    } else if wasHigh && !isHigh {
      if driven == nil && !rw {
        storedController.write(nibble: wiring.nibble(in: byte), rs: rs)
      }
      driven = nil
    }
    updateLevels()
  }

  /// The levels on the expander's pins: as written, with D4–D7 pulled to
  /// what the module drives while E is high on a read.
  public func read() -> UInt8 { levels }

  /// What `read()` returns, worked out whenever the pins change: a
  /// read-back reads it for every nibble, and an inlined read of a stored
  /// value copies nothing (calling a method on the backpack from another
  /// module copies the whole backpack, the controller's RAM included).
  @inlinable public var levels: UInt8 { storedLevels }
  @usableFromInline var storedLevels: UInt8 = 0xFF

  @inlinable
  mutating func updateLevels() {
    guard let driven else {
      storedLevels = storedPins
      return
    }
    // A data pin written low stays low; one left high follows the module.
    let written = wiring.nibble(in: storedPins)
    storedLevels = wiring.replacingNibble(in: storedPins, with: driven & written)
  }

  /// Noise on the module's lines changes a DDRAM cell behind the
  /// expander's back.
  public mutating func disturb(ddramAt address: UInt8, with code: UInt8) {
    storedController.disturb(ddramAt: address, with: code)
  }

  /// What the glass shows.
  public func glass(geometry: LCDGeometry, rom: CharacterROM) -> LCDFrame {
    storedController.glass(geometry: geometry, rom: rom, backlight: backlight)
  }
}
