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
    /// The modem's firmware hangs: it takes commands and answers nothing
    /// until its line is opened again, which restarts it.
    case hung
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
  /// Every number the phone dialled (`ATD…;`), oldest first.
  public private(set) var dialled: [String] = []
  /// Every DTMF tone the network heard in calls (`AT+VTS`), in order.
  public private(set) var tonesHeard = ""
  /// The call, if one is up or ringing.
  public private(set) var call: SimulatedCall?
  /// How often an unanswered incoming call repeats `RING` and `+CLIP`.
  public var ringInterval: Duration = .seconds(3)
  /// Between `ATD` and the other phone ringing (`+CLCC` alerting).
  public var alertDelay: Duration = .milliseconds(500)
  /// The signal (`+CSQ` `<rssi>`, 0–31 or 99).
  public var signal = 20
  /// The registration (`+CREG` `<stat>`: 1 home, 2 searching, 3 denied,
  /// 5 roaming); a change is announced when the modem was asked to.
  public private(set) var registration = 1
  /// The operator's name (`+COPS`).
  public var operatorName = "t9net"
  /// The battery in percent (`+CBC`); nil: the modem does not say.
  public var battery: Int?
  /// The network's time in seconds since 1970 UTC at instant zero, and its
  /// zone in quarter hours (`+CCLK`), once the network gave it (NITZ);
  /// until then the modem's clock reads 2004-01-01, as a SIM800's does.
  public private(set) var networkClock: (epochAtStart: Int64, offsetQuarterHours: Int)?
  private var announcesRegistration = false
  /// The SIM: `ready`, `absent`, `pin` (waits for `simPIN`) or `puk`
  /// (three wrong PINs; waits for `simPUK` and a new PIN).
  public var simState = SIMState.ready {
    didSet {
      // A SIM taken out, put in or locked is announced as a SIM800 does
      // (a code the phone entered is answered by the command instead).
      guard simState != oldValue, !executing else { return }
      switch simState {
      case .absent: unsolicited("+CPIN: NOT INSERTED")
      case .pin: unsolicited("+CPIN: SIM PIN")
      case .puk: unsolicited("+CPIN: SIM PUK")
      case .ready, .unknown: unsolicited("+CPIN: READY")
      }
    }
  }
  /// The SIM's PIN.
  public var simPIN = "1234"
  /// The SIM's PUK.
  public var simPUK = "12345678"
  /// The modem's IMEI (`AT+CGSN`).
  public var imei = "867959031234567"
  private var pinAttempts = 3
  private var executing = false
  private var verboseErrors = false
  /// Every USSD string the phone sent (`AT+CUSD=1`), oldest first.
  public private(set) var ussdHeard: [String] = []
  /// How long the network takes to answer a USSD request.
  public var ussdDelay: Duration = .milliseconds(500)
  /// The command lines the modem received, for tests: the first 64 and
  /// the latest 192 (a long run polls the modem for hours; the log must not
  /// grow with it).
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
  private var hung = false
  private var fd: Int32 = -1
  private var nextDescriptor: Int32 = 40
  private var line: [UInt8] = []
  private var collectingLength: Int?
  private var outgoing: [UInt8] = []
  /// The answer to a part sent, and when it comes.
  private var delayed: (text: String, at: Instant)?
  private var messageReference = 0
  private var parts: [(to: String, reference: Int, total: Int, sequence: Int, text: String)] = []
  private var ussdRules: [USSDRule] = []
  private var nextRing: Instant?
  private var alertAt: Instant?
  /// What the far end does with the next call the phone makes, said
  /// before the phone dialled.
  private var armed: FarEnd?
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

  // MARK: The SIM

  /// `"PIN"` or `"PUK","NEWPIN"`: the SIM unlocks, or counts a wrong code
  /// (three wrong PINs block it).
  private mutating func enterCode(_ text: Substring) {
    let codes = text.split(separator: ",").map { $0.filter { $0 != "\"" } }
    let wrong = verboseErrors ? "+CME ERROR: incorrect password" : "+CME ERROR: 16"
    switch (simState, codes.count) {
    case (.pin, 1):
      if codes[0] == simPIN {
        simState = .ready
        pinAttempts = 3
        respond("OK")
      } else {
        pinAttempts -= 1
        if pinAttempts == 0 { simState = .puk }
        respond(wrong)
      }
    case (.puk, 2), (.ready, 2):
      if codes[0] == simPUK {
        simPIN = String(codes[1])
        simState = .ready
        pinAttempts = 3
        respond("OK")
      } else {
        respond(wrong)
      }
    default:
      respond(verboseErrors ? "+CME ERROR: operation not allowed" : "+CME ERROR: 3")
    }
  }

  // MARK: Status

  /// The registration becomes `code`, announced with `+CREG` when the
  /// modem was asked to (`AT+CREG=1`).
  public mutating func register(_ code: Int) {
    guard code != registration else { return }
    registration = code
    if announcesRegistration { unsolicited("+CREG: \(code)") }
  }

  /// The network gives its time: `epochSeconds` (UTC) now, in a zone
  /// `offsetQuarterHours` from UTC.
  public mutating func setTime(epochSeconds: Int64, offsetQuarterHours: Int) {
    networkClock = (epochSeconds - now.microseconds / 1_000_000, offsetQuarterHours)
  }

  private var clockReading: String {
    guard let clock = networkClock else { return "\"04/01/01,00:00:00+00\"" }
    let stamp = SMSTimestamp(
      epochSeconds: clock.epochAtStart + now.microseconds / 1_000_000,
      offsetQuarterHours: clock.offsetQuarterHours)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let zone = abs(stamp.offsetQuarterHours)
    return "\"\(two(stamp.year % 100))/\(two(stamp.month))/\(two(stamp.day)),"
      + "\(two(stamp.hour)):\(two(stamp.minute)):\(two(stamp.second))"
      + "\(stamp.offsetQuarterHours < 0 ? "-" : "+")\(two(zone))\""
  }

  // MARK: USSD

  /// A USSD rule: when the phone sends `request`, the network replies
  /// `reply` (UCS-2 when `ucs2`, else GSM-7 as plain text, as a SIM800 in
  /// its IRA character set gives it) and waits for an answer when `menu`.
  /// Each rule is used once, the first unused one that matches.
  public mutating func addUSSD(request: String, reply: String, menu: Bool, ucs2: Bool) {
    ussdRules.append(USSDRule(request: request, reply: reply, menu: menu, ucs2: ucs2))
  }

  private mutating func answerUSSD(_ request: String) {
    ussdHeard.append(request)
    guard let index = ussdRules.firstIndex(where: { !$0.used && $0.request == request }) else {
      return  // a request with no rule gets no reply
    }
    ussdRules[index].used = true
    let rule = ussdRules[index]
    let text: String
    let dcs: Int
    if rule.ucs2 {
      var hex = ""
      for unit in rule.reply.utf16 {
        hex += Hex.string([UInt8(unit >> 8), UInt8(unit & 0xFF)])
      }
      text = hex
      dcs = 72
    } else {
      // Line breaks stay inside the quotes, as a SIM800 sends them.
      text = rule.reply
      dcs = 15
    }
    let line = "\r\n+CUSD: \(rule.menu ? 1 : 0),\"\(text)\",\(dcs)\r\n"
    if let pending = delayed {
      delayed = (pending.text + line, Swift.max(pending.at, now + ussdDelay))
    } else {
      delayed = (line, now + ussdDelay)
    }
  }

  // MARK: Calls

  /// What the other party of a call does.
  public enum FarEnd: Sendable, Hashable {
    case answer, busy, noAnswer, hangUp
  }

  /// A call from `number` rings the phone (`RING`, `+CLIP`), again every
  /// `ringInterval`, until answered, rejected or hung up; `false` while
  /// another call is up.
  @discardableResult
  public mutating func ring(from number: String) -> Bool {
    guard call == nil else { return false }
    call = SimulatedCall(number: number, incoming: true, state: .incoming)
    announceRing()
    return true
  }

  /// The other phone answers the phone's call (or will answer the next).
  public mutating func farEndAnswers() { farEnd(.answer) }

  /// The other phone is busy.
  public mutating func farEndIsBusy() { farEnd(.busy) }

  /// The other phone does not answer.
  public mutating func farEndDoesNotAnswer() { farEnd(.noAnswer) }

  /// The other party hangs up (or a caller gives up).
  public mutating func farEndHangsUp() { farEnd(.hangUp) }

  private mutating func farEnd(_ action: FarEnd) {
    guard let current = call else {
      if action != .hangUp { armed = action }
      return
    }
    switch action {
    case .answer:
      guard !current.incoming, current.state != .active else { return }
      alertAt = nil
      call?.state = .active
    case .busy, .noAnswer:
      guard !current.incoming, current.state != .active else { return }
      endCall(action == .busy ? "BUSY" : "NO ANSWER")
    case .hangUp:
      endCall("NO CARRIER")
    }
  }

  private mutating func endCall(_ result: String) {
    call = nil
    nextRing = nil
    alertAt = nil
    unsolicited(result)
  }

  private mutating func announceRing() {
    guard let call, call.state == .incoming, !isSilent else { return }
    // 128: a withheld number (no digits); 145: international; 129: other.
    let type = call.number.isEmpty ? 128 : (call.number.hasPrefix("+") ? 145 : 129)
    unsolicited("RING")
    unsolicited("+CLIP: \"\(call.number)\",\(type),\"\",0,\"\",0")
    nextRing = now + ringInterval
  }

  /// What time brought: the other phone ringing, a ring repeated.
  private mutating func tick() {
    if let due = alertAt, due <= now {
      alertAt = nil
      if call?.state == .dialing {
        call?.state = .ringing
        if let action = armed {
          armed = nil
          farEnd(action)
        }
      }
    }
    if let due = nextRing, due <= now { announceRing() }
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
    case .hung: hung = true
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
    announcesRegistration = false
    call = nil
    nextRing = nil
    alertAt = nil
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
    if hung { return true }
    guard let until = silentUntil else { return false }
    return now < until
  }

  // MARK: SerialSystem

  /// Opens the line: `ENOENT` while it is gone.
  public mutating func open(_ path: String, baud: Int) -> Result<Int32, Errno> {
    if isGone { return .failure(.noSuchFile) }
    goneUntil = nil
    if hung {
      // Opened again: the hung modem restarts.
      hung = false
      restart()
    }
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
    tick()
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
    executing = true
    defer { executing = false }
    if commands.count >= 256 { commands.remove(at: 64) }
    commands.append(command)
    let upper = command.uppercased()
    if simState != .ready, Self.needsSIM(upper) {
      return respond(
        simState == .absent
          ? (verboseErrors ? "+CME ERROR: SIM not inserted" : "+CME ERROR: 10")
          : (verboseErrors ? "+CME ERROR: SIM PIN required" : "+CME ERROR: 11"))
    }
    switch true {
    case upper == "AT": respond("OK")
    case upper == "ATE0":
      echo = false
      respond("OK")
    case upper == "ATE1":
      echo = true
      respond("OK")
    case upper.hasPrefix("AT+CMEE="):
      verboseErrors = upper == "AT+CMEE=2"
      respond("OK")
    case upper == "AT+CPIN?":
      switch simState {
      case .absent: respond(verboseErrors ? "+CME ERROR: SIM not inserted" : "+CME ERROR: 10")
      case .pin:
        respond("+CPIN: SIM PIN")
        respond("OK")
      case .puk:
        respond("+CPIN: SIM PUK")
        respond("OK")
      case .ready, .unknown:
        respond("+CPIN: READY")
        respond("OK")
      }
    case upper.hasPrefix("AT+CPIN=\""):
      enterCode(command.dropFirst(8))
    case upper == "AT+CGSN":
      respond(imei)
      respond("OK")
    case upper.hasPrefix("AT+CPWD=\"SC\","):
      let codes = command.dropFirst(13).split(separator: ",").map { $0.filter { $0 != "\"" } }
      guard codes.count == 2, codes[0] == simPIN else {
        return respond(verboseErrors ? "+CME ERROR: incorrect password" : "+CME ERROR: 16")
      }
      simPIN = String(codes[1])
      respond("OK")
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
    case upper.hasPrefix("AT+CLIP="), upper.hasPrefix("AT+CLCC="): respond("OK")
    case upper == "AT+CREG=1":
      announcesRegistration = true
      respond("OK")
    case upper == "AT+CSQ":
      respond("+CSQ: \(signal),0")
      respond("OK")
    case upper == "AT+CREG?":
      respond("+CREG: \(announcesRegistration ? 1 : 0),\(registration)")
      respond("OK")
    case upper == "AT+COPS?":
      if registration == 1 || registration == 5 {
        respond("+COPS: 0,0,\"\(operatorName)\"")
      } else {
        respond("+COPS: 0")
      }
      respond("OK")
    case upper == "AT+CBC":
      guard let battery else { return respond("ERROR") }
      respond("+CBC: 0,\(battery),\(3500 + battery * 7)")
      respond("OK")
    case upper == "AT+CCLK?":
      respond("+CCLK: \(clockReading)")
      respond("OK")
    case upper.hasPrefix("ATD"):
      let number = String(command.dropFirst(3).prefix { $0 != ";" })
      guard command.hasSuffix(";"), !number.isEmpty, call == nil else { return respond("ERROR") }
      dialled.append(number)
      call = SimulatedCall(number: number, incoming: false, state: .dialing)
      alertAt = now + alertDelay
      respond("OK")
    case upper == "ATA":
      guard call?.state == .incoming else { return respond("NO CARRIER") }
      call?.state = .active
      nextRing = nil
      respond("OK")
    case upper == "ATH", upper == "ATH0", upper == "AT+CHUP":
      call = nil
      nextRing = nil
      alertAt = nil
      respond("OK")
    case upper.hasPrefix("AT+VTS="):
      let tones = upper.dropFirst(7).filter { $0 != "\"" && $0 != "," }
      guard call?.state == .active, !tones.isEmpty,
        tones.allSatisfy({ $0.isNumber || $0 == "*" || $0 == "#" })
      else { return respond("+CME ERROR: 3") }
      tonesHeard += tones
      respond("OK")
    case upper.hasPrefix("AT+CUSD=1,\""):
      let body = command.dropFirst(11)
      guard let close = body.firstIndex(of: "\"") else { return respond("ERROR") }
      respond("OK")
      answerUSSD(String(body[..<close]))
    case upper == "AT+CUSD=2":
      respond("OK")
    case upper == "AT+CLCC":
      if let call {
        // 128: a withheld number (no digits); 145: international; 129: other.
        let type = call.number.isEmpty ? 128 : (call.number.hasPrefix("+") ? 145 : 129)
        respond(
          "+CLCC: 1,\(call.incoming ? 1 : 0),\(call.state.listed),0,0,\"\(call.number)\",\(type)")
      }
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

  /// Whether `command` needs an unlocked SIM (emergency calls do not).
  static func needsSIM(_ command: String) -> Bool {
    if command.hasPrefix("ATD") {
      let number = command.dropFirst(3).prefix { $0 != ";" }
      return !["112", "911", "999", "000", "110", "118", "119"].contains(String(number))
    }
    return ["AT+CPMS", "AT+CMGL", "AT+CMGR", "AT+CMGS", "AT+CUSD=1"].contains {
      command.hasPrefix($0)
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
