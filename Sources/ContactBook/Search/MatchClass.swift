/// How a contact matched a query, best first: the first ranking key.
public enum MatchClass: Int, Sendable, Comparable, CaseIterable {
  /// A run from the name's first token ("Jo" for John Smith).
  case nameStart = 1
  /// A run from a later name token ("Smi" for John Smith).
  case laterToken = 2
  /// Initials, maybe followed by a run ("57", "5764" for John Smith).
  case initials = 3
  /// A nickname or organisation token.
  case keyword = 4
  /// The start of a number.
  case numberPrefix = 5
  /// Elsewhere in a number.
  case numberElsewhere = 6

  /// Whether `lhs` ranks before `rhs`.
  public static func < (lhs: MatchClass, rhs: MatchClass) -> Bool { lhs.rawValue < rhs.rawValue }
}
