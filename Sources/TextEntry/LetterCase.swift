/// The case letters are typed in.
public enum LetterCase: Sendable, Hashable, CaseIterable {
  /// Sentence case ("Abc"): a capital at the start of the field, after `.`,
  /// `?` or `!` followed by a space, and after a newline.
  case sentence
  /// All lower case ("abc").
  case lower
  /// All upper case ("ABC").
  case upper

  /// The case `*` switches to: Abc → abc → ABC → Abc.
  public var next: LetterCase {
    switch self {
    case .sentence: .lower
    case .lower: .upper
    case .upper: .sentence
    }
  }

  /// The indicator shown on the status row.
  public var indicator: String {
    switch self {
    case .sentence: "Abc"
    case .lower: "abc"
    case .upper: "ABC"
    }
  }
}

extension LetterCase {
  /// `scalar` in upper case when it has a one-scalar upper-case form.
  public static func uppercase(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    if ("a"..."z").contains(scalar) { return Unicode.Scalar(scalar.value - 32) ?? scalar }
    if scalar.isASCII { return scalar }
    let mapped = scalar.properties.uppercaseMapping.unicodeScalars
    return mapped.count == 1 ? mapped[mapped.startIndex] : scalar
  }

  /// `scalar` in lower case when it has a one-scalar lower-case form.
  public static func lowercase(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    if ("A"..."Z").contains(scalar) { return Unicode.Scalar(scalar.value + 32) ?? scalar }
    if scalar.isASCII { return scalar }
    let mapped = scalar.properties.lowercaseMapping.unicodeScalars
    return mapped.count == 1 ? mapped[mapped.startIndex] : scalar
  }
}
