@testable import T9Engine

/// The version 1 reader, kept as the reference the current format is
/// compared with (`FormatEquivalenceTests`): words sorted by key sequence,
/// with their scores, in one validated byte buffer.
///
/// Opening checks everything before the first query — size, magic, version,
/// checksum, section bounds, every word's UTF-8 and key sequence, the sort
/// order, samples and block maxima — so queries never read out of bounds and
/// a damaged file is refused with an error that names it. Queries allocate
/// nothing.
struct V1Dictionary: Sendable {
  /// The file name given when opening, for messages.
  let name: String
  /// The language code stored in the file (`en`, `id`).
  let language: String
  /// How many words it holds.
  let wordCount: Int
  /// The checksum of the word list it was built from.
  let sourceChecksum: UInt64
  /// The checksum of the file itself.
  let fileChecksum: UInt64
  let storage: [UInt8]
  let textOffset: Int
  let textEnd: Int
  let scoreOffset: Int
  let sampleOffset: Int
  let blockOffset: Int
  let blockCount: Int

  static let sampleInterval = 1 << V1Format.sampleShift
  static let blockSize = 1 << V1Format.blockShift

  /// Validates `bytes` as a `.t9dict` file; `name` is used in errors.
  init(bytes: [UInt8], name: String) throws(T9DictionaryError) {
    self.name = name
    self.storage = bytes
    func fail(_ message: String) -> T9DictionaryError { T9DictionaryError(file: name, message) }
    let count = bytes.count
    guard count >= V1Format.headerSize else {
      throw fail("truncated: \(count) bytes, shorter than the 64-byte header")
    }
    let header = try bytes.withUnsafeBufferPointer { (buffer) throws(T9DictionaryError) in
      guard Array(buffer[0..<8]) == V1Format.magic else {
        throw fail("not a t9phone dictionary (bad magic)")
      }
      let version = ByteReader.u16(buffer, 8)
      guard version == Int(V1Format.version) else {
        throw fail(
          "unsupported format version \(version) (this t9phone reads version \(V1Format.version))"
        )
      }
      let declaredLength = ByteReader.u32(buffer, 40)
      guard declaredLength <= count else {
        throw fail("truncated: the header says \(declaredLength) bytes, the file has \(count)")
      }
      guard declaredLength == count else {
        throw fail("\(count - declaredLength) unexpected bytes after the end of the dictionary")
      }
      let stored = ByteReader.u64(buffer, V1Format.checksumOffset)
      let computed = V1Format.fileChecksum(UnsafeRawBufferPointer(buffer))
      guard stored == computed else { throw fail("checksum mismatch: the file is corrupted") }
      return (
        headerSize: ByteReader.u16(buffer, 10), language: (buffer[12], buffer[13]),
        shifts: (Int(buffer[14]), Int(buffer[15])), words: ByteReader.u32(buffer, 16),
        text: (ByteReader.u32(buffer, 20), ByteReader.u32(buffer, 24)),
        scores: ByteReader.u32(buffer, 28), samples: ByteReader.u32(buffer, 32),
        blocks: ByteReader.u32(buffer, 36), source: ByteReader.u64(buffer, 44), file: stored,
        reserved: ByteReader.u32(buffer, 52)
      )
    }
    guard header.headerSize == V1Format.headerSize, header.reserved == 0 else {
      throw fail("bad header")
    }
    guard header.shifts == (V1Format.sampleShift, V1Format.blockShift) else {
      throw fail("unsupported sample or block size")
    }
    let (l0, l1) = header.language
    guard (0x61...0x7A).contains(l0), (0x61...0x7A).contains(l1) else {
      throw fail("bad language code in the header")
    }
    let words = header.words
    let samples = (words + V1Dictionary.sampleInterval - 1) / V1Dictionary.sampleInterval
    let blocks = (words + V1Dictionary.blockSize - 1) / V1Dictionary.blockSize
    guard words > 0, header.text.0 == V1Format.headerSize,
      header.text.1 >= 2 * words, header.scores == header.text.0 + header.text.1,
      header.samples == header.scores + 2 * words, header.blocks == header.samples + 4 * samples,
      header.blocks + 2 * blocks == count
    else { throw fail("section table does not match the file's size") }
    language = String(decoding: [l0, l1], as: UTF8.self)
    wordCount = words
    sourceChecksum = header.source
    fileChecksum = header.file
    textOffset = header.text.0
    textEnd = header.text.0 + header.text.1
    scoreOffset = header.scores
    sampleOffset = header.samples
    blockOffset = header.blocks
    blockCount = blocks
    try validateWords()
  }

  /// The file's size in bytes.
  var byteCount: Int { storage.count }

  /// Bytes spent on the index (header, scores, samples, block maxima): all but
  /// the words' text.
  var indexByteCount: Int { storage.count - (textEnd - textOffset) }

  /// Walks every word once, checking what queries rely on.
  private func validateWords() throws(T9DictionaryError) {
    let name = self.name
    let result: String? = storage.withUnsafeBufferPointer { buffer in
      KeyLayout.asciiKeys.withUnsafeBufferPointer { ascii in
        var previous = InlineArray<48, UInt8>(repeating: 0)
        var current = InlineArray<48, UInt8>(repeating: 0)
        var previousCount = 0
        var previousScore = Int.max
        var offset = textOffset
        var blockMaximum = 0
        for index in 0..<wordCount {
          if index & (V1Dictionary.sampleInterval - 1) == 0 {
            let sample = ByteReader.u32(
              buffer, sampleOffset + 4 * (index >> V1Format.sampleShift))
            guard sample == offset - textOffset else { return "sample \(index / 16) is wrong" }
          }
          guard offset < textEnd else { return "word \(index) starts past the text section" }
          let length = Int(buffer[offset])
          let end = offset + 1 + length
          guard (1...V1Format.maximumWordBytes).contains(length), end <= textEnd else {
            return "word \(index) has a bad length"
          }
          // Decode the keys, comparing with the previous word's as we go.
          var count = 0
          var order = 0
          var position = offset + 1
          while position < end {
            let byte = buffer[position]
            var key: UInt8
            if byte < 0x80 {
              key = ascii[Int(byte)]
              position += 1
            } else {
              guard let (scalar, size) = UTF8Decoding.scalar(buffer, at: position, end: end) else {
                return "word \(index) is not valid UTF-8"
              }
              key = KeyLayout.key(for: scalar) ?? 0
              position += size
            }
            guard key != 0, count < KeySequence.capacity else {
              return "word \(index) has a character no key types"
            }
            if order == 0 && count < previousCount && key != previous[count] {
              order = key < previous[count] ? -1 : 1
            }
            current[count] = key
            count += 1
          }
          if order == 0 && count != previousCount { order = count < previousCount ? -1 : 1 }
          let score = ByteReader.u16(buffer, scoreOffset + 2 * index)
          if index > 0 {
            guard order >= 0 else { return "words are not sorted by key sequence at word \(index)" }
            guard order > 0 || score <= previousScore else {
              return "words are not sorted by score at word \(index)"
            }
          }
          blockMaximum = Swift.max(blockMaximum, score)
          if index & (V1Dictionary.blockSize - 1) == V1Dictionary.blockSize - 1
            || index == wordCount - 1
          {
            let stored = ByteReader.u16(
              buffer, blockOffset + 2 * (index >> V1Format.blockShift))
            guard stored == blockMaximum else { return "block maximum \(index / 64) is wrong" }
            blockMaximum = 0
          }
          swap(&previous, &current)
          previousCount = count
          previousScore = score
          offset = end
        }
        guard offset == textEnd else { return "text section has bytes after the last word" }
        return nil
      }
    }
    if let result { throw T9DictionaryError(file: name, "corrupted: \(result)") }
  }
}
