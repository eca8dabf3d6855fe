import Diagnostics
import TestSupport
import Testing

@Test("a disabled level never builds its message")
func log_skipsMessageBelowMinimumLevel() {
  let collected = LogCollector()
  let log = collected.log(minimumLevel: .warning)
  var built = false
  func message() -> String {
    built = true
    return "expensive"
  }
  log(.debug, LogTag("keypad", "gesture"), message())
  #expect(!built)
  #expect(collected.records.isEmpty)
  log(.error, LogTag("keypad", "gesture"), message())
  #expect(built)
  #expect(collected.records.map(\.message) == ["expensive"])
}

@Test("isEnabled follows the minimum level")
func log_isEnabledComparesLevels() {
  let log = Log(minimumLevel: .info) { _ in }
  #expect(!log.isEnabled(.debug))
  #expect(log.isEnabled(.info))
  #expect(log.isEnabled(.error))
}
