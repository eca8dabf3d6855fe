/// Bytes to write at an offset of the book file: one record. The caller
/// writes them in one `pwrite` and syncs.
public struct BookWrite: Sendable, Hashable {
  /// Where in the file.
  public var offset: Int
  /// What to write.
  public var bytes: [UInt8]

  /// A write of `bytes` at `offset`.
  public init(offset: Int, bytes: [UInt8]) {
    self.offset = offset
    self.bytes = bytes
  }
}
