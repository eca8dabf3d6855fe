import Runtime
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What the process is asked by signals (`RunSignals`): SIGINT and SIGTERM
/// ask a run to stop at its next wake-up (at most a second later), so it
/// saves what T9 learned and releases the keypad instead of dying
/// mid-write; SIGUSR1 asks for a flight report now (`kill -USR1 $(pidof
/// t9phone)`, or `systemctl kill -s USR1 t9phone`).
public struct ProcessSignals: RunSignals {
  private static let stop = Atomic<Bool>(false)
  private static let report = Atomic<Bool>(false)

  /// Installs the handlers.
  public init() {
    signal(SIGINT) { _ in ProcessSignals.stop.store(true, ordering: .relaxed) }
    signal(SIGTERM) { _ in ProcessSignals.stop.store(true, ordering: .relaxed) }
    signal(SIGUSR1) { _ in ProcessSignals.report.store(true, ordering: .relaxed) }
  }

  /// Whether SIGINT or SIGTERM came.
  public var stopRequested: Bool { ProcessSignals.stop.load(ordering: .relaxed) }

  /// Whether SIGUSR1 came since the last call; clears it.
  public mutating func takeReportRequest() -> Bool {
    ProcessSignals.report.exchange(false, ordering: .relaxed)
  }
}
