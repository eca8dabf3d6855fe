import Vocabulary

/// The watchdog's own state: when it next looks, where its look at the
/// glass goes on, and what it has repaired. The looking and repairing are
/// the supervisor's (`Supervisor.checkNow`), which owns what is looked at.
public struct Watchdog: Sendable {
  /// How often it looks.
  public let interval: Duration
  /// When it next looks.
  public internal(set) var nextCheck: Instant
  /// What it repaired so far, by kind.
  public internal(set) var repairs = RepairCounts()
  /// How many times it looked.
  public internal(set) var checks = 0
  /// When it last looked.
  public internal(set) var lastCheck: Instant?
  /// Which part of the glass it looks at next.
  /// Since when the modem has been failing (nil: it is not), as the
  /// checks saw it.
  var modemFailingSince: Instant?
  /// Whether this episode of a failing modem was repaired already (one
  /// repair an episode).
  var modemRepaired = false
  /// How long the modem's driver may try on its own before the watchdog
  /// resets the modem.
  public static let modemPatience = Duration.seconds(30)
  var glassPart = 0
  /// Glass repairs in a row that the next look found undone.
  var glassRepairsInARow = 0
  /// Whether it stopped looking at the glass: the module cannot be read
  /// back (its RW line is not wired, or the bus is a stand-in that does
  /// not answer reads with the module's RAM).
  public internal(set) var glassChecksOff = false

  /// After this many glass repairs in a row that did not hold, the glass
  /// is taken to be unreadable and no longer checked.
  public static let glassRepairLimit = 3

  /// A watchdog that first looks `interval` after `start`.
  public init(interval: Duration = .seconds(1), start: Instant) {
    self.interval = interval
    nextCheck = start + interval
  }
}
