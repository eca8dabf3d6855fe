import Diagnostics
import ModemDriver

/// The modem of a run, chosen once from `--modem` when the session loads:
/// what the run's peripherals hold. The firmware's is `LineModem` (none, or
/// a serial line); the host tool's simulator adds the simulated network.
public protocol SessionModem: Modem {
  /// The modem `spec` names (`log` for its driver); `inbox` is where a
  /// simulated network takes messages from, `epochAtStart` the phone's
  /// clock (seconds since 1970 at instant zero). A spec the type cannot
  /// serve is refused when the options are read, never here.
  init(_ spec: ModemSpec, inbox: String?, epochAtStart: Int64, log: Log)
  /// The driver's phase, for `STATUS=` and `stats` (`none` without one).
  var phaseName: String { get }
  /// The driver's command timeouts and the modem's restarts so far.
  var counts: (timeouts: Int, resets: Int) { get }
}

extension SessionModem {
  /// `, modem ready` (the driver's phase) for a service's status line;
  /// nothing without a modem.
  public var statusSuffix: String { isPresent ? ", modem \(phaseName)" : "" }
}
