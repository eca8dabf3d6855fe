/// Where a message is kept: received, sent, waiting to be sent, or being
/// written.
public enum MessageFolder: UInt8, Sendable, Hashable, CaseIterable {
  /// Messages received.
  case inbox = 1
  /// Messages the network took.
  case sent = 2
  /// Messages waiting to be sent, or that could not be.
  case outbox = 3
  /// Messages being written.
  case drafts = 4

  /// `inbox`, `sent`, `outbox`, `drafts`.
  public var name: String {
    switch self {
    case .inbox: "inbox"
    case .sent: "sent"
    case .outbox: "outbox"
    case .drafts: "drafts"
    }
  }

  /// The folder called `name`.
  public init?(name: String) {
    guard let folder = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = folder
  }

  /// Whether the phone wrote the messages of this folder (their parts
  /// are written together, the first part last).
  public var isOutgoing: Bool { self != .inbox }
}
