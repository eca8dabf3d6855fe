import CLinux
import SystemLayer

/// The real file system: Glibc's system calls, each retried on `EINTR`.
public struct LinuxFileSystem: FileSystem, Sendable {
  /// Creates the system layer (it holds no state).
  public init() {}

  /// `open(2)`.
  public func open(_ path: String, _ access: FileAccess, permissions: UInt32) -> Result<
    Int32, Errno
  > {
    let flags: Int32
    switch access {
    case .read: flags = O_RDONLY
    case .readWrite: flags = O_RDWR
    case .create: flags = O_WRONLY | O_CREAT | O_TRUNC
    case .directory: flags = O_RDONLY | O_DIRECTORY
    }
    return retrying { t9_open(path, flags | O_CLOEXEC, permissions) }
  }

  /// `close(2)` (not retried: Linux has closed the descriptor even on `EINTR`).
  public func close(_ fd: Int32) -> Result<Void, Errno> {
    CLinux.close(fd) == 0 ? .success(()) : .failure(Errno(t9_errno()))
  }

  /// `read(2)`.
  public func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<Int, Errno> {
    retrying { CLinux.read(fd, buffer.baseAddress, buffer.count) }
  }

  /// `write(2)`.
  public func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Result<Int, Errno> {
    retrying { CLinux.write(fd, bytes.baseAddress, bytes.count) }
  }

  /// `pwrite(2)`.
  public func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int) -> Result<
    Int, Errno
  > {
    retrying { CLinux.pwrite(fd, bytes.baseAddress, bytes.count, off_t(offset)) }
  }

  /// `fsync(2)`.
  public func sync(_ fd: Int32) -> Result<Void, Errno> {
    retrying { CLinux.fsync(fd) }.map { _ in () }
  }

  /// `fstat(2)`.
  public func status(_ fd: Int32) -> Result<FileStatus, Errno> {
    var status = stat()
    guard fstat(fd, &status) == 0 else { return .failure(Errno(t9_errno())) }
    return .success(LinuxFileSystem.fileStatus(status))
  }

  /// `stat(2)`.
  public func status(atPath path: String) -> Result<FileStatus, Errno> {
    var status = stat()
    guard stat(path, &status) == 0 else { return .failure(Errno(t9_errno())) }
    return .success(LinuxFileSystem.fileStatus(status))
  }

  /// `rename(2)`.
  public func rename(_ source: String, to target: String) -> Result<Void, Errno> {
    retrying { CLinux.rename(source, target) }.map { _ in () }
  }

  /// `unlink(2)`.
  public func unlink(_ path: String) -> Result<Void, Errno> {
    retrying { CLinux.unlink(path) }.map { _ in () }
  }

  /// `mkdir(2)`.
  public func makeDirectory(_ path: String, permissions: UInt32) -> Result<Void, Errno> {
    retrying { mkdir(path, mode_t(permissions)) }.map { _ in () }
  }

  /// `opendir`/`readdir`, with `lstat` for whether an entry is a file.
  public func listDirectory(_ path: String) -> Result<[DirectoryEntry], Errno> {
    guard let directory = opendir(path) else { return .failure(Errno(t9_errno())) }
    defer { closedir(directory) }
    var entries: [DirectoryEntry] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name != "." && name != ".." else { continue }
      var status = stat()
      let isFile =
        lstat("\(path)/\(name)", &status) == 0 && status.st_mode & UInt32(S_IFMT) == UInt32(S_IFREG)
      entries.append(DirectoryEntry(name: name, isFile: isFile))
    }
    return .success(entries)
  }

  /// `getpid(2)`.
  public func processID() -> Int32 { getpid() }

  /// What `strerror(3)` says (`Errno.text`).
  public func message(for error: Errno) -> String { error.text }

  private static func fileStatus(_ status: stat) -> FileStatus {
    let kind: FileStatus.Kind
    switch status.st_mode & UInt32(S_IFMT) {
    case UInt32(S_IFREG): kind = .file
    case UInt32(S_IFDIR): kind = .directory
    default: kind = .other
    }
    return FileStatus(kind: kind, size: Int(status.st_size))
  }

  private func retrying<Value: BinaryInteger>(_ call: () -> Value) -> Result<Value, Errno> {
    while true {
      let value = call()
      if value >= 0 { return .success(value) }
      if t9_errno() != EINTR { return .failure(Errno(t9_errno())) }
    }
  }
}
