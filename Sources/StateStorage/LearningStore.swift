import Diagnostics
import T9Engine

/// What T9 learned, one file per language in the state folder
/// (`learned-<code>.t9user`), saved by an atomic replace: a power cut
/// leaves the store of the last save or of the one before, never a mix. A
/// damaged store is set aside, never trusted and never fatal.
public struct LearningStore<FS: FileSystem> {
  /// The state folder.
  public let folder: String
  /// The byte budget of the stores (`UserDictionary.defaultBudget`).
  public let budget: Int
  private let system: FS

  /// The stores in `folder`.
  public init(folder: String, budget: Int = UserDictionary.defaultBudget, on system: FS) {
    self.folder = folder
    self.budget = budget
    self.system = system
  }

  /// The store's file for a language (`en`).
  public func file(_ language: String) -> String { "\(folder)/learned-\(language).t9user" }

  /// The language's store: loaded if saved, empty if not; a damaged one is
  /// set aside (renamed `….corrupt-<now>`, `now` in seconds) with a
  /// warning, and learning starts afresh.
  public func load(_ language: String, now: Int, log: Log) -> UserDictionary {
    let file = file(language)
    guard WholeFile.exists(file, on: system) else {
      return UserDictionary(budget: budget, language: language)
    }
    do {
      let bytes = try WholeFile.read(file, on: system)
      do {
        return try UserDictionary(bytes: bytes, budget: budget, language: language, file: file)
      } catch {
        setAside(file, because: "\(error)", now: now, log: log)
      }
    } catch {
      setAside(file, because: "\(error)", now: now, log: log)
    }
    return UserDictionary(budget: budget, language: language)
  }

  /// Saves a store (the folder is created if needed).
  public func save(_ learned: UserDictionary, _ language: String) throws(StorageError) {
    try Folder.create(folder, on: system)
    try WholeFile.replace(learned.serialized(), at: file(language), on: system)
  }

  private func setAside(_ file: String, because reason: String, now: Int, log: Log) {
    let aside = "\(file).corrupt-\(now)"
    let moved = (try? system.rename(file, to: aside).get()) != nil
    log(
      .warning, LogTag("t9", "learning"),
      "\(reason); \(moved ? "set aside as \(aside)" : "could not set it aside"), starting afresh")
  }
}
