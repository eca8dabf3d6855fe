/// What a status report says became of a message (TS 23.040 §9.2.3.15).
public struct DeliveryStatus: Sendable, Hashable {
  /// The TP-Status octet.
  public let octet: UInt8

  /// The status an octet stands for.
  public init(_ octet: UInt8) { self.octet = octet }

  /// The message reached the recipient (0x00–0x1F).
  public var isDelivered: Bool { octet < 0x20 }
  /// The network gave up on the message (0x40–0x5F, 0x60–0x7F).
  public var isFailed: Bool { octet >= 0x40 }
  /// The network is still trying (0x20–0x3F).
  public var isPending: Bool { !isDelivered && !isFailed }

  /// `delivered`, `pending` or `failed`, and the octet in hex:
  /// `delivered (00)`.
  public var text: String {
    let word = isDelivered ? "delivered" : isPending ? "pending" : "failed"
    return "\(word) (\(Hex.string([octet])))"
  }
}
