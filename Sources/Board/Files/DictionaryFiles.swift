import Diagnostics
import StateStorage
import T9Engine
import TextEntry

/// Finds and opens the T9 dictionaries: `<folder>/<language>.t9dict`, or —
/// when that is missing, damaged or was built from another word list —
/// the `<language>.tsv` next to it, compiled in memory.
public enum DictionaryFiles {
  /// The folder searched when no `--dictionaries` is given.
  public static let defaultFolder = "Dictionaries"

  /// Blocks in one piece of the validation work spread over threads
  /// (`loadAll`): 2,048 words, about 0.3 ms, so the threads finish within
  /// that of each other.
  public static let blocksPerRange = 32

  /// Opens one language's dictionary.
  public static func load(_ language: Language, folder: String, log: Log) throws(CLIError)
    -> T9Dictionary
  {
    let dictionary: T9Dictionary
    switch try start(language, folder: folder, log: log, blocksPerRange: .max) {
    case .compile(let source):
      dictionary = try compile(source, language)
    case .validate(let opening):
      for range in 0..<opening.rangeCount { opening.validate(range: range) }
      dictionary = try finish(opening, language, folder: folder, log: log)
    }
    return withPairs(dictionary, language, folder: folder, log: log)
  }

  /// The pair table at `path`, mapped and checked against `dictionary`.
  public static func openPairs(_ path: String, for dictionary: T9Dictionary) throws(CLIError)
    -> T9PairTable
  {
    let storage = try FileIO.map(path)
    do {
      return try T9PairTable(storage: storage, name: path, for: dictionary)
    } catch {
      throw CLIError(error.description)
    }
  }

  /// `dictionary` with its next-word table, `<folder>/<language>.t9pairs`,
  /// when that exists; one that is damaged or was built for another
  /// dictionary is logged and left out: T9 works on without it.
  static func withPairs(
    _ dictionary: T9Dictionary, _ language: Language, folder: String, log: Log
  ) -> T9Dictionary {
    let path = "\(folder)/\(language.code).t9pairs"
    guard FileIO.exists(path) else { return dictionary }
    do {
      return dictionary.attaching(try openPairs(path, for: dictionary))
    } catch {
      log(
        .warning, LogTag("t9", "dictionary"), "\(error); no static next words for \(language.code)")
      return dictionary
    }
  }

  /// Opens every language's dictionary that exists; the others are logged
  /// and left out (T9 is then not offered for them). Validating every
  /// block of the files takes most of start-up, so the blocks of all the
  /// files are validated in ranges on as many threads as there are
  /// processors (lists to compile, too); what is logged comes in language
  /// order, as a serial opening logs it. Then the executable's start-up
  /// pages are released (`StartupPages`).
  public static func loadAll(folder: String, log: Log) -> [Language: T9Dictionary] {
    let languages = Language.allCases
    let starts: [Start?] = languages.map { language in
      do throws(CLIError) {
        return try start(language, folder: folder, log: log, blocksPerRange: blocksPerRange)
      } catch {
        log(.warning, LogTag("t9", "dictionary"), "\(error); T9 is off for \(language.code)")
        return nil
      }
    }
    var jobs: [Job] = []
    for (index, start) in starts.enumerated() {
      if case .compile(let source) = start { jobs.append(.compile(index, source: source)) }
    }
    for start in starts {
      if case .validate(let opening) = start {
        for range in 0..<opening.rangeCount { jobs.append(.validate(opening, range: range)) }
      }
    }
    var compiled: [Int: Result<T9Dictionary, CLIError>] = [:]
    let work = jobs
    OrderedWorkers<Compiled?>.run(
      count: work.count, threads: WorkerThread.processorsOnline,
      work: { job in
        switch work[job] {
        case .validate(let opening, let range):
          opening.validate(range: range)
          return nil
        case .compile(let index, let source):
          do throws(CLIError) {
            return Compiled(index: index, result: .success(try compile(source, languages[index])))
          } catch {
            return Compiled(index: index, result: .failure(error))
          }
        }
      },
      deliver: { output in
        if let output { compiled[output.index] = output.result }
      })
    var dictionaries: [Language: T9Dictionary] = [:]
    for (index, language) in languages.enumerated() {
      do throws(CLIError) {
        switch starts[index] {
        case nil:
          continue
        case .compile:
          guard let result = compiled[index] else { continue }
          dictionaries[language] = withPairs(
            try result.get(), language, folder: folder, log: log)
        case .validate(let opening):
          dictionaries[language] = withPairs(
            try finish(opening, language, folder: folder, log: log), language, folder: folder,
            log: log)
        }
      } catch {
        log(.warning, LogTag("t9", "dictionary"), "\(error); T9 is off for \(language.code)")
      }
    }
    // Validation ran code that typing never runs again (every block of
    // the files decoded): out of resident memory before the next step of
    // start-up adds its own.
    if !dictionaries.isEmpty { StartupPages.release() }
    return dictionaries
  }

  /// What opening a language takes after its files are found.
  private enum Start: Sendable {
    /// The compiled file, its header checked: its blocks to validate.
    case validate(T9Dictionary.Opening)
    /// The word list (a path), to compile.
    case compile(String)
  }

  /// A piece of `loadAll`'s work: a range of a file's blocks, or a list
  /// to compile for the language at that index.
  private enum Job: Sendable {
    case validate(T9Dictionary.Opening, range: Int)
    case compile(Int, source: String)
  }

  /// A list compiled by a job of `loadAll`.
  private struct Compiled: Sendable {
    let index: Int
    let result: Result<T9Dictionary, CLIError>
  }

  /// Finds a language's files and checks the compiled one's header, or
  /// says which list to compile instead (logged: why).
  private static func start(
    _ language: Language, folder: String, log: Log, blocksPerRange: Int
  ) throws(CLIError) -> Start {
    let compiled = "\(folder)/\(language.code).t9dict"
    let source = "\(folder)/\(language.code).tsv"
    let hasSource = FileIO.exists(source)
    if FileIO.exists(compiled) {
      if hasSource && FileIO.modificationTime(source) > FileIO.modificationTime(compiled) {
        log(
          .notice, LogTag("t9", "dictionary"),
          "\(compiled) is older than \(source); compiling the list")
      } else {
        let storage = try FileIO.map(compiled)
        do {
          return .validate(
            try T9Dictionary.Opening(
              storage: storage, name: compiled, blocksPerRange: blocksPerRange))
        } catch {
          guard hasSource else { throw CLIError(error.description) }
          log(
            .warning, LogTag("t9", "dictionary"),
            "\(error.description); compiling \(source) instead")
        }
      }
    }
    guard hasSource else {
      throw CLIError(
        "no dictionary for '\(language.code)': neither \(compiled) nor \(source) exists")
    }
    return .compile(source)
  }

  /// The dictionary whose blocks are validated, or — a block is damaged —
  /// its list compiled instead, as `start` does for a damaged header.
  private static func finish(
    _ opening: T9Dictionary.Opening, _ language: Language, folder: String, log: Log
  ) throws(CLIError) -> T9Dictionary {
    do {
      return try opening.finish()
    } catch {
      let source = "\(folder)/\(language.code).tsv"
      guard FileIO.exists(source) else { throw CLIError(error.description) }
      log(
        .warning, LogTag("t9", "dictionary"), "\(error.description); compiling \(source) instead")
      return try compile(source, language)
    }
  }

  /// `source`, a word list, compiled and opened.
  private static func compile(_ source: String, _ language: Language) throws(CLIError)
    -> T9Dictionary
  {
    let text = try FileIO.readText(source)
    let bytes: [UInt8]
    do {
      bytes = try T9DictionaryBuilder.build(source: text, language: language.code, file: source)
    } catch {
      throw CLIError("\(error)")
    }
    do {
      return try T9Dictionary(bytes: bytes, name: source)
    } catch {
      throw CLIError("\(error)")
    }
  }
}
