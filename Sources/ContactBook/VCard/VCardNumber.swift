import Vocabulary

/// A `TEL` value made dialable: what real exports put in a number field
/// (`x12`, `ext. 12`, `,` and `;` pauses, `1-800-FLOWERS`, full-width digits,
/// a pager's `@domain`) turned into `0-9 + * # p w` and the spaces, dashes,
/// dots, slashes and brackets kept for display, saying what did not survive.
struct VCardNumber: Sendable, Hashable {
  /// The number to store; no dialable character when nothing was left.
  var text: String
  /// Capital letters read as keypad digits (`FLOWERS` of `1-800-FLOWERS`:
  /// a run of two or more right after a digit or dash), as written.
  var vanity: [String] = []
  /// What was dropped (stray letters, an `@` address part), as written.
  var dropped: [String] = []
  /// How many dialable characters were cut beyond `PhoneNumber.maximumDialable`.
  var cut = ""

  /// Whether anything dialable is left.
  var isEmpty: Bool { VCardNumber.dialableCount(text) == 0 }

  /// Cleans a decoded `TEL` value (a `tel:` URI already unwrapped); a
  /// number the book accepts as written is kept exactly as written.
  init(_ value: String) {
    if PhoneNumber(value).problem == nil {
      text = value
      return
    }
    var output = String.UnicodeScalarView()
    var digits = 0
    // Far more than any number; what is beyond is cut unread.
    let limit = 256
    var scalars = Array(value.unicodeScalars)
    if scalars.count > limit {
      cut = String(String.UnicodeScalarView(scalars[limit...]))
      scalars.removeSubrange(limit...)
    }
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if let digit = VCardNumber.digit(scalar) {
        output.append(digit)
        digits += 1
        index += 1
        continue
      }
      if scalar == "@" {
        dropped.append(String(String.UnicodeScalarView(scalars[index...])))
        break
      }
      guard VCardNumber.isLetter(scalar) else {
        switch VCardNumber.fullWidthFolded(scalar) {
        case "+", "*", "#", " ", "-", "(", ")", ".", "/":
          output.append(VCardNumber.fullWidthFolded(scalar))
        case ",": output.append("p")
        case ";": output.append("w")
        case "\t": output.append(" ")
        default:
          if !scalar.properties.isWhitespace { dropped.append(String(scalar)) }
        }
        index += 1
        continue
      }
      var end = index
      while end < scalars.count && VCardNumber.isLetter(scalars[end]) { end += 1 }
      let run = String(String.UnicodeScalarView(scalars[index..<end]))
      let word = run.lowercased()
      if digits > 0 && VCardNumber.extensionWords.contains(word)
        && VCardNumber.digitFollows(scalars, from: end)
      {
        output.append("p")
        // `ext. 234` and `x: 12` dial as `p234`.
        while end < scalars.count, [".", ":", " ", "\t"].contains(scalars[end]) { end += 1 }
      } else if word.unicodeScalars.allSatisfy({ $0 == "p" || $0 == "w" }) {
        output.append(contentsOf: run.unicodeScalars)
      } else if digits >= 3 && run.unicodeScalars.count >= 2
        && run.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) })
        && index > 0
        && (VCardNumber.digit(scalars[index - 1]) != nil
          || ["-", "."].contains(scalars[index - 1]))
      {
        for letter in word.unicodeScalars { output.append(VCardNumber.keypadDigit(letter)) }
        digits += run.unicodeScalars.count
        vanity.append(run)
      } else {
        dropped.append(run)
      }
      index = end
    }
    text = VCardNumber.tidied(String(output))
    if VCardNumber.dialableCount(text) > PhoneNumber.maximumDialable {
      let (kept, over) = VCardNumber.cutToFit(text)
      text = kept
      cut = over + cut
    }
    if text.unicodeScalars.count > 48 {
      // Only formatting is over: keep the dialable characters.
      text = String(text.unicodeScalars.filter { VCardNumber.isDialable($0) }.map(Character.init))
    }
  }

  /// The number of characters that are dialled.
  static func dialableCount(_ text: String) -> Int {
    text.unicodeScalars.filter(isDialable).count
  }

  /// `0-9 + * # p w` (either case).
  static func isDialable(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "0"..."9", "+", "*", "#", "p", "w", "P", "W": return true
    default: return false
    }
  }

  private static let extensionWords: Set<String> = ["x", "ext", "extn", "extension", "ex"]

  /// Whether, after `.`, `:` and white space, a digit follows `index`.
  private static func digitFollows(_ scalars: [Unicode.Scalar], from index: Int) -> Bool {
    var position = index
    while position < scalars.count, [".", ":", " ", "\t"].contains(scalars[position]) {
      position += 1
    }
    return position < scalars.count && digit(scalars[position]) != nil
  }

  /// An ASCII digit for any decimal digit (full-width `３`, Arabic-Indic).
  private static func digit(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
    if ("0"..."9").contains(scalar) { return scalar }
    guard scalar.properties.numericType == .decimal,
      let value = scalar.properties.numericValue, value >= 0, value <= 9
    else { return nil }
    return Unicode.Scalar(UInt8(48 + Int(value)))
  }

  /// ASCII for the full-width forms of `+ * # - ( ) . /` and the ideographic
  /// space that Japanese phones write.
  private static func fullWidthFolded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    if scalar == "\u{3000}" { return " " }
    if (0xFF01...0xFF5E).contains(scalar.value),
      let ascii = Unicode.Scalar(scalar.value - 0xFF01 + 0x21)
    {
      return ascii
    }
    if scalar == "\u{2010}" || scalar == "\u{2011}" || scalar == "\u{2012}"
      || scalar == "\u{2013}" || scalar == "\u{2212}"
    {
      return "-"
    }
    return scalar
  }

  private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isAlphabetic && digit(scalar) == nil
  }

  /// The ITU E.161 keypad digit of a Latin letter (`a`-`z`), `0` for any
  /// other.
  private static func keypadDigit(_ letter: Unicode.Scalar) -> Unicode.Scalar {
    guard let key = KeypadLetters.key(ofLetter: letter) else { return "0" }
    return Unicode.Scalar(UInt8(ascii: "0") + key)
  }

  /// Runs of white space made one space; empty brackets, a pause or wait
  /// with nothing to dial after it, and formatting at the ends, removed.
  private static func tidied(_ text: String) -> String {
    var scalars = Array(text.unicodeScalars)
    var collapsed: [Unicode.Scalar] = []
    for scalar in scalars where !(scalar == " " && collapsed.last == " ") {
      collapsed.append(scalar)
      // Brackets left empty by a dropped word: `555 0106 (mobile)`.
      if scalar == ")", let open = collapsed.lastIndex(of: "("),
        collapsed[(open + 1)...].allSatisfy({ $0 == " " || $0 == ")" })
      {
        collapsed.removeSubrange(open...)
      }
    }
    scalars = collapsed
    let trailing: Set<Unicode.Scalar> = [" ", "-", ".", "/", "p", "w", "P", "W"]
    while let last = scalars.last, trailing.contains(last) { scalars.removeLast() }
    while let first = scalars.first, [" ", "-", ".", "/"].contains(first) {
      scalars.removeFirst()
    }
    return String(String.UnicodeScalarView(scalars))
  }

  /// The number cut after its `maximumDialable`-th dialable character, and
  /// the part cut off.
  private static func cutToFit(_ text: String) -> (kept: String, cut: String) {
    var count = 0
    let scalars = Array(text.unicodeScalars)
    for (index, scalar) in scalars.enumerated() where isDialable(scalar) {
      count += 1
      if count == PhoneNumber.maximumDialable {
        let kept = tidied(String(String.UnicodeScalarView(scalars[...index])))
        let cut = String(String.UnicodeScalarView(scalars[(index + 1)...]))
        return (kept, cut)
      }
    }
    return (text, "")
  }
}
