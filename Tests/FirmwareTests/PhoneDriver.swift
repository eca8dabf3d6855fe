import CharacterLCD
import ContactBook
import Diagnostics
import Firmware
import KeypadInput
import TestSupport

/// Presses keys on a phone over a virtual clock and reads its glass.
struct PhoneDriver {
  var phone: Phone
  var time = Instant.zero
  let collector = LogCollector()
  var composer: LCDComposer

  init(
    settings: PhoneSettings = PhoneSettings(), geometry: LCDGeometry = .lcd16x2,
    start: StartScreen = .idle, rom: CharacterROM = .a00, contacts: ContactBook? = nil
  ) {
    phone = Phone(
      settings: settings, geometry: geometry, log: .disabled, contacts: contacts, start: start)
    phone.log = collector.log(minimumLevel: .debug)
    composer = LCDComposer(rom: rom)
  }

  mutating func wait(_ milliseconds: Int64) {
    time = time + .milliseconds(milliseconds)
    phone.advance(to: time)
  }

  mutating func tap(_ keys: Key...) {
    for key in keys {
      phone.handle(KeyEvent(.press, key, at: time))
      wait(80)
      phone.handle(KeyEvent(.release, key, at: time))
      wait(150)
    }
  }

  mutating func hold(_ key: Key, _ milliseconds: Int64 = 800) {
    phone.handle(KeyEvent(.press, key, at: time))
    wait(milliseconds)
    phone.handle(KeyEvent(.release, key, at: time))
  }

  mutating func rows() -> [String] {
    var canvas = Canvas(geometry: phone.geometry)
    phone.render(into: &canvas)
    return TextFrameRenderer.rows(of: composer.frame(for: canvas))
  }

  func canvas() -> Canvas {
    var canvas = Canvas(geometry: phone.geometry)
    phone.render(into: &canvas)
    return canvas
  }
}
