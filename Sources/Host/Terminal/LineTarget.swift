import Board

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Where formatted lines are written.
public final class LineTarget: @unchecked Sendable {
  private let descriptor: Int32

  /// A target writing to `descriptor` (standard output or error).
  public init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Writes `line` and a newline.
  public func write(_ line: String) {
    Console.write(line + "\n", to: descriptor)
  }
}
