/// The options of a setting's or a contact's field.
public enum FieldOptionItem: MenuItem {
  /// Saves the field.
  case save
  /// Closes the editor without saving.
  case cancel
  /// Empties the field.
  case clearText

  /// The row's text.
  public var title: String {
    switch self {
    case .save: "Save"
    case .cancel: "Cancel"
    case .clearText: "Clear text"
    }
  }

  /// The options close and the editor below does what was chosen.
  func action() -> ScreenAction {
    switch self {
    case .save: ScreenAction(.pop(1), command: .save)
    case .cancel: ScreenAction(.pop(2))
    case .clearText: ScreenAction(.pop(1), command: .clear)
    }
  }
}
