/// One of a contact's numbers, as the user typed it (spaces, dashes and
/// brackets kept for display), with its label.
public struct PhoneNumber: Sendable, Hashable {
  /// What the number is for.
  public enum Label: String, Sendable, Hashable, CaseIterable {
    /// A mobile phone.
    case mobile
    /// At home.
    case home
    /// At work.
    case work
    /// Anything else.
    case other
  }

  /// The label.
  public var label: Label
  /// The number as typed: `0-9 + * # p w` plus spaces, dashes, brackets.
  public var text: String

  /// The most dialable characters (`0-9 + * # p w`) a number may have.
  public static let maximumDialable = 32

  /// Creates a number.
  public init(_ text: String, label: Label = .mobile) {
    self.text = text
    self.label = label
  }

  /// Why the number is refused, or nil if it is acceptable.
  public var problem: String? {
    var dialable = 0
    for scalar in text.unicodeScalars {
      switch scalar {
      case "0"..."9", "+", "*", "#", "p", "w", "P", "W": dialable += 1
      case " ", "-", "(", ")", ".", "/": continue
      default: return "Number has '\(scalar)': only 0-9 + * # p w"
      }
    }
    if dialable == 0 { return "Number is empty" }
    if dialable > PhoneNumber.maximumDialable {
      return "Number too long (\(dialable)/\(PhoneNumber.maximumDialable))"
    }
    if text.unicodeScalars.count > 48 { return "Number too long to keep" }
    return nil
  }

  /// The characters a query is matched against (`0-9 * #`, a leading `+`
  /// dropped), with the index in `text` of each.
  public var searchDigits: (digits: [UInt8], sources: [Int]) {
    var digits: [UInt8] = []
    var sources: [Int] = []
    for (index, scalar) in text.unicodeScalars.enumerated() {
      switch scalar {
      case "0"..."9":
        digits.append(UInt8(scalar.value - 48))
        sources.append(index)
      case "*":
        digits.append(10)
        sources.append(index)
      case "#":
        digits.append(11)
        sources.append(index)
      default:
        continue
      }
    }
    return (digits, sources)
  }
}
