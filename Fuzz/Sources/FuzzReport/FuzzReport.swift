import ContactBook
import FuzzSupport
import Scenario
import ScenarioBudget
import ScenarioText
import Supervision
import T9Engine
import TextEntry

/// A flight report: a scenario file, as `FlightReportWriter` writes it
/// (a commented header, the set-up, every recorded edge, expectations),
/// replayed as `t9phone test REPORT` replays it. Every input is parsed; one
/// that parses and stays within `ScenarioBudget` (2,000 steps, 60 s of
/// virtual time) is run on the supervised firmware, with a small English
/// dictionary and, when it names a contacts file, a small book (the
/// library reads no files). Every flight report the run writes must parse
/// back: a report that does not replay is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReport(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let text = FuzzInput.text(start, count)
  guard let scenario = try? ScenarioParser.parse(text, file: "fuzz-report.scenario") else {
    return 0
  }
  guard ScenarioBudget(scenario).allowsRun(scenario) else { return 0 }
  let result = ScenarioRunner.run(
    scenario, dictionaries: ReportFixtures.dictionaries,
    contacts: scenario.contactsFile == nil ? nil : ReportFixtures.contacts)
  for report in result.reports {
    let written = FlightReportWriter.text(report, header: scenario)
    do {
      _ = try ScenarioParser.parse(written, file: FlightReportWriter.fileName(report))
    } catch {
      Invariant.check(false, "a flight report does not parse: \(error)\n\(written)")
    }
  }
  return 0
}
