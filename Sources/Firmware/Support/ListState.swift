/// Where the highlight and the scroll position of a list are.
public struct ListState: Sendable, Hashable {
  /// The highlighted item.
  public var selected = 0
  /// The first item shown.
  public var top = 0

  /// A list with the first item highlighted.
  public init(selected: Int = 0) {
    self.selected = selected
    self.top = 0
  }

  /// Moves the highlight by `step`, wrapping around, and scrolls so it stays
  /// within `visibleRows` rows.
  public mutating func move(by step: Int, count: Int, visibleRows: Int) {
    guard count > 0 else { return }
    selected = ((selected + step) % count + count) % count
    scroll(visibleRows: visibleRows)
  }

  /// Scrolls so the highlight is visible.
  public mutating func scroll(visibleRows: Int) {
    let rows = Swift.max(1, visibleRows)
    if selected < top { top = selected }
    if selected >= top + rows { top = selected - rows + 1 }
  }
}
