/// Reads contacts from vCard 2.1, 3.0 and 4.0 text, as phones and address
/// books export it.
///
/// Understood: line folding (a line starting with a space or tab continues
/// the previous one), 2.1 quoted-printable values with soft line breaks and
/// `CHARSET` (UTF-8, ISO-8859-1, Windows-1252), backslash escapes, property
/// groups (`item1.TEL` with Apple's `item1.X-ABLabel`), bare 2.1 parameters
/// (`TEL;CELL;PREF:`), `FN`, `N`, `TEL` (also 4.0 `tel:` URIs), `NICKNAME`,
/// `ORG`, `X-T9PHONE-STARRED` (any `X-…STARRED`) and
/// `X-T9PHONE-USED:count;lastUsed`. Other properties are ignored.
///
/// A card that cannot become a contact (no `END:VCARD`, no name, a field
/// `Contact.problem` refuses) is skipped and reported; the others are read.
public enum VCardReader {
  /// The contacts of `text` in file order, and the cards skipped.
  public static func read(_ text: String) -> VCardReadResult {
    var result = VCardReadResult()
    var lines = VCardLines(text)
    var card: VCardCard?
    var inStrayText = false

    func reportStray(_ line: Int, _ message: String) {
      if !inStrayText {
        result.issues.append(VCardIssue(line: line, cardLine: nil, message: message))
      }
      inStrayText = true
    }

    while let logical = lines.next(keepsFoldWhitespace: card?.isVersion21 ?? false) {
      switch logical {
      case .blank:
        inStrayText = false
      case .text(let line):
        if card == nil { reportStray(line, "Text outside a card") }
      case .property(let property):
        let isCardBoundary = VCardLines.isVCardValue(property.value)
        if property.name == "BEGIN" && isCardBoundary {
          if let open = card {
            result.issues.append(
              VCardIssue(line: open.line, cardLine: open.line, message: "Card has no END:VCARD"))
          }
          card = VCardCard(line: property.line)
          inStrayText = false
        } else if property.name == "END" && isCardBoundary {
          if let open = card {
            switch open.contact() {
            case .contact(let contact): result.contacts.append(contact)
            case .skipped(let issue): result.issues.append(issue)
            }
            card = nil
          } else {
            reportStray(property.line, "END:VCARD without BEGIN:VCARD")
          }
        } else if card != nil {
          card?.properties.append(property)
        } else {
          reportStray(property.line, "Text outside a card")
        }
      }
    }
    if let open = card {
      result.issues.append(
        VCardIssue(line: open.line, cardLine: open.line, message: "Card has no END:VCARD"))
    }
    return result
  }
}
