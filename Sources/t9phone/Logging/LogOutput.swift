import Board
import Diagnostics
import Host
import Logging

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Bridges the core's log records to swift-log, printing lines in the form
/// `[keypad][gesture] long press 5 after 700 ms` to stderr or a file.
enum LogOutput {
  /// Sets up swift-log and returns the `Log` the firmware core writes to.
  static func bootstrap(level: LogLevel, file: String?) throws -> Log {
    var descriptor = STDERR_FILENO
    if let file {
      let opened = open(file, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
      guard opened >= 0 else {
        throw CLIError("cannot open log file \(file): \(String(cString: strerror(errno)))")
      }
      descriptor = opened
    }
    let target = LineTarget(descriptor: descriptor)
    LoggingSystem.bootstrap { label in TagLineHandler(label: label, target: target) }
    var loggers: [String: Logger] = [:]
    return Log(minimumLevel: level) { record in
      let module = record.tag.module.description
      let logger =
        loggers[module]
        ?? {
          var logger = Logger(label: module)
          logger.logLevel = .trace
          loggers[module] = logger
          return logger
        }()
      logger.log(
        level: record.level.swiftLogLevel, "\(record.message)",
        metadata: ["topic": "\(record.tag.topic.description)"])
    }
  }
}
