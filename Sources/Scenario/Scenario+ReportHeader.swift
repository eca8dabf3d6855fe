import ScenarioText
import Supervision

extension Scenario {
  /// The header fields a flight report written for this scenario's set-up
  /// carries (`FlightReportWriter`).
  public var reportHeader: ReportHeader {
    var header = ReportHeader()
    header.geometry = geometry
    header.rom = rom
    header.display = display
    header.usesDictionary = usesDictionary
    header.contactsFile = contactsFile
    header.contactsCapacity = contactsCapacity
    header.hasModem = hasModem
    header.messagesCapacity = messageCapacity
    header.keymap = keymap
    return header
  }
}

extension FlightReportWriter {
  /// The report as scenario text, with `scenario`'s header fields
  /// (`Scenario.reportHeader`).
  public static func text(_ report: FlightReport, header scenario: Scenario) -> String {
    text(report, header: scenario.reportHeader)
  }
}
