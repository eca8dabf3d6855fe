import CallLog
import StateStorage
import Testing

private let path = "/state/calls.t9log"

/// The calls a store opens with, newest first.
private func calls(_ disk: PowerCutFileSystem, capacity: Int) throws -> [CallRecord] {
  let log = try CallLogStore(path: path, capacity: capacity, log: .disabled, on: disk).log
  return (0..<log.count).compactMap { log.record(at: $0) }
}

private func call(_ number: String, _ kind: CallKind = .dialled) -> CallRecord {
  CallRecord(kind: kind, number: number, time: 1_795_000_000 + Int64(number.count), duration: 65)
}

/// A log of `capacity` slots holding `numbers`' calls, oldest first.
private func setUp(_ numbers: [String], capacity: Int) -> (PowerCutFileSystem) throws -> Void {
  { disk in
    _ = disk.makeDirectory("/state", permissions: 0o700)
    let store = try CallLogStore(path: path, capacity: capacity, log: .disabled, on: disk)
    var log = store.log
    for number in numbers {
      let write = log.add(call(number))
      guard store.write(at: write.offset, write.bytes) else { throw StorageError("not written") }
    }
  }
}

/// Adds `number`'s call to the log on `disk`.
private func add(_ number: String, on disk: PowerCutFileSystem, capacity: Int) throws {
  let store = try CallLogStore(path: path, capacity: capacity, log: .disabled, on: disk)
  var log = store.log
  let write = log.add(call(number, .missed))
  guard store.write(at: write.offset, write.bytes) else { throw StorageError("not written") }
}

private func check(
  _ numbers: [String], capacity: Int, acceptable: @escaping ([CallRecord]) -> Bool = { _ in false }
) throws -> CrashCheck<[CallRecord]>.Outcome {
  let before = PowerCutFileSystem()
  try setUp(numbers, capacity: capacity)(before)
  let old = try calls(before, capacity: capacity)
  try add("5550123", on: before, capacity: capacity)
  var check = CrashCheck<[CallRecord]>(
    setUp: setUp(numbers, capacity: capacity),
    write: { disk in try add("5550123", on: disk, capacity: capacity) },
    load: { disk in try calls(disk, capacity: capacity) }, old: old,
    new: try calls(before, capacity: capacity),
    next: { disk, loaded in
      try add("5550999", on: disk, capacity: capacity)
      return try calls(disk, capacity: capacity)
    })
  check.acceptable = acceptable
  return try check.run()
}

@Test("a call logged in a free slot, cut at every byte: the log without it or with it")
func callLogStore_addSurvivesEveryCut() throws {
  let outcome = try check(["0811", "0822"], capacity: 4)
  #expect(outcome.problems == [])
  #expect(outcome.cutPoints > CallRecord.size)
  #expect(outcome.old > 0 && outcome.new > 0)
}

@Test(
  "a call logged over the oldest in a full log, cut at every byte: at worst the oldest is gone too"
)
func callLogStore_replacingTheOldestSurvivesEveryCut() throws {
  let numbers = ["0811", "0822", "0833"]
  let withoutOldest = [call("0833"), call("0822")]
  let outcome = try check(numbers, capacity: 3) { $0 == withoutOldest }
  #expect(outcome.problems == [])
  #expect(outcome.old > 0 && outcome.new > 0 && outcome.between > 0)
}

@Test("a new store makes an empty file of whole slots; reopened, it keeps every call in order")
func callLogStore_createsAndReopens() throws {
  let disk = PowerCutFileSystem()
  try setUp(["0811", "0822"], capacity: 5)(disk)
  #expect(disk.contents(path)?.count == 5 * CallRecord.size)
  #expect(try calls(disk, capacity: 5).map(\.number) == ["0822", "0811"])
  // A log opened with fewer slots than its file has keeps the file's.
  #expect(try calls(disk, capacity: 1).map(\.number) == ["0822", "0811"])
}

@Test("a slot whose bits flipped is left out; the other calls are kept")
func callLogStore_refusesOnlyTheDamagedSlot() throws {
  let disk = PowerCutFileSystem()
  try setUp(["0811", "0822", "0833"], capacity: 3)(disk)
  var bytes = try #require(disk.contents(path))
  bytes[CallRecord.size + 20] ^= 0x10
  disk.place(bytes, at: path)
  #expect(try calls(disk, capacity: 3).map(\.number) == ["0833", "0811"])
}
