/// The module and topic a log record belongs to, printed as
/// `[module][topic]` (for example `[keypad][gesture]`).
public struct LogTag: Sendable, Equatable {
  /// The firmware module: `keypad`, `input`, `ui`, `lcd`, `scenario`.
  public var module: StaticString
  /// The topic inside the module: `gesture`, `multitap`, `screen`.
  public var topic: StaticString

  /// Creates a tag from a module and a topic.
  public init(_ module: StaticString, _ topic: StaticString) {
    self.module = module
    self.topic = topic
  }

  /// The `[module][topic]` prefix of a log line.
  public var prefix: String { "[\(module)][\(topic)]" }

  /// Tags are equal when module and topic read the same.
  public static func == (lhs: LogTag, rhs: LogTag) -> Bool {
    lhs.module.description == rhs.module.description
      && lhs.topic.description == rhs.topic.description
  }
}
