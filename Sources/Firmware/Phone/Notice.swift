import KeypadInput

/// A short message on the status row ("Full (459/459)", "Digits only") that
/// disappears by itself.
public struct Notice: Sendable, Hashable {
  /// The text.
  public var text: String
  /// When it disappears.
  public var until: Instant

  /// Creates a notice.
  public init(text: String, until: Instant) {
    self.text = text
    self.until = until
  }
}
