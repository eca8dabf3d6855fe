import Diagnostics
import Supervision
import Testing

private func record(_ number: Int) -> LogRecord {
  LogRecord(level: .info, tag: LogTag("test", "ring"), message: "record \(number)")
}

@Test("a log ring keeps every record, in order, until it is full")
func logRing_beforeFull() {
  let ring = LogRing(capacity: 4)
  #expect(ring.recent.isEmpty)
  for number in 1...3 { ring.append(record(number)) }
  #expect(ring.recent.map(\.message) == ["record 1", "record 2", "record 3"])
}

@Test(
  "a full log ring keeps the newest N records, oldest first, however far it wrapped",
  arguments: [4, 5, 7, 8, 9, 23])
func logRing_keepsTheNewest(appended: Int) {
  let ring = LogRing(capacity: 4)
  for number in 1...appended { ring.append(record(number)) }
  let expected = ((appended - 3)...appended).map { "record \($0)" }
  #expect(ring.recent.map(\.message) == expected)
  #expect(ring.recent.count == ring.capacity)
}

@Test("a log ring of no capacity keeps the newest record")
func logRing_capacityAtLeastOne() {
  let ring = LogRing(capacity: 0)
  #expect(ring.capacity == 1)
  ring.append(record(1))
  ring.append(record(2))
  #expect(ring.recent == [record(2)])
}

@Test("repair counts count each kind apart and total them")
func repairCounts_byKind() {
  var counts = RepairCounts()
  #expect(counts.total == 0)
  for (offset, kind) in RepairKind.allCases.enumerated() { counts[kind] += offset + 1 }
  for (offset, kind) in RepairKind.allCases.enumerated() { #expect(counts[kind] == offset + 1) }
  #expect(counts.total == 28)
  var other = counts
  #expect(other == counts)
  other[.clock] += 1
  #expect(other != counts)
  #expect(Set(RepairKind.allCases.map(\.index)) == Set(0..<7))
}
