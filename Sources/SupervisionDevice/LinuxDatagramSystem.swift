import CLinux
import Supervision
import SystemLayer

/// The real datagram system: an `AF_UNIX` socket and `sendto`, with the
/// address built as `struct sockaddr_un` (an abstract name starts with a
/// NUL byte and its length is exact).
public struct LinuxDatagramSystem: DatagramSystem, Sendable {
  /// Creates the system layer (it holds no state).
  public init() {}

  /// `socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0)`.
  public func openDatagramSocket() -> Result<Int32, Errno> {
    let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    return fd < 0 ? .failure(Errno(t9_errno())) : .success(fd)
  }

  /// `sendto(fd, bytes, MSG_NOSIGNAL, address)`, resumed after signals.
  public func send(_ fd: Int32, _ bytes: [UInt8], to address: NotifyAddress) -> Result<
    Void, Errno
  > {
    var storage = sockaddr_un()
    storage.sun_family = sa_family_t(AF_UNIX)
    let name: [UInt8]
    switch address {
    case .path(let path): name = Array(path.utf8)
    case .abstract(let bytes): name = [0] + bytes
    }
    // On Linux `sun_path` follows `sun_family` directly.
    let pathOffset = MemoryLayout<sa_family_t>.size
    let capacity = MemoryLayout.size(ofValue: storage.sun_path)
    guard name.count < capacity else { return .failure(.invalidArgument) }
    withUnsafeMutableBytes(of: &storage.sun_path) { path in
      for (index, byte) in name.enumerated() { path[index] = byte }
    }
    // A path counts its NUL; an abstract name is exactly its bytes.
    let length: Int
    switch address {
    case .path: length = pathOffset + name.count + 1
    case .abstract: length = pathOffset + name.count
    }
    while true {
      let sent = withUnsafePointer(to: &storage) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
          bytes.withUnsafeBytes { buffer in
            sendto(
              fd, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL), socketAddress,
              socklen_t(length))
          }
        }
      }
      if sent >= 0 { return .success(()) }
      if t9_errno() != EINTR { return .failure(Errno(t9_errno())) }
    }
  }

  /// `close(2)`.
  public func close(_ fd: Int32) {
    _ = CLinux.close(fd)
  }
}
