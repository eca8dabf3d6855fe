import Diagnostics
import Synchronization

/// Collects log records in tests.
final class LogCollector: Sendable {
  private let storage = Mutex<[LogRecord]>([])

  var records: [LogRecord] { storage.withLock { $0 } }

  var log: Log { log(minimumLevel: .trace) }

  func log(minimumLevel: LogLevel) -> Log {
    Log(minimumLevel: minimumLevel) { record in self.storage.withLock { $0.append(record) } }
  }

  func contains(_ text: String) -> Bool { records.contains { $0.line.contains(text) } }
}
