import ArgumentParser
import Diagnostics
import Host
import T9Engine

/// `t9phone dict build|info`.
struct DictCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "dict",
    abstract: "Compile and inspect T9 dictionaries.",
    subcommands: [Build.self, Info.self]
  )

  /// `t9phone dict build SOURCE.tsv [-o FILE] [--language L]`.
  struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "build",
      abstract: "Compile a word list (word<TAB>frequency lines) into a .t9dict file.",
      discussion: "The output depends only on the list: rebuilding gives identical bytes."
    )

    @Argument(help: "The word list, e.g. Dictionaries/en.tsv.")
    var source: String

    @Option(name: .shortAndLong, help: "The output file (default: the list's name with .t9dict).")
    var output: String?

    @Option(help: "The language code (default: the list's file name, e.g. en).")
    var language: String?

    func run() throws {
      let name = source.split(separator: "/").last.map(String.init) ?? source
      let stem = name.hasSuffix(".tsv") ? String(name.dropLast(4)) : name
      let target =
        output ?? (source.hasSuffix(".tsv") ? String(source.dropLast(4)) : source) + ".t9dict"
      let text = try FileIO.readText(source)
      let bytes: [UInt8]
      do {
        bytes = try T9DictionaryBuilder.build(
          source: text, language: language ?? stem, file: source)
      } catch {
        throw CLIError(error.description)
      }
      try FileIO.writeAtomically(bytes, to: target, mode: 0o644)
      let dictionary = try T9Dictionary(bytes: bytes, name: target)
      print("\(target): \(dictionary.wordCount) words, \(bytes.count) bytes")
    }
  }

  /// `t9phone dict info FILE`.
  struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "info",
      abstract: "Print a .t9dict file's words, bytes, bytes per word and source checksum.")

    @Argument(help: "The .t9dict file.")
    var file: String

    func run() throws {
      let dictionary: T9Dictionary
      do {
        dictionary = try T9Dictionary(storage: try FileIO.map(file), name: file)
      } catch let error as T9DictionaryError {
        throw CLIError(error.description)
      }
      let words = dictionary.wordCount
      print("file: \(file)")
      print("language: \(dictionary.language)")
      print("format version: \(T9DictionaryFormat.version)")
      print("words: \(words)")
      print("bytes: \(dictionary.byteCount)")
      print("bytes per word: \(twoDecimals(Double(dictionary.byteCount) / Double(words)))")
      for (label, bytes) in [
        ("table", dictionary.tableByteCount), ("index", dictionary.indexByteCount),
        ("word", dictionary.wordByteCount),
      ] {
        print("\(label) bytes per word: \(twoDecimals(Double(bytes) / Double(words)))")
      }
      print("source checksum: \(hex(dictionary.sourceChecksum))")
      print("file checksum: \(hex(dictionary.fileChecksum))")
    }
  }
}

/// `12.34` for a value (two decimals, rounded half up).
func twoDecimals(_ value: Double) -> String {
  let hundredths = Int((value * 100).rounded())
  let fraction = hundredths % 100
  return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}

/// A 64-bit value as 16 hex digits.
func hex(_ value: UInt64) -> String {
  let digits = String(value, radix: 16)
  return String(repeating: "0", count: 16 - digits.count) + digits
}

extension String {
  /// The string with its first `prefix` replaced (if it starts with it).
  func replacingFirst(_ prefix: String, with replacement: String) -> String {
    hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
  }
}
