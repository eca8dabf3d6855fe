import ArgumentParser
import Diagnostics
import Host
import T9Engine
import TextEntry

/// `t9phone t9 candidates|session`.
struct T9Command: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "t9",
    abstract: "Query the T9 engine.",
    subcommands: [Candidates.self, Session.self]
  )

  /// `t9phone t9 candidates [--language L] DIGITS` / `--stdin`.
  struct Candidates: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "candidates",
      abstract: "Print the candidates for a key sequence, one per line, in * order.",
      discussion: """
        With --stdin, reads one digit sequence per line and prints one line each: the
        candidates separated by tabs (an empty line when there are none).
        """
    )

    @Option(help: "Language: en or id.")
    var language = "en"

    @Flag(help: "Read one digit sequence per line from standard input.")
    var stdin = false

    @Argument(help: "The keys, e.g. 4663.")
    var digits: String?

    @OptionGroup var dictionaries: DictionaryOptions

    func validate() throws {
      if stdin == (digits != nil) { throw ValidationError("give DIGITS or --stdin (one of them)") }
      if let digits, KeySequence(digits) == nil || digits.isEmpty {
        throw ValidationError("'\(digits)' is not a key sequence (digits, at most 32)")
      }
    }

    func run() throws {
      let predictor = try T9Queries.predictor(language: language, folder: dictionaries.folder)
      var list = CandidateList()
      if let digits {
        for candidate in T9Queries.candidates(digits, predictor, list: &list) { print(candidate) }
        return
      }
      while let line = readLine(strippingNewline: true) {
        let digits = line.hasSuffix("\r") ? String(line.dropLast()) : line
        print(T9Queries.candidates(digits, predictor, list: &list).joined(separator: "\t"))
      }
    }
  }

  /// `t9phone t9 session [--language L] [--state DIR]`.
  struct Session: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "session",
      abstract: "Play a user typing standard input in T9, with learning on.",
      discussion: """
        For every word (letters and apostrophes) prints word<TAB>c1<TAB>c2… — the
        candidates shown once its keys were typed, after what was typed before — then
        commits it as a user would (via * if listed, via Spell if not), so learning
        applies to what follows. What was learned is saved in the state folder.
        """
    )

    @Option(help: "Language: en or id.")
    var language = "en"

    @Option(help: "The state folder (default: $XDG_STATE_HOME/t9phone or ~/.local/state/t9phone).")
    var state: String?

    @Flag(name: .customLong("no-learning"), help: "Do not learn (and do not load or save).")
    var noLearning = false

    // Hidden: the learning weights and the pairs' share of the store, to
    // tune them (tools/t9-learning-cv.py) without rebuilding.
    @Option(name: .customLong("user-weight"), help: .hidden)
    var userWeight = LearningWeights().user

    @Option(name: .customLong("user-smoothing"), help: .hidden)
    var userSmoothing = LearningWeights().userSmoothing

    @Option(name: .customLong("context-weight"), help: .hidden)
    var contextWeight = LearningWeights().context

    @Option(name: .customLong("context-smoothing"), help: .hidden)
    var contextSmoothing = LearningWeights().contextSmoothing

    @Option(name: .customLong("pair-share"), help: .hidden)
    var pairShare = UserDictionary.defaultPairShare

    @Flag(name: .customLong("no-context"), help: .hidden)
    var noContext = false

    @OptionGroup var dictionaries: DictionaryOptions

    @OptionGroup var logging: LoggingOptions

    func run() throws {
      let log = try LogOutput.bootstrap(level: try logging.level(), file: logging.logFile)
      let code = try T9Queries.language(language)
      let folder = StateDirectory(option: state)
      var typist = T9Queries.typist(
        try T9Queries.predictor(language: language, folder: dictionaries.folder),
        weights: LearningWeights(
          user: userWeight, userSmoothing: userSmoothing, context: noContext ? 0 : contextWeight,
          contextSmoothing: contextSmoothing),
        learned: noLearning ? nil : folder.loadLearned(code, log: log),
        pairShare: noContext ? 0 : pairShare)
      while let line = readLine(strippingNewline: false) {
        typist.type(line) { print($0) }
      }
      if let learned = typist.learned { try folder.saveLearned(learned, code) }
    }
  }
}
