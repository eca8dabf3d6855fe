import Diagnostics
import Testing

@Test("levels parse from their names and order by severity", arguments: LogLevel.allCases)
func logLevel_roundTripsNames(level: LogLevel) {
  #expect(LogLevel(name: level.name) == level)
}

@Test("unknown level names are refused and levels are ordered")
func logLevel_refusesUnknownNames() {
  #expect(LogLevel(name: "verbose") == nil)
  #expect(LogLevel.trace < LogLevel.debug)
  #expect(LogLevel.warning < LogLevel.error)
}
