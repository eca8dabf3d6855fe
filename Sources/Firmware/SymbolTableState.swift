/// The symbol table over an editor: which page and symbol are highlighted.
public struct SymbolTableState: Sendable, Hashable {
  /// Symbols per page: digits 1–9 pick them by position.
  public static let pageSize = 9
  /// The page shown.
  public var page = 0
  /// The highlighted symbol on the page (0-based).
  public var selected = 0

  /// The first page, first symbol.
  public init() {}
}
