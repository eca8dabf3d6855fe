/// What a text editor did with a gesture, for the screen that owns it.
public enum EditorOutcome: Sendable, Hashable {
  /// The gesture changed the text, cursor, mode or case.
  case handled
  /// The gesture was refused; the text is untouched and the notice says why.
  case refused(notice: String)
  /// Hold `*`: the screen should show the symbol table.
  case openSymbolTable
  /// `back` on an empty field: the screen should close the editor.
  case leave
  /// The editor has no use for the gesture; the screen may.
  case ignored
}
