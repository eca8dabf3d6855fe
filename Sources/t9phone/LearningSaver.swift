import Diagnostics
import Firmware
import T9Engine
import TextEntry

/// Saves what T9 learned to the state folder: a few seconds after it
/// changed, and when the simulator stops, so a power cut loses at most the
/// last few words and never corrupts the store.
struct LearningSaver {
  let state: StateDirectory
  let log: Log
  private var savedTicks: [Language: Int] = [:]
  private var changedAt: [Language: Int64] = [:]
  private let delay: Int64 = 3_000_000
  private let clock = MonotonicClock()

  /// A saver for the stores as they were loaded.
  init(state: StateDirectory, learning: [Language: UserDictionary], log: Log) {
    self.state = state
    self.log = log
    for (language, learned) in learning { savedTicks[language] = learned.changeCount }
  }

  /// Saves the stores of `learning` that changed (at once with `force`,
  /// else once they have been quiet for a few seconds).
  mutating func save(_ learning: LearningStores, force: Bool) {
    let now = clock.now.microseconds
    for (language, learned) in learning where learned.changeCount != savedTicks[language] {
      let first = changedAt[language] ?? now
      changedAt[language] = first
      guard force || now - first >= delay else { continue }
      do {
        try state.saveLearned(learned, language)
        savedTicks[language] = learned.changeCount
        changedAt[language] = nil
        log(.debug, LogTag("t9", "learning"), "saved \(state.learnedFile(language))")
      } catch {
        log(.error, LogTag("t9", "learning"), "could not save: \(error)")
        changedAt[language] = now
      }
    }
  }
}
