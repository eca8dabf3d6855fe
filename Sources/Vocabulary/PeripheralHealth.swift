/// What a peripheral says about itself, in the words every kind shares: a
/// display, and the other devices around the firmware. The supervisor
/// reads it for the service's health and the statistics.
public struct PeripheralHealth: Sendable, Hashable {
  /// Whether the device has everything the firmware gave it (a display
  /// shows the newest frame).
  public var isUpToDate: Bool
  /// Whether the device cannot be reached now (the driver is retrying).
  public var isFailing: Bool
  /// Calls to the device that failed, so far.
  public var errors: Int
  /// Times the device was back after failing, so far.
  public var recoveries: Int

  /// A device in the given state.
  public init(
    isUpToDate: Bool = true, isFailing: Bool = false, errors: Int = 0, recoveries: Int = 0
  ) {
    self.isUpToDate = isUpToDate
    self.isFailing = isFailing
    self.errors = errors
    self.recoveries = recoveries
  }

  /// Two devices as one: up to date only if both are, failing if either
  /// is, their counts added.
  public func combined(with other: PeripheralHealth) -> PeripheralHealth {
    PeripheralHealth(
      isUpToDate: isUpToDate && other.isUpToDate, isFailing: isFailing || other.isFailing,
      errors: errors + other.errors, recoveries: recoveries + other.recoveries)
  }
}
