import KeypadInput

/// Which logical phone key each Linux key code stands for, and the hold
/// policies the keymap sets; read from a keymap file (see docs/keymaps.md).
public struct Keymap: Sendable, Hashable {
  /// The keymap's name, from its `keymap NAME` line.
  public var name: String
  private var keys: [UInt16: Key]
  private var holdPolicies: [Key: HoldPolicy]

  /// Creates a keymap from a table of codes; no check is made that the
  /// twelve keys are mapped (the parser checks that).
  public init(name: String, keys: [UInt16: Key], holdPolicies: [Key: HoldPolicy] = [:]) {
    self.name = name
    self.keys = keys
    self.holdPolicies = holdPolicies
  }

  /// Reads a keymap from `text`; `file` names it in error messages.
  public static func parse(_ text: String, file: String) throws(KeymapError) -> Keymap {
    var parser = KeymapParser(file: file)
    return try parser.parse(text)
  }

  /// The logical key for the evdev key `code`, or nil when it is not mapped.
  public func key(for code: UInt16) -> Key? { keys[code] }

  /// Every mapped evdev code, in ascending order.
  public var codes: [UInt16] { keys.keys.sorted() }

  /// The codes mapped to `key`, in ascending order.
  public func codes(for key: Key) -> [UInt16] {
    keys.filter { $0.value == key }.map { $0.key }.sorted()
  }

  /// The hold policy the keymap sets for `key`, or nil when it leaves the
  /// firmware's default.
  public func holdPolicy(for key: Key) -> HoldPolicy? { holdPolicies[key] }

  /// Sets the hold policies this keymap gives in `settings`; the other keys
  /// keep theirs.
  public func applyHoldPolicies(to settings: inout GestureSettings) {
    for (key, policy) in holdPolicies { settings.setHoldPolicy(policy, for: key) }
  }
}
