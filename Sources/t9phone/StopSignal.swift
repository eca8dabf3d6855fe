import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// SIGINT and SIGTERM ask a device run to stop at its next wake-up (at
/// most a second later), so it saves what T9 learned and releases the
/// keypad instead of dying mid-write.
enum StopSignal {
  private static let flag = Atomic<Bool>(false)

  /// Whether a stop was asked for.
  static var requested: Bool { flag.load(ordering: .relaxed) }

  /// Installs the handlers.
  static func install() {
    signal(SIGINT) { _ in StopSignal.flag.store(true, ordering: .relaxed) }
    signal(SIGTERM) { _ in StopSignal.flag.store(true, ordering: .relaxed) }
  }
}
