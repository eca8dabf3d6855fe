import Diagnostics
import Firmware
import Vocabulary

extension Supervisor {
  /// The watchdog's look, once a second: keys the keypad says are up, the
  /// firmware's own state, the contact book's writes, and one part of the
  /// glass. Whatever is wrong is repaired, logged with its tag, counted,
  /// and — when reports are on — written down as a flight report.
  mutating func check<P: SupervisedPeripherals>(_ peripherals: inout P) {
    let now = harness.now
    watchdog.checks += 1
    watchdog.lastCheck = now
    watchdog.nextCheck = now + watchdog.interval
    findings.removeAll(keepingCapacity: true)
    checkKeys(&peripherals)
    if let problem = harness.phone.consistencyProblem {
      harness.repair(problem)
      show(&peripherals)
      switch problem {
      case .editor(let text):
        note(.editor, "\(text): closed into plain text, nothing lost")
      case .stack(let text):
        note(.stack, "\(text): back to the idle screen")
      }
    }
    let unflushed = peripherals.unflushedBookWrites
    if unflushed > 0 {
      let left = peripherals.flushBookWrites()
      note(
        .book,
        "\(unflushed) contact-book writes were not on disk: written again"
          + (left > 0 ? ", \(left) still waiting" : ""))
    }
    checkGlass(&peripherals)
    checkModem(&peripherals)
    reportFindings()
  }

  /// A modem its driver has not brought back within `modemPatience` is
  /// reset, once an episode, and never during a call or a USSD session.
  mutating func checkModem<P: SupervisedPeripherals>(_ peripherals: inout P) {
    let now = harness.now
    guard peripherals.modemIsFailing else {
      watchdog.modemFailingSince = nil
      watchdog.modemRepaired = false
      return
    }
    let since = watchdog.modemFailingSince ?? now
    watchdog.modemFailingSince = since
    guard !watchdog.modemRepaired, now - since >= Watchdog.modemPatience,
      harness.phone.callState == .idle, harness.phone.ussdText == nil
    else { return }
    watchdog.modemRepaired = true
    peripherals.resetModem()
    note(
      .modem,
      "the modem has not answered for \((now - since).components.seconds) s: its line closed and opened again, the modem set up afresh"
    )
  }

  /// Writes one flight report for the repairs just noted, if any.
  mutating func reportFindings() {
    guard !findings.isEmpty else { return }
    var summary = ""
    for (index, finding) in findings.enumerated() {
      if index > 0 { summary += "; " }
      summary += "[\(finding.kind.rawValue)] \(finding.message)"
    }
    if settings.reportsOnRepair {
      reports.append(makeReport(trigger: findings[0].kind, summary: summary))
    }
  }

  /// Releases every key the firmware holds that the keypad says is up.
  mutating func checkKeys<P: SupervisedPeripherals>(_ peripherals: inout P) {
    var index = 0
    while index < harness.phone.keysDownCount {
      let key = harness.phone.keyDown(at: index)
      guard key != arriving, peripherals.deviceKeyIsDown(key) == false else {
        index += 1
        continue
      }
      let held = harness.now - harness.phone.keyDownTime(at: index)
      feed(KeyEvent(.release, key, at: harness.now), &peripherals)
      statistics.stuckKeys &+= 1
      note(
        .keypad,
        "key \(key.name) is up on the keypad but was held in the firmware for \(held.wholeMilliseconds) ms: released"
      )
    }
  }

  private mutating func checkGlass<P: SupervisedPeripherals>(_ peripherals: inout P) {
    guard !watchdog.glassChecksOff else { return }
    let parts = Swift.max(1, peripherals.glassParts)
    let part = watchdog.glassPart % parts
    let found = peripherals.checkGlass(part: part)
    switch found {
    case .matches:
      watchdog.glassRepairsInARow = 0
      watchdog.glassPart = (part + 1) % parts
    case .unchecked, .unreadable:
      watchdog.glassPart = (part + 1) % parts
    case .cellDiffers, .glyphDiffers, .rowDiffers, .refused:
      guard watchdog.glassRepairsInARow < Watchdog.glassRepairLimit else {
        watchdog.glassChecksOff = true
        log(
          .error, LogTag("watchdog", "lcd"),
          "\(found.description) after \(Watchdog.glassRepairLimit) redraws in a row that did not"
            + " read back: the module cannot be read back (RW not wired?); glass checks off")
        return
      }
      peripherals.redraw(at: harness.now)
      // The part is read back at once: a redraw that reads back right
      // held (a new fault may come at every look, and is repaired every
      // time); one that does not, three times in a row, means the module
      // cannot be read at all. The same part is looked at again next time.
      switch peripherals.checkGlass(part: part) {
      case .matches: watchdog.glassRepairsInARow = 0
      case .unchecked, .unreadable: break
      case .cellDiffers, .glyphDiffers, .rowDiffers, .refused: watchdog.glassRepairsInARow += 1
      }
      note(.lcd, "\(found.description): re-initialised and redrawn")
    }
  }

  /// Counts and logs one repair; the look's report collects them.
  mutating func note(_ kind: RepairKind, _ message: String) {
    watchdog.repairs[kind] += 1
    statistics[repairs: kind] &+= 1
    findings.append(Repair(kind: kind, message: message, time: harness.now))
    log(.warning, Supervisor.tag(kind), message)
  }

  /// A repair made outside the look (the input clock, at an edge): logged,
  /// counted and reported at once.
  mutating func repaired(_ kind: RepairKind, _ message: String) {
    findings.removeAll(keepingCapacity: true)
    note(kind, message)
    reportFindings()
  }

  static func tag(_ kind: RepairKind) -> LogTag {
    switch kind {
    case .lcd: LogTag("watchdog", "lcd")
    case .editor: LogTag("watchdog", "editor")
    case .stack: LogTag("watchdog", "stack")
    case .keypad: LogTag("watchdog", "keypad")
    case .clock: LogTag("watchdog", "clock")
    case .book: LogTag("watchdog", "book")
    case .modem: LogTag("watchdog", "modem")
    }
  }
}
