import SystemLayer

/// The system calls that tell systemd how the service is, behind a protocol
/// so tests can record and fail them. `LinuxDatagramSystem` is the real one.
public protocol DatagramSystem {
  /// `socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0)`.
  mutating func openDatagramSocket() -> Result<Int32, Errno>
  /// `sendto(fd, bytes, MSG_NOSIGNAL, address)`: one datagram.
  mutating func send(_ fd: Int32, _ bytes: [UInt8], to address: NotifyAddress) -> Result<
    Void, Errno
  >
  /// `close(2)`.
  mutating func close(_ fd: Int32)
}
