import ModemDriver
import SystemLayer

/// A serial line that hands over the fuzz input `chunk` bytes a read and
/// takes every write.
public struct FuzzLine: SerialSystem {
  var bytes: [UInt8]
  var chunk: Int
  var position = 0

  /// A line that hands over `bytes`, `chunk` at a time.
  public init(bytes: [UInt8], chunk: Int) {
    self.bytes = bytes
    self.chunk = chunk
  }

  /// Opens: always the same descriptor.
  public mutating func open(_ path: String, baud: Int) -> Result<Int32, Errno> { .success(3) }

  /// Takes every byte.
  public mutating func write(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Result<Int, Errno> {
    .success(bytes.count)
  }

  /// Hands over the next `chunk` bytes of the input.
  public mutating func read(_ fd: Int32, into buffer: inout [UInt8]) -> Result<Int, Errno> {
    let count = Swift.min(chunk, buffer.count, bytes.count - position)
    for index in 0..<count { buffer[index] = bytes[position + index] }
    position += count
    return .success(count)
  }

  /// Closes nothing.
  public mutating func close(_ fd: Int32) {}
}
