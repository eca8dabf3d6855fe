/// The layout of a compiled `.t9dict` file (version 3), little-endian:
///
/// | offset | size | field |
/// | --- | --- | --- |
/// | 0 | 8 | magic `T9PHDICT` |
/// | 8 | 2 | format version (3) |
/// | 10 | 2 | header size (64) |
/// | 12 | 2 | language code, ASCII (`en`) |
/// | 14 | 1 | log2 of the block size (6: 64 words) |
/// | 15 | 1 | reserved, zero |
/// | 16 | 4 | word count |
/// | 20 | 4 | table section offset (64) |
/// | 24 | 4 | extra letter section offset |
/// | 28 | 4 | block index offset (5 bytes a block) |
/// | 32 | 4 | block data offset |
/// | 36 | 4 | block data length |
/// | 40 | 4 | file length |
/// | 44 | 8 | checksum of the source list |
/// | 52 | 4 | reserved, zero |
/// | 56 | 8 | checksum of the file with this field zeroed |
///
/// Words are sorted by key sequence (a sequence sorts before the longer
/// sequences it starts), then by score (Zipf frequency × 100), highest
/// first, and cut into blocks of 64 words. Each block is one rANS stream
/// Each block holds two rANS streams (`RANSDecoder`) that start afresh, so
/// any block decodes alone: the keys and scores of its words, read forwards
/// from the block's start, and their letters, read backwards from its end
/// (stored reversed), so a query decodes each only as far as it needs. The
/// two meet exactly. The symbols, with the contexts of `T9WordModel`; in
/// the first stream, for each word in turn:
///
/// 1. (not the block's first word) how many keys it shares with the
///    previous word;
/// 2. its further keys, one symbol each, then 0;
/// 3. its score: after a word with the same keys, the drop from that
///    word's score (63: the score follows as below); otherwise the score's
///    high part (score >> 4; 63: 16 raw bits follow) and its low 4 bits;
///
/// in the second, for each word in turn:
///
/// 4. (when it shares keys) how many of those shared positions also have
///    the previous word's letters;
/// 5. each remaining letter as its place on its key (`a b c` on 2), a
///    capital's place + 4, or 8 and an index into the extra letters.
///
/// The table section holds, for each model and each of its contexts, a
/// byte `n` (0: context unused) and `n` byte codes, one per symbol 0..<n
/// (0: absent; code c weighs 2^(c/16)), normalised to 12-bit frequencies
/// (`FrequencyTables`). The extra letter section holds a 2-byte count and
/// the sorted non-ASCII letters, 3 bytes each. The block index holds for
/// each block the start of its data (3 bytes, from the block data offset)
/// and its highest score (2 bytes).
public enum T9DictionaryFormat {
  /// The file's first eight bytes.
  public static let magic: [UInt8] = Array("T9PHDICT".utf8)
  /// The version this code reads and writes.
  public static let version: UInt16 = 3
  /// The header's size in bytes.
  public static let headerSize = 64
  /// Where the file checksum lives.
  public static let checksumOffset = 56
  /// Blocks hold 2^blockShift words.
  public static let blockShift = 6
  /// Bytes of a block index entry: data start (3), highest score (2).
  public static let indexEntrySize = 5
  /// The longest word, in UTF-8 bytes.
  public static let maximumWordBytes = 48
  /// The highest score a word can have (Zipf 655.35).
  public static let maximumScore = 65535

  /// The file checksum: every byte, with the checksum field read as zero.
  public static func fileChecksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    Checksum.ofFile(bytes, fieldAt: checksumOffset)
  }
}
