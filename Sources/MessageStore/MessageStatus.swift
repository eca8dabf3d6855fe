/// What became of a message, or of one of its parts.
public enum MessageStatus: UInt8, Sendable, Hashable, CaseIterable {
  /// Received, not yet read.
  case unread = 1
  /// Received and read.
  case read = 2
  /// Taken by the network.
  case sent = 3
  /// Reported delivered by the network.
  case delivered = 4
  /// Waiting to be sent.
  case queued = 5
  /// Refused for good, or given up on after retries.
  case failed = 6
  /// Received with parts missing, shown after the reassembly timeout.
  case partial = 7
  /// Being written.
  case draft = 8

  /// The word `messages list` prints.
  public var name: String {
    switch self {
    case .unread: "unread"
    case .read: "read"
    case .sent: "sent"
    case .delivered: "delivered"
    case .queued: "queued"
    case .failed: "failed"
    case .partial: "partial"
    case .draft: "draft"
    }
  }
}
