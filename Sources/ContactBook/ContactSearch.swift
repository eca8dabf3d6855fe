/// A T9 search typed key by key: each key narrows the previous key's
/// matches (a prefix of a matching query matches too), and `back` restores
/// the previous key's matches without searching again.
public struct ContactSearch: Sendable {
  /// The query typed so far.
  public private(set) var query = ""
  private var levels: [[ContactResult]] = []

  /// An empty search.
  public init() {}

  /// Adds a key (`0`–`9`, `*`, `#`, `+`) and narrows the matches.
  public mutating func type(_ key: Character, in book: ContactBook) {
    query.append(key)
    let candidates = levels.last.map { $0.map(\.slot) } ?? book.alphabetical
    levels.append(book.match(query, in: candidates))
  }

  /// Removes the last key, restoring the previous matches.
  public mutating func deleteLast() {
    guard !query.isEmpty else { return }
    query.removeLast()
    levels.removeLast()
  }

  /// Clears the query.
  public mutating func clear() {
    query = ""
    levels.removeAll()
  }

  /// The ranked results for the query so far (empty query: none).
  public func results(in book: ContactBook, limit: Int = 20) -> [ContactResult] {
    guard let current = levels.last else { return [] }
    return book.rank(current, limit: limit)
  }
}
