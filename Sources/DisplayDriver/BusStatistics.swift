/// What a display driver has done to its bus: the figures for
/// docs/performance.md and for the logs.
public struct BusStatistics: Sendable, Hashable {
  /// Bytes sent to the expander (each one state of its pins).
  public var bytesSent = 0
  /// Bytes read back from the expander (SMBus receive-byte transfers).
  public var bytesReceived = 0
  /// Bus transfers made, writes and reads: each pays a start, the address
  /// and a stop on top of its bytes.
  public var transfers = 0
  /// Microseconds the driver paused for the controller (initialisation,
  /// clear and home).
  public var pauseMicroseconds = 0
  /// Frames that reached the glass completely.
  public var framesShown = 0
  /// Power-on initialisations completed (the first, and one after each
  /// episode of bus errors).
  public var initialisations = 0
  /// Bus errors seen (each failed call).
  public var errors = 0
  /// Episodes of bus errors that ended with the module redrawn.
  public var recoveries = 0

  /// A driver that has done nothing yet.
  public init() {}

  /// How long the transfers take at `hertz` (100 kHz for a PCF8574), plus
  /// the pauses. A transfer of n bytes is 9n + 11 clocks: a start (one
  /// clock), the address and its acknowledge (nine), each byte with its
  /// acknowledge (nine), a stop (one). An SMBus send- or receive-byte
  /// transfer is so 20 clocks, a block of 26 states 245.
  public func busMicroseconds(hertz: Int = 100_000) -> Int {
    let clocks = 9 * (bytesSent + bytesReceived) + 11 * transfers
    return clocks * 1_000_000 / hertz + pauseMicroseconds
  }

  /// What was done after `earlier` was taken.
  public func since(_ earlier: BusStatistics) -> BusStatistics {
    var delta = BusStatistics()
    delta.bytesSent = bytesSent - earlier.bytesSent
    delta.bytesReceived = bytesReceived - earlier.bytesReceived
    delta.transfers = transfers - earlier.transfers
    delta.pauseMicroseconds = pauseMicroseconds - earlier.pauseMicroseconds
    delta.framesShown = framesShown - earlier.framesShown
    delta.initialisations = initialisations - earlier.initialisations
    delta.errors = errors - earlier.errors
    delta.recoveries = recoveries - earlier.recoveries
    return delta
  }
}
