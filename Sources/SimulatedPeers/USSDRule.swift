/// What the simulated network replies to one USSD request.
struct USSDRule: Sendable, Hashable {
  /// The code or answer the phone sends.
  var request: String
  /// The reply's text.
  var reply: String
  /// Whether the network then waits for an answer.
  var menu: Bool
  /// Whether the reply goes in UCS-2.
  var ucs2: Bool
  /// Whether the rule was used (each is used once).
  var used = false
}
