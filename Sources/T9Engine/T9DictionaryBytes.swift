/// The bytes of a `.t9dict` file, read-only: either borrowed (a file the
/// executable mapped with `mmap`, released — unmapped — when the last
/// dictionary using it goes away) or a private copy of an array. The core
/// never makes system calls: whoever maps the file passes `release`.
public final class T9DictionaryBytes: @unchecked Sendable {
  // Sendable: the bytes never change after `init`, and `release` runs once,
  // in `deinit`.

  /// The bytes.
  public let buffer: UnsafeRawBufferPointer
  /// The same bytes, typed.
  let bytes: UnsafeBufferPointer<UInt8>
  private let release: (@Sendable (UnsafeRawBufferPointer) -> Void)?
  private let drop: (@Sendable (UnsafeRawBufferPointer) -> Void)?
  private let owned: UnsafeMutableRawPointer?

  /// Borrows `buffer`, which must stay valid and unchanged until `release`
  /// is called with it (when the last reference goes away). `dropPages`,
  /// if given, lets the owner drop the pages of a mapped file from resident
  /// memory once opening has read them all (`dropPages()`).
  public init(
    borrowing buffer: UnsafeRawBufferPointer,
    release: @escaping @Sendable (UnsafeRawBufferPointer) -> Void,
    dropPages: (@Sendable (UnsafeRawBufferPointer) -> Void)? = nil
  ) {
    self.buffer = buffer
    bytes = buffer.bindMemory(to: UInt8.self)
    self.release = release
    drop = dropPages
    owned = nil
  }

  /// Says every byte has been read once (the validation at opening): a
  /// mapped file's pages may leave resident memory until a query needs them
  /// again. Nothing happens to a private copy.
  public func dropPages() {
    drop?(buffer)
  }

  /// A private copy of `bytes`.
  public init(copying bytes: [UInt8]) {
    let memory = UnsafeMutableRawBufferPointer.allocate(
      byteCount: Swift.max(1, bytes.count), alignment: 8)
    bytes.withUnsafeBytes { source in
      if let base = source.baseAddress, let target = memory.baseAddress {
        target.copyMemory(from: base, byteCount: bytes.count)
      }
    }
    buffer = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(memory)[0..<bytes.count])
    self.bytes = buffer.bindMemory(to: UInt8.self)
    release = nil
    drop = nil
    owned = memory.baseAddress
  }

  deinit {
    if let owned {
      owned.deallocate()
    } else {
      release?(buffer)
    }
  }
}
