import CLinux
import DisplayDevice

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
    var sink = DescriptorSink(descriptor)
    sink.write(text)
  }
}
