import ArgumentParser
import Diagnostics
import Host

/// Where log lines go and how many.
struct LoggingOptions: ParsableArguments {
  @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning or error.")
  var logLevel = "warning"

  @Option(name: .customLong("log-file"), help: "Append log lines to this file instead of stderr.")
  var logFile: String?

  /// The parsed level.
  func level() throws -> LogLevel {
    guard let level = LogLevel(name: logLevel) else {
      throw ValidationError(
        "unknown log level '\(logLevel)' (trace, debug, info, notice, warning, error)")
    }
    return level
  }
}
