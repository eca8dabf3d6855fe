import ContactBook
import FuzzSupport

/// The book file's checksums made right (the library's FNV-1a 64 of the
/// header's first 56 bytes and of each record's first 760), so mutations get
/// past them. Where they sit is checked against files the library writes
/// before the first input, so a layout change cannot leave the target
/// silently stopping at the checksums.
enum BookChecksum {
  /// `bytes` with the header checksum, and the checksum of every record
  /// place that starts with a record's magic (`CREC`), written as the
  /// library computes them; other places (empty ones) are left alone.
  static func sealed(_ bytes: [UInt8]) -> [UInt8] {
    guard bytes.count >= BookFile.headerSize else { return bytes }
    var sealed = bytes
    store(BookRecord.checksum(sealed[0..<56]), at: 56, in: &sealed)
    var offset = BookFile.headerSize
    while offset + BookRecord.size <= sealed.count {
      defer { offset += BookRecord.size }
      guard sealed[offset..<(offset + 4)].elementsEqual("CREC".utf8) else { continue }
      let end = offset + BookRecord.size - 8
      store(BookRecord.checksum(sealed[offset..<end]), at: end, in: &sealed)
    }
    return sealed
  }

  private static func store(_ value: UInt64, at offset: Int, in bytes: inout [UInt8]) {
    for index in 0..<8 {
      bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))
    }
  }

  /// Traps, once, unless sealing files the library wrote leaves them as
  /// they were.
  static func checkAgainstLibrary() { _ = verified }

  private static let verified: Bool = {
    var image = BookFile.emptyFile(capacity: 2)
    guard var file = try? BookFile.open(image, name: "check.book").file else {
      fatalError("an empty book does not open")
    }
    let write = file.write(
      Contact(name: "Check", numbers: [PhoneNumber("123")]), slot: 1, order: 0)
    image.replaceSubrange(write.offset..<(write.offset + write.bytes.count), with: write.bytes)
    Invariant.check(
      sealed(image) == image, "the fuzz target's book checksums are not the library's")
    return true
  }()
}
