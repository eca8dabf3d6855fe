/// Cutting a contact's text fields to what the book keeps, so that an
/// imported card is shortened instead of dropped.
extension Contact {
  /// A text field that can be cut.
  enum TextField: Sendable, Hashable {
    case name, nickname, organisation
  }

  /// What cutting took from one field.
  struct FieldCut: Sendable, Hashable {
    /// The field.
    var field: TextField
    /// The characters before the cut.
    var originalLength: Int
    /// The part left out.
    var removed: String
  }

  /// Shortens the name, nickname and organisation (from their ends) until
  /// they fit `maximumName` characters, the record's bytes and the search
  /// keys; the numbers must already fit. Returns what was cut, per field.
  mutating func cutTextToFit() -> [FieldCut] {
    let original = (name, nickname, organisation)
    while let field = textFieldOverLimit() {
      var text = self.text(of: field)
      if text.count > Contact.maximumName {
        text = String(text.prefix(Contact.maximumName))
      } else {
        text.removeLast()
      }
      while let last = text.last, last.isWhitespace { text.removeLast() }
      setText(text, of: field)
    }
    var cuts: [FieldCut] = []
    for (field, before) in [
      (TextField.name, original.0), (.nickname, original.1), (.organisation, original.2),
    ] where self.text(of: field) != before {
      let kept = self.text(of: field).count
      cuts.append(
        FieldCut(
          field: field, originalLength: before.count, removed: String(before.dropFirst(kept))))
    }
    return cuts
  }

  /// The first text field that breaks a limit; the search keys' shared
  /// room is freed from the nickname, then the organisation, then the name.
  private func textFieldOverLimit() -> TextField? {
    if name.count > Contact.maximumName || name.utf8.count > BookRecord.nameBytes {
      return .name
    }
    if nickname.count > Contact.maximumName || nickname.utf8.count > BookRecord.keywordBytes {
      return .nickname
    }
    if organisation.count > Contact.maximumName
      || organisation.utf8.count > BookRecord.keywordBytes
    {
      return .organisation
    }
    let keys = ContactKeys(self)
    if keys.nameSources.count > SearchKeyStore.maximumNameDigits { return .name }
    if keys.digits.count > SearchKeyStore.maximumDigits {
      if !nickname.isEmpty { return .nickname }
      if !organisation.isEmpty { return .organisation }
      return .name
    }
    return nil
  }

  private func text(of field: TextField) -> String {
    switch field {
    case .name: name
    case .nickname: nickname
    case .organisation: organisation
    }
  }

  private mutating func setText(_ text: String, of field: TextField) {
    switch field {
    case .name: name = text
    case .nickname: nickname = text
    case .organisation: organisation = text
    }
  }
}
