@testable import T9Engine

/// The layout of a compiled `.t9dict` file (version 1), little-endian:
///
/// | offset | size | field |
/// | --- | --- | --- |
/// | 0 | 8 | magic `T9PHDICT` |
/// | 8 | 2 | format version (1) |
/// | 10 | 2 | header size (64) |
/// | 12 | 2 | language code, ASCII (`en`) |
/// | 14 | 1 | log2 of the sample interval (4: every 16th word) |
/// | 15 | 1 | log2 of the block size (6: 64 words) |
/// | 16 | 4 | word count |
/// | 20 | 4 | text section offset |
/// | 24 | 4 | text section length |
/// | 28 | 4 | score section offset (2 bytes a word) |
/// | 32 | 4 | sample section offset (4 bytes a sample) |
/// | 36 | 4 | block section offset (2 bytes a block) |
/// | 40 | 4 | file length |
/// | 44 | 8 | checksum of the source list |
/// | 52 | 4 | reserved, zero |
/// | 56 | 8 | checksum of the file with this field zeroed |
///
/// Words are sorted by key sequence (a sequence sorts before the longer
/// sequences it starts), then by score, highest first. The text section holds
/// each word as a length byte and its UTF-8 bytes; the score is the word's
/// Zipf frequency × 100; a sample is the text offset of every 16th word; a
/// block is the highest score among 64 consecutive words.
enum V1Format {
  /// The file's first eight bytes.
  static let magic: [UInt8] = Array("T9PHDICT".utf8)
  /// The version this code reads and writes.
  static let version: UInt16 = 1
  /// The header's size in bytes.
  static let headerSize = 64
  /// Where the file checksum lives.
  static let checksumOffset = 56
  /// Every 2^sampleShift-th word has a sample.
  static let sampleShift = 4
  /// Blocks of 2^blockShift words have a maximum score.
  static let blockShift = 6
  /// The longest word, in UTF-8 bytes.
  static let maximumWordBytes = 48

  /// The file checksum: every byte, with the checksum field read as zero.
  static func fileChecksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var checksum = Checksum()
    checksum.update(UnsafeRawBufferPointer(rebasing: bytes[0..<checksumOffset]))
    checksum.update([UInt8](repeating: 0, count: 8))
    checksum.update(UnsafeRawBufferPointer(rebasing: bytes[(checksumOffset + 8)...]))
    return checksum.value
  }
}
