import Synchronization

/// Hands out revision numbers to a book and all its copies, so that two
/// different states of a book never share a revision.
final class RevisionCounter: Sendable {
  private let last = Atomic<Int>(0)

  /// The next revision.
  func next() -> Int { last.wrappingAdd(1, ordering: .relaxed).newValue }
}
