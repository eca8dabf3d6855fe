import Diagnostics

/// Keeps the firmware's most recent log records during a run, so `expect log`
/// can check them; bounded, so a soak run does not grow.
final class LogBook: @unchecked Sendable {
  static let capacity = 4096
  private(set) var records: [LogRecord] = []

  func append(_ record: LogRecord) {
    if records.count >= LogBook.capacity { records.removeFirst(LogBook.capacity / 2) }
    records.append(record)
  }
}
