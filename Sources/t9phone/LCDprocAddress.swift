import DisplayDriver

/// Where LCDd listens, from `lcdproc[:HOST[:PORT]]` (`--input`, `--display`):
/// 127.0.0.1 and 13666 by default; an IPv6 address goes in brackets
/// (`lcdproc:[::1]:13666`).
struct LCDprocAddress: Equatable {
  /// The host name or address.
  var host = "127.0.0.1"
  /// The TCP port.
  var port: UInt16 = 13666

  /// Parses a `lcdproc…` value; nil when it does not start with `lcdproc`.
  /// A bad port or an empty host is an error.
  init?(_ value: String) throws {
    guard value == "lcdproc" || value.hasPrefix("lcdproc:") else { return nil }
    var rest = Substring(value.dropFirst("lcdproc".count))
    guard !rest.isEmpty else { return }
    rest = rest.dropFirst()
    var hostPart: Substring
    var portPart: Substring?
    if rest.hasPrefix("[") {
      guard let close = rest.firstIndex(of: "]") else {
        throw CLIError("'\(value)': an IPv6 address needs its closing ']'")
      }
      hostPart = rest[rest.index(after: rest.startIndex)..<close]
      let after = rest[rest.index(after: close)...]
      if !after.isEmpty {
        guard after.hasPrefix(":") else { throw CLIError("'\(value)': expected ':PORT' after ']'") }
        portPart = after.dropFirst()
      }
    } else if let colon = rest.firstIndex(of: ":") {
      hostPart = rest[..<colon]
      portPart = rest[rest.index(after: colon)...]
    } else {
      hostPart = rest
    }
    guard !hostPart.isEmpty else {
      throw CLIError("'\(value)': no host (use lcdproc, lcdproc:HOST or lcdproc:HOST:PORT)")
    }
    host = String(hostPart)
    if let portPart {
      guard let number = UInt16(portPart), number > 0 else {
        throw CLIError("'\(value)': bad port '\(portPart)' (1-65535)")
      }
      port = number
    }
  }

  /// `host:port`, brackets around an IPv6 address.
  var description: String {
    host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
  }
}
