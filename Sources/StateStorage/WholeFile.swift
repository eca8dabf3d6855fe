import SystemLayer

/// Whole-file reads, and the atomic replace every whole-file store uses:
/// a power cut at any moment leaves the old file or the new one, never a
/// mix, and a replace that returned is on the disk.
///
/// The replace writes a temporary file beside the target
/// (`<target>.tmp-<pid>`), `fsync`s it, renames it over the target and
/// `fsync`s the folder: the rename is the one step that switches, and it
/// only ever names a complete, synced file. A failure removes the
/// temporary file. One left by a cut is never read (no reader opens
/// `*.tmp-*`, the reports folder does not count it) and the next replace of
/// the same target removes it; a replace of the same file by another
/// process at that very moment then fails (its rename finds no file) and
/// is retried by its store, never a torn file.
public enum WholeFile {
  /// The file's bytes: one buffer sized from `fstat`, filled by a `read`
  /// loop. A folder or a file that shrank while it was read is refused.
  public static func read<FS: FileSystem>(_ path: String, on system: FS) throws(StorageError)
    -> [UInt8]
  {
    let fd = try system.open(path, .read, permissions: 0).get(naming: path, on: system)
    defer { _ = system.close(fd) }
    let status = try system.status(fd).get(naming: path, on: system)
    if status.kind == .directory { throw StorageError("\(path): is a folder") }
    var bytes = [UInt8](repeating: 0, count: status.size)
    var offset = 0
    while offset < bytes.count {
      let result = bytes.withUnsafeMutableBytes { buffer in
        system.read(fd, into: UnsafeMutableRawBufferPointer(rebasing: buffer[offset...]))
      }
      let count = try result.get(naming: path, on: system)
      guard count > 0 else { break }
      offset += count
    }
    guard offset == bytes.count else {
      throw StorageError("\(path): the file changed while it was read")
    }
    return bytes
  }

  /// The file's text (UTF-8).
  public static func readText<FS: FileSystem>(_ path: String, on system: FS) throws(StorageError)
    -> String
  {
    let bytes = try read(path, on: system)
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw StorageError("\(path): not valid UTF-8")
    }
    return text
  }

  /// Whether something exists at the path.
  public static func exists<FS: FileSystem>(_ path: String, on system: FS) -> Bool {
    if case .success = system.status(atPath: path) { return true }
    return false
  }

  /// Replaces the file at `path` with `bytes` atomically (see the type);
  /// the file gets `permissions`.
  public static func replace<FS: FileSystem>(
    _ bytes: [UInt8], at path: String, permissions: UInt32 = 0o600, on system: FS
  ) throws(StorageError) {
    let temporary = temporaryName(of: path, processID: system.processID())
    removeLeftovers(of: path, keeping: temporary, on: system)
    let fd = try system.open(temporary, .create, permissions: permissions).get(
      naming: temporary, on: system)
    var offset = 0
    while offset < bytes.count {
      let result = bytes.withUnsafeBytes { buffer in
        system.write(fd, UnsafeRawBufferPointer(rebasing: buffer[offset...]))
      }
      switch result {
      case .success(let count) where count > 0:
        offset += count
      case .success:
        abandon(fd, temporary, on: system)
        throw StorageError("\(temporary): \(system.message(for: .noSpace))")
      case .failure(let error):
        abandon(fd, temporary, on: system)
        throw StorageError("\(temporary): \(system.message(for: error))")
      }
    }
    if case .failure(let error) = system.sync(fd) {
      abandon(fd, temporary, on: system)
      throw StorageError("\(temporary): \(system.message(for: error))")
    }
    if case .failure(let error) = system.close(fd) {
      _ = system.unlink(temporary)
      throw StorageError("\(temporary): \(system.message(for: error))")
    }
    if case .failure(let error) = system.rename(temporary, to: path) {
      _ = system.unlink(temporary)
      throw StorageError("\(path): \(system.message(for: error))")
    }
    try Folder.sync(Folder.path(of: path), on: system)
  }

  /// The temporary file a replace of `path` by process `processID` writes.
  public static func temporaryName(of path: String, processID: Int32) -> String {
    "\(path).tmp-\(processID)"
  }

  /// Whether a name in a folder is a replace's temporary file
  /// (`….tmp-<digits>`): never a store's content.
  public static func isTemporary(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    var start = bytes.count
    while start > 0 && (0x30...0x39).contains(bytes[start - 1]) { start -= 1 }
    let marker = Array(".tmp-".utf8)
    guard start < bytes.count, start >= marker.count else { return false }
    return Array(bytes[(start - marker.count)..<start]) == marker
  }

  /// Removes the temporary files earlier replaces of `path` left behind
  /// (a power cut, a crash), all but `keeping`.
  static func removeLeftovers<FS: FileSystem>(
    of path: String, keeping: String, on system: FS
  ) {
    let folder = Folder.path(of: path)
    let prefix = Folder.name(of: path) + ".tmp-"
    guard case .success(let entries) = system.listDirectory(folder) else { return }
    for entry in entries where entry.name.hasPrefix(prefix) && isTemporary(entry.name) {
      let leftover = Folder.join(folder, entry.name)
      if leftover != keeping { _ = system.unlink(leftover) }
    }
  }

  /// Closes and removes a temporary file a replace gives up on.
  private static func abandon<FS: FileSystem>(_ fd: Int32, _ temporary: String, on system: FS) {
    _ = system.close(fd)
    _ = system.unlink(temporary)
  }
}
