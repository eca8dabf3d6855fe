/// The `.t9pairs` file (version 1): for common words, the words most likely
/// to follow them, built from running text (`T9PairTableBuilder`) for one
/// compiled dictionary, whose word numbers it uses. Little-endian.
///
/// | offset | bytes | field |
/// | --- | --- | --- |
/// | 0 | 8 | magic `T9PHPAIR` |
/// | 8 | 2 | version (1) |
/// | 10 | 2 | language code, ASCII (`en`) |
/// | 12 | 2 | the most followers a word has |
/// | 14 | 2 | zero |
/// | 16 | 8 | the file checksum of the `.t9dict` it was built for |
/// | 24 | 4 | how many previous words (P) |
/// | 28 | 4 | how many followers, in all (F) |
/// | 32 | 4 | file length: 48 + 12 P + 4 F |
/// | 36 | 4 | zero |
/// | 40 | 8 | checksum of the file, these 8 bytes counted as zero (`Checksum`) |
/// | 48 | 12 P | previous words, by hash, ascending: the word's `WordHash` (8), its first follower (4) |
/// | 48 + 12 P | 4 F | followers, each previous word's together, likeliest first: the dictionary word number (3), its code (1) |
///
/// A follower's code `c` says that it followed the previous word about
/// 2^(−c/8) of the times that word was followed by a word
/// (`T9PairTable.probability(ofCode:)`); within a previous word the codes
/// never decrease.
public enum T9PairTableFormat {
  /// The file's first bytes.
  public static let magic: [UInt8] = Array("T9PHPAIR".utf8)
  /// The version this code reads and writes.
  public static let version = 1
  /// Bytes before the previous words.
  public static let headerSize = 48
  /// Where the file checksum is.
  public static let checksumOffset = 40
  /// Bytes per previous word.
  public static let previousEntrySize = 12
  /// Bytes per follower.
  public static let followerEntrySize = 4
  /// The most followers a previous word may have.
  public static let maximumFollowers = 16

  /// The checksum of a file's bytes, its checksum field counted as zero.
  public static func fileChecksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    Checksum.ofFile(bytes, fieldAt: checksumOffset)
  }
}
