/// Compiles a word list (`word<TAB>frequency` lines, `#` comments) into the
/// `.t9dict` format. The output depends only on the input: rebuilding the
/// same list gives the same bytes.
public enum T9DictionaryBuilder {
  /// A word of the list, with its keys.
  struct Entry {
    var scalars: [UInt32]
    var keys: [UInt8]
    var score: Int
    var line: Int
  }

  /// Builds a dictionary for `language` (a two-letter code) from the text of
  /// a word list; `file` names it in errors.
  public static func build(source: String, language: String, file: String) throws(T9DictionaryError)
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
      guard let score = parseScore(fields[1]) else {
        throw T9DictionaryError(
          file: file, line: lineNumber,
          "bad frequency '\(fields[1])' (a number like 4.25, at most 655.35)")
      }
      let text = Array(word.utf8)
      guard text.count <= T9DictionaryFormat.maximumWordBytes else {
        throw T9DictionaryError(
          file: file, line: lineNumber,
          "'\(word)' is longer than \(T9DictionaryFormat.maximumWordBytes) bytes")
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
      entries.append(
        Entry(
          scalars: word.unicodeScalars.map { $0.value }, keys: keys, score: score, line: lineNumber)
      )
    }
    guard !entries.isEmpty else { throw T9DictionaryError(file: file, "no words") }
    entries.sort { left, right in
      if left.keys != right.keys { return left.keys.lexicographicallyPrecedes(right.keys) }
      if left.score != right.score { return left.score > right.score }
      return left.line < right.line
    }
    return try T9DictionaryEncoder.assemble(
      entries, language: languageBytes, sourceChecksum: Checksum.of(source.utf8), file: file)
  }

  /// Parses `7.73` (or `7`, `7.7`) into hundredths.
  static func parseScore(_ text: Substring) -> Int? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), !parts[0].isEmpty,
      parts[0].utf8.allSatisfy({ (48...57).contains($0) }), let whole = Int(parts[0]), whole <= 655
    else { return nil }
    var hundredths = 0
    if parts.count == 2 {
      let fraction = Array(parts[1].utf8)
      guard (1...2).contains(fraction.count), fraction.allSatisfy({ (48...57).contains($0) }) else {
        return nil
      }
      hundredths = Int(fraction[0] - 48) * 10 + (fraction.count == 2 ? Int(fraction[1] - 48) : 0)
    }
    let score = whole * 100 + hundredths
    return score <= 65535 ? score : nil
  }

}
