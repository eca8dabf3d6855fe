import Diagnostics
import T9Engine
import TextEntry

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Where t9phone keeps what it learned: `--state DIR`, else
/// `$XDG_STATE_HOME/t9phone`, else `~/.local/state/t9phone`.
struct StateDirectory {
  /// The folder.
  let path: String

  /// The folder from an option, or the default.
  init(option: String?) {
    if let option {
      path = option
    } else if let state = FileIO.environment("XDG_STATE_HOME") {
      path = state + "/t9phone"
    } else {
      path = (FileIO.environment("HOME") ?? ".") + "/.local/state/t9phone"
    }
  }

  /// The learning store's file for a language.
  func learnedFile(_ language: Language) -> String { "\(path)/learned-\(language.code).t9user" }

  /// The language's learning store: loaded if saved, empty if not; a damaged
  /// one is set aside (renamed `….corrupt-<time>`) with a warning, never
  /// trusted and never fatal.
  func loadLearned(_ language: Language, log: Log) -> UserDictionary {
    let file = learnedFile(language)
    guard FileIO.exists(file) else { return UserDictionary(language: language.code) }
    do {
      return try UserDictionary(bytes: try FileIO.read(file), language: language.code, file: file)
    } catch {
      let aside = "\(file).corrupt-\(time(nil))"
      let moved = (try? FileIO.move(file, to: aside)) != nil
      log(
        .warning, LogTag("t9", "learning"),
        "\(error); \(moved ? "set aside as \(aside)" : "could not set it aside"), starting afresh")
      return UserDictionary(language: language.code)
    }
  }

  /// Saves a learning store crash-safely (temporary file, fsync, rename).
  func saveLearned(_ learned: UserDictionary, _ language: Language) throws {
    try FileIO.makeDirectories(path)
    try FileIO.writeAtomically(learned.serialized(), to: learnedFile(language))
  }
}
