import Diagnostics
import StateStorage
import T9Engine
import TextEntry

/// Finds and opens the T9 dictionaries: `<folder>/<language>.t9dict`, or —
/// when that is missing or was built from another word list — the
/// `<language>.tsv` next to it, compiled in memory.
enum DictionaryFiles {
  /// The folder searched when no `--dictionaries` is given.
  static let defaultFolder = "Dictionaries"

  /// Opens one language's dictionary.
  static func load(_ language: Language, folder: String, log: Log) throws -> T9Dictionary {
    let compiled = "\(folder)/\(language.code).t9dict"
    let source = "\(folder)/\(language.code).tsv"
    let hasSource = FileIO.exists(source)
    if FileIO.exists(compiled) {
      if hasSource && FileIO.modificationTime(source) > FileIO.modificationTime(compiled) {
        log(
          .notice, LogTag("t9", "dictionary"),
          "\(compiled) is older than \(source); compiling the list")
      } else {
        do {
          return try T9Dictionary(storage: try FileIO.map(compiled), name: compiled)
        } catch let error as T9DictionaryError {
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
    do {
      let bytes = try T9DictionaryBuilder.build(
        source: try FileIO.readText(source), language: language.code, file: source)
      return try T9Dictionary(bytes: bytes, name: source)
    } catch {
      throw CLIError("\(error)")
    }
  }

  /// Opens every language's dictionary that exists; the others are logged
  /// and left out (T9 is then not offered for them). Opening validates
  /// every block of a file, most of the time start-up takes, so the
  /// languages open side by side on threads of their own; what each logs
  /// is passed on afterwards, in language order, as a serial run logs it.
  /// Then the executable's start-up pages are released (`StartupPages`).
  static func loadAll(folder: String, log: Log) -> [Language: T9Dictionary] {
    let languages = Language.allCases
    var dictionaries: [Language: T9Dictionary] = [:]
    try? OrderedWorkers<Opening>.run(
      count: languages.count, threads: languages.count,
      work: { Opening(languages[$0], folder: folder) },
      deliver: { opening in
        for record in opening.records { log(record.level, record.tag, record.message) }
        if let dictionary = opening.dictionary {
          dictionaries[opening.language] = dictionary
        } else {
          log(
            .warning, LogTag("t9", "dictionary"),
            "\(opening.failure); T9 is off for \(opening.language.code)")
        }
      })
    // Validation ran code that typing never runs again (every block of
    // the files decoded): out of resident memory before the next step of
    // start-up adds its own.
    if !dictionaries.isEmpty { StartupPages.release() }
    return dictionaries
  }

  /// One language's dictionary opened on a worker thread, with what
  /// opening it logged.
  private struct Opening: Sendable {
    let language: Language
    var dictionary: T9Dictionary?
    var failure = ""
    var records: [LogRecord] = []

    init(_ language: Language, folder: String) {
      self.language = language
      var records: [LogRecord] = []
      let collecting = Log(minimumLevel: .trace) { records.append($0) }
      do {
        dictionary = try DictionaryFiles.load(language, folder: folder, log: collecting)
      } catch {
        failure = "\(error)"
      }
      self.records = records
    }
  }
}
