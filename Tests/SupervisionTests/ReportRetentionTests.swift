import Supervision
import Testing

@Test("a free name is the name itself, else the first -N before .scenario not taken")
func reportRetention_freeName() {
  let name = "20261124T060831Z-lcd.scenario"
  #expect(ReportRetention.freeName(name, taken: []) == name)
  #expect(ReportRetention.freeName(name, taken: ["other.scenario"]) == name)
  #expect(
    ReportRetention.freeName(name, taken: [name]) == "20261124T060831Z-lcd-2.scenario")
  #expect(
    ReportRetention.freeName(
      name, taken: [name, "20261124T060831Z-lcd-2.scenario", "20261124T060831Z-lcd-3.scenario"])
      == "20261124T060831Z-lcd-4.scenario")
  #expect(ReportRetention.freeName("notes", taken: ["notes"]) == "notes-2")
  #expect(
    ReportRetention.freeName(name, taken: ["20261124T060831Z-lcd-3.scenario"])
      == "20261124T060831Z-lcd-4.scenario",
    "after the oldest of a name were removed, a new one still sorts last")
  #expect(
    ReportRetention.freeName(name, taken: ["20261124T060831Z-lcd-2.txt", "x-lcd.scenario"])
      == name)
}

@Test("writing more reports of one name than are kept always keeps the newest")
func reportRetention_sameNameOverflow() {
  var folder: [String] = []
  var written: [String] = []
  for _ in 0..<7 {
    let name = ReportRetention.freeName(
      "20261124T060831Z-lcd.scenario", taken: Set(folder))
    written.append(name)
    folder.append(name)
    let removed = ReportRetention.excess(folder, keep: 3)
    folder.removeAll { removed.contains($0) }
  }
  #expect(Set(folder) == Set(written.suffix(3)))
  #expect(Set(written).count == 7)
}

@Test("the oldest reports beyond the limit are removed, by the time in their names")
func reportRetention_excess() {
  let names = [
    "20261124T060831Z-lcd.scenario", "20250101T000000Z-on-demand.scenario",
    "20261124T060831Z-lcd-2.scenario", "20261124T060831Z-lcd-10.scenario",
    "20261124T060832Z-book.scenario", "README.md", "20240101T000000Z-stack.scenario.tmp-42",
    "20261124T060831Z-lcd-3.scenario",
  ]
  #expect(
    ReportRetention.excess(names, keep: 3) == [
      "20250101T000000Z-on-demand.scenario", "20261124T060831Z-lcd.scenario",
      "20261124T060831Z-lcd-2.scenario",
    ])
  #expect(ReportRetention.excess(names, keep: 6) == [])
  #expect(ReportRetention.excess(names, keep: 0).count == 5, "at least one is always kept")
  #expect(!ReportRetention.excess(names, keep: 1).contains("README.md"))
  #expect(!ReportRetention.excess(names, keep: 1).contains("20261124T060832Z-book.scenario"))
}

@Test("a name with -N sorts after the same name without it, and -10 after -9")
func reportRetention_order() {
  #expect(ReportRetention.older("a-lcd.scenario", "a-lcd-2.scenario"))
  #expect(!ReportRetention.older("a-lcd-2.scenario", "a-lcd.scenario"))
  #expect(ReportRetention.older("a-lcd-9.scenario", "a-lcd-10.scenario"))
  #expect(ReportRetention.older("20250101T000000Z-x.scenario", "20260101T000000Z-a.scenario"))
  #expect(!ReportRetention.older("a-on-demand.scenario", "a-on-demand.scenario"))
}
