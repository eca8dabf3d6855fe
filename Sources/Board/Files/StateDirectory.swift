import CLinux
import Diagnostics
import StateStorage
import T9Engine
import TextEntry

/// Where t9phone keeps what it learned: `--state DIR`, else
/// `$XDG_STATE_HOME/t9phone`, else `~/.local/state/t9phone`.
public struct StateDirectory {
  /// The folder.
  public let path: String

  /// The folder from an option, or the default.
  public init(option: String?) {
    if let option {
      path = option
    } else if let state = FileIO.environment("XDG_STATE_HOME") {
      path = state + "/t9phone"
    } else {
      path = (FileIO.environment("HOME") ?? ".") + "/.local/state/t9phone"
    }
  }

  /// The learning store's file for a language.
  public func learnedFile(_ language: Language) -> String { learning.file(language.code) }

  /// The learning stores in this folder, on the real file system.
  public var learning: LearningStore<LinuxFileSystem> {
    LearningStore(folder: path, on: LinuxFileSystem())
  }

  /// The language's learning store: loaded if saved, empty if not; a damaged
  /// one is set aside (renamed `….corrupt-<time>`) with a warning, never
  /// trusted and never fatal.
  public func loadLearned(_ language: Language, log: Log) -> UserDictionary {
    learning.load(language.code, now: Int(clamping: time(nil)), log: log)
  }

  /// Saves a learning store crash-safely (temporary file, fsync, rename).
  public func saveLearned(_ learned: UserDictionary, _ language: Language) throws(StorageError) {
    try learning.save(learned, language.code)
  }
}
