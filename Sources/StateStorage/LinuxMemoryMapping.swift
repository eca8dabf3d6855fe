import CLinux
import SystemLayer

/// The real mapping: Glibc's `mmap` and `munmap`.
public struct LinuxMemoryMapping: MemoryMapping {
  /// Creates the system layer (it holds no state).
  public init() {}

  /// `mmap(2)` with `PROT_READ` and `MAP_PRIVATE`.
  public func map(_ fd: Int32, length: Int) -> Result<UnsafeRawPointer, Errno> {
    guard let address = mmap(nil, length, PROT_READ, MAP_PRIVATE, fd, 0),
      t9_map_failed(address) == 0
    else { return .failure(Errno(t9_errno())) }
    return .success(UnsafeRawPointer(address))
  }

  /// `madvise(2)` with `MADV_DONTNEED`: for a private read-only file
  /// mapping, the pages are unmapped and read back from the file when
  /// touched.
  public func drop(_ address: UnsafeRawPointer, length: Int) -> Result<Void, Errno> {
    madvise(UnsafeMutableRawPointer(mutating: address), length, MADV_DONTNEED) == 0
      ? .success(()) : .failure(Errno(t9_errno()))
  }

  /// `munmap(2)`.
  public func unmap(_ address: UnsafeRawPointer, length: Int) -> Result<Void, Errno> {
    munmap(UnsafeMutableRawPointer(mutating: address), length) == 0
      ? .success(()) : .failure(Errno(t9_errno()))
  }
}
