import CharacterLCD
import ContactBook
import Firmware
import KeypadInput
import Scenario
import ScenarioText
import StateStorage
import Supervision
import Testing

private let folder = "/state/reports"

/// A report as the phone hands it over: its name, its sidecar's text,
/// and its text given the sidecar's name.
private typealias Report = (name: String, contacts: String, text: (String?) -> String)

/// A report's files on disk: its text and its contacts.
private struct Stored: Hashable {
  var text: String
  var contacts: String
}

/// A flight report at `second` with the book of `names`, as the phone
/// writes it: the report's name, its sidecar's text, and its text given
/// the sidecar's name.
private func report(at second: Int64, names: [String]) throws -> Report {
  var book = try ContactBook(capacity: 8)
  for name in names {
    _ = try book.add(Contact(name: name, numbers: [PhoneNumber("0700 \(name.count)")]))
  }
  let report = FlightReport(
    trigger: .lcd, summary: "the glass did not show the frame",
    time: Instant(microseconds: second * 1_000_000), epochSeconds: 1_790_000_000 + second,
    settings: PhoneSettings(), start: .idle, draft: "hello", startTime: Instant(microseconds: 0),
    lead: .zero, droppedEdges: 0,
    edges: [
      RecordedEdge(.press, .five, at: Instant(microseconds: 100_000)),
      RecordedEdge(.release, .five, at: Instant(microseconds: 180_000)),
    ],
    rows: ["t9phone    00:00", "Menu       Names"], focusedText: nil, screenName: "idle", log: [],
    contacts: book)
  let contacts = VCardWriter.write(book.alphabetical.compactMap { book.contact(at: $0) })
  return (
    FlightReportWriter.fileName(report), contacts,
    { file in
      var header = Scenario(file: "report")
      header.contactsFile = file
      header.contactsCapacity = 8
      return FlightReportWriter.text(report, header: header)
    }
  )
}

/// The reports a reader finds: each listed one read whole, parsed as a
/// scenario (what a replay does first) and its contacts read; a listed
/// report that is not whole, or has no contacts, is a refusal.
private func load(_ disk: PowerCutFileSystem) throws -> [String: Stored] {
  var found: [String: Stored] = [:]
  for name in ReportArchive(path: folder, keep: 2, on: disk).reports() {
    let text = try WholeFile.readText(Folder.join(folder, name), on: disk)
    let scenario = try ScenarioParser.parse(text, file: name)
    guard let contactsFile = scenario.contactsFile else {
      throw StorageError("\(name): no contacts")
    }
    let contacts = try WholeFile.readText(Folder.join(folder, contactsFile), on: disk)
    guard !VCardReader.read(contacts).contacts.isEmpty else {
      throw StorageError("\(contactsFile): empty")
    }
    found[name] = Stored(text: text, contacts: contacts)
  }
  return found
}

/// Writes `report` as the reports queue does; fails on any warning.
private func write(_ report: Report, on disk: PowerCutFileSystem) throws {
  let result = ReportArchive(path: folder, keep: 2, on: disk)
    .write(name: report.name, sidecar: Array(report.contacts.utf8)) { Array(report.text($0).utf8) }
  if result.written == nil || !result.warnings.isEmpty {
    throw StorageError(result.warnings.joined(separator: "; "))
  }
}

private func stored(_ report: Report) -> Stored {
  Stored(
    text: report.text(ReportArchive<PowerCutFileSystem>.sidecar(of: report.name)),
    contacts: report.contacts)
}

/// Reports `earlier` on the disk, then `written` written, cut at every point;
/// `acceptable` says which other listings a cut may leave.
private func check(
  earlier: [Report], written: Report,
  acceptable: @escaping ([String: Stored]) -> Bool = { _ in false }
) throws -> CrashCheck<[String: Stored]>.Outcome {
  let next = try report(at: 900, names: ["Zed"])
  var old: [String: Stored] = [:]
  for earlier in earlier { old[earlier.name] = stored(earlier) }
  var new = old
  new[written.name] = stored(written)
  for name in ReportRetention.excess(Array(new.keys), keep: 2) { new[name] = nil }
  var check = CrashCheck<[String: Stored]>(
    setUp: { disk in for earlier in earlier { try write(earlier, on: disk) } },
    write: { disk in try write(written, on: disk) },
    load: load, old: old, new: new,
    next: { disk, loaded in
      try write(next, on: disk)
      var expected = loaded
      expected[next.name] = stored(next)
      for name in ReportRetention.excess(Array(expected.keys), keep: 2) { expected[name] = nil }
      return expected
    })
  check.acceptable = acceptable
  return try check.run()
}

@Test(
  "a new report and its contacts, cut at every byte: no report, or the whole one with its contacts")
func reportArchive_newReportSurvivesEveryCut() throws {
  let outcome = try check(earlier: [], written: try report(at: 5, names: ["Ada", "Bob"]))
  #expect(outcome.problems == [])
  #expect(outcome.old > 0 && outcome.new > 0)
}

@Test(
  "a report that makes the oldest go, cut at every byte: every listed report whole, never more than one extra"
)
func reportArchive_retentionSurvivesEveryCut() throws {
  let first = try report(at: 1, names: ["Ada"])
  let second = try report(at: 2, names: ["Bob"])
  let third = try report(at: 3, names: ["Cy"])
  // The oldest's removal may not reach the disk before the cut: all three.
  let all = [first.name: stored(first), second.name: stored(second), third.name: stored(third)]
  let outcome = try check(earlier: [first, second], written: third) { $0 == all }
  #expect(outcome.problems == [])
  #expect(outcome.old > 0 && outcome.new > 0)
}

@Test("the listing never counts a temporary file, and the next write removes one a cut left")
func reportArchive_ignoresAndRemovesTemporaryFiles() throws {
  let disk = PowerCutFileSystem()
  let earlier = try report(at: 1, names: ["Ada"])
  try write(earlier, on: disk)
  disk.place(Array("half a rep".utf8), at: "\(folder)/20260101T000002Z-lcd.scenario.tmp-17")
  disk.place(Array("BEGIN:VC".utf8), at: "\(folder)/20260101T000002Z-lcd.vcf.tmp-17")
  #expect(ReportArchive(path: folder, keep: 2, on: disk).reports() == [earlier.name])
  try write(try report(at: 3, names: ["Bob"]), on: disk)
  #expect(!disk.entries.keys.contains { WholeFile.isTemporary($0) })
  #expect(ReportArchive(path: folder, keep: 2, on: disk).reports().count == 2)
}
