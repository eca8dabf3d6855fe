/// Finding text in text, with the String API that Embedded Swift has (its
/// standard library has no substring `contains`).
public enum TextSearch {
  /// Whether `part` occurs in `text`, compared character by character; the
  /// empty `part` occurs everywhere.
  public static func occurs(_ part: String, in text: String) -> Bool {
    var rest = Substring(text)
    while !rest.isEmpty {
      if rest.starts(with: part) { return true }
      rest = rest.dropFirst()
    }
    return part.isEmpty
  }
}
