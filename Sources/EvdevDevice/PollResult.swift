import SystemLayer

/// The outcome of waiting for a file descriptor to become readable.
public enum PollResult: Sendable, Hashable {
  /// There is something to read (or an error or hang-up a read will report).
  case ready
  /// The timeout passed, or a signal interrupted the wait.
  case timeout
  /// `poll` failed.
  case error(Errno)
}
