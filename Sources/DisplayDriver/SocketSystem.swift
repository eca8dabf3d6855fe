import SystemLayer

/// The socket calls a network display client makes (TCP to LCDd), behind a
/// protocol so tests can record, fake and fail every one of them and the
/// scenario runner can put a simulated LCDd on the other end.
/// `LinuxSocketSystem` is the real one; clients are generic over it, so
/// calls are direct, not through an existential. Every call is
/// non-blocking: a client never stalls the phone.
public protocol SocketSystem {
  /// Opens a TCP socket (non-blocking, close-on-exec) and starts connecting
  /// it to `host:port`. Success is a descriptor whose connection may still
  /// be in progress (`connectionStatus` says when it is done); failure is
  /// why no connection could be started (`ECONNREFUSED`, `ENOENT` for a
  /// host name that does not resolve).
  mutating func connect(host: String, port: UInt16) -> Result<Int32, Errno>
  /// Whether a connection started by `connect` is up: `true` connected,
  /// `false` still in progress, failure why it failed (`ECONNREFUSED`,
  /// `ETIMEDOUT`).
  mutating func connectionStatus(_ fd: Int32) -> Result<Bool, Errno>
  /// `send(2)` without blocking or `SIGPIPE`: how many of `bytes` were
  /// taken (maybe fewer than all); `EAGAIN` when the socket's buffer is
  /// full, `EPIPE` or `ECONNRESET` when the peer has gone.
  mutating func send(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Result<Int, Errno>
  /// `recv(2)` without blocking into the start of `buffer` (at most
  /// `buffer.count` bytes): how many were read, 0 when the peer closed the
  /// connection; `EAGAIN` when nothing is waiting.
  mutating func receive(_ fd: Int32, into buffer: inout [UInt8]) -> Result<Int, Errno>
  /// Waits up to `timeoutMilliseconds` (-1: for ever) until `fd` is
  /// readable (or, with `writable`, writable): `true` when it is, `false`
  /// on timeout or a signal. A negative `fd` waits for the time alone (as
  /// `poll(2)` ignores such an entry): a client with no connection still
  /// sleeps in the same call.
  mutating func wait(_ fd: Int32, writable: Bool, timeoutMilliseconds: Int32) -> Result<Bool, Errno>
  /// `close(2)`.
  mutating func close(_ fd: Int32)
}
