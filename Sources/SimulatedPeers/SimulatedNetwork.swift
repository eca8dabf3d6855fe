import ModemDriver
import SMS
import SystemLayer
import Vocabulary

/// A cellular modem and the network behind it, on the far end of a
/// modem driver's serial line: it interprets the AT commands a SIM800
/// does, stores delivered messages on a simulated SIM and announces them
/// with `+CMTI`, takes `AT+CMGS` parts and reassembles what the phone
/// sent, and has the faults real modems have. Scenarios, tests and the
/// hardware harness put it behind the same driver a real modem has.
///
/// Time comes from its owner (`now`), which sets it before the driver's
/// turn: faults that last a while end by it.
public struct SimulatedNetwork: SerialSystem {
  /// A message the network received from the phone, all its parts joined.
  public struct SentMessage: Sendable, Hashable {
    /// The recipient, as the phone addressed it.
    public var to: String
    /// The text.
    public var text: String

    /// A message to `to` that reads `text`.
    public init(to: String, text: String) {
      self.to = to
      self.text = text
    }
  }

  /// The faults a modem and its line have.
  public enum Fault: Sendable, Hashable {
    /// The modem takes commands and answers nothing until `until`.
    case silent(until: Instant)
    /// The modem restarts: echo on, its settings lost, `RDY`.
    case reset
    /// The line vanishes until `until` (a USB modem unplugged): the open
    /// line fails with `EIO`, opening it with `ENOENT`.
    case gone(until: Instant)
    /// The modem restarts when the next part's PDU arrives, before it is
    /// sent (a brown-out mid-send).
    case resetOnNextSend
  }

  /// The current time, set by the owner before each turn.
  public var now = Instant.zero
  /// Whether sending fails with `+CMS ERROR: 38` (network out of order).
  public var refusesSends = false
  /// How long the network takes to answer a part sent (a real one takes
  /// one to a few seconds).
  public var sendDelay: Duration = .seconds(1)
  /// Whether a part that asks for a status report gets one (`+CDS`,
  /// delivered), with the network's answer.
  public var reportsDelivery = true
  /// Messages the network received whole, oldest first.
  public private(set) var sent: [SentMessage] = []
  /// Every command line the modem received, for tests.
  public private(set) var commands: [String] = []
  /// How many messages the SIM holds.
  public var storedCount: Int { slots.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }
  /// The SIM's message slots.
  public let capacity: Int

  private var slots: [(status: Int, pdu: [UInt8])?]
  private var echo = true
  private var pduMode = false
  private var announces = false
  private var silentUntil: Instant?
  private var goneUntil: Instant?
  private var resetOnNextSend = false
  private var fd: Int32 = -1
  private var nextDescriptor: Int32 = 40
  private var line: [UInt8] = []
  private var collectingLength: Int?
  private var outgoing: [UInt8] = []
  /// The answer to a part sent, and when it comes.
  private var delayed: (text: String, at: Instant)?
  private var messageReference = 0
  private var parts: [(to: String, reference: Int, total: Int, sequence: Int, text: String)] = []
  private var nextReference = 1

  /// A modem with a SIM of `capacity` slots, just powered: it says `RDY`
  /// when first opened.
  public init(capacity: Int = 30) {
    self.capacity = capacity
    slots = Array(repeating: nil, count: capacity)
    outgoing.append(contentsOf: Array("\r\nRDY\r\n".utf8))
  }

  // MARK: What the network does

  /// Delivers a message from `from` (a number, or a sender name such as
  /// `Telkomsel`), split and coded as a network would; `false` when the
  /// sender is neither or the SIM has no room for every part.
  @discardableResult
  public mutating func deliver(from: String, text: String, flash: Bool = false) -> Bool {
    let sender =
      PhoneAddress(number: from) ?? PhoneAddress(name: Array(from.unicodeScalars))
    guard let sender else { return false }
    let encoder = DeliverEncoder(
      sender: sender, time: timestamp, reference: nextReference & 0xFF, isFlash: flash)
    nextReference += 1
    let pdus = encoder.encode(Array(text.unicodeScalars))
    guard slots.filter({ $0 == nil }).count >= pdus.count else { return false }
    for pdu in pdus { _ = deliver(pdu: pdu) }
    return true
  }

  /// Stores one SMS-DELIVER PDU (service-centre field first) on the SIM
  /// and announces it; `false` when the SIM is full.
  @discardableResult
  public mutating func deliver(pdu: [UInt8]) -> Bool {
    guard let slot = slots.firstIndex(where: { $0 == nil }) else { return false }
    slots[slot] = (status: 0, pdu: pdu)
    if announces { unsolicited("+CMTI: \"SM\",\(slot + 1)") }
    return true
  }

  /// Applies a fault.
  public mutating func apply(_ fault: Fault) {
    switch fault {
    case .silent(let until): silentUntil = until
    case .reset: restart()
    case .gone(let until):
      goneUntil = until
      restart()
    case .resetOnNextSend: resetOnNextSend = true
    }
  }

  /// Seconds since 1970 at instant zero: the service centre's clock (by
  /// default 2026-01-01T00:00:00Z, the day scenarios happen).
  public var epochAtStart: Int64 = 1_767_225_600
  /// The service centre's offset from UTC in quarter hours (28: UTC+7,
  /// Western Indonesian Time).
  public var offsetQuarterHours = 28

  /// The time stamp a message delivered now carries.
  var timestamp: SMSTimestamp {
    SMSTimestamp(
      epochSeconds: epochAtStart + now.microseconds / 1_000_000,
      offsetQuarterHours: offsetQuarterHours)
  }

  private mutating func restart() {
    delayed = nil
    echo = true
    pduMode = false
    announces = false
    collectingLength = nil
    line.removeAll()
    outgoing.append(
      contentsOf: Array("\r\nRDY\r\n\r\n+CFUN: 1\r\n\r\n+CPIN: READY\r\n\r\nSMS Ready\r\n".utf8))
  }

  private var isGone: Bool {
    guard let until = goneUntil else { return false }
    if now < until { return true }
    return false
  }

  private var isSilent: Bool {
    guard let until = silentUntil else { return false }
    return now < until
  }

  // MARK: SerialSystem

  /// Opens the line: `ENOENT` while it is gone.
  public mutating func open(_ path: String, baud: Int) -> Result<Int32, Errno> {
    if isGone { return .failure(.noSuchFile) }
    goneUntil = nil
    nextDescriptor += 1
    fd = nextDescriptor
    return .success(fd)
  }

  /// Takes the driver's bytes and answers them.
  public mutating func write(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Result<Int, Errno> {
    guard fd == self.fd, !isGone else { return .failure(.ioError) }
    if isSilent { return .success(bytes.count) }
    for byte in bytes { take(byte) }
    return .success(bytes.count)
  }

  /// Hands over what the modem said.
  public mutating func read(_ fd: Int32, into buffer: inout [UInt8]) -> Result<Int, Errno> {
    guard fd == self.fd, !isGone else { return .failure(.ioError) }
    if isSilent { return .success(0) }
    if let answer = delayed, answer.at <= now {
      delayed = nil
      outgoing.append(contentsOf: Array(answer.text.utf8))
    }
    let count = Swift.min(buffer.count, outgoing.count)
    for index in 0..<count { buffer[index] = outgoing[index] }
    outgoing.removeFirst(count)
    return .success(count)
  }

  /// Closes the line.
  public mutating func close(_ fd: Int32) {
    if fd == self.fd { self.fd = -1 }
  }

  // MARK: The AT interpreter

  private mutating func take(_ byte: UInt8) {
    if let length = collectingLength {
      switch byte {
      case 0x1A:
        collectingLength = nil
        submit(line, length: length)
        line.removeAll()
      case 0x1B:
        collectingLength = nil
        line.removeAll()
        respond("OK")
      default:
        if echo { outgoing.append(byte) }
        line.append(byte)
      }
      return
    }
    if echo { outgoing.append(byte) }
    switch byte {
    case 0x0D:
      let command = String(decoding: line, as: UTF8.self)
      line.removeAll()
      if !command.isEmpty { execute(command) }
    case 0x0A: break
    default: line.append(byte)
    }
  }

  private mutating func respond(_ text: String) {
    outgoing.append(contentsOf: Array("\r\n\(text)\r\n".utf8))
  }

  private mutating func unsolicited(_ text: String) { respond(text) }

  private mutating func execute(_ command: String) {
    commands.append(command)
    let upper = command.uppercased()
    switch true {
    case upper == "AT": respond("OK")
    case upper == "ATE0":
      echo = false
      respond("OK")
    case upper == "ATE1":
      echo = true
      respond("OK")
    case upper.hasPrefix("AT+CMEE="): respond("OK")
    case upper == "AT+CMGF=0":
      pduMode = true
      respond("OK")
    case upper.hasPrefix("AT+CPMS="):
      respond(
        "+CPMS: \(storedCount),\(capacity),\(storedCount),\(capacity),\(storedCount),\(capacity)")
      respond("OK")
    case upper.hasPrefix("AT+CNMI="):
      announces = true
      respond("OK")
    case upper == "AT+CMGL=4":
      guard pduMode else { return respond("ERROR") }
      for (index, slot) in slots.enumerated() {
        guard let slot else { continue }
        respond("+CMGL: \(index + 1),\(slot.status),,\(slot.pdu.count - Int(slot.pdu[0]) - 1)")
        outgoing.append(contentsOf: Array("\(Hex.string(slot.pdu))\r\n".utf8))
      }
      respond("OK")
    case upper.hasPrefix("AT+CMGR="):
      guard pduMode else { return respond("ERROR") }
      guard let index = Int(upper.dropFirst(8)), (1...capacity).contains(index) else {
        return respond("+CMS ERROR: 321")
      }
      if let slot = slots[index - 1] {
        respond("+CMGR: \(slot.status),,\(slot.pdu.count - Int(slot.pdu[0]) - 1)")
        outgoing.append(contentsOf: Array("\(Hex.string(slot.pdu))\r\n".utf8))
        slots[index - 1]?.status = 1
      }
      respond("OK")
    case upper.hasPrefix("AT+CMGD="):
      guard let index = Int(upper.dropFirst(8).prefix { $0 != "," }), (1...capacity).contains(index)
      else { return respond("+CMS ERROR: 321") }
      slots[index - 1] = nil
      respond("OK")
    case upper.hasPrefix("AT+CMGS="):
      guard pduMode, let length = Int(upper.dropFirst(8)), length > 0 else {
        return respond("+CMS ERROR: 304")
      }
      collectingLength = length
      outgoing.append(contentsOf: Array("\r\n> ".utf8))
    default:
      respond("ERROR")
    }
  }

  private mutating func submit(_ hex: [UInt8], length: Int) {
    if resetOnNextSend {
      resetOnNextSend = false
      restart()
      return
    }
    var pdu: [UInt8] = []
    var text: [Unicode.Scalar] = []
    guard (try? Hex.decode(hex, into: &pdu)) != nil, !pdu.isEmpty,
      pdu.count - Int(pdu[0]) - 1 == length,
      let fields = try? PDUDecoder.decode(pdu, text: &text), fields.kind == .submit
    else { return respond("+CMS ERROR: 304") }
    if refusesSends {
      delayed = ("\r\n+CMS ERROR: 38\r\n", now + sendDelay)
      return
    }
    messageReference = (messageReference + 1) & 0xFF
    var string = ""
    string.unicodeScalars.append(contentsOf: text)
    let to = fields.address.text
    if let part = fields.concatenation {
      parts.removeAll {
        $0.to == to && $0.reference == part.reference && $0.sequence == part.sequence
      }
      parts.append((to, part.reference, part.total, part.sequence, string))
      let siblings = parts.filter { $0.to == to && $0.reference == part.reference }
      if siblings.count == part.total {
        let whole = siblings.sorted { $0.sequence < $1.sequence }.map { $0.text }.joined()
        sent.append(SentMessage(to: to, text: whole))
        parts.removeAll { $0.to == to && $0.reference == part.reference }
      }
    } else {
      sent.append(SentMessage(to: to, text: string))
    }
    var answer = "\r\n+CMGS: \(messageReference)\r\n\r\nOK\r\n"
    if fields.statusReportRequested, reportsDelivery {
      answer += "\r\n" + statusReport(to: fields.address, reference: messageReference)
    }
    delayed = (answer, now + sendDelay)
  }

  /// The `+CDS` line and PDU of an SMS-STATUS-REPORT saying the part with
  /// `reference` reached `recipient` now.
  private func statusReport(to recipient: PhoneAddress, reference: Int) -> String {
    var pdu: [UInt8] = [0x00, 0x06, UInt8(reference & 0xFF)]
    recipient.write(to: &pdu)
    let stamp = timestamp.octets
    pdu += stamp + stamp + [0x00]
    return "+CDS: \(pdu.count - 1)\r\n\(Hex.string(pdu))\r\n"
  }
}
