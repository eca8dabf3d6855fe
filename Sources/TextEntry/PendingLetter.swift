import KeypadInput

/// A multi-tap letter still being chosen: typed, shown with the cursor on it,
/// not yet committed.
public struct PendingLetter: Sendable, Hashable {
  /// The key being tapped.
  public var key: Key
  /// Which entry of the key's cycle is shown.
  public var position: Int
  /// Whether the letter is shown in upper case.
  public var uppercase: Bool
  /// When it commits by itself unless the key is tapped again.
  public var deadline: Instant
}
