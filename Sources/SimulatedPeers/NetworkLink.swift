import ModemDriver
import SystemLayer
import Vocabulary

/// The simulated network on the far end of a real serial line: what the
/// phone writes on the line goes to the network's AT interpreter, and
/// what the network answers goes back on the line. With it the network
/// serves a phone that runs elsewhere — in a QEMU guest, behind the
/// guest's USB serial adapter, or on a board at the end of a null-modem
/// cable (`t9phone network serve`) — through the same AT dialect the
/// scenarios' phones get.
public struct NetworkLink<Line: SerialSystem> {
  /// The network.
  public var network: SimulatedNetwork
  /// The line the phone is on.
  public private(set) var line: Line
  private let lineDescriptor: Int32
  /// The network's end, open while its line is not gone.
  private var networkDescriptor: Int32?
  /// What the line has not taken yet (its buffer was full).
  private var pending: [UInt8] = []
  private var buffer = [UInt8](repeating: 0, count: 512)

  /// A link between `network` and `line`'s open descriptor `fd`.
  public init(network: SimulatedNetwork, line: Line, fd: Int32) {
    self.network = network
    self.line = line
    lineDescriptor = fd
  }

  /// Moves the phone's bytes to the network and the network's answers to
  /// the phone, at `now`: how many bytes moved, or the line's error (the
  /// phone's end went away).
  public mutating func pump(at now: Instant) -> Result<Int, Errno> {
    network.now = now
    var moved = 0
    // The phone's bytes, to the network (a gone or silent network takes
    // them and says nothing).
    while true {
      let count: Int
      switch line.read(lineDescriptor, into: &buffer) {
      case .success(let n): count = n
      case .failure(let error): return .failure(error)
      }
      guard count > 0 else { break }
      moved += count
      if let fd = networkEnd(), case .failure = network.write(fd, buffer[0..<count]) {
        networkDescriptor = nil
      }
    }
    // The network's answers, to the phone.
    if let fd = networkEnd() {
      reading: while true {
        switch network.read(fd, into: &buffer) {
        case .success(let count) where count > 0: pending += buffer[0..<count]
        case .success: break reading
        case .failure:
          networkDescriptor = nil
          break reading
        }
      }
    }
    while !pending.isEmpty {
      switch line.write(lineDescriptor, pending[...]) {
      case .success(let count):
        guard count > 0 else { return .success(moved) }
        moved += count
        pending.removeFirst(count)
      case .failure(.wouldBlock): return .success(moved)
      case .failure(let error): return .failure(error)
      }
    }
    return .success(moved)
  }

  /// The network's end, opened again after its line was gone (`EIO`).
  private mutating func networkEnd() -> Int32? {
    if let fd = networkDescriptor { return fd }
    if case .success(let fd) = network.open("network", baud: ModemSpec.defaultBaud) {
      networkDescriptor = fd
    }
    return networkDescriptor
  }
}
