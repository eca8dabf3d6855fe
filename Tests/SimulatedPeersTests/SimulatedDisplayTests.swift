import CharacterLCD
import DisplayDriver
import KeypadInput
import LCDTestSupport
import SimulatedPeers
import SystemLayer
import Testing

private func ms(_ milliseconds: Int64) -> Instant { Instant(microseconds: milliseconds * 1000) }

@Test("the I2C driver on the simulated module puts the frame on the glass")
func simulatedModuleShowsTheFrame() {
  var module = SimulatedModule(geometry: .lcd16x2, rom: .a00, log: .disabled)
  module.show(topRowFrame("Hello"), at: .zero)
  #expect(module.shows(topRowFrame("Hello")))
  #expect(module.glass == topRowFrame("Hello"))
  #expect(module.rows == ["Hello           ", "                "])
  #expect(module.expectedRows(for: topRowFrame("Hello")) == module.rows)
  #expect(module.driver.settings == .simulated())
}

@Test("a scrambled module no longer shows the frame, and a redraw puts it back")
func scrambledModuleIsRepairedByRedraw() {
  var module = SimulatedModule(geometry: .lcd16x2, rom: .a00, log: .disabled)
  module.show(topRowFrame("Hello"), at: .zero)
  module.inject(.scramble(seed: 7))
  #expect(!module.shows(topRowFrame("Hello")))
  module.redraw(at: ms(10))
  #expect(module.shows(topRowFrame("Hello")))
}

@Test("a power cycle blanks the module behind the driver's back")
func powerCycledModuleIsBlank() {
  var module = SimulatedModule(geometry: .lcd16x2, rom: .a00, log: .disabled)
  module.show(topRowFrame("Hello"), at: .zero)
  module.inject(.powerCycle)
  #expect(!module.shows(topRowFrame("Hello")))
}

@Test("while the simulated bus is down the driver fails and retries, then shows the frame")
func moduleLinkDownThenUp() {
  var module = SimulatedModule(geometry: .lcd16x2, rom: .a00, log: .disabled)
  module.inject(.linkDown(.ioError))
  module.show(topRowFrame("Later"), at: .zero)
  #expect(module.health.isFailing)
  let retry = module.nextDeadline
  #expect(retry != nil)
  module.inject(.linkUp)
  module.service(at: retry ?? ms(1000))
  #expect(!module.health.isFailing)
  #expect(module.shows(topRowFrame("Later")))
}

@Test("the LCDd client on the simulated LCDd shows the rows at once")
func simulatedLCDdShowsTheRows() {
  var lcd = SimulatedLCDdDisplay(geometry: .lcd16x2, log: .disabled)
  lcd.show(topRowFrame("Hello"), at: .zero)
  #expect(lcd.health.isUpToDate)
  #expect(!lcd.health.isFailing)
  #expect(lcd.shows(topRowFrame("Hello")))
  #expect(lcd.rows == lcd.expectedRows(for: topRowFrame("Hello")))
  #expect(lcd.glass == nil)
  #expect(lcd.glassParts == 1)
}

@Test("LCDd away refuses the client until it is back; then the client reconnects and redraws")
func simulatedLCDdAwayAndBack() {
  var lcd = SimulatedLCDdDisplay(geometry: .lcd16x2, log: .disabled)
  lcd.show(topRowFrame("Hello"), at: .zero)
  lcd.inject(.linkDown(.connectionRefused))
  lcd.service(at: ms(10))
  #expect(lcd.health.isFailing)
  lcd.inject(.linkUp)
  var now = ms(10)
  for _ in 0..<100 where !lcd.shows(topRowFrame("Hello")) || lcd.health.isFailing {
    now = lcd.nextDeadline ?? now + .milliseconds(100)
    lcd.service(at: now)
  }
  #expect(!lcd.health.isFailing)
  #expect(lcd.shows(topRowFrame("Hello")))
}

@Test("LCDd's screen is its own: a scramble leaves it showing the frame")
func simulatedLCDdIgnoresScramble() {
  var lcd = SimulatedLCDdDisplay(geometry: .lcd16x2, log: .disabled)
  lcd.show(topRowFrame("Hello"), at: .zero)
  lcd.inject(.scramble(seed: 3))
  #expect(lcd.shows(topRowFrame("Hello")))
}

@Test("SplitMix64 gives the same sequence for the same seed")
func splitMixIsSeeded() {
  var first = SplitMix64(seed: 42)
  var second = SplitMix64(seed: 42)
  let a = (0..<4).map { _ in first.next() }
  let b = (0..<4).map { _ in second.next() }
  #expect(a == b)
  #expect(Set(a).count == 4)
}
