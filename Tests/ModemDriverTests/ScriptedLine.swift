import ModemDriver
import SystemLayer

/// A serial line whose modem answers each command with bytes a test
/// wrote: the orderings real modems produce and a simulated one does not
/// (a URC between the echo and the OK, before the prompt, a pushed
/// message).
struct ScriptedLine: SerialSystem {
  /// Bytes to answer a command line with (the line without its CR).
  var answers: [String: String] = [:]
  /// What the modem answers a command not in `answers`.
  var otherwise = "\r\nOK\r\n"
  /// Bytes to send after the prompt's PDU and Ctrl-Z.
  var afterPDU = "\r\n+CMGS: 9\r\n\r\nOK\r\n"
  /// Everything written, as text.
  var written = ""
  /// Bytes waiting to be read.
  var pending: [UInt8] = []
  private var line: [UInt8] = []

  /// Sends bytes unprompted.
  mutating func say(_ text: String) { pending += Array(text.utf8) }

  mutating func open(_ path: String, baud: Int) -> Result<Int32, Errno> { .success(3) }

  mutating func write(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Result<Int, Errno> {
    for byte in bytes {
      written.unicodeScalars.append(Unicode.Scalar(byte))
      switch byte {
      case 0x0D:
        let command = String(decoding: line, as: UTF8.self)
        line.removeAll()
        say(answers[command] ?? otherwise)
      case 0x1A:
        line.removeAll()
        say(afterPDU)
      default: line.append(byte)
      }
    }
    return .success(bytes.count)
  }

  mutating func read(_ fd: Int32, into buffer: inout [UInt8]) -> Result<Int, Errno> {
    let count = min(buffer.count, pending.count)
    for index in 0..<count { buffer[index] = pending[index] }
    pending.removeFirst(count)
    return .success(count)
  }

  mutating func close(_ fd: Int32) {}
}
