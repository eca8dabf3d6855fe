import SystemLayer

/// A file changed in place, one record at a time: each change is written
/// with `pwrite` at its offset and `fsync`ed before the write returns. A
/// power cut during it can tear only the bytes of that one record; the
/// file's format must tell a torn record (the contact book's records carry
/// a checksum and are written into the place that is not current).
public struct RecordFile<FS: FileSystem> {
  /// The file.
  public let path: String
  private let fd: Int32
  private let system: FS

  /// Opens the existing file at `path` for writing in place.
  public init(path: String, on system: FS) throws(StorageError) {
    self.path = path
    self.system = system
    fd = try system.open(path, .readWrite, permissions: 0).get(naming: path, on: system)
  }

  /// Writes `bytes` at `offset` (a short write is continued) and syncs.
  public func write(_ bytes: [UInt8], at offset: Int) throws(StorageError) {
    try write(bytes[...], at: offset, sync: true)
  }

  /// Writes `bytes` at `offset`, then (with `sync`) syncs the file.
  public func write(_ bytes: ArraySlice<UInt8>, at offset: Int, sync: Bool) throws(StorageError) {
    var done = 0
    while done < bytes.count {
      let result = bytes.withUnsafeBytes { buffer in
        system.write(fd, UnsafeRawBufferPointer(rebasing: buffer[done...]), at: offset + done)
      }
      switch result {
      case .success(let count) where count > 0: done += count
      case .success: throw failure(.noSpace)
      case .failure(let error): throw failure(error)
      }
    }
    if sync { try self.sync() }
  }

  /// Syncs the file's data to disk.
  public func sync() throws(StorageError) {
    if case .failure(let error) = system.sync(fd) { throw failure(error) }
  }

  /// Closes the file.
  public func close() { _ = system.close(fd) }

  private func failure(_ error: Errno) -> StorageError {
    StorageError("\(path): could not write: \(system.message(for: error))")
  }
}
