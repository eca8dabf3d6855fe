/// What a metric's value means, as the Prometheus text format's `# TYPE`
/// line says it.
public enum MetricKind: String, Sendable, Hashable {
  /// Only ever goes up (repairs, bus errors, key presses); named `…_total`.
  case counter
  /// Goes up and down (uptime of this run, reports kept).
  case gauge
}
