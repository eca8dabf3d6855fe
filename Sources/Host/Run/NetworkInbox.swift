import Board
import Diagnostics
import SimulatedPeers
import Vocabulary

#if canImport(Glibc)
  import Glibc
#endif

/// How a person sends the simulator's phone a message: lines appended to a
/// text file, `FROM TEXT` each (`+6281234567 Halo, apa kabar?`, or a sender
/// name such as `Telkomsel`; `\n` in the text is a new line), which the
/// simulated network delivers within a second and then removes from the
/// file.
///
///     echo '+6281234567 Halo!' >> ~/.local/state/t9phone/network-inbox.txt
public struct NetworkInbox {
  /// The file.
  public let path: String
  private var nextLook = Instant.zero
  private let log: Log

  /// An inbox at `path` (created when first written to).
  public init(path: String, log: Log) {
    self.path = path
    self.log = log
  }

  /// Delivers the file's lines, if a second has passed since the last look.
  public mutating func poll(at now: Instant, into network: inout SimulatedNetwork) {
    guard now >= nextLook else { return }
    nextLook = now + .seconds(1)
    guard FileIO.exists(path), let text = try? FileIO.readText(path), !text.isEmpty else {
      return
    }
    // Emptied first: a line that cannot be delivered is logged, not read
    // again and again.
    _ = truncate(path, 0)
    for line in text.split(separator: "\n") where !line.isEmpty {
      let words = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
      guard words.count == 2 else {
        log(.warning, LogTag("modem", "sim"), "\(path): '\(line)' is not 'FROM TEXT'")
        continue
      }
      let body = words[1].replacingNewlineEscapes()
      if network.deliver(from: String(words[0]), text: body) {
        log(.info, LogTag("modem", "sim"), "the network delivers a message from \(words[0])")
      } else {
        log(
          .warning, LogTag("modem", "sim"),
          "\(path): cannot deliver from '\(words[0])' (not a number or a name of at most 11 GSM characters, or the SIM is full)"
        )
      }
    }
  }
}

extension Substring {
  /// The text with `\n` read as a new line.
  fileprivate func replacingNewlineEscapes() -> String {
    var result = ""
    var escaped = false
    for character in self {
      if escaped {
        result.append(character == "n" ? "\n" : character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else {
        result.append(character)
      }
    }
    return result
  }
}
