import DisplayDriver
import Glibc
import SystemLayer
import Testing

@testable import DisplayDevice

/// A listening TCP socket on a free loopback port.
struct Listener {
  let fd: Int32
  let port: UInt16

  init?() {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
        bind(fd, raw, length) == 0 && listen(fd, 4) == 0 && getsockname(fd, raw, &length) == 0
      }
    }
    guard fd >= 0, bound else { return nil }
    self.fd = fd
    port = UInt16(bigEndian: address.sin_port)
  }

  func accept() -> Int32 { Glibc.accept(fd, nil, nil) }
}

/// Connects, waiting for the connection to complete.
func connected(_ system: inout LinuxSocketSystem, port: UInt16) -> Int32? {
  guard case .success(let fd) = system.connect(host: "127.0.0.1", port: port) else { return nil }
  for _ in 0..<100 {
    if case .success(true) = system.connectionStatus(fd) { return fd }
    _ = system.wait(fd, writable: true, timeoutMilliseconds: 10)
  }
  return nil
}

@Suite("LinuxSocketSystem")
struct LinuxSocketSystemTests {
  @Test("A loopback connection carries bytes both ways without blocking; an empty socket is EAGAIN")
  func exchange() throws {
    let listener = try #require(Listener())
    defer { _ = close(listener.fd) }
    var system = LinuxSocketSystem()
    let fd = try #require(connected(&system, port: listener.port))
    defer { system.close(fd) }
    let server = listener.accept()
    defer { _ = close(server) }
    var buffer = [UInt8](repeating: 0, count: 64)
    #expect(system.receive(fd, into: &buffer) == .failure(.wouldBlock))
    #expect(system.send(fd, Array("hello\n".utf8)[...]) == .success(6))
    var received = [UInt8](repeating: 0, count: 64)
    #expect(read(server, &received, 64) == 6)
    #expect(write(server, "connect\n", 8) == 8)
    #expect(system.wait(fd, writable: false, timeoutMilliseconds: 1000) == .success(true))
    #expect(system.receive(fd, into: &buffer) == .success(8))
    #expect(Array(buffer[..<8]) == Array("connect\n".utf8))
  }

  @Test("The firmware's numeric connect reaches 127.0.0.1 as localhost and refuses a name")
  func numeric() throws {
    let listener = try #require(Listener())
    defer { _ = close(listener.fd) }
    let system = LinuxSocketSystem()
    for host in ["localhost", "127.0.0.1"] {
      guard case .success(let fd) = system.connectNumeric(host: host, port: listener.port) else {
        Issue.record("\(host) was not connected")
        continue
      }
      _ = system.wait(fd, writable: true, timeoutMilliseconds: 1000)
      #expect(system.connectionStatus(fd) == .success(true))
      let server = listener.accept()
      #expect(server >= 0)
      _ = close(server)
      system.close(fd)
    }
    #expect(
      system.connectNumeric(host: "lcd.example", port: listener.port) == .failure(.noSuchFile))
    #expect(system.connectNumeric(host: "::1", port: listener.port) != .failure(.noSuchFile))
  }

  @Test("Nothing listening is ECONNREFUSED, from connect or once the connection completes")
  func refused() throws {
    let listener = try #require(Listener())
    let port = listener.port
    _ = close(listener.fd)
    let system = LinuxSocketSystem()
    switch system.connect(host: "127.0.0.1", port: port) {
    case .failure(let error):
      #expect(error == .connectionRefused)
    case .success(let fd):
      defer { system.close(fd) }
      _ = system.wait(fd, writable: true, timeoutMilliseconds: 1000)
      #expect(system.connectionStatus(fd) == .failure(.connectionRefused))
    }
  }

  @Test(
    "A peer that closes is a read of 0, and sending to it fails (EPIPE or ECONNRESET) without SIGPIPE"
  )
  func peerCloses() throws {
    let listener = try #require(Listener())
    defer { _ = close(listener.fd) }
    var system = LinuxSocketSystem()
    let fd = try #require(connected(&system, port: listener.port))
    defer { system.close(fd) }
    _ = close(listener.accept())
    _ = system.wait(fd, writable: false, timeoutMilliseconds: 1000)
    var buffer = [UInt8](repeating: 0, count: 16)
    #expect(system.receive(fd, into: &buffer) == .success(0))
    var failure: Errno?
    for _ in 0..<20 where failure == nil {
      if case .failure(let error) = system.send(fd, Array("x\n".utf8)[...]) { failure = error }
      usleep(5000)
    }
    #expect(failure == .brokenPipe || failure == .connectionReset)
  }

  @Test("A host name that does not resolve is refused before any socket is made")
  func unresolvable() {
    let system = LinuxSocketSystem()
    guard case .failure = system.connect(host: "no-such-host.invalid", port: 13666) else {
      Issue.record("connected to an invalid host")
      return
    }
  }
}
