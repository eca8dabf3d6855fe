import Diagnostics
import StateStorage
import T9Engine
import TestSupport
import Testing

/// A learning store of `budget` bytes that learned `words`.
private func learned(_ words: [String], budget: Int) -> UserDictionary {
  var store = UserDictionary(budget: budget, language: "en")
  var previous: UInt64?
  for word in words {
    store.noteWord(word.unicodeScalars, spelled: word.hasPrefix("z"))
    if let previous { store.notePair(previous: previous, word: WordHash.of(word)) }
    previous = WordHash.of(word)
  }
  return store
}

/// Saves `before` (nil: nothing saved yet, not even the folder), then
/// checks the save of `after` against a cut at every point.
private func check(
  before: UserDictionary?, after: UserDictionary, budget: Int, stride: Int = 1
) throws -> CrashCheck<[UInt8]>.Outcome {
  let folder = "/state/t9phone"
  let empty = UserDictionary(budget: budget, language: "en")
  func store(_ disk: PowerCutFileSystem) -> LearningStore<PowerCutFileSystem> {
    LearningStore(folder: folder, budget: budget, on: disk)
  }
  let check = CrashCheck<[UInt8]>(
    setUp: { disk in
      _ = disk.makeDirectory("/state", permissions: 0o700)
      if let before { try store(disk).save(before, "en") }
    },
    write: { disk in try store(disk).save(after, "en") },
    load: { disk in
      let collector = LogCollector()
      let loaded = store(disk).load("en", now: 7, log: collector.log(minimumLevel: .warning))
      if let warning = collector.records.first { throw StorageError(warning.line) }
      return loaded.serialized()
    },
    old: (before ?? empty).serialized(), new: after.serialized(),
    next: { disk, _ in
      var more = after
      more.noteWord("next".unicodeScalars)
      try store(disk).save(more, "en")
      return more.serialized()
    },
    stride: stride)
  return try check.run()
}

@Test("the first save of a learning store, cut at every byte: no store or the whole new one")
func learningStore_firstSaveSurvivesEveryCut() throws {
  let outcome = try check(
    before: nil, after: learned(["gone", "home", "zorp"], budget: 1024), budget: 1024)
  #expect(outcome.problems == [])
  #expect(outcome.cutPoints > 1024)
  #expect(outcome.old > 0 && outcome.new > 0)
}

@Test("saving what was learned over an older store, cut at every byte: old or new, never a mix")
func learningStore_saveSurvivesEveryCut() throws {
  let words = ["gone", "home", "in", "good", "time"]
  let outcome = try check(
    before: learned(Array(words.prefix(2)), budget: 1024), after: learned(words, budget: 1024),
    budget: 1024)
  #expect(outcome.problems == [])
  #expect(outcome.cutPoints > 1024)
  #expect(outcome.old > 0 && outcome.new > 0)
}

@Test("a full-size (64 KiB) store survives cuts across its write, every 4093rd byte and its ends")
func learningStore_fullSizeSurvivesCuts() throws {
  let budget = UserDictionary.defaultBudget
  let words = letterWords(300)
  let outcome = try check(
    before: learned(Array(words.prefix(100)), budget: budget),
    after: learned(words, budget: budget), budget: budget, stride: 4093)
  #expect(outcome.problems == [])
  #expect(outcome.old > 0 && outcome.new > 0)
}

@Test("a damaged store is set aside with a warning and learning starts afresh")
func learningStore_setsAsideDamage() throws {
  let disk = PowerCutFileSystem()
  _ = disk.makeDirectory("/s", permissions: 0o700)
  disk.place(Array("garbage".utf8), at: "/s/learned-en.t9user")
  let collector = LogCollector()
  let loaded = LearningStore(folder: "/s", on: disk).load("en", now: 99, log: collector.log)
  #expect(loaded.recordCount == 0)
  #expect(disk.contents("/s/learned-en.t9user.corrupt-99") == Array("garbage".utf8))
  #expect(collector.contains("not a t9phone learning store; set aside as"))
}
