#if os(Linux)
  import Glibc
  import Supervision
  import SupervisionDevice
  import Testing

  /// A datagram socket bound where systemd would listen, as the test's own
  /// stand-in for it.
  private final class Listener {
    let fd: Int32

    init?(_ address: NotifyAddress) {
      fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
      guard fd >= 0 else { return nil }
      var storage = sockaddr_un()
      storage.sun_family = sa_family_t(AF_UNIX)
      let name: [UInt8]
      switch address {
      case .path(let path): name = Array(path.utf8)
      case .abstract(let bytes): name = [0] + bytes
      }
      withUnsafeMutableBytes(of: &storage.sun_path) { path in
        for (index, byte) in name.enumerated() { path[index] = byte }
      }
      let length = 2 + name.count + (name.first == 0 ? 0 : 1)
      let status = withUnsafePointer(to: &storage) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(fd, $0, socklen_t(length))
        }
      }
      guard status == 0 else { return nil }
    }

    /// The next datagram, waiting at most a second.
    func receive() -> String? {
      var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, 1000) == 1 else { return nil }
      var buffer = [UInt8](repeating: 0, count: 512)
      let count = recv(fd, &buffer, buffer.count, 0)
      return count < 0 ? nil : String(decoding: buffer[0..<count], as: UTF8.self)
    }

    deinit { _ = close(fd) }
  }

  @Test("the real system delivers one datagram to a socket file and to an abstract name")
  func linuxDatagramSystem_delivers() throws {
    let path = "/tmp/t9phone-notify-\(getpid())"
    unlink(path)
    defer { unlink(path) }
    for address in [NotifyAddress.path(path), .abstract(Array("t9phone-test-\(getpid())".utf8))] {
      let listener = try #require(Listener(address), "could not bind \(address)")
      let system = LinuxDatagramSystem()
      let fd = try system.openDatagramSocket().get()
      defer { system.close(fd) }
      try system.send(fd, Array("READY=1\nSTATUS=up".utf8), to: address).get()
      #expect(listener.receive() == "READY=1\nSTATUS=up")
    }
  }

  @Test("nobody listening is an error, not a crash")
  func linuxDatagramSystem_nobodyListening() throws {
    let system = LinuxDatagramSystem()
    let fd = try system.openDatagramSocket().get()
    defer { system.close(fd) }
    let result = system.send(fd, Array("WATCHDOG=1".utf8), to: .path("/tmp/t9phone-nobody-here"))
    #expect(throws: (any Error).self) { try result.get() }
  }
#endif
