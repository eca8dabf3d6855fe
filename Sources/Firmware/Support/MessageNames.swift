import ContactBook
import SMS

/// Who a message is from or to, as lists and the reader show it: the
/// contact's name when the number is in the book, else the number or the
/// sender's name. A national number and its international form are one
/// number when the phone's country is set: with country 62, `0812…` and
/// `+62812…` match.
enum MessageNames {
  /// The name shown for `address`.
  static func shown(_ address: PhoneAddress, book: ContactBook, country: Int) -> String {
    let text = address.text
    guard address.kind != .alphanumeric else { return text }
    guard let slot = slot(of: text, book: book, country: country),
      let contact = book.contact(at: slot)
    else { return text }
    return contact.name
  }

  /// The slot of the contact one of whose numbers is `number` (in its
  /// national or international form), if any.
  static func slot(of number: String, book: ContactBook, country: Int) -> Int? {
    let wanted = international(number, country: country)
    guard !wanted.isEmpty else { return nil }
    for slot in book.alphabetical {
      guard let contact = book.contact(at: slot) else { continue }
      for known in contact.numbers where international(known.text, country: country) == wanted {
        return slot
      }
    }
    return nil
  }

  /// The digits of `number` in international form: `+` and `00` dropped,
  /// a leading `0` replaced by the country code when there is one;
  /// separators ignored.
  static func international(_ number: String, country: Int) -> String {
    var digits = ""
    var plus = false
    for scalar in number.unicodeScalars {
      switch scalar {
      case "0"..."9", "*", "#": digits.unicodeScalars.append(scalar)
      case "+" where digits.isEmpty: plus = true
      default: continue
      }
    }
    if plus { return digits }
    if digits.hasPrefix("00") { return String(digits.dropFirst(2)) }
    if country > 0, digits.hasPrefix("0") { return "\(country)" + digits.dropFirst() }
    return digits
  }
}
