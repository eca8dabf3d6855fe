import Diagnostics
import Synchronization

/// Collects log records in tests, so they can check what the firmware logged.
public final class LogCollector: Sendable {
  private let storage = Mutex<[LogRecord]>([])

  /// Creates an empty collector.
  public init() {}

  /// The records so far.
  public var records: [LogRecord] { storage.withLock { $0 } }

  /// A log that keeps every record.
  public var log: Log { log(minimumLevel: .trace) }

  /// A log that keeps records from `minimumLevel` up.
  public func log(minimumLevel: LogLevel) -> Log {
    Log(minimumLevel: minimumLevel) { record in self.storage.withLock { $0.append(record) } }
  }

  /// Whether some record's line contains `text`.
  public func contains(_ text: String) -> Bool { records.contains { $0.line.contains(text) } }
}
