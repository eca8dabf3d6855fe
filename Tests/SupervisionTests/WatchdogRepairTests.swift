import CharacterLCD
import Diagnostics
import DisplayDriver
import KeypadInput
import Supervision
import Testing

@testable import Firmware

private let keypadTag = LogTag("watchdog", "keypad")
private let clockTag = LogTag("watchdog", "clock")
private let bookTag = LogTag("watchdog", "book")
private let stackTag = LogTag("watchdog", "stack")

/// A rig on the message editor in multi-tap, where a tap of 2 types `A`
/// and a long press types `2`.
private func composeRig() -> SupervisorRig {
  var settings = PhoneSettings()
  settings.defaultMode = .multitap
  return SupervisorRig(start: .compose, settings: settings)
}

// MARK: - Keys the keypad says are up

@Test("a key up on the keypad but held in the firmware is released before its long press: a tap")
func watchdogKeys_lostReleaseBecomesATap() throws {
  var rig = composeRig()
  rig.press(.two, at: ms(100))
  rig.advance(to: ms(180))
  // The key comes up on the keypad; its release never reaches the firmware.
  rig.peripherals.keysDown.remove(.two)
  rig.advance(to: ms(2500))
  #expect(rig.supervisor.phone.focusedText == "A", "a tap, not the long press's digit")
  #expect(rig.supervisor.phone.keysDownCount == 0)
  #expect(rig.supervisor.watchdog.repairs[.keypad] == 1)
  #expect(rig.supervisor.statistics[repairs: .keypad] == 1)
  #expect(rig.supervisor.statistics.stuckKeys == 1)
  let record = try #require(rig.records(keypadTag).first)
  #expect(
    record.message.hasPrefix("key 2 is up on the keypad but was held in the firmware for "),
    "\(record.message)")
  #expect(record.message.hasSuffix(" ms: released"), "\(record.message)")
  let report = try #require(rig.supervisor.takeReports().first)
  #expect(report.trigger == .keypad)
  let release = try #require(report.edges.last)
  #expect(release.kind == .release && release.key == .two, "the release is recorded")
  #expect(release.time > ms(120) && release.time <= ms(200), "at a check after the debounce")
}

@Test("a lost release found only when the long press is due still gives the tap of the press")
func watchdogKeys_lostReleaseFoundAtTheDeadline() throws {
  // A device loop sleeps until the phone's next deadline: nothing moves the
  // firmware's clock between the press and the long press's deadline.
  var rig = composeRig()
  rig.press(.two, at: ms(100))
  rig.peripherals.keysDown.remove(.two)
  rig.advance(to: ms(800))
  #expect(rig.supervisor.phone.keysDownCount == 0)
  #expect(rig.supervisor.watchdog.repairs[.keypad] == 1)
  rig.advance(to: ms(2500))
  #expect(
    rig.supervisor.phone.focusedText == "A",
    "the press happened: it must type its letter, neither vanish as a bounce nor turn into a long press"
  )
}

@Test("a key the keypad still holds is left alone: its long press fires")
func watchdogKeys_heldKeyLeftAlone() {
  var rig = composeRig()
  rig.press(.two, at: ms(100))
  rig.advance(to: ms(2500))
  #expect(rig.supervisor.phone.focusedText == "2", "the long press typed the digit")
  #expect(rig.supervisor.phone.keysDownCount == 1)
  rig.release(.two, at: ms(2600))
  #expect(rig.supervisor.phone.focusedText == "2")
  #expect(rig.supervisor.watchdog.repairs.total == 0)
  #expect(rig.supervisor.statistics.stuckKeys == 0)
  #expect(rig.records(keypadTag).isEmpty)
}

@Test("a keypad that cannot say which keys are down has its keys left alone")
func watchdogKeys_keypadThatCannotSay() {
  var rig = composeRig()
  rig.peripherals.keypadKnows = false
  rig.press(.two, at: ms(100))
  rig.advance(to: ms(2500))
  #expect(rig.supervisor.phone.focusedText == "2")
  #expect(rig.supervisor.watchdog.repairs.total == 0)
}

@Test("the key of the edge being handled is not released by a look due before it")
func watchdogKeys_arrivingKeyNotReleased() {
  var rig = composeRig()
  rig.press(.two, at: ms(900))
  // The release edge at 1.5 s: the keypad already says the key is up when
  // the look due at 1 s runs on the way to it.
  rig.release(.two, at: ms(1500))
  #expect(rig.supervisor.watchdog.checks == 1)
  #expect(rig.supervisor.watchdog.repairs.total == 0)
  #expect(rig.supervisor.statistics.stuckKeys == 0)
  #expect(rig.records(keypadTag).isEmpty)
  rig.advance(to: ms(3000))
  #expect(rig.supervisor.phone.focusedText == "A", "the release made the tap")
}

@Test("only the key the keypad says is up is released; another held key stays")
func watchdogKeys_onlyTheLostKey() {
  var rig = composeRig()
  rig.press(.up, at: ms(100))
  rig.press(.two, at: ms(150))
  rig.advance(to: ms(300))
  rig.peripherals.keysDown.remove(.up)
  rig.advance(to: ms(1000))
  #expect(rig.supervisor.phone.keysDownCount == 1)
  #expect(rig.supervisor.phone.keyDown(at: 0) == .two)
  #expect(rig.supervisor.watchdog.repairs[.keypad] == 1)
}

// MARK: - The input clock

@Test("an edge whose stamp jumped ahead is re-based: logged, one clock repair, no key lost")
func watchdogClock_jumpAhead() throws {
  var rig = SupervisorRig()
  rig.advance(to: ms(1000))
  // The input clock jumped 499 s ahead of the firmware's.
  let offset = Duration.seconds(499)
  rig.peripherals.keysDown.insert(.hash)
  rig.supervisor.handle(
    KeyEvent(.press, .hash, at: ms(1100) + offset), arrivedAt: ms(1100), &rig.peripherals)
  rig.peripherals.keysDown.remove(.hash)
  rig.supervisor.handle(
    KeyEvent(.release, .hash, at: ms(1180) + offset), arrivedAt: ms(1180), &rig.peripherals)
  #expect(rig.supervisor.phone.screenName == "menu", "the tap was not lost")
  #expect(rig.supervisor.now == ms(1180), "the firmware's clock did not jump")
  #expect(rig.supervisor.watchdog.repairs[.clock] == 1)
  #expect(rig.supervisor.statistics[repairs: .clock] == 1)
  #expect(rig.supervisor.inputClock.jumps == 1)
  let records = rig.records(clockTag)
  #expect(records.count == 1)
  let record = try #require(records.first)
  #expect(
    record.message
      == "input clock jumped ahead 499000 ms: edges re-based onto the firmware's clock")
  let report = try #require(rig.supervisor.takeReports().first)
  #expect(report.trigger == .clock)
  // No long press fired on the way.
  rig.advance(to: ms(3000))
  #expect(rig.supervisor.phone.screenName == "menu")
}

@Test("an edge whose stamp jumped back is re-based: logged, and the key acts")
func watchdogClock_jumpBack() throws {
  var rig = SupervisorRig(start: .menu)
  rig.advance(to: ms(10_000))
  rig.peripherals.keysDown.insert(.star)
  rig.supervisor.handle(
    KeyEvent(.press, .star, at: ms(2000)), arrivedAt: ms(10_100), &rig.peripherals)
  rig.peripherals.keysDown.remove(.star)
  rig.supervisor.handle(
    KeyEvent(.release, .star, at: ms(2080)), arrivedAt: ms(10_180), &rig.peripherals)
  #expect(rig.supervisor.phone.isIdle == true, "star went back from the menu")
  #expect(rig.supervisor.watchdog.repairs[.clock] == 1, "the release follows the re-based clock")
  let record = try #require(rig.records(clockTag).first)
  #expect(
    record.message == "input clock jumped back 8100 ms: edges re-based onto the firmware's clock")
}

@Test("edges a little late are no jump and no repair")
func watchdogClock_lateEdgesNoRepair() {
  var rig = SupervisorRig()
  rig.advance(to: ms(500))
  rig.peripherals.keysDown.insert(.hash)
  rig.supervisor.handle(
    KeyEvent(.press, .hash, at: ms(400)), arrivedAt: ms(500), &rig.peripherals)
  rig.peripherals.keysDown.remove(.hash)
  rig.supervisor.handle(
    KeyEvent(.release, .hash, at: ms(600)), arrivedAt: ms(620), &rig.peripherals)
  #expect(rig.supervisor.phone.screenName == "menu")
  #expect(rig.supervisor.watchdog.repairs.total == 0)
  #expect(rig.records(clockTag).isEmpty)
}

// MARK: - The book

@Test("book writes not on disk are flushed at the next look and counted as a book repair")
func watchdogBook_unflushedWrites() throws {
  var rig = SupervisorRig()
  rig.peripherals.unflushed = 2
  rig.advance(to: ms(999))
  #expect(rig.peripherals.flushCalls == 0)
  rig.advance(to: ms(1000))
  #expect(rig.peripherals.flushCalls == 1)
  #expect(rig.supervisor.watchdog.repairs[.book] == 1)
  #expect(rig.supervisor.statistics[repairs: .book] == 1)
  let record = try #require(rig.records(bookTag).first)
  #expect(record.message == "2 contact-book writes were not on disk: written again")
  #expect(rig.supervisor.takeReports().first?.trigger == .book)
  rig.advance(to: ms(5000))
  #expect(rig.peripherals.flushCalls == 1, "nothing left to flush")
  #expect(rig.supervisor.watchdog.repairs[.book] == 1)
}

@Test("writes still waiting after a flush are said, and tried again at the next look")
func watchdogBook_stillWaiting() throws {
  var rig = SupervisorRig()
  rig.peripherals.unflushed = 3
  rig.peripherals.stillWaitingAfterFlush = 1
  rig.advance(to: ms(1000))
  let record = try #require(rig.records(bookTag).first)
  #expect(
    record.message == "3 contact-book writes were not on disk: written again, 1 still waiting")
  rig.advance(to: ms(2000))
  #expect(rig.peripherals.flushCalls == 2)
  #expect(rig.supervisor.watchdog.repairs[.book] == 2)
}

// MARK: - The firmware's own state

@Test(
  "a broken navigation stack is found at the next look: back to idle, the draft kept, glass redrawn"
)
func watchdogStack_brokenStackRepaired() throws {
  var settings = PhoneSettings()
  settings.defaultMode = .multitap
  var phone = Phone(settings: settings, draft: "Hi", start: .compose)
  phone.stack.insert(.idle(IdleScreen(clock: WallClock(minutesAtStart: 0))), at: 1)
  var rig = SupervisorRig(phone: phone)
  #expect(rig.supervisor.phone.consistencyProblem != nil)
  rig.advance(to: ms(1000))
  #expect(rig.supervisor.phone.isIdle == true)
  #expect(rig.supervisor.phone.draft.string == "Hi")
  #expect(rig.supervisor.watchdog.repairs[.stack] == 1)
  let record = try #require(rig.records(stackTag).first)
  #expect(record.message == "idle at depth 2: back to the idle screen")
  let showsFrame = rig.glassShowsFrame
  #expect(showsFrame, "the idle screen reached the glass")
  #expect(rig.peripherals.display.rows[1].hasPrefix("Menu"))
  let report = try #require(rig.supervisor.takeReports().first)
  #expect(report.trigger == .stack)
  #expect(report.screenName == "idle")
  rig.advance(to: ms(3000))
  #expect(rig.supervisor.watchdog.repairs.total == 1)
}

@Test("several repairs found by one look make one report naming each")
func watchdog_oneReportForOneLook() throws {
  var rig = SupervisorRig()
  rig.peripherals.unflushed = 1
  rig.peripherals.display.scramble(seed: 77)
  rig.advance(to: ms(1000))
  #expect(rig.supervisor.watchdog.repairs.total == 2)
  let reports = rig.supervisor.takeReports()
  #expect(reports.count == 1)
  let report = try #require(reports.first)
  #expect(report.trigger == .book, "the first found names the report")
  #expect(report.summary.hasPrefix("[book] 1 contact-book writes"), "\(report.summary)")
  #expect(report.summary.contains("; [lcd] glass differs"), "\(report.summary)")
}
