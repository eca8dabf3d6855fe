import Diagnostics
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

/// Where formatted lines are written.
final class LineTarget: @unchecked Sendable {
  private let descriptor: Int32

  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  func write(_ line: String) {
    Console.write(line + "\n", to: descriptor)
  }
}

/// A swift-log handler that prints `[module][topic] message`.
struct TagLineHandler: LogHandler {
  let label: String
  let target: LineTarget
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .trace

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    let topic = event.metadata?["topic"].map { "\($0)" } ?? "main"
    let level: String
    switch event.level {
    case .warning: level = "warning: "
    case .error, .critical: level = "error: "
    default: level = ""
    }
    target.write("[\(label)][\(topic)] \(level)\(event.message)")
  }
}

extension LogLevel {
  var swiftLogLevel: Logger.Level {
    switch self {
    case .trace: .trace
    case .debug: .debug
    case .info: .info
    case .notice: .notice
    case .warning: .warning
    case .error: .error
    }
  }
}
