/// A logical key of the phone: the twelve keys of a 3x4 keypad and the
/// optional extended keys some keypads have.
///
/// Raw values are the names used in scenarios, keymaps and logs.
public enum Key: String, CaseIterable, Sendable, Hashable {
  /// Digit keys.
  case zero = "0", one = "1", two = "2", three = "3", four = "4"
  /// Digit keys.
  case five = "5", six = "6", seven = "7", eight = "8", nine = "9"
  /// The star key, lower left.
  case star = "*"
  /// The hash (pound) key, lower right.
  case hash = "#"
  /// Confirms: accept a pending letter, select a list item.
  case ok
  /// Goes back or deletes.
  case back
  /// Navigation keys.
  case up, down, left, right
  /// Starts a call.
  case call
  /// Ends a call; returns to the idle screen from anywhere.
  case end
  /// The soft keys under the screen's bottom corners.
  case softLeft = "softleft", softRight = "softright"

  /// The twelve keys of a 3x4 keypad, in keypad order.
  public static let twelveKeys: [Key] = [
    .one, .two, .three, .four, .five, .six, .seven, .eight, .nine, .star, .zero, .hash,
  ]

  /// The digit this key carries, if it is a digit key.
  public var digit: UInt8? { index < 10 ? UInt8(index) : nil }

  /// The digit key for `digit` (0–9).
  public init?(digit: Int) {
    guard (0...9).contains(digit) else { return nil }
    self = Key.allCases[digit]
  }

  /// Whether the key is one of the twelve keys of a 3x4 keypad.
  public var isTwelveKey: Bool { digit != nil || self == .star || self == .hash }

  /// The scenario and log name of the key (`5`, `*`, `ok`).
  public var name: String { rawValue }

  /// A dense index (0 ..< `Key.allCases.count`) for fixed-size tables.
  public var index: Int {
    switch self {
    case .zero: 0
    case .one: 1
    case .two: 2
    case .three: 3
    case .four: 4
    case .five: 5
    case .six: 6
    case .seven: 7
    case .eight: 8
    case .nine: 9
    case .star: 10
    case .hash: 11
    case .ok: 12
    case .back: 13
    case .up: 14
    case .down: 15
    case .left: 16
    case .right: 17
    case .call: 18
    case .end: 19
    case .softLeft: 20
    case .softRight: 21
    }
  }

  /// How many keys there are; the size of per-key tables.
  public static let count = 22
}
