import Diagnostics
import KeypadInput
import StateStorage
import Supervision
import TestSupport
import Testing

private let folder = "/state"

/// Counters of a run.
private func counters(presses: UInt64, uptime: UInt64, starts: UInt64) -> FieldStatistics {
  var statistics = FieldStatistics()
  statistics.keyPresses = presses
  statistics.uptimeSeconds = uptime
  statistics.starts = starts
  statistics.stuckKeys = presses / 7
  statistics.displayBusErrors = presses / 3
  return statistics
}

/// The store's loader: the totals it starts from; a warning (a file set
/// aside) is a refusal.
private func load(_ disk: PowerCutFileSystem) throws -> FieldStatistics {
  let collector = LogCollector()
  let store = StatisticsStore(folder: folder, log: collector.log(minimumLevel: .warning), on: disk)
  if let warning = collector.records.first { throw StorageError(warning.line) }
  return store.persisted
}

/// A run that loads the totals of earlier runs (`before`, nil: none yet)
/// and saves them with its own `session`, cut at every point.
private func check(before: FieldStatistics?, session: FieldStatistics) throws
  -> CrashCheck<
    FieldStatistics
  >.Outcome
{
  let old = before ?? FieldStatistics()
  let check = CrashCheck<FieldStatistics>(
    setUp: { disk in
      guard let before else { return }
      _ = disk.makeDirectory(folder, permissions: 0o700)
      disk.place(
        Array(before.prometheusText.utf8), at: StatisticsStore<PowerCutFileSystem>.file(in: folder))
    },
    write: { disk in
      var store = StatisticsStore(folder: folder, log: .disabled, on: disk)
      store.update(session, at: Instant(microseconds: 1_000_000))
      guard store.nextDeadline == nil else { throw StorageError("not saved") }
    },
    load: load, old: old, new: old + session,
    next: { disk, _ in
      var store = StatisticsStore(folder: folder, log: .disabled, on: disk)
      store.flush()
      return store.totals
    })
  return try check.run()
}

@Test("the first save of the statistics, cut at every byte: none or the whole new file")
func statisticsStore_firstSaveSurvivesEveryCut() throws {
  let outcome = try check(before: nil, session: counters(presses: 120, uptime: 60, starts: 1))
  #expect(outcome.problems == [])
  #expect(outcome.old > 0 && outcome.new > 0)
}

@Test("saving the totals over an earlier run's, cut at every byte: old or new, never a mix")
func statisticsStore_saveSurvivesEveryCut() throws {
  let outcome = try check(
    before: counters(presses: 123_456, uptime: 86_400, starts: 41),
    session: counters(presses: 77, uptime: 3_600, starts: 1))
  #expect(outcome.problems == [])
  #expect(outcome.cutPoints > 1000)
  #expect(outcome.old > 0 && outcome.new > 0)
}

@Test("a file that does not parse is set aside as .corrupt, then .corrupt-2, counting from zero")
func statisticsStore_setsAsideDamage() throws {
  let disk = PowerCutFileSystem()
  _ = disk.makeDirectory(folder, permissions: 0o700)
  let file = StatisticsStore<PowerCutFileSystem>.file(in: folder)
  for aside in [".corrupt", ".corrupt-2"] {
    disk.place(Array("t9phone_starts_total 4.5\n".utf8), at: file)
    let collector = LogCollector()
    let store = StatisticsStore(folder: folder, log: collector.log, on: disk)
    #expect(store.persisted == FieldStatistics())
    #expect(disk.contents(file + aside) != nil)
    #expect(collector.contains("set aside as \(file + aside), counting from zero"))
  }
}
