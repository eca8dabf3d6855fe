import SMS

/// One part of a message as the store keeps it, in memory and on disk: a
/// fixed 512-byte record with a sequence number and a checksum, so a
/// record torn by a power cut is recognised and the slot's previous
/// record stands.
///
/// Layout (little-endian): magic `MSG1`; folder (0: the slot is free),
/// status, flags (bit 0 16-bit reference, bit 1 has a time, bit 2 the message goes as UCS-2); the part's
/// number and the message's part count; the network's reference for the
/// part; the concatenation reference; the message id; the record's
/// sequence number; its slot; the address (length, type, 10 octets); the
/// time (7 octets as in a PDU); send attempts; the text's length and its
/// UTF-8 (at most 448 bytes, more than a part's 160 characters can take);
/// when the phone stored it (seconds since 2000-01-01 UTC); an FNV-1a
/// 64-bit checksum of everything before it.
enum MessageRecord {
  static let size = 512
  static let magic: [UInt8] = Array("MSG1".utf8)
  static let textCapacity = 448

  static let folderOffset = 4
  static let statusOffset = 5
  static let flagsOffset = 6
  static let partOffset = 7
  static let totalOffset = 8
  static let networkReferenceOffset = 9
  static let referenceOffset = 10
  static let idOffset = 12
  static let sequenceOffset = 16
  static let slotOffset = 24
  static let addressOffset = 26
  static let timeOffset = 38
  static let attemptsOffset = 45
  static let textLengthOffset = 46
  static let textOffset = 48
  static let arrivedOffset = 496
  static let checksumOffset = 504

  static let wideFlag: UInt8 = 0x01
  static let timeFlag: UInt8 = 0x02
  static let ucs2Flag: UInt8 = 0x04

  /// FNV-1a 64-bit.
  static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01B3
    }
    return hash
  }

  static func read(_ bytes: [UInt8], _ offset: Int, width: Int) -> UInt64 {
    var value: UInt64 = 0
    for index in 0..<width { value |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
    return value
  }

  static func write(_ value: UInt64, to bytes: inout [UInt8], _ offset: Int, width: Int) {
    for index in 0..<width {
      bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))
    }
  }

  /// Whether the record at `start` of `bytes` is whole: its magic and
  /// checksum are right and its fields are in range.
  static func isValid(_ bytes: [UInt8], at start: Int) -> Bool {
    guard bytes.count >= start + size else { return false }
    for index in 0..<4 where bytes[start + index] != magic[index] { return false }
    let stored = read(bytes, start + checksumOffset, width: 8)
    guard checksum(bytes[start..<(start + checksumOffset)]) == stored else { return false }
    let folder = bytes[start + folderOffset]
    guard folder == 0 || MessageFolder(rawValue: folder) != nil else { return false }
    guard folder == 0 || MessageStatus(rawValue: bytes[start + statusOffset]) != nil else {
      return false
    }
    let textLength = Int(read(bytes, start + textLengthOffset, width: 2))
    guard textLength <= textCapacity else { return false }
    let part = Int(bytes[start + partOffset])
    let total = Int(bytes[start + totalOffset])
    guard folder == 0 || (part >= 1 && part <= total) else { return false }
    return bytes[start + addressOffset] <= 20
  }
}
