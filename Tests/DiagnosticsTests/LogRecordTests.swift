import Diagnostics
import Testing

@Test("a record prints as [module][topic] message")
func logRecord_lineHasModuleAndTopicTags() {
  let record = LogRecord(
    level: .debug, tag: LogTag("keypad", "gesture"), message: "long press 5 after 700 ms")
  #expect(record.line == "[keypad][gesture] long press 5 after 700 ms")
}

@Test("warnings and errors say so after the tags")
func logRecord_seriousLevelsAreNamed() {
  let warning = LogRecord(level: .warning, tag: LogTag("keypad", "stuck"), message: "key 5")
  let error = LogRecord(level: .error, tag: LogTag("keypad", "gesture"), message: "time")
  #expect(warning.line == "[keypad][stuck] warning: key 5")
  #expect(error.line == "[keypad][gesture] error: time")
}
