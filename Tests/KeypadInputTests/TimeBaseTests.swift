import KeypadInput
import Testing

@Test("a device timestamp lands on the firmware's clock as far from start as it was from origin")
func timeBase_movesDeviceTimeOntoTheFirmwareClock() {
  let base = TimeBase(origin: 5_250_000, start: Instant(microseconds: 2_000_000))
  #expect(base.instant(microseconds: 5_250_000) == Instant(microseconds: 2_000_000))
  #expect(base.instant(microseconds: 5_330_500) == Instant(microseconds: 2_080_500))
  #expect(base.instant(microseconds: 5_000_000) == Instant(microseconds: 1_750_000))
}

@Test("a base with the default start puts the origin at the firmware's zero")
func timeBase_defaultStartIsZero() {
  let base = TimeBase(origin: 1_000)
  #expect(base.instant(microseconds: 1_000) == .zero)
  #expect(base.instant(microseconds: 1_500) == Instant(microseconds: 500))
}

@Test("a rebased key event keeps its key and action and takes the firmware's time")
func timeBase_rebasesKeyEvents() {
  let base = TimeBase(origin: 10_000_000, start: Instant(microseconds: 300_000))
  let event = KeyEvent(.release, .hash, at: Instant(microseconds: 10_090_000))
  #expect(base.rebased(event) == KeyEvent(.release, .hash, at: Instant(microseconds: 390_000)))
}
