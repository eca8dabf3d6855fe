#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Where formatted lines are written.
final class LineTarget: @unchecked Sendable {
  private let descriptor: Int32

  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  func write(_ line: String) {
    Console.write(line + "\n", to: descriptor)
  }
}
