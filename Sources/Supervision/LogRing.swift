import Diagnostics

/// The most recent log records, in fixed memory: the flight recorder's
/// view of what the firmware said. A reference, because the log's sink
/// appends to it from wherever a record is made.
public final class LogRing {
  /// How many records it keeps.
  public let capacity: Int
  private var records: [LogRecord]
  private var next = 0

  /// A ring for the `capacity` most recent records.
  public init(capacity: Int) {
    self.capacity = Swift.max(1, capacity)
    records = []
    records.reserveCapacity(self.capacity)
  }

  /// Keeps `record`, forgetting the oldest when full.
  public func append(_ record: LogRecord) {
    if records.count < capacity {
      records.append(record)
    } else {
      records[next] = record
    }
    next = (next + 1) % capacity
  }

  /// The records kept, oldest first.
  public var recent: [LogRecord] {
    guard records.count == capacity else { return records }
    return Array(records[next...] + records[..<next])
  }
}
