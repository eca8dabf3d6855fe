/// Where the pure core sends its log records.
///
/// Libraries never create loggers or write anywhere: they call a `Log` that the
/// executable (or a test) hands them. Messages are built only when their level
/// is enabled, so a disabled log costs no allocation on the key-press path.
public struct Log {
  /// The least serious level that reaches the sink.
  public var minimumLevel: LogLevel
  private let sink: (LogRecord) -> Void

  /// Creates a log that forwards enabled records to `sink`.
  public init(minimumLevel: LogLevel = .info, sink: @escaping (LogRecord) -> Void) {
    self.minimumLevel = minimumLevel
    self.sink = sink
  }

  /// A log that drops everything.
  public static var disabled: Log { Log(minimumLevel: .error, sink: { _ in }) }

  /// Whether a record at `level` would reach the sink.
  public func isEnabled(_ level: LogLevel) -> Bool { level >= minimumLevel }

  /// Sends a record if its level is enabled; `message` is evaluated only then.
  public func callAsFunction(
    _ level: LogLevel, _ tag: LogTag, _ message: @autoclosure () -> String
  ) {
    guard isEnabled(level) else { return }
    sink(LogRecord(level: level, tag: tag, message: message()))
  }
}
