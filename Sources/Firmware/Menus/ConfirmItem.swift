import ContactBook

/// The answers of "Delete?".
public enum ConfirmItem: MenuItem {
  /// Delete.
  case yes
  /// Keep.
  case no

  /// The row's text.
  public var title: String {
    switch self {
    case .yes: "Yes"
    case .no: "No"
    }
  }

  /// Deletes the contact on yes: the question closes, and so does the
  /// contact's card if it was asked from there.
  func action(slot: Int, fromCard: Bool, _ context: inout ScreenContext) -> ScreenAction {
    guard self == .yes, context.services.contacts.contact(at: slot) != nil else { return .pop }
    if let problem = context.services.delete(at: slot) {
      return ScreenAction(.pop(1), notice: problem)
    }
    return ScreenAction(.pop(fromCard ? 2 : 1), notice: "Deleted")
  }
}
