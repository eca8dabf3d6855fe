/// The static next-word model of a language: for each common word, the
/// dictionary words most likely to follow it, with how likely each is.
/// Read from validated bytes (a mapped `.t9pairs` file, `T9PairTableFormat`)
/// and tied to the one compiled dictionary it was built for. Lookups read
/// the bytes in place and allocate nothing.
public struct T9PairTable: Sendable {
  /// The file name given when opening, for messages.
  public let name: String
  /// How many previous words it knows.
  public let previousCount: Int
  /// How many followers it holds, in all.
  public let followerCount: Int
  /// The most followers one word has.
  public let maximumFollowers: Int
  let storage: T9DictionaryBytes
  private let followersOffset: Int

  /// Validates `storage` as the pair table of `dictionary`: magic,
  /// version, language, length, checksum, that it was built for this very
  /// dictionary file, and every entry (sorted hashes, follower bounds and
  /// order, word numbers within the dictionary). A file that fails is
  /// refused with an error naming it.
  public init(
    storage: T9DictionaryBytes, name: String, for dictionary: T9Dictionary
  ) throws(T9DictionaryError) {
    let bytes = storage.bytes
    func fail(_ message: String) -> T9DictionaryError { T9DictionaryError(file: name, message) }
    let header = T9PairTableFormat.headerSize
    guard bytes.count >= header else { throw fail("too short for a pair table") }
    guard T9PairTableFormat.magic.indices.allSatisfy({ bytes[$0] == T9PairTableFormat.magic[$0] })
    else { throw fail("not a pair table (bad magic)") }
    let version = ByteReader.u16(bytes, 8)
    guard version == T9PairTableFormat.version else {
      throw fail("unsupported pair table version \(version)")
    }
    guard ByteReader.u32(bytes, 32) == bytes.count else {
      throw fail("length mismatch: the file is truncated or has trailing bytes")
    }
    let stored = ByteReader.u64(bytes, T9PairTableFormat.checksumOffset)
    guard stored == T9PairTableFormat.fileChecksum(storage.buffer) else {
      throw fail("checksum mismatch: the file is corrupted")
    }
    var code = ""
    code.unicodeScalars.append(Unicode.Scalar(bytes[10]))
    code.unicodeScalars.append(Unicode.Scalar(bytes[11]))
    guard code == dictionary.language else {
      throw fail("pairs for '\(code)', dictionary for '\(dictionary.language)'")
    }
    guard ByteReader.u64(bytes, 16) == dictionary.fileChecksum else {
      throw fail("built for another dictionary than \(dictionary.name)")
    }
    let previous = ByteReader.u32(bytes, 24)
    let followers = ByteReader.u32(bytes, 28)
    let maximum = ByteReader.u16(bytes, 12)
    guard maximum <= T9PairTableFormat.maximumFollowers else {
      throw fail("\(maximum) followers a word: at most \(T9PairTableFormat.maximumFollowers)")
    }
    let followersOffset = header + previous * T9PairTableFormat.previousEntrySize
    guard followersOffset + followers * T9PairTableFormat.followerEntrySize == bytes.count else {
      throw fail("section sizes do not add up to the file's length")
    }
    var lastHash: UInt64 = 0
    for entry in 0..<previous {
      let at = header + entry * T9PairTableFormat.previousEntrySize
      let hash = ByteReader.u64(bytes, at)
      guard entry == 0 || hash > lastHash else {
        throw fail("previous word \(entry): hashes out of order")
      }
      lastHash = hash
      let first = ByteReader.u32(bytes, at + 8)
      let end =
        entry + 1 < previous
        ? ByteReader.u32(bytes, at + T9PairTableFormat.previousEntrySize + 8) : followers
      guard first < end, end - first <= maximum,
        end <= followers
      else { throw fail("previous word \(entry): followers out of bounds") }
      var lastCode = 0
      for follower in first..<end {
        let place = followersOffset + follower * T9PairTableFormat.followerEntrySize
        guard ByteReader.u24(bytes, place) < dictionary.wordCount else {
          throw fail("follower \(follower): no such word in \(dictionary.name)")
        }
        let code = Int(bytes[place + 3])
        guard code >= lastCode else { throw fail("follower \(follower): out of order") }
        lastCode = code
      }
    }
    guard previous == 0 || ByteReader.u32(bytes, header + 8) == 0 else {
      throw fail("previous word 0: followers out of bounds")
    }
    self.name = name
    self.storage = storage
    previousCount = previous
    followerCount = followers
    maximumFollowers = maximum
    self.followersOffset = followersOffset
    // Validation read every byte; a lookup needs a page or two: a mapped
    // file's pages may leave resident memory until one is read again.
    storage.dropPages()
  }

  /// How likely a follower with `code` is after its previous word.
  public static func probability(ofCode code: Int) -> Double {
    var value = 1.0
    for _ in 0..<(code / 8) { value /= 2 }
    for _ in 0..<(code % 8) { value /= 1.090_507_732_665_257_7 }  // 2^(1/8)
    return value
  }

  /// Calls `body` with each word likely to follow the word with hash
  /// `previous` (its dictionary number and probability), likeliest first.
  @inline(__always)
  public func forEachFollower(
    of previous: UInt64, _ body: (_ word: Int, _ probability: Double) -> Void
  ) {
    let bytes = storage.bytes
    let header = T9PairTableFormat.headerSize
    let size = T9PairTableFormat.previousEntrySize
    var low = 0
    var high = previousCount
    while low < high {
      let middle = (low + high) / 2
      if ByteReader.u64(bytes, header + middle * size) < previous {
        low = middle + 1
      } else {
        high = middle
      }
    }
    guard low < previousCount, ByteReader.u64(bytes, header + low * size) == previous else {
      return
    }
    let first = ByteReader.u32(bytes, header + low * size + 8)
    let end =
      low + 1 < previousCount
      ? ByteReader.u32(bytes, header + (low + 1) * size + 8) : followerCount
    for follower in first..<end {
      let place = followersOffset + follower * T9PairTableFormat.followerEntrySize
      body(ByteReader.u24(bytes, place), T9PairTable.probability(ofCode: Int(bytes[place + 3])))
    }
  }

  /// The table's size in bytes.
  public var byteCount: Int { storage.bytes.count }
}
