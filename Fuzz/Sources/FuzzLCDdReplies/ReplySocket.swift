import DisplayDriver
import SystemLayer

/// A `SocketSystem` whose peer says the fuzzer's bytes: every connection
/// succeeds at once, reads bring the next bytes (a few at a time), and
/// sends are taken (all, or a few bytes at a time) and checked to be
/// lines of commands the client knows.
struct ReplySocket: SocketSystem {
  private let replies: [UInt8]
  private var position = 0
  private let readSize: Int
  private let partialSends: Bool
  private var descriptor: Int32 = 2
  private var open = false
  private var sentLine: [UInt8] = []
  private var sends = 0
  /// What the client did wrong, if anything.
  private(set) var problem: String?

  /// The commands the client may send.
  private static let commands: Set<String> = [
    "hello", "client_set", "screen_add", "screen_set", "widget_add", "widget_set",
    "client_add_key",
  ]

  init(replies: [UInt8], readSize: Int, partialSends: Bool) {
    self.replies = replies
    self.readSize = readSize
    self.partialSends = partialSends
  }

  /// Whether every byte was read.
  var isDrained: Bool { position >= replies.count }

  mutating func connect(host: String, port: UInt16) -> Result<Int32, Errno> {
    if open { problem = "connected again without closing" }
    descriptor += 1
    open = true
    sentLine.removeAll()
    return .success(descriptor)
  }

  mutating func connectionStatus(_ fd: Int32) -> Result<Bool, Errno> {
    guard open, fd == descriptor else { return .failure(.badFileDescriptor) }
    return .success(true)
  }

  mutating func send(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Result<Int, Errno> {
    guard open, fd == descriptor else {
      problem = "sent on a closed descriptor"
      return .failure(.badFileDescriptor)
    }
    sends += 1
    let taken = partialSends ? Swift.min(bytes.count, 1 + sends % 13) : bytes.count
    for byte in bytes.prefix(taken) {
      guard byte == 0x0A else {
        sentLine.append(byte)
        continue
      }
      let word = sentLine.prefix { $0 != 0x20 }
      if !ReplySocket.commands.contains(String(decoding: word, as: UTF8.self)) {
        problem = "sent '\(String(decoding: sentLine, as: UTF8.self))'"
      }
      sentLine.removeAll(keepingCapacity: true)
    }
    return .success(taken)
  }

  mutating func receive(_ fd: Int32, into buffer: inout [UInt8]) -> Result<Int, Errno> {
    guard open, fd == descriptor else { return .failure(.badFileDescriptor) }
    guard position < replies.count else { return .failure(.wouldBlock) }
    let count = Swift.min(readSize, buffer.count, replies.count - position)
    for index in 0..<count { buffer[index] = replies[position + index] }
    position += count
    return .success(count)
  }

  mutating func wait(_ fd: Int32, writable: Bool, timeoutMilliseconds: Int32) -> Result<Bool, Errno>
  {
    .success(writable || position < replies.count)
  }

  mutating func close(_ fd: Int32) {
    if fd == descriptor { open = false }
    if !sentLine.isEmpty { sentLine.removeAll() }
  }
}
