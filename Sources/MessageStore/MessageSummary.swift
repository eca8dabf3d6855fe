import SMS

/// A message as a list shows it: its parts taken together.
public struct MessageSummary: Sendable, Hashable {
  /// The message's id, the same in all its parts.
  public var id: UInt32
  /// The folder it shows in: an outgoing message is in the outbox until
  /// every part is sent, then in sent.
  public var folder: MessageFolder
  /// Its status: unread if a part is, partial if parts are missing,
  /// failed or queued if a part is, delivered if every part is.
  public var status: MessageStatus
  /// The sender or recipient.
  public var address: PhoneAddress
  /// When it was received (with the sender's offset), or written.
  public var time: SMSTimestamp?
  /// The parts the store holds.
  public var parts: Int
  /// The parts the message has.
  public var total: Int
}
