/// How serious a log record is, from chatty tracing to errors.
///
/// Mirrors swift-log's levels so the executable can forward records without
/// translation tables of its own.
public enum LogLevel: Int, Sendable, Comparable, CaseIterable {
  /// Per-event detail, off by default.
  case trace
  /// Gesture decisions and screen changes.
  case debug
  /// Noteworthy but normal events.
  case info
  /// Something odd that the firmware recovered from.
  case notice
  /// Input the firmware had to correct (a stuck key).
  case warning
  /// Input the firmware had to reject (time going backwards).
  case error

  /// The lowercase name used on the command line and in log lines.
  public var name: String {
    switch self {
    case .trace: "trace"
    case .debug: "debug"
    case .info: "info"
    case .notice: "notice"
    case .warning: "warning"
    case .error: "error"
    }
  }

  /// Parses a level name as written on the command line.
  public init?(name: String) {
    guard let level = LogLevel.allCases.first(where: { $0.name == name }) else { return nil }
    self = level
  }

  /// Whether `lhs` is less serious than `rhs`.
  public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}
