import Glibc
import StateStorage
import SystemLayer
import Testing

/// Records each drop, passing it to the real mapping unless it fails.
private final class RecordingMapping: MemoryMapping, @unchecked Sendable {
  // Sendable: the tests use it from one thread.
  var drops: [StartupPages.Segment] = []
  let failing: Errno?

  init(failing: Errno? = nil) { self.failing = failing }

  func map(_ fd: Int32, length: Int) -> Result<UnsafeRawPointer, Errno> { .failure(Errno(EINVAL)) }

  func unmap(_ address: UnsafeRawPointer, length: Int) -> Result<Void, Errno> { .success(()) }

  func drop(_ address: UnsafeRawPointer, length: Int) -> Result<Void, Errno> {
    drops.append(StartupPages.Segment(start: UInt(bitPattern: address), length: length))
    if let failing { return .failure(failing) }
    return LinuxMemoryMapping().drop(address, length: length)
  }
}

/// A function whose code lies in this test executable.
private let probe: @convention(c) (Int32) -> Int32 = { $0 &* 3 &+ 1 }

@Suite("Start-up pages")
struct StartupPagesTests {
  @Test("the read-only segments are whole pages and hold this program's code")
  func segmentsHoldTheCode() {
    let segments = StartupPages.readOnlySegments()
    let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
    #expect(!segments.isEmpty)
    for segment in segments {
      #expect(segment.start % page == 0)
      #expect(segment.length > 0 && UInt(segment.length) % page == 0)
    }
    let code = unsafeBitCast(probe, to: UInt.self)
    #expect(segments.contains { code >= $0.start && code < $0.start + UInt($0.length) })
  }

  @Test("no read-only segment holds writable data")
  func segmentsLeaveDataAlone() {
    // A global variable lives in a writable segment: releasing it would
    // lose what was written.
    let data = withUnsafeMutablePointer(to: &StartupPagesTests.written) { UInt(bitPattern: $0) }
    for segment in StartupPages.readOnlySegments() {
      #expect(!(data >= segment.start && data < segment.start + UInt(segment.length)))
    }
  }
  nonisolated(unsafe) static var written = 7

  @Test("releasing drops each segment once and the code still runs after")
  func releaseKeepsTheProgramRunning() throws {
    let mapping = RecordingMapping()
    let segments = StartupPages.readOnlySegments()
    let released = try StartupPages.release(segments, mapping: mapping).get()
    #expect(mapping.drops == segments)
    #expect(released == segments.reduce(0) { $0 + $1.length })
    #expect(probe(4) == 13)  // read back from the page cache
    #expect(StartupPagesTests.written == 7)
  }

  @Test("a failing release says why and stops at the first error")
  func failingReleaseStops() {
    let mapping = RecordingMapping(failing: Errno(ENOMEM))
    let segments = [
      StartupPages.Segment(start: 0x1000, length: 0x1000),
      StartupPages.Segment(start: 0x3000, length: 0x1000),
    ]
    let result = StartupPages.release(segments, mapping: mapping)
    #expect(result == .failure(Errno(ENOMEM)))
    #expect(mapping.drops.count == 1)
  }
}
