import CallLog
import Testing

/// Writes `write` into `file`.
private func apply(_ write: (offset: Int, bytes: [UInt8]), to file: inout [UInt8]) {
  for (index, byte) in write.bytes.enumerated() { file[write.offset + index] = byte }
}

private func numbers(_ log: CallLog) -> [String] {
  (0..<log.count).compactMap { log.record(at: $0)?.number }
}

/// A log of `capacity` slots and its file, with a dialled call to each of
/// `calls` (its number and time the call's).
private func dialled(_ calls: ClosedRange<Int>, capacity: Int) -> (CallLog, [UInt8]) {
  var log = CallLog(capacity: capacity)
  var file = [UInt8](repeating: 0, count: log.fileSize)
  for call in calls {
    apply(
      log.add(CallRecord(kind: .dialled, number: "\(call)", time: Int64(call), duration: 0)),
      to: &file)
  }
  return (log, file)
}

@Test("calls come back from the file newest first, with kind, number, time and duration")
func callLogRoundTrip() {
  var log = CallLog(capacity: 5)
  var file = [UInt8](repeating: 0, count: log.fileSize)
  apply(
    log.add(
      CallRecord(kind: .dialled, number: "+6281234567890", time: 1_795_747_260, duration: 42)),
    to: &file)
  apply(log.add(CallRecord(kind: .missed, number: "", time: 1_795_747_300, duration: 0)), to: &file)
  apply(log.add(CallRecord(kind: .received, number: "*123#", time: -5, duration: 3_600)), to: &file)
  let (opened, refused) = CallLog.open(file, capacity: 5)
  #expect(refused == 0)
  #expect(opened.count == 3)
  #expect(
    opened.record(at: 0) == CallRecord(kind: .received, number: "*123#", time: -5, duration: 3_600))
  #expect(
    opened.record(at: 1) == CallRecord(kind: .missed, number: "", time: 1_795_747_300, duration: 0))
  #expect(
    opened.record(at: 2)
      == CallRecord(kind: .dialled, number: "+6281234567890", time: 1_795_747_260, duration: 42))
  #expect(opened.record(at: 3) == nil)
}

@Test("a full log gives the oldest call's slot to the newest, before and after reopening")
func callLogRing() {
  var (log, file) = dialled(1...5, capacity: 3)
  #expect(numbers(log) == ["5", "4", "3"])
  var (opened, _) = CallLog.open(file, capacity: 3)
  #expect(numbers(opened) == ["5", "4", "3"])
  apply(opened.add(CallRecord(kind: .received, number: "6", time: 6, duration: 1)), to: &file)
  #expect(numbers(CallLog.open(file, capacity: 3).log) == ["6", "5", "4"])
}

@Test(
  "a power cut after any byte of a call's record loses at most that call or the oldest it replaced")
func callLogPowerCut() {
  var (log, file) = dialled(1...3, capacity: 3)
  let write = log.add(CallRecord(kind: .missed, number: "0215550199", time: 4, duration: 0))
  var refusals = 0
  for cut in 0...write.bytes.count {
    var torn = file
    for index in 0..<cut { torn[write.offset + index] = write.bytes[index] }
    let (opened, refused) = CallLog.open(torn, capacity: 3)
    let shown = numbers(opened)
    if cut == write.bytes.count {
      #expect(shown == ["0215550199", "3", "2"], "cut \(cut)")
      #expect(refused == 0)
    } else if torn == file {
      // The bytes written so far are the ones the slot held.
      #expect(shown == ["3", "2", "1"], "cut \(cut)")
    } else {
      // The torn slot is refused; the two calls it did not touch stay.
      #expect(shown == ["3", "2"], "cut \(cut)")
      #expect(refused == 1, "cut \(cut)")
      refusals += 1
    }
  }
  #expect(refusals > 50)
}

@Test("every single-byte corruption of a record is refused, never read as another call")
func callLogCorruption() {
  var log = CallLog(capacity: 2)
  var file = [UInt8](repeating: 0, count: log.fileSize)
  apply(log.add(CallRecord(kind: .received, number: "5550100", time: 100, duration: 7)), to: &file)
  apply(log.add(CallRecord(kind: .dialled, number: "112", time: 200, duration: 60)), to: &file)
  for index in 0..<CallRecord.size {
    for flip: UInt8 in [0x01, 0x80] {
      var bad = file
      bad[index] ^= flip
      let (opened, refused) = CallLog.open(bad, capacity: 2)
      #expect(refused == 1, "byte \(index)")
      #expect(numbers(opened) == ["112"], "byte \(index)")
    }
  }
}

@Test("a number with characters a number cannot have, or too long, is cut to what it can hold")
func callLogNumbers() {
  var log = CallLog(capacity: 1)
  var file = [UInt8](repeating: 0, count: log.fileSize)
  apply(
    log.add(CallRecord(kind: .dialled, number: "+1 (555) 010-4477", time: 0, duration: 0)),
    to: &file)
  #expect(numbers(CallLog.open(file, capacity: 1).log) == ["+15550104477"])
  apply(
    log.add(
      CallRecord(kind: .dialled, number: String(repeating: "9", count: 50), time: 0, duration: 0)),
    to: &file)
  #expect(numbers(CallLog.open(file, capacity: 1).log) == [String(repeating: "9", count: 40)])
  // A file shorter than the log: the missing slots are empty.
  #expect(CallLog.open([], capacity: 4).log.count == 0)
}
