import CLinux
import DisplayDriver
import SystemLayer

/// The real socket system: TCP through Glibc's `getaddrinfo`, `socket`,
/// `connect`, `send`, `recv`, `poll` and `close`, every descriptor
/// non-blocking and close-on-exec, sends without `SIGPIPE`.
///
/// A host name is resolved with `getaddrinfo`, which may block while a
/// DNS server answers: give LCDd's address (the default is 127.0.0.1).
public struct LinuxSocketSystem: SocketSystem, Sendable {
  /// Creates the system layer (it holds no state).
  public init() {}

  /// `getaddrinfo` (TCP, numeric port), then a non-blocking `socket` and
  /// `connect` to the first address that takes it. The board firmware
  /// (Embedded Swift, glibc linked statically) takes an IPv4 or IPv6
  /// address or `localhost` instead: a static glibc resolves names only
  /// through the shared NSS modules of its own version, which a board may
  /// not have, and carries their loader whole.
  public func connect(host: String, port: UInt16) -> Result<Int32, Errno> {
    #if hasFeature(Embedded)
      return connectNumeric(host: host, port: port)
    #else
      var hints = addrinfo()
      hints.ai_family = AF_UNSPEC
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
      hints.ai_flags = AI_NUMERICSERV
      var list: UnsafeMutablePointer<addrinfo>?
      let status = getaddrinfo(host, String(port), &hints, &list)
      guard status == 0, let first = list else {
        // EAI_* codes are not errno values: a name that does not resolve.
        return .failure(status == EAI_SYSTEM ? Errno(t9_errno()) : .noSuchFile)
      }
      defer { freeaddrinfo(first) }
      var failure = Errno.connectionRefused
      var entry: UnsafeMutablePointer<addrinfo>? = first
      while let info = entry {
        entry = info.pointee.ai_next
        guard let address = info.pointee.ai_addr else { continue }
        switch connect(family: info.pointee.ai_family, address, info.pointee.ai_addrlen) {
        case .success(let fd): return .success(fd)
        case .failure(let error): failure = error
        }
      }
      return .failure(failure)
    #endif
  }

  /// `host` as an IPv4 or IPv6 address (`localhost` is 127.0.0.1), then
  /// `connect` to it; `ENOENT` for anything else.
  func connectNumeric(host: String, port: UInt16) -> Result<Int32, Errno> {
    let name = host == "localhost" ? "127.0.0.1" : host
    var v4 = sockaddr_in()
    if inet_pton(AF_INET, name, &v4.sin_addr) == 1 {
      v4.sin_family = sa_family_t(AF_INET)
      v4.sin_port = port.bigEndian
      return connect(family: AF_INET, to: &v4)
    }
    var v6 = sockaddr_in6()
    if inet_pton(AF_INET6, name, &v6.sin6_addr) == 1 {
      v6.sin6_family = sa_family_t(AF_INET6)
      v6.sin6_port = port.bigEndian
      return connect(family: AF_INET6, to: &v6)
    }
    return .failure(.noSuchFile)
  }

  /// `connect` to a `sockaddr_in` or `sockaddr_in6`.
  private func connect<Address>(family: Int32, to address: inout Address) -> Result<Int32, Errno> {
    withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
        connect(family: family, raw, socklen_t(MemoryLayout<Address>.size))
      }
    }
  }

  /// A non-blocking TCP `socket` of `family` and `connect` to `address`.
  private func connect(
    family: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t
  ) -> Result<Int32, Errno> {
    let kind =
      Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    let fd = socket(family, kind, 0)
    guard fd >= 0 else { return .failure(Errno(t9_errno())) }
    var result = CLinux.connect(fd, address, length)
    while result != 0 && t9_errno() == EINTR { result = CLinux.connect(fd, address, length) }
    if result == 0 || t9_errno() == EINPROGRESS { return .success(fd) }
    let failure = Errno(t9_errno())
    _ = CLinux.close(fd)
    return .failure(failure)
  }

  /// `poll(POLLOUT)` without waiting, then `getsockopt(SO_ERROR)`.
  public func connectionStatus(_ fd: Int32) -> Result<Bool, Errno> {
    switch wait(fd, writable: true, timeoutMilliseconds: 0) {
    case .failure(let error): return .failure(error)
    case .success(false): return .success(false)
    case .success(true): break
    }
    var error: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0 else {
      return .failure(Errno(t9_errno()))
    }
    return error == 0 ? .success(true) : .failure(Errno(error))
  }

  /// `send(fd, bytes, MSG_DONTWAIT | MSG_NOSIGNAL)`.
  public func send(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Result<Int, Errno> {
    bytes.withUnsafeBytes { buffer in
      while true {
        let count = CLinux.send(
          fd, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT) | Int32(MSG_NOSIGNAL))
        if count >= 0 { return .success(count) }
        if t9_errno() != EINTR { return .failure(Errno(t9_errno())) }
      }
    }
  }

  /// `recv(fd, buffer, buffer.count, MSG_DONTWAIT)`.
  public func receive(_ fd: Int32, into buffer: inout [UInt8]) -> Result<Int, Errno> {
    buffer.withUnsafeMutableBytes { bytes in
      while true {
        let count = recv(fd, bytes.baseAddress, bytes.count, Int32(MSG_DONTWAIT))
        if count >= 0 { return .success(count) }
        if t9_errno() != EINTR { return .failure(Errno(t9_errno())) }
      }
    }
  }

  /// `poll(2)` on one descriptor; a signal ends the wait early (`false`).
  public func wait(_ fd: Int32, writable: Bool, timeoutMilliseconds: Int32) -> Result<Bool, Errno> {
    var entry = pollfd(fd: fd, events: Int16(writable ? POLLOUT : POLLIN), revents: 0)
    let status = poll(&entry, 1, timeoutMilliseconds)
    if status < 0 { return t9_errno() == EINTR ? .success(false) : .failure(Errno(t9_errno())) }
    return .success(status > 0)
  }

  /// `close(2)`.
  public func close(_ fd: Int32) {
    _ = CLinux.close(fd)
  }
}
