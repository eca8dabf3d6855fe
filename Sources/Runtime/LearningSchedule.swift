import Firmware
import T9Engine
import TextEntry
import Vocabulary

/// When what T9 learned is saved: a few seconds after a language's store
/// changed and stayed quiet (so a power cut loses at most the last few
/// words), at once when forced (at exit), and again after the same delay
/// when a save failed.
public struct LearningSchedule: Sendable {
  /// How long a changed store waits before it is saved.
  public let delay: Duration
  /// Each language's change count when it was last saved, by
  /// `LearningStores` slot.
  private var savedCounts: [Int?]
  /// When each language's store first changed since its last save.
  private var changedAt: [Instant?]

  /// A schedule for the stores as they were loaded.
  public init(_ learning: LearningStores, delay: Duration = .seconds(3)) {
    self.delay = delay
    savedCounts = [Int?](repeating: nil, count: Language.allCases.count)
    changedAt = [Instant?](repeating: nil, count: Language.allCases.count)
    for slot in 0..<min(learning.slotCount, savedCounts.count) {
      savedCounts[slot] = learning.changeCount(slot: slot)
    }
  }

  /// When a changed store is next due, if any is waiting.
  public var nextDeadline: Instant? {
    var due: Instant?
    for case let changed? in changedAt { due = Instant.earliest(due, changed + delay) }
    return due
  }

  /// Saves (with `save`) each store of `learning` that changed and is due
  /// at `now` — every changed one when `force`.
  public mutating func save(
    _ learning: LearningStores, at now: Instant, force: Bool,
    _ save: (UserDictionary, Language) -> Bool
  ) {
    for slot in 0..<min(learning.slotCount, savedCounts.count) {
      guard let count = learning.changeCount(slot: slot), count != savedCounts[slot] else {
        continue
      }
      let first = changedAt[slot] ?? now
      changedAt[slot] = first
      guard force || now >= first + delay else { continue }
      let language = LearningStores.language(slot: slot)
      guard let store = learning[language] else { continue }
      if save(store, language) {
        savedCounts[slot] = count
        changedAt[slot] = nil
      } else {
        changedAt[slot] = now
      }
    }
  }
}
