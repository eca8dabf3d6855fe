import Supervision

// TEMPORARY placeholder until the reports branch is merged (deleted then).
enum FlightReportWriter {
  static func text(_ report: FlightReport, header: Scenario) -> String { "" }
  static func fileName(_ report: FlightReport) -> String { "report.scenario" }
}
