import Board
import ModemDevice
import ModemDriver
import Scenario
import SimulatedPeers
import Vocabulary

#if canImport(Glibc)
  import Glibc
#endif

/// `t9phone network serve`: the simulated network on a real serial line,
/// taking its orders on standard input. A test harness gives it a QEMU
/// guest's USB serial adapter (the host end of `-device usb-serial`) or a
/// board's UART at the end of a null-modem cable; the phone on the other
/// end talks to it as to a SIM800.
///
/// It says `ready` once the line is open, then answers each line read
/// (`NetworkLink.answer`) on a line of its own, and stops when standard
/// input ends. The network's clock is the monotonic clock from the start.
public enum NetworkService {
  /// Serves `path` at `baud` until standard input ends; the exit status
  /// (1 when the line cannot be opened or fails).
  public static func serve(path: String, baud: Int) -> Int32 {
    let system = LinuxSerialSystem()
    let fd: Int32
    switch system.open(path, baud: baud) {
    case .success(let descriptor): fd = descriptor
    case .failure(let error):
      warn("cannot open \(path): \(error)")
      return 1
    }
    defer { system.close(fd) }
    let clock = MonotonicClock()
    var link = NetworkLink(network: SimulatedNetwork(), line: system, fd: fd)
    _ = fcntl(STDIN_FILENO, F_SETFL, fcntl(STDIN_FILENO, F_GETFL) | O_NONBLOCK)
    say("ready")
    var input: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      var waits = [
        pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
        pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
      ]
      // The network's own answers come late (a part sent takes a second):
      // it is looked at every 10 ms even when nothing arrives.
      _ = poll(&waits, 2, 10)
      let now = clock.now
      if case .failure(let error) = link.pump(at: now) {
        warn("the line \(path) failed: \(error)")
        return 1
      }
      let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
      if count == 0 { return 0 }
      if count < 0 {
        guard errno == EAGAIN || errno == EINTR else { return 0 }
        continue
      }
      input += chunk[0..<count]
      while let end = input.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: input[..<end], as: UTF8.self)
        input.removeSubrange(...end)
        guard !line.allSatisfy(\.isWhitespace) else { continue }
        say(link.answer(line, at: now))
        // What a command made the network say goes out at once.
        if case .failure(let error) = link.pump(at: now) {
          warn("the line \(path) failed: \(error)")
          return 1
        }
      }
    }
  }

  /// A line on standard output, written at once (the harness waits for it).
  private static func say(_ line: String) { put(line + "\n", to: STDOUT_FILENO) }

  private static func warn(_ message: String) {
    put("t9phone: network: \(message)\n", to: STDERR_FILENO)
  }

  private static func put(_ text: String, to fd: Int32) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      guard written > 0 else { return }
      bytes = bytes.dropFirst(written)
    }
  }
}
