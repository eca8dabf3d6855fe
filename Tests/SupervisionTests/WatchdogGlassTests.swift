import CharacterLCD
import Diagnostics
import DisplayDriver
import Firmware
import KeypadInput
import Supervision
import Testing

private let lcdTag = LogTag("watchdog", "lcd")

private let lcd20x4 = LCDGeometry(columns: 20, rows: 4) ?? .lcd16x2

// MARK: - When it looks

@Test("the watchdog first looks 1 s after start, then every second, and nextDeadline says so")
func watchdog_looksEverySecond() {
  var rig = SupervisorRig()
  #expect(rig.supervisor.watchdog.nextCheck == ms(1000))
  #expect(rig.supervisor.nextDeadline == ms(1000), "the idle clock's minute is later")
  rig.advance(to: ms(999))
  #expect(rig.supervisor.watchdog.checks == 0)
  #expect(rig.supervisor.watchdog.lastCheck == nil)
  rig.advance(to: ms(1000))
  #expect(rig.supervisor.watchdog.checks == 1)
  #expect(rig.supervisor.watchdog.lastCheck == ms(1000))
  #expect(rig.supervisor.watchdog.nextCheck == ms(2000))
  #expect(rig.supervisor.nextDeadline == ms(2000))
  rig.advance(to: ms(5500))
  #expect(rig.supervisor.watchdog.checks == 5)
  #expect(rig.supervisor.watchdog.lastCheck == ms(5000))
  #expect(rig.supervisor.nextDeadline == ms(6000))
  #expect(rig.peripherals.checkedParts == [0, 0, 0, 0, 0], "one look at the glass each time")
}

@Test("the watchdog counts its interval from the boot time, not from instant zero")
func watchdog_firstLookAfterBoot() {
  var rig = SupervisorRig(boot: ms(90_000))
  #expect(rig.supervisor.watchdog.nextCheck == ms(91_000))
  rig.advance(to: ms(92_500))
  #expect(rig.supervisor.watchdog.checks == 2)
  #expect(rig.supervisor.watchdog.lastCheck == ms(92_000))
}

@Test("nextDeadline is the phone's own deadline when it comes before the next look")
func watchdog_nextDeadlineIsTheEarlier() {
  var settings = PhoneSettings()
  settings.defaultMode = .multitap
  settings.multitapTimeout = .milliseconds(400)
  var rig = SupervisorRig(start: .compose, settings: settings)
  rig.tap(.two, at: ms(100))
  let phoneDue = rig.supervisor.harness.nextDeadline
  #expect(phoneDue == ms(580), "the pending letter commits 400 ms after its tap")
  #expect(rig.supervisor.nextDeadline == ms(580))
  rig.advance(to: ms(580))
  #expect(rig.supervisor.nextDeadline == ms(1000))
}

@Test("a watchdog that is off never looks, and nextDeadline is the phone's")
func watchdog_off() {
  var settings = SupervisorSettings()
  settings.watchdog = false
  var rig = SupervisorRig(supervisorSettings: settings)
  rig.peripherals.display.scramble(seed: 3)
  #expect(rig.supervisor.nextDeadline == rig.supervisor.harness.nextDeadline)
  rig.advance(to: ms(10_000))
  #expect(rig.supervisor.watchdog.checks == 0)
  #expect(rig.peripherals.checkedParts.isEmpty)
  #expect(rig.supervisor.watchdog.repairs.total == 0)
}

@Test("a shorter interval looks more often")
func watchdog_interval() {
  var settings = SupervisorSettings()
  settings.interval = .milliseconds(250)
  var rig = SupervisorRig(supervisorSettings: settings)
  #expect(rig.supervisor.nextDeadline == ms(250))
  rig.advance(to: ms(1000))
  #expect(rig.supervisor.watchdog.checks == 4)
}

// MARK: - A healthy phone

@Test("a healthy phone on a healthy display: a minute of key presses and no repair")
func watchdog_healthyMinute() {
  var settings = PhoneSettings()
  settings.defaultMode = .multitap
  var rig = SupervisorRig(settings: settings)
  var presses = 0
  let script: [Key] = [
    .hash, .one, .one, .four, .four, .three, .three, .five, .five, .five, .zero, .six, .star,
    .end, .softRight, .two, .down, .back, .end, .eight, .one, .back, .back, .end,
  ]
  var time = ms(200)
  while time < ms(60_000) {
    for key in script where time < ms(60_000) {
      rig.tap(key, at: time)
      presses += 1
      time = time + .milliseconds(Int64(230 + (presses * 37) % 400))
    }
    // A long press, the key held on the keypad all along.
    rig.press(.zero, at: time)
    rig.advance(to: time + .milliseconds(900))
    rig.release(.zero, at: time + .milliseconds(900))
    presses += 1
    time = time + .seconds(2)
  }
  rig.advance(to: ms(61_000))
  #expect(rig.supervisor.watchdog.checks == 61)
  #expect(rig.supervisor.watchdog.repairs.total == 0)
  #expect(rig.supervisor.statistics.keyPresses == UInt64(presses))
  #expect(rig.supervisor.statistics.stuckKeys == 0)
  #expect(rig.supervisor.takeReports().isEmpty)
  #expect(rig.records(lcdTag).isEmpty)
  #expect(rig.collector.records.allSatisfy { $0.level < .warning }, "nothing went wrong")
  #expect(rig.peripherals.redraws.isEmpty)
  #expect(rig.peripherals.checkedParts.count == 61)
  let showsFrame = rig.glassShowsFrame
  #expect(showsFrame)
}

// MARK: - Garbage on the glass

@Test("garbage on the glass is found at the next look, redrawn, logged, counted and reported")
func watchdog_scrambledGlass() throws {
  var rig = SupervisorRig()
  rig.advance(to: ms(1000))
  #expect(rig.peripherals.glassParts == 1, "the idle screen uses no custom glyph")
  let showsFrame = rig.glassShowsFrame
  #expect(showsFrame)
  rig.peripherals.display.scramble(seed: 0x5EED)
  let showsFrame2 = rig.glassShowsFrame
  #expect(!showsFrame2, "the garbage is on the glass")
  rig.advance(to: ms(1999))
  #expect(rig.supervisor.watchdog.repairs[.lcd] == 0, "not before the next look")
  rig.advance(to: ms(2000))
  #expect(rig.supervisor.watchdog.repairs[.lcd] == 1)
  #expect(rig.supervisor.watchdog.repairs.total == 1)
  #expect(rig.supervisor.statistics[repairs: .lcd] == 1)
  #expect(rig.peripherals.redraws == [ms(2000)])
  let showsFrame3 = rig.glassShowsFrame
  #expect(showsFrame3, "the redraw put the frame back")

  let logged = rig.records(lcdTag)
  #expect(logged.count == 1)
  let record = try #require(logged.first)
  #expect(record.level == .warning)
  #expect(record.message.hasPrefix("glass differs at row"), "\(record.message)")
  #expect(record.message.hasSuffix("re-initialised and redrawn"), "\(record.message)")
  #expect(record.line.hasPrefix("[watchdog][lcd]"))

  let reports = rig.supervisor.takeReports()
  #expect(reports.count == 1)
  let report = try #require(reports.first)
  #expect(report.trigger == .lcd)
  #expect(report.summary.hasPrefix("[lcd] glass differs at row"), "\(report.summary)")
  #expect(report.rows == rig.rows, "the report shows the firmware's frame")
  #expect(report.rows[1].hasPrefix("Menu"))
  #expect(report.screenName == "idle")
  #expect(report.time == ms(2000))
  #expect(report.log.contains { $0.tag == lcdTag }, "the log ring holds the repair")
  #expect(rig.supervisor.takeReports().isEmpty, "taken once")

  // The repair holds: the next looks find nothing.
  rig.advance(to: ms(5000))
  #expect(rig.supervisor.watchdog.repairs.total == 1)
  #expect(rig.peripherals.redraws.count == 1)
  #expect(rig.supervisor.takeReports().isEmpty)
}

@Test("on 16x2 a shown custom glyph rides along with the rows: garbage is found at the next look")
func watchdog_glyphFrameInOnePart() throws {
  var rig = SupervisorRig(start: .menu)
  #expect(rig.peripherals.glassParts == 1, "the menu's arrow is read with the rows")
  rig.advance(to: ms(1000))
  rig.peripherals.display.scramble(seed: 11)
  rig.advance(to: ms(3000))
  // The look at 2 s finds it and reads the part again after the redraw.
  #expect(rig.peripherals.checkedParts == [0, 0, 0, 0], "found at the next look")
  #expect(rig.peripherals.redraws == [ms(2000)])
  #expect(rig.supervisor.watchdog.repairs[.lcd] == 1)
  let record = try #require(rig.records(lcdTag).first)
  #expect(record.message.hasPrefix("glass differs at row"))
  let showsFrame = rig.glassShowsFrame
  #expect(showsFrame)
}

@Test("a display that lost power is found at the next look and redrawn")
func watchdog_powerCycledDisplay() throws {
  var rig = SupervisorRig()
  rig.advance(to: ms(1500))
  rig.peripherals.display.powerCycle()
  let showsFrame = rig.glassShowsFrame
  #expect(!showsFrame)
  rig.advance(to: ms(2000))
  #expect(rig.supervisor.watchdog.repairs[.lcd] == 1)
  #expect(rig.peripherals.redraws == [ms(2000)])
  let showsFrame2 = rig.glassShowsFrame
  #expect(showsFrame2, "re-initialised and redrawn")
  let record = try #require(rig.records(lcdTag).first)
  #expect(record.message.hasSuffix("re-initialised and redrawn"))
  let report = try #require(rig.supervisor.takeReports().first)
  #expect(report.trigger == .lcd)
  #expect(report.rows == rig.rows)
}

@Test(
  "a 20x4 module is looked at in two halves, one a second, so garbage in the lower half is found the next second"
)
func watchdog_20x4InTwoParts() throws {
  var rig = SupervisorRig(geometry: lcd20x4)
  #expect(rig.peripherals.glassParts == 2)
  rig.advance(to: ms(3000))
  #expect(rig.peripherals.checkedParts == [0, 1, 0])
  rig.peripherals.display.scramble(seed: 42)
  rig.advance(to: ms(4000))
  // The lower half differs, is redrawn, and is read again at once.
  #expect(rig.peripherals.checkedParts == [0, 1, 0, 1, 1])
  #expect(rig.supervisor.watchdog.repairs[.lcd] == 1, "the lower half was looked at")
  let record = try #require(rig.records(lcdTag).first)
  #expect(
    record.message.hasPrefix("glass differs at row 3")
      || record.message.hasPrefix("glass differs at row 4"), "\(record.message)")
  let showsFrame = rig.glassShowsFrame
  #expect(showsFrame)
  // The repaired part is looked at again, then the other.
  rig.advance(to: ms(6000))
  #expect(rig.peripherals.checkedParts == [0, 1, 0, 1, 1, 1, 0])
  #expect(rig.supervisor.watchdog.repairs.total == 1)
}

// MARK: - Repairs that do not hold

@Test(
  "after 3 repairs in a row that do not hold, glass checks turn off with an error, no more repairs")
func watchdog_glassChecksOffAfterThreeRepairs() throws {
  var rig = SupervisorRig()
  rig.peripherals.alwaysDiffers = true
  rig.advance(to: ms(3000))
  #expect(rig.supervisor.watchdog.repairs[.lcd] == 3)
  #expect(rig.peripherals.redraws == [ms(1000), ms(2000), ms(3000)])
  #expect(!rig.supervisor.watchdog.glassChecksOff)
  rig.advance(to: ms(4000))
  #expect(rig.supervisor.watchdog.glassChecksOff)
  #expect(rig.supervisor.watchdog.repairs[.lcd] == 3, "the fourth look repairs nothing")
  #expect(rig.peripherals.redraws.count == 3)
  let errors = rig.records(lcdTag).filter { $0.level == .error }
  #expect(errors.count == 1)
  let error = try #require(errors.first)
  #expect(error.message.contains("after 3 redraws in a row"), "\(error.message)")
  #expect(error.message.hasSuffix("glass checks off"), "\(error.message)")
  #expect(rig.supervisor.takeReports().count == 3, "one report a repair, none for turning off")

  rig.advance(to: ms(20_000))
  // Three looks, each with its read-back after the redraw, then the fourth.
  #expect(rig.peripherals.checkedParts.count == 7, "the glass is no longer looked at")
  #expect(rig.supervisor.watchdog.repairs[.lcd] == 3)
  #expect(rig.supervisor.watchdog.checks == 20, "the watchdog itself still looks")
  #expect(rig.records(lcdTag).filter { $0.level == .error }.count == 1, "said once")
}

@Test(
  "a redraw that reads back right resets the count: a new fault at every look never turns glass checks off"
)
func watchdog_repairThatHoldsResetsTheCount() {
  var rig = SupervisorRig()
  for second in 1...8 {
    rig.advance(to: ms(Int64(second) * 1000 - 500))
    rig.peripherals.display.scramble(seed: UInt64(second))
    rig.advance(to: ms(Int64(second) * 1000))
  }
  #expect(rig.supervisor.watchdog.repairs[.lcd] == 8, "every fault repaired")
  #expect(!rig.supervisor.watchdog.glassChecksOff)
  let showsFrame = rig.glassShowsFrame
  #expect(showsFrame)
  // A redraw whose read-back differs counts: two such looks apart from
  // ones that hold still never reach the limit.
  rig.peripherals.differingLooks = [rig.peripherals.checkedParts.count + 1]
  rig.advance(to: ms(12_000))
  #expect(rig.supervisor.watchdog.repairs[.lcd] == 9)
  #expect(!rig.supervisor.watchdog.glassChecksOff)
}

@Test("without reports on repair, a repair is still counted and logged but not reported")
func watchdog_noReportsOnRepair() {
  var settings = SupervisorSettings()
  settings.reportsOnRepair = false
  var rig = SupervisorRig(supervisorSettings: settings)
  rig.peripherals.display.scramble(seed: 9)
  rig.advance(to: ms(1000))
  #expect(rig.supervisor.watchdog.repairs[.lcd] == 1)
  #expect(rig.records(lcdTag).count == 1)
  #expect(rig.supervisor.takeReports().isEmpty)
}
