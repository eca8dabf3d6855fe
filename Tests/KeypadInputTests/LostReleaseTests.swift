import Diagnostics
import KeypadInput
import TestSupport
import Testing

@Test("a key pressed again without a release gives the first press's tap and counts a lost release")
func lostRelease_secondPressReleasesTheFirst() {
  var driver = Driver()
  driver.send(.press, .five, atMs: 0)
  #expect(driver.recognizer.keysDownCount == 1)
  // The release of the first press never came.
  driver.send(.press, .five, atMs: 300)
  #expect(driver.summary == ["tap 5 @300"], "the first press is not lost")
  #expect(driver.recognizer.lostReleases == 1)
  #expect(driver.recognizer.keysDownCount == 1, "the second press is tracked afresh")
  #expect(driver.recognizer.keyDown(at: 0) == .five)
  #expect(driver.recognizer.keyDownTime(at: 0) == Instant(microseconds: 300_000))
  #expect(driver.logged("5 pressed again without a release"))
  driver.send(.release, .five, atMs: 400)
  #expect(driver.summary == ["tap 5 @300", "tap 5 @400"])
  #expect(driver.recognizer.keysDownCount == 0)
  #expect(driver.recognizer.lostReleases == 1)
}

@Test("the second press's long press counts from the second press, not the first")
func lostRelease_longPressFromSecondPress() {
  var driver = Driver()
  driver.send(.press, .seven, atMs: 0)
  driver.send(.press, .seven, atMs: 500)
  driver.run(until: 1100)
  #expect(driver.summary == ["tap 7 @500"], "no long press at 700 ms")
  driver.run(until: 1200)
  #expect(driver.summary == ["tap 7 @500", "long 7 @1200"])
}

@Test("a key pressed again after its long press fired gives nothing more for the first press")
func lostRelease_afterLongPress() {
  var driver = Driver()
  driver.send(.press, .five, atMs: 0)
  driver.run(until: 800)
  #expect(driver.summary == ["long 5 @700"])
  driver.send(.press, .five, atMs: 900)
  #expect(driver.summary == ["long 5 @700"], "the first press already acted")
  #expect(driver.recognizer.lostReleases == 1)
  driver.send(.release, .five, atMs: 1000)
  #expect(driver.summary == ["long 5 @700", "tap 5 @1000"])
}

@Test("other keys held stay held when one key's release is found lost")
func lostRelease_otherKeysStay() {
  var driver = Driver()
  driver.send(.press, .two, atMs: 0)
  driver.send(.press, .three, atMs: 100)
  #expect(driver.summary == ["tap 2 @100"], "3 settles 2 as a tap")
  driver.send(.press, .two, atMs: 200)
  #expect(driver.recognizer.lostReleases == 1)
  #expect(driver.recognizer.keysDown == [.three, .two])
  #expect(driver.summary == ["tap 2 @100", "tap 3 @200"])
}

@Test("keys held past stuck-after are counted as stuck and forgotten, releases lost are not")
func lostRelease_stuckKeysCounted() {
  var driver = Driver(settings: GestureSettings(stuckAfter: .seconds(2)))
  driver.send(.press, .ok, atMs: 0)
  driver.send(.press, .one, atMs: 50)
  driver.run(until: 1999)
  #expect(driver.recognizer.stuckKeys == 0)
  driver.run(until: 2000)
  #expect(driver.recognizer.stuckKeys == 1, "ok held 2 s")
  #expect(driver.recognizer.keysDown == [.one])
  driver.run(until: 2050)
  #expect(driver.recognizer.stuckKeys == 2)
  #expect(driver.recognizer.keysDownCount == 0)
  #expect(driver.recognizer.lostReleases == 0)
  #expect(driver.logged("[keypad][stuck]"))
  // A stuck key's late release is harmless and counts nothing more.
  driver.send(.release, .ok, atMs: 3000)
  #expect(driver.recognizer.stuckKeys == 2)
  #expect(driver.recognizer.keysDownCount == 0)
}
