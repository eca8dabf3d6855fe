#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

private let systemWrite = write

/// Writes text to standard output or standard error through the file
/// descriptors, unbuffered, so the terminal view and log lines never mix
/// half-written.
public enum Console {
  /// Writes to standard output.
  public static func out(_ text: String) { write(text, to: STDOUT_FILENO) }

  /// Whether standard output is a terminal.
  public static var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

  /// Writes to standard error.
  public static func error(_ text: String) { write(text, to: STDERR_FILENO) }

  /// Writes all of `text` to a file descriptor.
  public static func write(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return systemWrite(descriptor, base + offset, buffer.count - offset)
      }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return }
      offset += written
    }
  }
}
