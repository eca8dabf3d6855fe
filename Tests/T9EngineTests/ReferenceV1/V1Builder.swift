@testable import T9Engine

/// Compiles a word list (`word<TAB>frequency` lines, `#` comments) into the
/// `.t9dict` format. The output depends only on the input: rebuilding the
/// same list gives the same bytes.
enum V1Builder {
  private struct Entry {
    var text: [UInt8]
    var keys: [UInt8]
    var score: Int
    var line: Int
  }

  /// Builds a dictionary for `language` (a two-letter code) from the text of
  /// a word list; `file` names it in errors.
  static func build(source: String, language: String, file: String) throws(T9DictionaryError)
    -> [UInt8]
  {
    let languageBytes = Array(language.utf8)
    guard languageBytes.count == 2, languageBytes.allSatisfy({ (0x61...0x7A).contains($0) }) else {
      throw T9DictionaryError(
        file: file, "language code must be two lowercase letters, not '\(language)'")
    }
    var entries: [Entry] = []
    var seen: [String: Int] = [:]
    var lineNumber = 0
    for rawLine in source.split(separator: "\n", omittingEmptySubsequences: false) {
      lineNumber += 1
      var line = Substring(rawLine)
      if line.last == "\r" { line = line.dropLast() }
      if line.isEmpty || line.first == "#" { continue }
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count == 2 else {
        throw T9DictionaryError(
          file: file, line: lineNumber,
          "expected 'word<TAB>frequency', found \(fields.count) field(s)")
      }
      let word = String(fields[0])
      guard !word.isEmpty else {
        throw T9DictionaryError(file: file, line: lineNumber, "empty word")
      }
      guard let score = T9DictionaryBuilder.parseScore(fields[1]) else {
        throw T9DictionaryError(
          file: file, line: lineNumber,
          "bad frequency '\(fields[1])' (a number like 4.25, at most 655.35)")
      }
      let text = Array(word.utf8)
      guard text.count <= V1Format.maximumWordBytes else {
        throw T9DictionaryError(
          file: file, line: lineNumber,
          "'\(word)' is longer than \(V1Format.maximumWordBytes) bytes")
      }
      var keys: [UInt8] = []
      for scalar in word.unicodeScalars {
        guard let key = KeyLayout.key(for: scalar) else {
          throw T9DictionaryError(
            file: file, line: lineNumber, "'\(word)' has a character no key types: '\(scalar)'")
        }
        keys.append(key)
      }
      guard keys.count <= KeySequence.capacity else {
        throw T9DictionaryError(
          file: file, line: lineNumber, "'\(word)' has more than \(KeySequence.capacity) letters")
      }
      if let first = seen[word] {
        throw T9DictionaryError(
          file: file, line: lineNumber, "duplicate word '\(word)' (first on line \(first))")
      }
      seen[word] = lineNumber
      entries.append(Entry(text: text, keys: keys, score: score, line: lineNumber))
    }
    guard !entries.isEmpty else { throw T9DictionaryError(file: file, "no words") }
    entries.sort { left, right in
      if left.keys != right.keys { return left.keys.lexicographicallyPrecedes(right.keys) }
      if left.score != right.score { return left.score > right.score }
      return left.line < right.line
    }
    return assemble(entries, language: languageBytes, sourceChecksum: Checksum.of(source.utf8))
  }

  private static func assemble(_ entries: [Entry], language: [UInt8], sourceChecksum: UInt64)
    -> [UInt8]
  {
    let count = entries.count
    let sampleInterval = 1 << V1Format.sampleShift
    let blockSize = 1 << V1Format.blockShift
    var text: [UInt8] = []
    var samples: [Int] = []
    for (index, entry) in entries.enumerated() {
      if index % sampleInterval == 0 { samples.append(text.count) }
      text.append(UInt8(entry.text.count))
      text.append(contentsOf: entry.text)
    }
    let blockCount = (count + blockSize - 1) / blockSize
    let header = V1Format.headerSize
    let textOffset = header
    let scoreOffset = textOffset + text.count
    let sampleOffset = scoreOffset + 2 * count
    let blockOffset = sampleOffset + 4 * samples.count
    let length = blockOffset + 2 * blockCount
    var bytes = [UInt8](repeating: 0, count: length)
    for (index, byte) in V1Format.magic.enumerated() { bytes[index] = byte }
    ByteReader.put16(Int(V1Format.version), into: &bytes, at: 8)
    ByteReader.put16(header, into: &bytes, at: 10)
    bytes[12] = language[0]
    bytes[13] = language[1]
    bytes[14] = UInt8(V1Format.sampleShift)
    bytes[15] = UInt8(V1Format.blockShift)
    ByteReader.put32(count, into: &bytes, at: 16)
    ByteReader.put32(textOffset, into: &bytes, at: 20)
    ByteReader.put32(text.count, into: &bytes, at: 24)
    ByteReader.put32(scoreOffset, into: &bytes, at: 28)
    ByteReader.put32(sampleOffset, into: &bytes, at: 32)
    ByteReader.put32(blockOffset, into: &bytes, at: 36)
    ByteReader.put32(length, into: &bytes, at: 40)
    ByteReader.put64(sourceChecksum, into: &bytes, at: 44)
    bytes.replaceSubrange(textOffset..<(textOffset + text.count), with: text)
    for (index, entry) in entries.enumerated() {
      ByteReader.put16(entry.score, into: &bytes, at: scoreOffset + 2 * index)
    }
    for (index, sample) in samples.enumerated() {
      ByteReader.put32(sample, into: &bytes, at: sampleOffset + 4 * index)
    }
    for block in 0..<blockCount {
      let scores = entries[(block * blockSize)..<Swift.min(count, (block + 1) * blockSize)].map {
        $0.score
      }
      ByteReader.put16(scores.max() ?? 0, into: &bytes, at: blockOffset + 2 * block)
    }
    let checksum = bytes.withUnsafeBytes { V1Format.fileChecksum($0) }
    ByteReader.put64(checksum, into: &bytes, at: V1Format.checksumOffset)
    return bytes
  }
}
