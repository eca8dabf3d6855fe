import SMS

/// What the simulated network does in a scenario (`network …`).
public enum NetworkAction: Sendable, Hashable {
  /// Delivers a message from a number or a sender name, split and coded
  /// as a network would (`network sms FROM "TEXT"`).
  case sms(from: String, text: String)
  /// Delivers one SMS-DELIVER PDU as given, service-centre field first
  /// (`network pdu HEX`).
  case pdu([UInt8])
  /// Sending fails with `+CMS ERROR: 38` (`network refuse-sends`), or
  /// works again (`network accept-sends`).
  case refusesSends(Bool)
}
