/// An item of a typed menu: its position in `allCases` is the digit that
/// picks it (1–9), its title what the list shows.
public protocol MenuItem: CaseIterable, Equatable where AllCases == [Self] {
  /// The text shown on the item's row.
  var title: String { get }
}

extension MenuItem {
  /// The item's position in the menu (0-based).
  var position: Int { Self.allCases.firstIndex(of: self) ?? 0 }

  /// The item at `position`, if the menu has that many.
  static func at(_ position: Int) -> Self? {
    let all = Self.allCases
    return position >= 0 && position < all.count ? all[position] : nil
  }
}
