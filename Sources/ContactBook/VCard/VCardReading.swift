import TextFolding

/// One pass of `VCardReader` over a file: the open cards (a 2.1 `AGENT`
/// card nests inside the card that names it), the contacts and issues
/// found so far, each with the line that orders it in the result.
struct VCardReading<Decoder: CharsetDecoder> {
  /// How values become text.
  let values: VCardValues<Decoder>
  private var open: [VCardCard] = []
  private var contacts: [(line: Int, contact: Contact)] = []
  private var issues: [VCardIssue] = []
  private var inStrayText = false
  /// While reading a 3.0 inline `AGENT` value: the line of the property,
  /// which every line of the nested text reports.
  private var agentLine: Int?

  /// A pass with nothing read yet.
  init(values: VCardValues<Decoder>) {
    self.values = values
  }

  /// The contacts in the order of their cards' first lines, and the issues
  /// in file order.
  func result() -> VCardReadResult {
    let ordered = contacts.enumerated().sorted { first, second in
      first.element.line != second.element.line
        ? first.element.line < second.element.line : first.offset < second.offset
    }
    let sortedIssues = issues.enumerated().sorted { first, second in
      first.element.line != second.element.line
        ? first.element.line < second.element.line : first.offset < second.offset
    }
    return VCardReadResult(
      contacts: ordered.map { $0.element.contact }, issues: sortedIssues.map { $0.element })
  }

  /// Reads the cards of `bytes`; the cards still open at the end are read as
  /// far as they go.
  mutating func read(_ bytes: [UInt8]) {
    var lines = VCardLines(bytes)
    while let logical = lines.next(keepsFoldWhitespace: open.last?.isVersion21 ?? false) {
      switch logical {
      case .blank:
        inStrayText = false
      case .text(let line):
        if open.isEmpty { reportStray(place(line), "text outside a card") }
      case .property(var property):
        property.line = place(property.line)
        let isCardBoundary = VCardLines.isVCardValue(property.value)
        if property.name == "BEGIN" && isCardBoundary {
          if let last = open.last, !last.awaitsNestedCard {
            close(missingEnd: true)
          }
          open.append(VCardCard(line: property.line))
          inStrayText = false
        } else if property.name == "END" && isCardBoundary {
          if open.isEmpty {
            reportStray(property.line, "END:VCARD without BEGIN:VCARD")
          } else {
            close(missingEnd: false)
          }
        } else if !open.isEmpty {
          open[open.count - 1].properties.append(property)
        } else {
          reportStray(property.line, "text outside a card")
        }
      }
    }
    while !open.isEmpty { close(missingEnd: true) }
  }

  /// A line of the text being read as a line of the file.
  private func place(_ line: Int) -> Int { agentLine ?? line }

  private mutating func reportStray(_ line: Int, _ message: String) {
    if !inStrayText {
      issues.append(VCardIssue(line: line, cardLine: nil, message: message, kind: .strayText))
    }
    inStrayText = true
  }

  /// Turns the innermost open card into a contact, then reads the cards of
  /// its 3.0 inline `AGENT` values.
  private mutating func close(missingEnd: Bool) {
    guard let card = open.popLast() else { return }
    switch card.contact(values) {
    case .contact(let contact, let changes):
      contacts.append((card.line, contact))
      if missingEnd {
        issues.append(
          VCardIssue(
            line: card.line, cardLine: card.line, name: contact.name,
            message: "card has no END:VCARD: read as far as it goes", kind: .changed))
      }
      issues += changes
    case .skipped(var issue):
      if missingEnd { issue.message = "card has no END:VCARD, and " + issue.message }
      issues.append(issue)
    }
    for property in card.properties where property.name == "AGENT" {
      let text = VCardText.unescaped(values.text(of: property).text)
      guard TextSearch.occurs("begin:vcard", in: text.lowercased()) else { continue }
      let outer = agentLine
      agentLine = property.line
      read(Array(text.utf8))
      agentLine = outer
    }
  }
}
