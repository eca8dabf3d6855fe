import TextFolding

/// The properties of one card between `BEGIN:VCARD` and `END:VCARD`, and
/// the contact they describe.
///
/// A card with a name or a number always becomes a contact: what exceeds
/// the book's limits is cut to fit (the preferred and mobile numbers kept
/// first, then the file's order), a nameless card is named after its
/// organisation, nickname or first number, and each change is reported.
struct VCardCard: Sendable {
  /// The 1-based line of `BEGIN:VCARD`.
  var line: Int
  /// The properties in order.
  var properties: [VCardProperty] = []

  /// Whether the card says `VERSION:2.1` (folding keeps white space; a comma
  /// is not a list separator).
  var isVersion21: Bool {
    guard let version = properties.first(where: { $0.name == "VERSION" }) else { return false }
    return VCardText.trimmed(String(decoding: version.value, as: UTF8.self)) == "2.1"
  }

  /// Whether the last property read is a vCard 2.1 `AGENT` waiting for the
  /// card nested after it.
  var awaitsNestedCard: Bool {
    guard let last = properties.last, last.name == "AGENT" else { return false }
    return last.value.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
  }

  /// What a card becomes.
  enum Outcome {
    /// The contact (passes `Contact.problem`) and what was changed to keep it.
    case contact(Contact, [VCardIssue])
    /// Why the card is skipped.
    case skipped(VCardIssue)
  }

  /// One `TEL` that can be kept.
  private struct Number {
    var number: PhoneNumber
    var line: Int
    var preferred: Bool
  }

  /// The contact, or the issue that skips the card.
  func contact<Decoder: CharsetDecoder>(_ values: VCardValues<Decoder>) -> Outcome {
    var notes: [(line: Int, message: String)] = []
    func text(_ property: VCardProperty) -> String {
      let (text, warning) = values.text(of: property)
      if let warning { notes.append((property.line, warning)) }
      return text
    }

    var name = ""
    var nameLine = line
    for property in properties where property.name == "FN" {
      name = VCardText.trimmed(VCardText.unescaped(text(property)))
      nameLine = property.line
      if !name.isEmpty { break }
    }
    if name.isEmpty, let structured = properties.first(where: { $0.name == "N" }) {
      name = displayName(text(structured))
      nameLine = structured.line
    }

    var organisation = ""
    if let property = properties.first(where: { $0.name == "ORG" }) {
      let unit = VCardText.split(text(property), on: ";").first ?? ""
      organisation = VCardText.trimmed(VCardText.unescaped(unit))
    }
    var nickname = ""
    if let property = properties.first(where: { $0.name == "NICKNAME" }) {
      nickname = list(text(property)).joined(separator: ", ")
    }

    var numbers: [Number] = []
    var seen: Set<String> = []
    for property in properties where property.name == "TEL" {
      guard let raw = VCardCard.numberText(VCardText.unescaped(text(property))) else { continue }
      let cleaned = VCardNumber(raw)
      if cleaned.isEmpty {
        notes.append((property.line, "number \"\(raw)\" has nothing to dial: not kept"))
        continue
      }
      if !cleaned.dropped.isEmpty {
        let parts = cleaned.dropped.map { "\"\($0)\"" }.joined(separator: ", ")
        notes.append((property.line, "number \"\(raw)\": dropped \(parts), kept \(cleaned.text)"))
      }
      if !cleaned.vanity.isEmpty {
        let words = cleaned.vanity.joined(separator: ", ")
        notes.append((property.line, "number \"\(raw)\": \(words) read as keypad digits"))
      }
      if !cleaned.cut.isEmpty {
        notes.append(
          (
            property.line,
            "number cut to fit (\(PhoneNumber.maximumDialable) dialable characters): left out \"\(cleaned.cut)\""
          ))
      }
      guard seen.insert(VCardCard.dialString(cleaned.text)).inserted else { continue }
      numbers.append(
        Number(
          number: PhoneNumber(cleaned.text, label: label(of: property)), line: property.line,
          preferred: isPreferred(property)))
    }

    if name.isEmpty {
      if !organisation.isEmpty {
        name = organisation
      } else if !nickname.isEmpty {
        name = nickname
      } else if let first = numbers.first {
        name = first.number.text
        notes.append((first.line, "card has no name: named after its number"))
      } else {
        return .skipped(
          VCardIssue(line: line, cardLine: line, message: "card has neither a name nor a number"))
      }
    }

    var kept = numbers
    if numbers.count > Contact.maximumNumbers {
      let ranked = numbers.indices.sorted { first, second in
        let (a, b) = (numbers[first], numbers[second])
        if a.preferred != b.preferred { return a.preferred }
        let (aMobile, bMobile) = (a.number.label == .mobile, b.number.label == .mobile)
        if aMobile != bMobile { return aMobile }
        return first < second
      }
      let chosen = Set(ranked.prefix(Contact.maximumNumbers))
      kept = numbers.indices.filter { chosen.contains($0) }.map { numbers[$0] }
      for index in numbers.indices where !chosen.contains(index) {
        let number = numbers[index]
        notes.append(
          (
            number.line,
            "number \(number.number.text) (\(number.number.label.rawValue)) not kept: a contact holds \(Contact.maximumNumbers) numbers, preferred and mobile first"
          ))
      }
    }

    var contact = Contact(
      name: name, numbers: kept.map { $0.number }, nickname: nickname, organisation: organisation)
    contact.starred = properties.contains { property in
      property.name.hasPrefix("X-") && property.name.hasSuffix("STARRED")
        && ["1", "true", "yes"].contains(plain(property, values).lowercased())
    }
    if let used = properties.first(where: { $0.name == "X-T9PHONE-USED" }) {
      let fields = plain(used, values).split(separator: ";", omittingEmptySubsequences: false).map {
        VCardText.trimmed(String($0))
      }
      contact.timesUsed = fields.first.flatMap { Int($0) } ?? 0
      contact.lastUsed = fields.count > 1 ? Int64(fields[1]) ?? 0 : 0
    }
    for cut in contact.cutTextToFit() {
      let field: String
      var fieldLine = line
      switch cut.field {
      case .name:
        field = "name"
        fieldLine = nameLine
      case .nickname:
        field = "nickname"
        fieldLine = properties.first(where: { $0.name == "NICKNAME" })?.line ?? line
      case .organisation:
        field = "organisation"
        fieldLine = properties.first(where: { $0.name == "ORG" })?.line ?? line
      }
      notes.append(
        (
          fieldLine,
          "\(field) cut to fit (\(cut.originalLength - cut.removed.count) of \(cut.originalLength) characters): left out \"\(cut.removed)\""
        ))
    }
    let issues = notes.sorted { $0.line < $1.line }.map { note in
      VCardIssue(
        line: note.line, cardLine: line, name: contact.name, message: note.message, kind: .changed)
    }
    return .contact(contact, issues)
  }

  /// The display name from `N` (family;given;additional;prefixes;suffixes):
  /// "Dr. John Paul Smith Jr.", or family then given without a space for
  /// Chinese, Japanese and Korean names ("山田太郎").
  private func displayName(_ value: String) -> String {
    var parts = VCardText.split(value, on: ";").prefix(5).map { list($0).joined(separator: " ") }
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
  /// where a comma is just a comma), unescaped.
  private func list(_ value: String) -> [String] {
    let items = isVersion21 ? [value] : VCardText.split(value, on: ",")
    return items.map { VCardText.trimmed(VCardText.unescaped($0)) }.filter { !$0.isEmpty }
  }

  /// A value that is a number or flag, trimmed.
  private func plain<Decoder: CharsetDecoder>(
    _ property: VCardProperty, _ values: VCardValues<Decoder>
  ) -> String {
    VCardText.trimmed(VCardText.unescaped(values.text(of: property).text))
  }

  /// Whether a `TEL` is marked preferred (`PREF`, `TYPE=pref`, 4.0 `PREF=1`).
  private func isPreferred(_ property: VCardProperty) -> Bool {
    property.types.contains("pref") || !property.values(of: "PREF").isEmpty
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
    let label = VCardText.trimmed(String(decoding: labelProperty.value, as: UTF8.self)).lowercased()
    func mentions(_ words: String...) -> Bool {
      words.contains { TextSearch.occurs($0, in: label) }
    }
    if mentions("fax", "pager") { return .other }
    if mentions("mobile", "cell", "iphone") { return .mobile }
    if mentions("home") { return .home }
    if mentions("work") { return .work }
    return .other
  }

  /// The dialable characters of a number, lower case: two numbers with the
  /// same dial string are one number written twice.
  private static func dialString(_ text: String) -> String {
    String(text.lowercased().unicodeScalars.filter(VCardNumber.isDialable).map(Character.init))
  }

  /// The number of a `TEL` value: trimmed, a 4.0 `tel:` URI unwrapped (its
  /// `ext=` becomes a `p` pause and the extension), nil for an empty value
  /// or another kind of URI (`sip:`).
  static func numberText(_ value: String) -> String? {
    let text = VCardText.trimmed(value)
    guard text.lowercased().hasPrefix("tel:") else {
      let lowered = text.lowercased()
      let isOtherURI = ["sip:", "sips:", "mailto:", "http:", "https:", "xmpp:"].contains {
        lowered.hasPrefix($0)
      }
      return text.isEmpty || isOtherURI ? nil : text
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
