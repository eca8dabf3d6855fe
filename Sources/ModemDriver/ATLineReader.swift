/// Splits what a modem sends into lines, in memory reserved at start.
///
/// A line ends at CR, LF or Ctrl-Z (a modem with echo on echoes a PDU and
/// its Ctrl-Z); empty lines are skipped. `AT+CMGS`'s prompt, `> ` with no
/// line end, is reported as soon as it is complete. A line longer than
/// the capacity is dropped whole and counted, never split into two lines
/// that could each look like something else.
public struct ATLineReader {
  /// What the reader found.
  public enum Item: Equatable {
    /// A complete line, read through `line` until the next `take`.
    case line
    /// The `> ` prompt for a PDU.
    case prompt
  }

  /// The longest line kept.
  public let capacity: Int
  /// The current or last complete line's bytes.
  public private(set) var line: [UInt8]
  /// Lines dropped for being longer than the capacity.
  public private(set) var overlongLines = 0
  private var complete = false
  private var discarding = false

  /// A reader for lines of up to `capacity` bytes (at least 2).
  public init(capacity: Int = 512) {
    self.capacity = Swift.max(2, capacity)
    line = []
    line.reserveCapacity(self.capacity)
  }

  /// Feeds one byte; returns what it completes, if anything.
  public mutating func take(_ byte: UInt8) -> Item? {
    if complete {
      line.removeAll(keepingCapacity: true)
      complete = false
    }
    switch byte {
    case 0x0D, 0x0A, 0x1A:
      if discarding {
        discarding = false
        return nil
      }
      guard !line.isEmpty else { return nil }
      complete = true
      return .line
    case 0x00:
      return nil
    default:
      if discarding { return nil }
      guard line.count < capacity else {
        overlongLines += 1
        discarding = true
        line.removeAll(keepingCapacity: true)
        return nil
      }
      line.append(byte)
      if line.count == 2, line[0] == UInt8(ascii: ">"), byte == UInt8(ascii: " ") {
        complete = true
        return .prompt
      }
      return nil
    }
  }

  /// Forgets a partial line (the line went away mid-line).
  public mutating func reset() {
    line.removeAll(keepingCapacity: true)
    complete = false
    discarding = false
  }
}
