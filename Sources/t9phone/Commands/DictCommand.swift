import ArgumentParser
import Host

/// `t9phone dict build|info`.
struct DictCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "dict",
    abstract: "Compile and inspect T9 dictionaries.",
    subcommands: [Build.self, Pairs.self, Info.self]
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
      print(try DictionaryLines.build(source: source, output: output, language: language))
    }
  }

  /// `t9phone dict pairs DICT TEXT... -o FILE`.
  struct Pairs: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "pairs",
      abstract: "Build a compiled dictionary's next-word table (.t9pairs) from running texts.",
      discussion: """
        For each word, the dictionary words that followed it at least --minimum-count times,
        likeliest first, at most --followers. The same texts give identical bytes.
        """
    )

    @Argument(help: "The compiled dictionary, e.g. Dictionaries/en.t9dict.")
    var dictionary: String

    @Argument(help: "UTF-8 texts to count pairs in.")
    var texts: [String]

    @Option(name: .shortAndLong, help: "The output file.")
    var output: String

    @Option(help: "The most followers kept for a word.")
    var followers = 8

    @Option(name: .customLong("minimum-count"), help: "How often a pair must have been seen.")
    var minimumCount = 2

    @Option(help: "The largest table accepted, in bytes.")
    var budget = 1_048_576

    func run() throws {
      print(
        try DictionaryLines.buildPairs(
          dictionary: dictionary, texts: texts, output: output, followers: followers,
          minimumCount: minimumCount, budget: budget))
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
      for line in try DictionaryLines.info(file: file) { print(line) }
    }
  }
}
