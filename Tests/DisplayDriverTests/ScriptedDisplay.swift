import CharacterLCD
import DisplayDriver
import KeypadInput

/// A display whose answers a test sets and whose calls it records, to see
/// what a `DisplayPair` forwards to each side.
struct ScriptedDisplay: Display {
  /// Every call, in order: `show 12`, `service 30`, `check 1`, `redraw 40`,
  /// `close`, `status a|b` (times in milliseconds).
  var calls: [String] = []
  var nextDeadline: Instant?
  var health = PeripheralHealth()
  var glassParts = 1
  /// What `checkGlass(part:)` answers.
  var glassCheck = GlassCheck.matches

  mutating func show(_ frame: LCDFrame, at now: Instant) {
    calls.append("show \(now.microseconds / 1000)")
  }

  mutating func service(at now: Instant) { calls.append("service \(now.microseconds / 1000)") }

  mutating func checkGlass(part: Int) -> GlassCheck {
    calls.append("check \(part)")
    return glassCheck
  }

  mutating func redraw(at now: Instant) { calls.append("redraw \(now.microseconds / 1000)") }

  mutating func close() { calls.append("close") }

  mutating func showStatus(_ lines: [String]) {
    calls.append("status \(lines.joined(separator: "|"))")
  }
}
