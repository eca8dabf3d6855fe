/// Where systemd listens for a service's state (`$NOTIFY_SOCKET`): a socket
/// file, or an abstract socket name (written with a leading `@`).
public enum NotifyAddress: Sendable, Hashable {
  /// An `AF_UNIX` socket file, by absolute path.
  case path(String)
  /// An abstract `AF_UNIX` name (without the leading NUL byte).
  case abstract([UInt8])

  /// The longest name `struct sockaddr_un` holds (108 bytes with its NUL).
  public static var maximumLength: Int { 107 }

  /// The address `$NOTIFY_SOCKET` names, or nil when it is unset, empty,
  /// too long, or of a kind this service does not speak (a relative path,
  /// a `vsock:` address).
  public init?(environment value: String?) {
    guard let value, !value.isEmpty, value.utf8.count <= NotifyAddress.maximumLength else {
      return nil
    }
    if value.hasPrefix("@") {
      let name = Array(value.utf8.dropFirst())
      guard !name.isEmpty else { return nil }
      self = .abstract(name)
    } else if value.hasPrefix("/") {
      self = .path(value)
    } else {
      return nil
    }
  }
}
