import SystemLayer

/// The system calls that map a file into memory read-only (`mmap(2)`,
/// `munmap(2)`), behind a protocol like `FileSystem` so tests can fail a
/// mapping or count the unmappings. `LinuxMemoryMapping` is the real one.
public protocol MemoryMapping: Sendable {
  /// Maps `length` bytes of the open file `fd` from its start, read-only
  /// and private (`PROT_READ`, `MAP_PRIVATE`): pages are shared with the
  /// page cache and can be dropped and read again under memory pressure.
  func map(_ fd: Int32, length: Int) -> Result<UnsafeRawPointer, Errno>
  /// Unmaps what `map` returned.
  func unmap(_ address: UnsafeRawPointer, length: Int) -> Result<Void, Errno>
  /// Drops the mapped pages from this process's resident memory (they stay
  /// in the page cache and are mapped again when touched): after opening
  /// read every byte once to validate it, only the pages queries touch stay.
  func drop(_ address: UnsafeRawPointer, length: Int) -> Result<Void, Errno>
}
