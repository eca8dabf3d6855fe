/// What a text field holds, like a phone OS's text-input traits: it decides
/// which characters and input modes the field accepts.
public enum ContentType: String, Sendable, Hashable, CaseIterable {
  /// Free text: every character, every mode.
  case text
  /// A person's name: letters, digits, spaces and `. ' - , &`; starts in Abc.
  case name
  /// A phone number: only `0-9 + * # p w`, in 123 mode.
  case phone
  /// A number: digits only, in 123 mode.
  case number

  /// Whether the field accepts `scalar`.
  public func accepts(_ scalar: Unicode.Scalar) -> Bool {
    switch self {
    case .text:
      return true
    case .name:
      if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) { return true }
      return scalar == " " || scalar == "." || scalar == "'" || scalar == "-" || scalar == ","
        || scalar == "&"
    case .phone:
      return ("0"..."9").contains(scalar) || scalar == "+" || scalar == "*" || scalar == "#"
        || scalar == "p" || scalar == "w"
    case .number:
      return ("0"..."9").contains(scalar)
    }
  }

  /// Whether the field can be typed in `mode`.
  public func allows(_ mode: InputMode) -> Bool {
    switch self {
    case .text, .name: true
    case .phone, .number: mode == .numeric
    }
  }

  /// The mode a new field of this type starts in.
  public func initialMode(predictiveAvailable: Bool) -> InputMode {
    switch self {
    case .text: predictiveAvailable ? .predictive : .multitap
    case .name: .multitap
    case .phone, .number: .numeric
    }
  }

  /// The short notice shown when a character is refused.
  public var refusalNotice: String {
    switch self {
    case .text: "Not allowed"
    case .name: "Not in a name"
    case .phone: "0-9 + * # p w"
    case .number: "Digits only"
    }
  }
}
