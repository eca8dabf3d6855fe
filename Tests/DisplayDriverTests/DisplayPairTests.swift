import CharacterLCD
import DisplayDriver
import KeypadInput
import Testing

private func ms(_ milliseconds: Int64) -> Instant { Instant(microseconds: milliseconds * 1000) }

private let blank = LCDFrame(geometry: .lcd16x2, rom: .a00)

@Test("a pair shows every frame, services, closes and passes status lines to both displays")
func pairFeedsBoth() {
  var pair = DisplayPair(ScriptedDisplay(), mirroredOn: ScriptedDisplay())
  pair.showStatus(["screen idle"])
  pair.show(blank, at: ms(12))
  pair.service(at: ms(30))
  pair.close()
  let expected = ["status screen idle", "show 12", "service 30", "close"]
  #expect(pair.primary.calls == expected)
  #expect(pair.mirror.calls == expected)
}

@Test("a pair wakes for whichever display needs it first, or never when neither does")
func pairDeadlineIsTheEarlier() {
  var pair = DisplayPair(ScriptedDisplay(), mirroredOn: ScriptedDisplay())
  #expect(pair.nextDeadline == nil)
  pair.mirror.nextDeadline = ms(50)
  #expect(pair.nextDeadline == ms(50))
  pair.primary.nextDeadline = ms(70)
  #expect(pair.nextDeadline == ms(50))
  pair.primary.nextDeadline = ms(20)
  #expect(pair.nextDeadline == ms(20))
  pair.mirror.nextDeadline = nil
  #expect(pair.nextDeadline == ms(20))
}

@Test("the watchdog's glass checks and repairs go to the primary display only")
func pairChecksThePrimaryGlass() {
  var primary = ScriptedDisplay()
  primary.glassParts = 4
  primary.glassCheck = .rowDiffers(row: 1)
  var mirror = ScriptedDisplay()
  mirror.glassParts = 9
  var pair = DisplayPair(primary, mirroredOn: mirror)
  #expect(pair.glassParts == 4)
  #expect(pair.checkGlass(part: 3) == .rowDiffers(row: 1))
  pair.redraw(at: ms(40))
  #expect(pair.primary.calls == ["check 3", "redraw 40"])
  #expect(pair.mirror.calls.isEmpty)
}

@Test("a pair is up to date and failing as its primary is, and counts the errors of both")
func pairHealthIsThePrimarysWithBothCounts() {
  var pair = DisplayPair(ScriptedDisplay(), mirroredOn: ScriptedDisplay())
  pair.mirror.health = PeripheralHealth(
    isUpToDate: false, isFailing: true, errors: 3, recoveries: 1)
  pair.primary.health = PeripheralHealth(errors: 2, recoveries: 2)
  let health = pair.health
  #expect(health.isUpToDate)
  #expect(!health.isFailing)
  #expect(health.errors == 5)
  #expect(health.recoveries == 3)
  pair.primary.health.isFailing = true
  #expect(pair.health.isFailing)
}

@Test("pairs nest: three displays get every frame, the first one's glass is checked")
func pairsNest() {
  var trio = DisplayPair(
    ScriptedDisplay(), mirroredOn: DisplayPair(ScriptedDisplay(), mirroredOn: ScriptedDisplay()))
  trio.mirror.mirror.nextDeadline = ms(5)
  trio.show(blank, at: ms(1))
  _ = trio.checkGlass(part: 0)
  #expect(trio.nextDeadline == ms(5))
  #expect(trio.primary.calls == ["show 1", "check 0"])
  #expect(trio.mirror.primary.calls == ["show 1"])
  #expect(trio.mirror.mirror.calls == ["show 1"])
}
