import CLinux
import Runtime

/// What the process is asked by signals (`RunSignals`): SIGINT and SIGTERM
/// ask a run to stop at its next wake-up, so it saves what T9 learned and
/// releases the keypad instead of dying mid-write; SIGUSR1 asks for a
/// flight report now (`kill -USR1 $(pidof t9phone)`, or `systemctl kill -s
/// USR1 t9phone`).
///
/// The three signals are blocked and read from a `signalfd(2)` descriptor:
/// no handler, no global state, and a descriptor a loop can wait on beside
/// its devices, so a signal wakes it as input does.
public struct ProcessSignals: RunSignals {
  /// The descriptor the signals are read from (-1: none could be made;
  /// the signals then keep their default action).
  public let descriptor: Int32
  private var stop = false
  private var report = false

  /// Blocks SIGINT, SIGTERM and SIGUSR1 for this thread (and the threads
  /// it starts later) and opens the descriptor they are read from.
  public init() {
    var mask = sigset_t()
    sigemptyset(&mask)
    sigaddset(&mask, SIGINT)
    sigaddset(&mask, SIGTERM)
    sigaddset(&mask, SIGUSR1)
    let fd = signalfd(-1, &mask, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
    if fd >= 0 { pthread_sigmask(SIG_BLOCK, &mask, nil) }
    descriptor = fd
  }

  /// Whether SIGINT or SIGTERM came.
  public var stopRequested: Bool {
    mutating get {
      drain()
      return stop
    }
  }

  /// Whether SIGUSR1 came since the last call; clears it.
  public mutating func takeReportRequest() -> Bool {
    drain()
    defer { report = false }
    return report
  }

  /// Reads every signal waiting on the descriptor.
  private mutating func drain() {
    guard descriptor >= 0 else { return }
    var info = signalfd_siginfo()
    let size = MemoryLayout<signalfd_siginfo>.size
    while read(descriptor, &info, size) == size {
      switch Int32(info.ssi_signo) {
      case SIGUSR1: report = true
      default: stop = true
      }
    }
  }
}
