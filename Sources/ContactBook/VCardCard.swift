import TextFolding

/// The properties of one card between `BEGIN:VCARD` and `END:VCARD`, and
/// the contact they describe.
struct VCardCard: Sendable {
  /// The 1-based line of `BEGIN:VCARD`.
  var line: Int
  /// The properties in order.
  var properties: [VCardProperty] = []

  /// Why the card is skipped: the line at fault, the name if known, the
  /// message.
  private struct Problem: Error {
    var line: Int
    var name: String?
    var message: String
  }

  /// Whether the card says `VERSION:2.1` (folding keeps white space; a comma
  /// is not a list separator).
  var isVersion21: Bool {
    guard let version = properties.first(where: { $0.name == "VERSION" }) else { return false }
    return VCardText.trimmed(String(decoding: version.value, as: UTF8.self)) == "2.1"
  }

  /// What a card becomes.
  enum Outcome {
    /// A contact that passes `Contact.problem`.
    case contact(Contact)
    /// Why the card is skipped.
    case skipped(VCardIssue)
  }

  /// The contact, or the issue that skips the card.
  func contact() -> Outcome {
    do throws(Problem) {
      return .contact(try build())
    } catch {
      return .skipped(
        VCardIssue(line: error.line, cardLine: line, name: error.name, message: error.message))
    }
  }

  private func build() throws(Problem) -> Contact {
    var name = ""
    var nameLine = line
    for property in properties where property.name == "FN" {
      name = VCardText.trimmed(try decoded(property.value, of: property))
      nameLine = property.line
      if !name.isEmpty { break }
    }
    if name.isEmpty, let structured = properties.first(where: { $0.name == "N" }) {
      name = try displayName(structured)
      nameLine = structured.line
    }

    var organisation = ""
    var organisationLine = line
    if let property = properties.first(where: { $0.name == "ORG" }) {
      let unit = VCardText.split(property.value, on: UInt8(ascii: ";")).first ?? []
      organisation = VCardText.trimmed(try decoded(unit, of: property))
      organisationLine = property.line
    }
    if name.isEmpty && !organisation.isEmpty {
      // A business card with only `ORG`.
      name = organisation
      nameLine = organisationLine
    }
    guard !name.isEmpty else {
      throw Problem(line: line, message: "Card has no name (FN or N)")
    }

    var nickname = ""
    var nicknameLine = line
    if let property = properties.first(where: { $0.name == "NICKNAME" }) {
      nickname = try list(property.value, of: property).joined(separator: ", ")
      nicknameLine = property.line
    }

    var numbers: [PhoneNumber] = []
    var numberLines: [Int] = []
    for property in properties where property.name == "TEL" {
      guard let text = VCardCard.numberText(try decoded(property.value, of: property)) else {
        continue
      }
      numbers.append(PhoneNumber(text, label: label(of: property)))
      numberLines.append(property.line)
    }

    var contact = Contact(
      name: name, numbers: numbers, nickname: nickname, organisation: organisation)
    contact.starred = properties.contains { property in
      property.name.hasPrefix("X-") && property.name.hasSuffix("STARRED")
        && ["1", "true", "yes"].contains(plain(property).lowercased())
    }
    if let used = properties.first(where: { $0.name == "X-T9PHONE-USED" }) {
      let fields = plain(used).split(separator: ";", omittingEmptySubsequences: false).map {
        VCardText.trimmed(String($0))
      }
      contact.timesUsed = fields.first.flatMap { Int($0) } ?? 0
      contact.lastUsed = fields.count > 1 ? Int64(fields[1]) ?? 0 : 0
    }

    guard let problem = contact.problem else { return contact }
    let problemLine: Int
    if name.count > Contact.maximumName {
      problemLine = nameLine
    } else if nickname.count > Contact.maximumName {
      problemLine = nicknameLine
    } else if organisation.count > Contact.maximumName {
      problemLine = organisationLine
    } else if numbers.count > Contact.maximumNumbers {
      problemLine = numberLines[Contact.maximumNumbers]
    } else if let bad = numbers.firstIndex(where: { $0.problem != nil }) {
      problemLine = numberLines[bad]
    } else {
      problemLine = line
    }
    throw Problem(line: problemLine, name: name, message: problem)
  }

  /// The display name from `N` (family;given;additional;prefixes;suffixes):
  /// "Dr. John Paul Smith Jr.", or family then given without a space for
  /// Chinese, Japanese and Korean names ("山田太郎").
  private func displayName(_ property: VCardProperty) throws(Problem) -> String {
    let components = VCardText.split(property.value, on: UInt8(ascii: ";"))
    var parts: [String] = []
    for component in components.prefix(5) {
      parts.append(try list(component, of: property).joined(separator: " "))
    }
    while parts.count < 5 { parts.append("") }
    let (family, given) = (parts[0], parts[1])
    func isEastAsian(_ text: String) -> Bool {
      text.unicodeScalars.contains(where: VCardText.isEastAsian)
    }
    if isEastAsian(family) && (given.isEmpty || isEastAsian(given)) {
      return family + given
    }
    return [parts[3], given, parts[2], family, parts[4]].filter { !$0.isEmpty }.joined(
      separator: " ")
  }

  /// The non-empty values of a comma-separated list (a single value in 2.1,
  /// where a comma is just a comma).
  private func list(_ bytes: [UInt8], of property: VCardProperty) throws(Problem) -> [String] {
    let items = isVersion21 ? [bytes] : VCardText.split(bytes, on: UInt8(ascii: ","))
    var values: [String] = []
    for item in items {
      let value = VCardText.trimmed(try decoded(item, of: property))
      if !value.isEmpty { values.append(value) }
    }
    return values
  }

  /// The text of part of `property`'s value: quoted-printable and its
  /// character set decoded, escapes removed.
  private func decoded(_ bytes: [UInt8], of property: VCardProperty) throws(Problem) -> String {
    guard property.isQuotedPrintable else {
      // Split at ASCII bytes only, so still valid UTF-8.
      return VCardText.unescaped(String(decoding: bytes, as: UTF8.self))
    }
    let charset = property.charset
    guard
      let text = VCardText.decoded(VCardText.quotedPrintableDecoded(bytes), charset: charset)
    else {
      throw Problem(
        line: property.line, message: "Unsupported character set \((charset ?? "").uppercased())")
    }
    return VCardText.unescaped(text)
  }

  /// A value that is a number or flag, trimmed ("" if it cannot be decoded).
  private func plain(_ property: VCardProperty) -> String {
    VCardText.trimmed((try? decoded(property.value, of: property)) ?? "")
  }

  /// The label of a `TEL`: from its types (`CELL`, `TYPE=cell`, `mobile`,
  /// `iphone` are mobile; fax and pager are other), else from Apple's
  /// `X-ABLabel` of the same group, else other.
  private func label(of property: VCardProperty) -> PhoneNumber.Label {
    let types = Set(property.types)
    if !types.isDisjoint(with: ["cell", "mobile", "iphone", "cellular"]) { return .mobile }
    if !types.isDisjoint(with: ["fax", "pager", "textphone", "video", "modem", "car", "isdn"]) {
      return .other
    }
    if types.contains("home") { return .home }
    if types.contains("work") { return .work }
    guard !property.group.isEmpty,
      let labelProperty = properties.first(where: {
        $0.group == property.group && $0.name == "X-ABLABEL"
      })
    else { return .other }
    // "_$!<Mobile>!$_", "_$!<HomeFAX>!$_" or a custom label.
    let label = plain(labelProperty).lowercased()
    func mentions(_ words: String...) -> Bool {
      words.contains { TextSearch.occurs($0, in: label) }
    }
    if mentions("fax", "pager") { return .other }
    if mentions("mobile", "cell", "iphone") { return .mobile }
    if mentions("home") { return .home }
    if mentions("work") { return .work }
    return .other
  }

  /// The number of a `TEL` value: trimmed, a 4.0 `tel:` URI unwrapped (its
  /// `ext=` becomes a `p` pause and the extension), nil for an empty value
  /// or another kind of URI (`sip:`).
  static func numberText(_ value: String) -> String? {
    let text = VCardText.trimmed(value)
    guard text.lowercased().hasPrefix("tel:") else {
      return text.isEmpty || text.contains(":") ? nil : text
    }
    let parts = text.dropFirst(4).split(separator: ";", omittingEmptySubsequences: false)
    var number = VCardText.percentDecoded(String(parts.first ?? ""))
    for parameter in parts.dropFirst() where parameter.lowercased().hasPrefix("ext=") {
      number += "p" + parameter.dropFirst(4)
    }
    number = VCardText.trimmed(number)
    return number.isEmpty ? nil : number
  }
}
