/// The punctuation and symbol lists of the keypad.
public enum Symbols {
  /// Key 1 in multi-tap: `. , ? ! ' " - ( ) @ / : ;` then `1`.
  public static let keyOneCycle: [Unicode.Scalar] = [
    ".", ",", "?", "!", "'", "\"", "-", "(", ")", "@", "/", ":", ";", "1",
  ]

  /// `*` in a phone field: `*`, then `+`, `p` (pause), `w` (wait).
  public static let phoneStarCycle: [Unicode.Scalar] = ["*", "+", "p", "w"]

  /// The symbol table (hold `*`) for free text; `\n` is a new line.
  public static let table: [Unicode.Scalar] = [
    ".", ",", "?", "!", "'", "\"", "-", "(", ")",
    "@", "/", ":", ";", "&", "%", "+", "=", "*",
    "#", "<", ">", "_", "$", "€", "£", "¥", "§",
    "¿", "¡", "~", "^", "{", "}", "[", "]", "\\",
    "|", "\n",
  ]

  /// The symbols of the table that a field of `contentType` accepts.
  public static func table(for contentType: ContentType) -> [Unicode.Scalar] {
    switch contentType {
    case .text: table
    case .phone: ["+", "p", "w", "*", "#"]
    case .name, .number: table.filter { contentType.accepts($0) }
    }
  }

  /// The key 1 cycle filtered to what a field of `contentType` accepts.
  public static func keyOneCycle(for contentType: ContentType) -> [Unicode.Scalar] {
    contentType == .text ? keyOneCycle : keyOneCycle.filter { contentType.accepts($0) }
  }
}
