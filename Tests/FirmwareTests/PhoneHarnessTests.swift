import CharacterLCD
import Firmware
import FirmwareTestSupport
import KeypadInput
import TestSupport
import Testing

private func milliseconds(_ frames: [RecordedFrame]) -> [Int64] {
  frames.map { $0.time.microseconds / 1000 }
}

@Test("the clock moves only when told: reading the glass and sending edges leave it still")
func phoneHarness_clockMovesOnlyWhenTold() {
  var harness = PhoneHarness(Phone(start: .compose), recordsFrames: true)
  #expect(harness.now == .zero)
  _ = harness.rows
  _ = harness.takeFrames()
  harness.send(.press, .two)
  #expect(harness.now == .zero)
  #expect(harness.nextDeadline == Instant.zero + harness.phone.settings.gestures.longPress)
  harness.advance(by: .milliseconds(250))
  #expect(harness.now == Instant(microseconds: 250_000))
  harness.send(.release, .two)
  #expect(harness.now == Instant(microseconds: 250_000))
  harness.advance(to: Instant(microseconds: 100_000))
  #expect(harness.now == Instant(microseconds: 250_000), "a time in the past leaves the clock")
}

@Test("advancing runs every timer in time order, each frame stamped with its deadline")
func phoneHarness_timersFireInOrderAtTheirDeadlines() {
  var harness = PhoneHarness(Phone(start: .compose), recordsFrames: true)
  harness.tap(.two)
  #expect(milliseconds(harness.takeFrames()) == [0, 80])
  harness.advance(to: Instant(microseconds: 20_000_000))
  let frames = harness.takeFrames()
  // The pending letter is committed (the cursor stops blinking), then the
  // backlight goes off 15 s after the press.
  #expect(milliseconds(frames) == [1080, 15_000])
  #expect(frames.map(\.frame.cursorStyle) == [.underline, .underline])
  #expect(frames.map(\.frame.backlight) == [true, false])
  #expect(harness.now == Instant(microseconds: 20_000_000))
}

@Test("an edge stamped later moves the clock to it, firing the timers due before it first")
func phoneHarness_handleAdvancesToTheEdge() {
  var harness = PhoneHarness(Phone(start: .compose), recordsFrames: true)
  harness.tap(.two)
  _ = harness.takeFrames()
  harness.handle(KeyEvent(.press, .three, at: Instant(microseconds: 2_000_000)))
  harness.handle(KeyEvent(.release, .three, at: Instant(microseconds: 2_080_000)))
  #expect(milliseconds(harness.takeFrames()) == [1080, 2080])
  #expect(harness.phone.focusedText == "Ad")
}

@Test("frames are reported only when the glass changes, and only when recorded")
func phoneHarness_framesOnlyOnChange() {
  var harness = PhoneHarness(Phone(), recordsFrames: true)
  #expect(milliseconds(harness.takeFrames()) == [0], "the first frame")
  harness.advance(by: .milliseconds(500))
  harness.send(.press, .five)
  #expect(harness.takeFrames().isEmpty, "nothing on the glass changed")
  harness.send(.release, .five)
  harness.advance(by: .seconds(60))
  #expect(milliseconds(harness.takeFrames()) == [15_500, 60_000], "backlight off, clock tick")
  #expect(harness.takeFrames().isEmpty, "taken frames are gone")

  var quiet = PhoneHarness(Phone(start: .compose))
  quiet.tap(.two, .three)
  quiet.advance(by: .seconds(20))
  #expect(quiet.takeFrames().isEmpty)
  #expect(quiet.rows[0] == "Ad              ", "the glass is composed when asked")
}

@Test(
  "a press that lights the backlight, and a long press while the key is still held, show at once")
func phoneHarness_pressesThatChangeTheGlassShowBeforeTheRelease() {
  var harness = PhoneHarness(Phone(start: .compose), recordsFrames: true)
  harness.advance(by: .seconds(20))
  #expect(harness.takeFrames().last?.frame.backlight == false, "the backlight went off")
  harness.send(.press, .five)
  let lit = harness.takeFrames()
  #expect(lit.map(\.frame.backlight) == [true], "lit by the press, before any gesture")
  harness.send(.release, .five)
  _ = harness.takeFrames()
  harness.advance(by: .seconds(2))
  _ = harness.takeFrames()
  let before = harness.rows
  // Hold 5 past the long press: its digit appears while the key is down.
  harness.send(.press, .five)
  #expect(harness.takeFrames().isEmpty, "a press alone draws nothing new")
  harness.advance(by: harness.phone.settings.gestures.longPress)
  #expect(harness.takeFrames().count == 1, "the long press fired and was drawn")
  #expect(harness.rows != before)
}

@Test("recording frames changes nothing the phone does")
func phoneHarness_recordingIsTransparent() {
  var recorded = PhoneHarness(Phone(start: .compose), recordsFrames: true)
  var quiet = PhoneHarness(Phone(start: .compose))
  for keys: [Key] in [[.four, .four], [.four, .four, .four], [.star], [.zero, .two]] {
    for key in keys {
      recorded.tap(key)
      quiet.tap(key)
    }
    recorded.advance(by: .milliseconds(1500))
    quiet.advance(by: .milliseconds(1500))
    #expect(recorded.rows == quiet.rows)
    #expect(recorded.frame == quiet.frame)
    #expect(recorded.now == quiet.now)
  }
}

@Test("time going backwards is refused: the clock stays, the edge is ignored and logged")
func phoneHarness_refusesTimeGoingBackwards() {
  let collector = LogCollector()
  var harness = PhoneHarness(
    Phone(log: collector.log(minimumLevel: .debug), start: .compose), recordsFrames: true)
  harness.advance(by: .seconds(1))
  _ = harness.takeFrames()
  harness.handle(KeyEvent(.press, .two, at: Instant(microseconds: 10)))
  harness.handle(KeyEvent(.release, .two, at: Instant(microseconds: 90)))
  #expect(harness.now == Instant(microseconds: 1_000_000))
  #expect(harness.takeFrames().isEmpty)
  #expect(harness.phone.focusedText == "")
  #expect(collector.contains("time went backwards"))
}

@Test("unplug and replug happen at the harness's time and show on the glass")
func phoneHarness_keypadComesAndGoes() {
  var harness = PhoneHarness(Phone(start: .compose), recordsFrames: true)
  _ = harness.takeFrames()
  harness.apply(.wait(.seconds(2)))
  harness.apply(.unplug)
  #expect(harness.rows == ["     Keypad     ", "  disconnected  "])
  harness.apply(.wait(.seconds(1)))
  harness.apply(.replug)
  #expect(milliseconds(harness.takeFrames()) == [2000, 3000])
  #expect(harness.rows[1] != "  disconnected  ")
}

@Test("a restart puts a new phone in at the harness's time and reports its glass")
func phoneHarness_restart() {
  var harness = PhoneHarness(Phone(start: .compose), recordsFrames: true)
  harness.tap(.two)
  _ = harness.takeFrames()
  harness.restart(with: Phone(at: harness.now))
  #expect(harness.phone.screenName == "idle")
  #expect(milliseconds(harness.takeFrames()) == [230])
}
