import SystemLayer

/// The system calls the stores make (book, learning, statistics, reports),
/// behind a protocol so tests can fake the disk and cut its power at any
/// byte (`PowerCutFileSystem` in the tests), as apple/swift-system wraps
/// them. `LinuxFileSystem` is the real one; the stores are generic over it,
/// so calls are direct, not through an existential. The real one retries
/// `EINTR` itself; every other failure comes back as its errno.
public protocol FileSystem {
  /// `open(2)` with `O_CLOEXEC`; `permissions` apply to a file it creates.
  func open(_ path: String, _ access: FileAccess, permissions: UInt32) -> Result<Int32, Errno>
  /// `close(2)`.
  func close(_ fd: Int32) -> Result<Void, Errno>
  /// `read(2)`: how many bytes it put at the start of `buffer` (0 at the end).
  func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<Int, Errno>
  /// `write(2)` at the descriptor's offset: how many bytes it took (maybe fewer).
  func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Result<Int, Errno>
  /// `pwrite(2)`: writes at `offset`, the descriptor's offset unchanged.
  func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int) -> Result<Int, Errno>
  /// `fsync(2)`: the file's data (or a folder's entries) on the disk.
  func sync(_ fd: Int32) -> Result<Void, Errno>
  /// `fstat(2)`.
  func status(_ fd: Int32) -> Result<FileStatus, Errno>
  /// `stat(2)` (follows symbolic links).
  func status(atPath path: String) -> Result<FileStatus, Errno>
  /// `rename(2)`: replaces `target` in one step.
  func rename(_ source: String, to target: String) -> Result<Void, Errno>
  /// `unlink(2)`.
  func unlink(_ path: String) -> Result<Void, Errno>
  /// `mkdir(2)`.
  func makeDirectory(_ path: String, permissions: UInt32) -> Result<Void, Errno>
  /// `opendir`/`readdir`: the folder's entries, without `.` and `..`.
  func listDirectory(_ path: String) -> Result<[DirectoryEntry], Errno>
  /// `getpid(2)`: names this process's temporary files.
  func processID() -> Int32
  /// `strerror(3)`: the text messages show for an error (`No such file or directory`).
  func message(for error: Errno) -> String
}
