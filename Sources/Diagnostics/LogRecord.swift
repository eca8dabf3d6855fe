/// One log message produced by the firmware core.
public struct LogRecord: Sendable, Equatable {
  /// How serious it is.
  public var level: LogLevel
  /// Which module and topic it comes from.
  public var tag: LogTag
  /// The message, without the tag.
  public var message: String

  /// Creates a record.
  public init(level: LogLevel, tag: LogTag, message: String) {
    self.level = level
    self.tag = tag
    self.message = message
  }

  /// The record as one line: `[keypad][gesture] long press 5 after 700 ms`,
  /// with `warning:` or `error:` after the tag when it is serious.
  public var line: String {
    switch level {
    case .warning, .error: "\(tag.prefix) \(level.name): \(message)"
    default: "\(tag.prefix) \(message)"
    }
  }
}
