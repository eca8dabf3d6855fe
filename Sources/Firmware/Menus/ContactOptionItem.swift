import ContactBook

/// What can be done with a contact (from the list or its card).
public enum ContactOptionItem: MenuItem {
  /// A new contact.
  case addContact
  /// Renames the contact.
  case editName
  /// Adds a number (at most four).
  case addNumber
  /// Edits the number highlighted on the card (the first from the list).
  case editNumber
  /// Stars or unstars the contact.
  case star
  /// Asks, then deletes the contact.
  case delete

  /// The row's text.
  public var title: String {
    switch self {
    case .addContact: "Add contact"
    case .editName: "Edit name"
    case .addNumber: "Add number"
    case .editNumber: "Edit number"
    case .star: "Star/unstar"
    case .delete: "Delete"
    }
  }

  /// The options close and what was chosen opens or happens. `number` is
  /// the number highlighted on the card; `fromCard` whether the options were
  /// opened from it.
  func action(slot: Int?, number: Int, fromCard: Bool, _ context: inout ScreenContext)
    -> ScreenAction
  {
    guard let slot, let contact = context.services.contacts.contact(at: slot) else {
      return .replace(.editor(EditorScreen(contactName: nil, text: "", context)))
    }
    switch self {
    case .addContact:
      return .replace(.editor(EditorScreen(contactName: nil, text: "", context)))
    case .editName:
      return .replace(.editor(EditorScreen(contactName: slot, text: contact.name, context)))
    case .addNumber:
      guard contact.numbers.count < Contact.maximumNumbers else {
        return ScreenAction(.pop(1), notice: "4 numbers already")
      }
      return .replace(
        .editor(
          EditorScreen(
            contactNumber: slot, index: contact.numbers.count, text: "", context)))
    case .editNumber:
      guard !contact.numbers.isEmpty else { return ScreenAction(.pop(1), notice: "No number") }
      let index = fromCard ? Swift.min(number, contact.numbers.count - 1) : 0
      return .replace(
        .editor(
          EditorScreen(
            contactNumber: slot, index: index, text: contact.numbers[index].text, context)))
    case .star:
      var changed = contact
      changed.starred.toggle()
      let problem = context.services.store(changed, at: slot)
      return ScreenAction(.pop(1), notice: problem ?? (changed.starred ? "Starred" : "Unstarred"))
    case .delete:
      var no = ListState(selected: ConfirmItem.no.position)
      no.scroll(visibleRows: context.listRows)
      return .replace(
        .menu(MenuScreen(.confirmDelete(slot: slot, fromCard: fromCard), list: no)))
    }
  }
}
