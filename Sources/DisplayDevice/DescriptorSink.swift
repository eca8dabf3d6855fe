import CLinux
import DisplayDriver

private let systemWrite = write

/// A file descriptor as a text display's sink — standard output for
/// `--display text` and `terminal` — written unbuffered and whole, so a
/// picture and log lines never mix half-written.
public struct DescriptorSink: TextSink {
  /// The descriptor written to.
  public let descriptor: Int32

  /// Writes to `descriptor`.
  public init(_ descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Standard output.
  public static var standardOutput: DescriptorSink { DescriptorSink(STDOUT_FILENO) }

  /// Writes all of `text`, again after a signal; gives up when the
  /// descriptor takes no more.
  public mutating func write(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return systemWrite(descriptor, base + offset, buffer.count - offset)
      }
      if written < 0 && t9_errno() == EINTR { continue }
      guard written > 0 else { return }
      offset += written
    }
  }
}
