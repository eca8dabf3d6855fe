/// Writes contacts as vCard 3.0 (RFC 2426), for `VCardReader` and other
/// address books to read back.
///
/// Each card has `VERSION:3.0`, `FN`, `N`, one `TEL;TYPE=…` per number
/// (`CELL`, `HOME`, `WORK`, `VOICE` for other), `NICKNAME` and `ORG` when
/// set, and `X-T9PHONE-STARRED:1` and `X-T9PHONE-USED:count;lastUsed` when
/// the contact is starred or was used. Text values escape `\` `,` `;` and
/// line breaks; lines longer than 75 octets are folded between characters
/// (never inside a UTF-8 sequence); lines end with CR LF.
public enum VCardWriter {
  /// The most octets on a line, CR LF not counted.
  static let maximumLineOctets = 75

  /// The vCard text of `contacts`, in order ("" for none).
  public static func write(_ contacts: [Contact]) -> String {
    var output = ""
    for contact in contacts {
      for line in lines(of: contact) {
        for physical in folded(line) {
          output += physical
          output += "\r\n"
        }
      }
    }
    return output
  }

  /// The unfolded lines of one card.
  static func lines(of contact: Contact) -> [String] {
    let escaped = VCardText.escaped
    let (family, given) = nameParts(contact.name)
    var lines = [
      "BEGIN:VCARD", "VERSION:3.0", "FN:\(escaped(contact.name))",
      "N:\(escaped(family));\(escaped(given));;;",
    ]
    for number in contact.numbers {
      lines.append("TEL;TYPE=\(type(of: number.label)):\(escaped(number.text))")
    }
    if !contact.nickname.isEmpty { lines.append("NICKNAME:\(escaped(contact.nickname))") }
    if !contact.organisation.isEmpty { lines.append("ORG:\(escaped(contact.organisation))") }
    if contact.starred { lines.append("X-T9PHONE-STARRED:1") }
    if contact.timesUsed != 0 || contact.lastUsed != 0 {
      lines.append("X-T9PHONE-USED:\(contact.timesUsed);\(contact.lastUsed)")
    }
    lines.append("END:VCARD")
    return lines
  }

  /// `N`'s family and given names: "John Smith" is Smith, John; a name that
  /// cannot be split sensibly (one word, three words, Chinese, digits) is
  /// all given name.
  static func nameParts(_ name: String) -> (family: String, given: String) {
    let words = name.split(separator: " ", omittingEmptySubsequences: false)
    guard words.count == 2, let first = words.first, let last = words.last else {
      return ("", name)
    }
    func isPlainWord(_ word: Substring) -> Bool {
      guard let initial = word.first, initial.isLetter else { return false }
      return word.allSatisfy { $0.isLetter || $0 == "-" || $0 == "'" || $0 == "’" || $0 == "." }
        && !word.unicodeScalars.contains(where: VCardText.isEastAsian)
    }
    guard isPlainWord(first) && isPlainWord(last) else { return ("", name) }
    return (String(last), String(first))
  }

  /// The `TYPE` written for a label.
  static func type(of label: PhoneNumber.Label) -> String {
    switch label {
    case .mobile: "CELL"
    case .home: "HOME"
    case .work: "WORK"
    case .other: "VOICE"
    }
  }

  /// `line` folded: the first line and each continuation (a space, then the
  /// text) at most 75 octets, split between characters, or between the
  /// scalars of a character too long for a line, never inside one.
  static func folded(_ line: String) -> [String] {
    guard line.utf8.count > maximumLineOctets else { return [line] }
    var lines: [String] = []
    var current = String.UnicodeScalarView()
    var octets = 0
    func startContinuation() {
      lines.append(String(current))
      current = String.UnicodeScalarView([" "])
      octets = 1
    }
    for character in line {
      let size = character.utf8.count
      if octets + size > maximumLineOctets && size < maximumLineOctets {
        startContinuation()
      }
      for scalar in character.unicodeScalars {
        let scalarSize = UTF8.width(scalar)
        if octets + scalarSize > maximumLineOctets { startContinuation() }
        current.append(scalar)
        octets += scalarSize
      }
    }
    lines.append(String(current))
    return lines
  }
}
