/// The statistics as the Prometheus text format: what the state file
/// `statistics.prom` holds and `--metrics-file` writes for node_exporter's
/// textfile collector.
extension FieldStatistics {
  /// The name of the repairs' metric, one sample per `RepairKind` labelled
  /// `kind`.
  public static let repairsMetricName = "t9phone_repairs_total"

  /// Every counter as a metric family: the repairs by kind (every kind, even
  /// at zero), then each `StatisticsCounter` in order. Counts above
  /// `maximumCount` are written as `maximumCount`.
  public var metricFamilies: [MetricFamily] {
    var families: [MetricFamily] = []
    var samples: [MetricSample] = []
    for kind in RepairKind.allCases {
      samples.append(
        MetricSample(Int64(clamping: self[repairs: kind]), labels: [("kind", kind.rawValue)]))
    }
    // The names are constants that the tests check, so these never fail.
    if let repairs = MetricFamily(
      name: FieldStatistics.repairsMetricName,
      help:
        "Repairs made by the watchdog, by kind (lcd, editor, stack, keypad, clock, book, modem).",
      kind: .counter, samples: samples)
    {
      families.append(repairs)
    }
    for counter in StatisticsCounter.allCases {
      if let family = MetricFamily(
        name: counter.metricName, help: counter.help, kind: .counter,
        samples: [MetricSample(Int64(clamping: self[counter]))])
      {
        families.append(family)
      }
    }
    return families
  }

  /// The whole file: every family's `# HELP`, `# TYPE` and samples.
  public var prometheusText: String { MetricFamily.exposition(metricFamilies) }

  /// The statistics in `text`, as `prometheusText` writes it (`file` names
  /// it in errors).
  ///
  /// Blank lines and `#` comments are skipped, and so are well-formed
  /// samples of metrics or repair kinds this version does not know (a newer
  /// firmware's file still loads). A counter that is missing is zero.
  /// Refused, with the line and column: a line that is not a sample, a
  /// value that is not a whole number from 0 to `maximumCount`, labels a
  /// known metric does not take, and a sample given twice.
  public init(parsing text: String, file: String) throws(StatisticsFileError) {
    self.init()
    let kinds = RepairKind.allCases.count
    // The line each known sample was on (0: not seen): kinds, then counters.
    var seen = [Int](repeating: 0, count: kinds + StatisticsCounter.allCases.count)
    let lines = Array(text.utf8).split(
      separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    for (index, bytes) in lines.enumerated() {
      let line = index + 1
      guard let sample = try PrometheusLine.parse(bytes, line: line, file: file) else { continue }
      func error(_ reason: String, at column: Int) -> StatisticsFileError {
        StatisticsFileError(reason, file: file, line: line, column: column)
      }
      let slot: Int
      if sample.name == FieldStatistics.repairsMetricName {
        var kind: RepairKind?
        var kindSeen = false
        for label in sample.labels {
          guard label.name == "kind" else {
            throw error("unexpected label '\(label.name)' (only kind)", at: label.column)
          }
          kindSeen = true
          kind = RepairKind(rawValue: label.value)
        }
        guard kindSeen else { throw error("\(sample.name) needs a kind label", at: 1) }
        guard let kind else {
          guard PrometheusLine.isNumber(sample.value) else {
            throw error("expected a number, found '\(sample.value)'", at: sample.valueColumn)
          }
          continue
        }
        slot = kind.index
      } else if let counter = StatisticsCounter.allCases.first(where: {
        $0.metricName == sample.name
      }) {
        if let label = sample.labels.first {
          throw error("\(sample.name) takes no labels", at: label.column)
        }
        slot = kinds + counter.index
      } else {
        guard PrometheusLine.isNumber(sample.value) else {
          throw error("expected a number, found '\(sample.value)'", at: sample.valueColumn)
        }
        continue
      }
      let value = try FieldStatistics.count(
        sample.value, file: file, line: line, column: sample.valueColumn)
      guard seen[slot] == 0 else {
        throw error(
          "a second sample of the same counter (the first is on line \(seen[slot]))", at: 1)
      }
      seen[slot] = line
      if let kind = RepairKind.allCases.first(where: { $0.index == slot }) {
        self[repairs: kind] = value
      } else if let counter = StatisticsCounter.allCases.first(where: { $0.index == slot - kinds })
      {
        self[counter] = value
      }
    }
  }

  /// A counter's value: decimal digits, 0 to `maximumCount`.
  private static func count(
    _ text: String, file: String, line: Int, column: Int
  ) throws(StatisticsFileError) -> UInt64 {
    func refuse(_ reason: String) -> StatisticsFileError {
      StatisticsFileError(reason, file: file, line: line, column: column)
    }
    if text.utf8.first == UInt8(ascii: "-") && PrometheusLine.isNumber(text) {
      throw refuse("a counter cannot be negative, found \(text)")
    }
    var value: UInt64 = 0
    for byte in text.utf8 {
      guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else {
        throw refuse("expected a whole number, found '\(text)'")
      }
      let (product, overflow) = value.multipliedReportingOverflow(by: 10)
      let (sum, carry) = product.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
      guard !overflow, !carry, sum <= maximumCount else {
        throw refuse("\(text) is too large (at most \(maximumCount))")
      }
      value = sum
    }
    return value
  }
}
