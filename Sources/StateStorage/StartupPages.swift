import CLinux
import SystemLayer

// The ELF program header of the executable's word size.
#if arch(arm) || arch(i386)
  typealias ProgramHeader = Elf32_Phdr
#else
  typealias ProgramHeader = Elf64_Phdr
#endif

/// The executable's read-only pages — its code, constants and type
/// metadata — released from resident memory once start-up is over, as a
/// kernel frees its init sections: argument parsing, dictionary validation
/// and contact import ran code that typing never runs again, and the pages
/// stay mapped in the process until it exits. Released pages stay in the
/// page cache and come back when touched, so what stays resident is what
/// typing runs (docs/performance.md, "Resident memory"). The executable
/// calls it once the phone is up, before the first key.
///
/// Only segments without write permission are released (the read-only
/// relocations and data are writable segments and keep their pages).
public enum StartupPages {
  /// A page-aligned read-only range of the executable.
  public struct Segment: Equatable, Sendable {
    /// The first byte (a page boundary).
    public let start: UInt
    /// Its length in bytes (whole pages).
    public let length: Int

    /// The range `start..<start + length`.
    public init(start: UInt, length: Int) {
      self.start = start
      self.length = length
    }
  }

  /// The executable's read-only loadable segments, each shrunk to whole
  /// pages; none where the program headers cannot be read.
  public static func readOnlySegments() -> [Segment] {
    do {
      // The kernel tells where it put the program headers; the load bias
      // is where they are less where the headers say they are.
      let count = Int(getauxval(UInt(AT_PHNUM)))
      guard let first = UnsafePointer<ProgramHeader>(bitPattern: UInt(getauxval(UInt(AT_PHDR))))
      else { return [] }
      let headers = UnsafeBufferPointer(start: first, count: count)
      guard let described = headers.first(where: { $0.p_type == UInt32(PT_PHDR) }) else {
        return []
      }
      let bias = UInt(bitPattern: first) &- UInt(described.p_vaddr)
      let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
      var segments: [Segment] = []
      for header in headers
      where header.p_type == UInt32(PT_LOAD) && header.p_flags & UInt32(PF_W) == 0 {
        let start = bias &+ UInt(header.p_vaddr)
        let first = (start + page - 1) / page * page
        let last = (start + UInt(header.p_memsz)) / page * page
        if last > first { segments.append(Segment(start: first, length: Int(last - first))) }
      }
      return segments
    }
  }

  /// Releases `segments` (by default the executable's) through `mapping`;
  /// how many bytes, or the first error. A failure costs only memory.
  @discardableResult
  public static func release(
    _ segments: [Segment] = readOnlySegments(),
    mapping: some MemoryMapping = LinuxMemoryMapping()
  ) -> Result<Int, Errno> {
    var released = 0
    for segment in segments {
      guard let address = UnsafeRawPointer(bitPattern: segment.start) else { continue }
      if case .failure(let error) = mapping.drop(address, length: segment.length) {
        return .failure(error)
      }
      released += segment.length
    }
    return .success(released)
  }
}
