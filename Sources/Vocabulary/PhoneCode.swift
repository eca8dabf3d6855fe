/// A code typed in the dialer that the phone carries out itself, never
/// sending it to the network as USSD (3GPP TS 22.030 §6.6).
public enum PhoneCode: Sendable, Hashable {
  /// `*#06#`: show the IMEI (`AT+CGSN`).
  case imei
  /// `**04*OLD*NEW*NEW#`: change the PIN (`AT+CPWD="SC",…`).
  case changePIN(old: String, new: String)
  /// `**05*PUK*NEW*NEW#`: unblock the PIN with the PUK (`AT+CPIN="PUK","NEW"`).
  case unblockPIN(puk: String, new: String)

  /// The code `text` is, if it is one; a code whose new PIN and its
  /// repetition differ is none (`mismatch` says so).
  public static func parse(_ text: String) -> (code: PhoneCode?, mismatch: Bool) {
    if text == "*#06#" { return (.imei, false) }
    for (prefix, unblock) in [("**04*", false), ("**05*", true)] where text.hasPrefix(prefix) {
      guard text.hasSuffix("#") else { return (nil, false) }
      let fields = text.dropFirst(5).dropLast().split(
        separator: "*", omittingEmptySubsequences: false)
      guard fields.count == 3,
        fields.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } })
      else { return (nil, false) }
      guard fields[1] == fields[2] else { return (nil, true) }
      let (first, new) = (String(fields[0]), String(fields[1]))
      return (unblock ? .unblockPIN(puk: first, new: new) : .changePIN(old: first, new: new), false)
    }
    return (nil, false)
  }
}
