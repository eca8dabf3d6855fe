/// A keymap file (evdev or lcdproc) that does not parse or is incomplete:
/// where and why.
public struct KeymapError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file the keymap came from, as given to the parser.
  public var file: String
  /// The 1-based line of the problem, or nil when it concerns the whole
  /// file (a key left unmapped, no `keymap` line).
  public var line: Int?
  /// What is wrong, without the location.
  public var reason: String

  /// Creates an error.
  public init(_ reason: String, file: String, line: Int? = nil) {
    self.file = file
    self.line = line
    self.reason = reason
  }

  /// `FILE:LINE: error: reason`, or `FILE: error: reason` without a line:
  /// the form compilers use.
  public var message: String {
    if let line { "\(file):\(line): error: \(reason)" } else { "\(file): error: \(reason)" }
  }

  /// The same as `message`.
  public var description: String { message }
}
