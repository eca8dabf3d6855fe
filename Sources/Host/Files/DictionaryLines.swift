import Board
import T9Engine

/// What `t9phone dict` does with files: compiles a word list into a
/// `.t9dict` file beside it, and describes a compiled one line by line.
public enum DictionaryLines {
  /// Compiles the word list at `source` (`word<TAB>frequency` lines) and
  /// writes it, atomically, to `output` (default: the list's path with
  /// `.t9dict` for `.tsv`) in `language` (default: the list's file name
  /// without `.tsv`). Returns the line `dict build` prints.
  public static func build(source: String, output: String?, language: String?) throws -> String {
    let name = FileIO.baseName(source)
    let stem = name.hasSuffix(".tsv") ? String(name.dropLast(4)) : name
    let target =
      output ?? (source.hasSuffix(".tsv") ? String(source.dropLast(4)) : source) + ".t9dict"
    let text = try FileIO.readText(source)
    let bytes: [UInt8]
    do {
      bytes = try T9DictionaryBuilder.build(source: text, language: language ?? stem, file: source)
    } catch {
      throw CLIError(error.description)
    }
    try FileIO.writeAtomically(bytes, to: target, mode: 0o644)
    let dictionary = try T9Dictionary(bytes: bytes, name: target)
    return "\(target): \(dictionary.wordCount) words, \(bytes.count) bytes"
  }

  /// Builds the pair table (`.t9pairs`) of the compiled dictionary at
  /// `dictionary` from running texts and writes it to `output`; refuses a
  /// table over `budget` bytes. Returns what it wrote.
  public static func buildPairs(
    dictionary path: String, texts: [String], output: String, followers: Int, minimumCount: Int,
    budget: Int
  ) throws -> String {
    let dictionary: T9Dictionary
    do {
      dictionary = try T9Dictionary(storage: try FileIO.map(path), name: path)
    } catch let error as T9DictionaryError {
      throw CLIError(error.description)
    }
    guard (1...T9PairTableFormat.maximumFollowers).contains(followers) else {
      throw CLIError("--followers must be 1–\(T9PairTableFormat.maximumFollowers)")
    }
    var builder = T9PairTableBuilder(dictionary: dictionary)
    builder.maximumFollowers = followers
    builder.minimumCount = Swift.max(1, minimumCount)
    for text in texts { builder.add(text: try FileIO.readText(text)) }
    let bytes = builder.build()
    guard bytes.count <= budget else {
      throw CLIError("\(output): \(bytes.count) bytes, over the budget of \(budget)")
    }
    let table: T9PairTable
    do {
      table = try T9PairTable(
        storage: T9DictionaryBytes(copying: bytes), name: output, for: dictionary)
    } catch {
      throw CLIError(error.description)
    }
    try FileIO.writeAtomically(bytes, to: output, mode: 0o644)
    return
      "\(output): \(table.previousCount) words with \(table.followerCount) followers from "
      + "\(builder.wordCount) words of text, \(bytes.count) bytes"
  }

  /// The lines `dict info` prints for the dictionary file at `file`: its
  /// language, format, size per word by part, and checksums. A file that is
  /// not a valid dictionary is refused with the reader's message.
  public static func info(file: String) throws -> [String] {
    let dictionary: T9Dictionary
    do {
      dictionary = try T9Dictionary(storage: try FileIO.map(file), name: file)
    } catch let error as T9DictionaryError {
      throw CLIError(error.description)
    }
    let words = Double(dictionary.wordCount)
    var lines = [
      "file: \(file)", "language: \(dictionary.language)",
      "format version: \(T9DictionaryFormat.version)", "words: \(dictionary.wordCount)",
      "bytes: \(dictionary.byteCount)",
      "bytes per word: \(twoDecimals(Double(dictionary.byteCount) / words))",
    ]
    for (label, bytes) in [
      ("table", dictionary.tableByteCount), ("index", dictionary.indexByteCount),
      ("word", dictionary.wordByteCount),
    ] {
      lines.append("\(label) bytes per word: \(twoDecimals(Double(bytes) / words))")
    }
    lines.append("source checksum: \(hex(dictionary.sourceChecksum))")
    lines.append("file checksum: \(hex(dictionary.fileChecksum))")
    return lines
  }

  /// `12.34` for a value (two decimals, rounded half up).
  static func twoDecimals(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }

  /// A 64-bit value as 16 hex digits.
  static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
