import ArgumentParser
import Host

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
      print(try DictionaryLines.build(source: source, output: output, language: language))
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
