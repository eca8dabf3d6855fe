/// One value of a metric, with its labels: `t9phone_repairs_total{kind="lcd"} 3`.
public struct MetricSample: Sendable, Hashable {
  /// Label names and values, in the order they are written.
  public var labels: [(name: String, value: String)]
  /// The value.
  public var value: Int64

  /// A sample with `labels` (none by default).
  public init(_ value: Int64, labels: [(name: String, value: String)] = []) {
    self.value = value
    self.labels = labels
  }

  /// Samples are equal when their labels and values are.
  public static func == (lhs: MetricSample, rhs: MetricSample) -> Bool {
    guard lhs.value == rhs.value, lhs.labels.count == rhs.labels.count else { return false }
    for (left, right) in zip(lhs.labels, rhs.labels)
    where left.name != right.name || left.value != right.value {
      return false
    }
    return true
  }

  /// Hashes the labels and the value.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(value)
    for label in labels {
      hasher.combine(label.name)
      hasher.combine(label.value)
    }
  }
}
