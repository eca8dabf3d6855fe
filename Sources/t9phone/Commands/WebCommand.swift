import ArgumentParser
import Board
import Host
import WebPhone

/// `t9phone web bundle|replay`: the scenario bundles the WebAssembly module
/// replays, and the same replay natively, so the two builds' frames compare
/// byte for byte (docs/web.md).
struct WebCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "web",
    abstract: "Bundle a scenario for the WebAssembly module, or replay a bundle natively.",
    subcommands: [Bundle.self, Replay.self]
  )

  /// `t9phone web bundle SCENARIO -o FILE`.
  struct Bundle: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "bundle",
      abstract: "Write a scenario with its contact file and dictionaries as one web bundle.")

    @OptionGroup var dictionaryOptions: DictionaryOptions

    @Option(name: .shortAndLong, help: "The bundle file to write.")
    var output: String

    @Argument(help: "The scenario file.")
    var scenario: String

    func run() throws {
      let bundle = try WebBundles.bundle(scenario: scenario, dictionaries: dictionaryOptions.folder)
      try FileIO.writeAtomically(bundle.encoded(), to: output, mode: 0o644)
    }
  }

  /// `t9phone web replay BUNDLE`.
  struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "replay",
      abstract: "Replay a web bundle natively: its outcome and every frame, one line each.",
      discussion: "Exits 1 when the scenario fails, 2 when the bundle cannot be replayed.")

    @Argument(help: "The bundle file.")
    var bundle: String

    func run() throws {
      let decoded: WebBundle
      switch WebBundle.decode(try FileIO.read(bundle)) {
      case .success(let value): decoded = value
      case .failure(let error): throw CLIError("\(bundle): \(error.message)")
      }
      let outcome = WebReplay.run(decoded)
      Console.out(outcome.text)
      if !outcome.passed { throw ExitCode(outcome.text.hasPrefix("ERROR") ? 2 : 1) }
    }
  }
}
