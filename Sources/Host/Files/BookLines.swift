import ContactBook
import StateStorage

/// The text `t9phone contacts` prints about a book: one line per contact
/// for `list`, the figures of `info`, one line per result for `search`.
public enum BookLines {
  /// `ID<TAB>name<TAB>label:number,…`, alphabetically.
  public static func list(_ book: ContactBook) -> [String] {
    book.alphabetical.compactMap { slot in
      guard let contact = book.contact(at: slot) else { return nil }
      let numbers = contact.numbers.map { "\($0.label.rawValue):\($0.text)" }
      return "\(slot)\t\(contact.name)\t\(numbers.joined(separator: ","))"
    }
  }

  /// The book's file, fill, file size, reserved memory and text in use.
  public static func info(_ store: ContactsStore<LinuxFileSystem>) -> [String] {
    let book = store.book
    return [
      "book: \(store.path)",
      "contacts: \(book.count)/\(book.capacity)",
      "file: \(BookFile.fileSize(capacity: book.capacity)) bytes",
      "memory: \(book.bytesPerContact * book.capacity) bytes reserved at open, "
        + "\(book.bytesPerContact) per contact (search index \(book.indexBytesPerContact))",
      "text: \(book.contactText.used)/\(book.contactText.capacity) bytes of contact text, "
        + "\(book.keyText.used)/\(book.keyText.capacity) of search keys",
    ]
  }

  /// `name<TAB>number<TAB>highlight`: the matched number (or the first,
  /// for a name match), the name or number with each matched run in
  /// brackets.
  public static func search(_ result: ContactResult, in book: ContactBook) -> String {
    guard let contact = book.contact(at: result.slot) else { return "" }
    let number = result.numberIndex.map { contact.numbers[$0].text } ?? ""
    let highlight = result.bracketed(result.highlightsNumber ? number : contact.name)
    return "\(contact.name)\t\(number)\t\(highlight)"
  }

  /// A number as `contacts add --number` takes it: `label:number` with a
  /// label of `PhoneNumber.Label` sets the label; anything else is a
  /// mobile number as written.
  public static func number(_ text: String) -> PhoneNumber {
    let parts = text.split(separator: ":", maxSplits: 1)
    if parts.count == 2, let label = PhoneNumber.Label(rawValue: String(parts[0])) {
      return PhoneNumber(String(parts[1]), label: label)
    }
    return PhoneNumber(text)
  }
}
