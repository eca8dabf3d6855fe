import Benchmark
import MessageStore
import ModemDriver
import SMS
import SystemLayer
import Vocabulary

/// A modem that answers from bytes prepared at start: `OK` to every
/// command, a stored message to `AT+CMGR`, the prompt to `AT+CMGS` and
/// `+CMGS` after the PDU, and `+CMTI` when told. It allocates nothing
/// itself, so what the benchmarks count is the driver's and the store's.
struct BenchLine: SerialSystem {
  private var pending: [UInt8] = []
  private var readIndex = 0
  private var command: [UInt8] = []
  private let ok = Array("\r\nOK\r\n".utf8)
  private let prompt = Array("\r\n> ".utf8)
  private let sent = Array("\r\n+CMGS: 7\r\n\r\nOK\r\n".utf8)
  private let announcement = Array("\r\n+CMTI: \"SM\",1\r\n".utf8)
  private let stored: [UInt8]
  private var inPDU = false

  init(storedPDU: [UInt8]) {
    var bytes = Array("\r\n+CMGR: 0,,\(storedPDU.count - 1)\r\n".utf8)
    for byte in storedPDU { Hex.append(byte, to: &bytes) }
    bytes += Array("\r\n\r\nOK\r\n".utf8)
    stored = bytes
    pending.reserveCapacity(4096)
    command.reserveCapacity(512)
  }

  /// The modem announces a new message in slot 1.
  mutating func announce() { pending.append(contentsOf: announcement) }

  mutating func open(_ path: String, baud: Int) -> Result<Int32, Errno> { .success(3) }

  mutating func write(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Result<Int, Errno> {
    for byte in bytes {
      switch byte {
      case 0x0D where !inPDU:
        if command.starts(with: "AT+CMGR".utf8) {
          pending.append(contentsOf: stored)
        } else if command.starts(with: "AT+CMGS".utf8) {
          pending.append(contentsOf: prompt)
          inPDU = true
        } else {
          pending.append(contentsOf: ok)
        }
        command.removeAll(keepingCapacity: true)
      case 0x1A:
        inPDU = false
        pending.append(contentsOf: sent)
      default:
        if !inPDU { command.append(byte) }
      }
    }
    return .success(bytes.count)
  }

  mutating func read(_ fd: Int32, into buffer: inout [UInt8]) -> Result<Int, Errno> {
    let count = Swift.min(buffer.count, pending.count - readIndex)
    for index in 0..<count { buffer[index] = pending[readIndex + index] }
    readIndex += count
    if readIndex == pending.count {
      pending.removeAll(keepingCapacity: true)
      readIndex = 0
    }
    return .success(count)
  }

  mutating func close(_ fd: Int32) {}
}

/// The driver, the store and the buffers a runtime keeps, mutated in place.
final class MessageBench: @unchecked Sendable {
  var modem: ATModem<BenchLine>
  var box = MessageBox(capacity: 8)
  var now = Instant.zero
  var text: [Unicode.Scalar] = []
  var pdu: [UInt8] = []
  let wallTime = SMSTimestamp(
    year: 2026, month: 11, day: 28, hour: 9, minute: 0, second: 0, offsetQuarterHours: 28)
  var outgoing: UInt32 = 0

  init() {
    let sender =
      PhoneAddress(number: "+6281234567")
      ?? PhoneAddress(
        length: 0, typeOfAddress: 0x81, octets: [])
    let stored = DeliverEncoder(sender: sender, time: wallTime).encode(
      Array("Halo, apa kabar? Sampai jumpa nanti malam.".unicodeScalars))[0]
    modem = ATModem(path: "/dev/bench", system: BenchLine(storedPDU: stored), log: .disabled)
    text.reserveCapacity(PDUDecoder.maximumTextLength)
    pdu.reserveCapacity(PDUDecoder.maximumPDULength)
    // Set up, and one message queued to send again and again.
    step(until: { $0 == .ready })
    if case .stored(let id) = box.compose(
      to: sender, text: Array("Sampai jumpa!".unicodeScalars), now: wallTime)
    {
      outgoing = id
    }
    box.takeWrites { _, _ in }
  }

  /// Services the driver 10 ms at a time until `done` says an event is the
  /// one waited for (at most 100 turns).
  @discardableResult
  func step(until done: (ModemEvent) -> Bool) -> ModemEvent? {
    for _ in 0..<100 {
      now = now + .milliseconds(10)
      modem.service(at: now)
      while let event = modem.nextEvent() {
        if done(event) { return event }
      }
    }
    return nil
  }

  /// One part received: announced, read, decoded, stored, written, then
  /// deleted from the modem; and deleted from the store to keep room.
  func receivePart() {
    modem.system.announce()
    step(until: { $0 == .received })
    text.removeAll(keepingCapacity: true)
    guard let fields = try? PDUDecoder.decode(modem.receivedPDU, text: &text) else { return }
    let outcome = box.receive(fields, text: text, now: wallTime)
    box.takeWrites { _, _ in }
    modem.finishReceived(keepOnModem: false)
    for _ in 0..<3 {
      now = now + .milliseconds(10)
      modem.service(at: now)
    }
    if case .stored(let id) = outcome { box.delete(id: id) }
    box.takeWrites { _, _ in }
  }

  /// One part sent: its PDU from the store, `AT+CMGS`, the prompt, the
  /// PDU, `+CMGS`, the part marked sent; then queued again for the next.
  func sendPart() {
    guard let slot = box.nextQueuedPart else { return }
    pdu.removeAll(keepingCapacity: true)
    box.submitPDU(ofPart: slot, text: &text, into: &pdu)
    guard modem.send(pdu) else { return }
    guard case .sent(let reference)? = step(until: { if case .sent = $0 { true } else { false } })
    else { return }
    box.partSent(slot, networkReference: reference)
    box.takeWrites { _, _ in }
    box.partNotSent(slot, final: true)
    box.retry(id: outgoing)
    box.takeWrites { _, _ in }
  }
}

let benchmarks: @Sendable () -> Void = {
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, warmupIterations: 20,
    maxDuration: .seconds(2), maxIterations: 20_000,
    thresholds: [.mallocCountTotal: .init(absolute: [.p100: 0])])
  let receiving = MessageBench()
  Benchmark("MessageReceivePart", configuration: configuration) { benchmark in
    for _ in benchmark.scaledIterations { receiving.receivePart() }
    blackHole(receiving.box.freeSlots)
  }
  let sending = MessageBench()
  Benchmark("MessageSendPart", configuration: configuration) { benchmark in
    for _ in benchmark.scaledIterations { sending.sendPart() }
    blackHole(sending.box.freeSlots)
  }
}
