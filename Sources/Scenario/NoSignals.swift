import Runtime

/// A scenario's run is asked nothing from outside: no stop, no report.
struct NoSignals: RunSignals {
  var stopRequested: Bool { false }
  mutating func takeReportRequest() -> Bool { false }
}
