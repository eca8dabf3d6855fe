import DisplayDriver
import SystemLayer

/// A scripted socket system: every call is recorded and can be made to
/// fail; what LCDd "sends" is queued as chunks, so lines can be split across
/// reads; sends take everything unless told otherwise. A value, as the
/// client owns its system.
struct FakeSocketSystem: SocketSystem {
  /// One read's worth of what the peer sent.
  enum Chunk: Equatable {
    /// Bytes arriving.
    case bytes([UInt8])
    /// The peer closed the connection (a read of 0).
    case closed
    /// A read error.
    case error(Errno)
  }

  /// Results for the next `connect` calls; afterwards connections succeed.
  var connectResults: [Errno] = []
  /// Results for the next `connectionStatus` calls; afterwards `true`.
  var statusResults: [Result<Bool, Errno>] = []
  /// What the next `send` calls do: a count taken (fewer than offered is a
  /// partial send), or an error; afterwards everything is taken.
  var sendResults: [Result<Int, Errno>] = []
  /// What the next reads return; when empty, `EAGAIN`.
  var incoming: [Chunk] = []

  private(set) var calls: [String] = []
  private(set) var sent: [UInt8] = []
  private(set) var openDescriptors: Set<Int32> = []
  private(set) var connects = 0
  private var nextDescriptor: Int32 = 7

  /// Queues a line from LCDd (a newline is added).
  mutating func peer(_ line: String) {
    incoming.append(.bytes(Array((line + "\n").utf8)))
  }

  /// Queues LCDd's greeting for a `width` x `height` display.
  mutating func greet(width: Int = 16, height: Int = 2) {
    peer("connect LCDproc 0.5.9 protocol 0.3 lcd wid \(width) hgt \(height) cellwid 5 cellhgt 8")
  }

  /// The lines sent so far, and forgets them.
  mutating func takeSentLines() -> [String] {
    let lines = sent.split(separator: 0x0A).map { LCDprocText.string($0) }
    sent.removeAll()
    return lines
  }

  mutating func connect(host: String, port: UInt16) -> Result<Int32, Errno> {
    calls.append("connect \(host):\(port)")
    connects += 1
    if !connectResults.isEmpty { return .failure(connectResults.removeFirst()) }
    let fd = nextDescriptor
    nextDescriptor += 1
    openDescriptors.insert(fd)
    return .success(fd)
  }

  mutating func connectionStatus(_ fd: Int32) -> Result<Bool, Errno> {
    calls.append("status \(fd)")
    guard openDescriptors.contains(fd) else { return .failure(.badFileDescriptor) }
    return statusResults.isEmpty ? .success(true) : statusResults.removeFirst()
  }

  mutating func send(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Result<Int, Errno> {
    calls.append("send \(fd)")
    guard openDescriptors.contains(fd) else { return .failure(.badFileDescriptor) }
    var taken = bytes.count
    if !sendResults.isEmpty {
      switch sendResults.removeFirst() {
      case .failure(let error): return .failure(error)
      case .success(let count): taken = min(count, bytes.count)
      }
    }
    sent.append(contentsOf: bytes.prefix(taken))
    return .success(taken)
  }

  mutating func receive(_ fd: Int32, into buffer: inout [UInt8]) -> Result<Int, Errno> {
    calls.append("receive \(fd)")
    guard openDescriptors.contains(fd) else { return .failure(.badFileDescriptor) }
    guard let chunk = incoming.first else { return .failure(.wouldBlock) }
    switch chunk {
    case .closed:
      return .success(0)
    case .error(let error):
      incoming.removeFirst()
      return .failure(error)
    case .bytes(let bytes):
      let count = min(bytes.count, buffer.count)
      for index in 0..<count { buffer[index] = bytes[index] }
      if count == bytes.count {
        incoming.removeFirst()
      } else {
        incoming[0] = .bytes(Array(bytes[count...]))
      }
      return .success(count)
    }
  }

  mutating func wait(_ fd: Int32, writable: Bool, timeoutMilliseconds: Int32) -> Result<
    Bool, Errno
  > {
    calls.append("wait \(fd)")
    return .success(writable || !incoming.isEmpty)
  }

  mutating func close(_ fd: Int32) {
    calls.append("close \(fd)")
    openDescriptors.remove(fd)
    if incoming.first == .closed { incoming.removeFirst() }
  }
}
