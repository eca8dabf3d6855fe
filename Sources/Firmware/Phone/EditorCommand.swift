/// What a screen above an editor (the symbol table, the editor's options)
/// asks the editor to do once it is on top again.
public enum EditorCommand: Sendable, Hashable {
  /// Insert a symbol at the cursor.
  case insert(Unicode.Scalar)
  /// Empty the field.
  case clear
  /// Save the field (a setting or a contact).
  case save
  /// Send the message.
  case send
  /// Keep the message in drafts.
  case saveDraft
}
