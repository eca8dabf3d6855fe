import ModemDriver
import SimulatedPeers
import SystemLayer
import Testing
import Vocabulary

@testable import Scenario

/// A serial line in memory: what the phone wrote, for the network to read,
/// and what the network wrote back.
private struct MemoryLine: SerialSystem {
  var toNetwork: [UInt8] = []
  var toPhone: [UInt8] = []

  mutating func open(_ path: String, baud: Int) -> Result<Int32, Errno> { .success(3) }
  mutating func write(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Result<Int, Errno> {
    toPhone += bytes
    return .success(bytes.count)
  }
  mutating func read(_ fd: Int32, into buffer: inout [UInt8]) -> Result<Int, Errno> {
    let count = min(buffer.count, toNetwork.count)
    for index in 0..<count { buffer[index] = toNetwork[index] }
    toNetwork.removeFirst(count)
    return .success(count)
  }
  mutating func close(_ fd: Int32) {}
}

@Test("the network service answers its command lines and says what a command made the modem say")
func networkLink_answers() {
  var link = NetworkLink(network: SimulatedNetwork(), line: MemoryLine(), fd: 3)
  _ = link.pump(at: .zero)
  #expect(String(decoding: link.line.toPhone, as: UTF8.self) == "\r\nRDY\r\n")
  #expect(link.answer(#"expect-sent 123 "Hi""#, at: .zero) == "no")
  #expect(link.answer("network refuse-sends", at: .zero) == "ok")
  #expect(link.network.refusesSends)
  #expect(link.answer("fault modem-silent 2s", at: .zero) == "ok")
  #expect(link.answer("tap 1", at: .zero).hasPrefix("error: column 1: "))
  #expect(link.answer("network sms", at: .zero).hasPrefix("error: column 12: "))
  #expect(link.answer("fault modem-reset", at: .zero + .seconds(3)) == "ok")
  _ = link.pump(at: .zero + .seconds(3))
  #expect(String(decoding: link.line.toPhone, as: UTF8.self).hasSuffix("SMS Ready\r\n"))
}
