import Board
import Diagnostics
import Host
import KeypadInput
import Runtime
import Supervision
import T9Engine
import Testing
import TextEntry

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

@Test func theStoreSavesLearnedWordsAndStatisticsInTheStateFolderCrashSafely() throws {
  let folder = temporaryFolder()
  var store = FileStore(
    state: StateDirectory(option: folder), metricsFile: nil,
    reports: ReportFolder(path: folder + "/reports", keep: 3, log: .disabled), log: .disabled)
  var learned = UserDictionary(language: "en")
  _ = learned.noteWord("hello".unicodeScalars)
  let saved = store.saveLearned(learned, .english)
  #expect(saved)
  #expect(FileIO.exists(StateDirectory(option: folder).learnedFile(.english)))
  var counters = FieldStatistics()
  counters.keyPresses = 12
  store.updateStatistics(counters, at: Instant(microseconds: 1_000_000))
  store.flush()
  let text = try FileIO.readText(folder + "/statistics.prom")
  #expect(text.contains("t9phone_key_presses_total 12"))
}

@Test func aLearnedStoreThatCannotBeWrittenIsRefusedNotLost() {
  // A state "folder" that is a file: nothing can be saved under it.
  let folder = temporaryFolder()
  let blocked = folder + "/file"
  #expect((try? FileIO.writeAtomically([1], to: blocked)) != nil)
  var store = FileStore(
    state: StateDirectory(option: blocked), metricsFile: nil,
    reports: ReportFolder(path: folder + "/reports", keep: 3, log: .disabled), log: .disabled)
  var learned = UserDictionary(language: "en")
  _ = learned.noteWord("hello".unicodeScalars)
  let saved = store.saveLearned(learned, .english)
  #expect(!saved)
}
