import ArgumentParser
import Board
import Diagnostics
import Host
import T9Engine
import TextEntry

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `t9phone t9 candidates|session|suggest`.
struct T9Command: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "t9",
    abstract: "Query the T9 engine.",
    subcommands: [Candidates.self, Session.self, Suggest.self]
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

  /// `t9phone t9 suggest [--language L] [--state DIR] [--no-learning]`.
  struct Suggest: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "suggest",
      abstract: "Answer what the phone offers for the keys typed, one command a line.",
      discussion: """
        Reads commands on standard input, one a line: `keys DIGITS` (the keys typed so
        far for the current word; `keys` alone: nothing typed yet) prints every choice
        the phone offers, in the order offered, as WORD<TAB>PRESSES (the key presses
        that enter WORD followed by a space), then an empty line; `commit WORD` enters a
        word (learning and context change as on the phone); `reset` begins a new text.
        --state DIR is read at start and never written: learning happens in memory.
        A line it cannot read is an error (exit status 2).
        """
    )

    @Option(help: "Language: en or id.")
    var language = "en"

    @Option(help: "The state folder whose learning to start from (read, never written).")
    var state: String?

    @Flag(name: .customLong("no-learning"), help: "Do not learn (and do not load the state).")
    var noLearning = false

    // Hidden: without forgiving slips, to measure what they change
    // (tools/t9-slips-eval.py).
    @Flag(name: .customLong("no-slips"), help: .hidden)
    var noSlips = false

    // Hidden: each part off, another pair table (a file, or `none`), the
    // pairs' weight in completions, and a keypad with arrows, to measure
    // and cross-validate them (tools/t9-offers-eval.py).
    @Flag(name: .customLong("no-completion"), help: .hidden)
    var noCompletion = false

    @Flag(name: .customLong("no-next-words"), help: .hidden)
    var noNextWords = false

    @Option(name: .customLong("pairs"), help: .hidden)
    var pairs: String?

    @Option(name: .customLong("pair-weight"), help: .hidden)
    var pairWeight = OfferSettings().pairWeight

    @Flag(name: .customLong("arrows"), help: .hidden)
    var arrows = false

    @Option(name: .customLong("slip-neighbour"), help: .hidden)
    var slipNeighbour = SlipWeights().neighbour

    @OptionGroup var dictionaries: DictionaryOptions

    @OptionGroup var logging: LoggingOptions

    func run() throws {
      let log = try LogOutput.bootstrap(level: try logging.level(), file: logging.logFile)
      let code = try T9Queries.language(language)
      let learned = noLearning ? nil : StateDirectory(option: state).loadLearned(code, log: log)
      var predictor = try T9Queries.predictor(language: language, folder: dictionaries.folder)
      if let pairs {
        let dictionary = predictor.dictionary
        let table = pairs == "none" ? nil : try DictionaryFiles.openPairs(pairs, for: dictionary)
        predictor = Predictor(dictionary: dictionary.attaching(table), weights: predictor.weights)
      }
      predictor.slips = noSlips ? .none : SlipWeights(neighbour: slipNeighbour)
      predictor.offers.completion = !noCompletion
      predictor.offers.nextWords = !noNextWords
      predictor.offers.pairWeight = pairWeight
      var suggester = Suggester(predictor: predictor, learned: learned)
      suggester.arrows = arrows
      var number = 0
      while let line = readLine() {
        number += 1
        switch suggester.answer(line) {
        case .success(let lines):
          for answer in lines { print(answer) }
          fflush(nil)  // a tool reading the answers waits for each one
        case .failure(let error):
          Console.error("<stdin>:\(number):1: error: \(error.message)\n")
          throw ExitCode(2)
        }
      }
    }
  }
}
