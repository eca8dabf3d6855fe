import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// SIGUSR1 asks a run for a flight report now (`kill -USR1 $(pidof
/// t9phone)`, or `systemctl kill -s USR1 t9phone`): what an engineer
/// wants when a user says "it just did something odd".
enum ReportSignal {
  private static let flag = Atomic<Bool>(false)

  /// Whether a report was asked for since the last call; clears the ask.
  static func take() -> Bool { flag.exchange(false, ordering: .relaxed) }

  /// Installs the handler.
  static func install() {
    signal(SIGUSR1) { _ in ReportSignal.flag.store(true, ordering: .relaxed) }
  }
}
