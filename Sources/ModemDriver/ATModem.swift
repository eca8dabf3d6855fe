import Diagnostics
import SMS
import SystemLayer
import Vocabulary

/// A modem on a serial line speaking 3GPP TS 27.007/27.005 AT commands, in
/// PDU mode: SIMCom SIM800 and SIM7600, Quectel EC2x/EG25 and their kin.
///
/// One command at a time, each with its timeout. Unsolicited results are
/// read whenever they come: between a command's echo and its final
/// result, before a `> ` prompt, or after a restart. Set-up is `AT`, then
/// `ATE0` (echo off), `AT+CMEE=2` (verbose errors), `AT+CMGF=0` (PDU
/// mode), `AT+CPMS="SM","SM","SM"` (messages on the SIM) and
/// `AT+CNMI=2,1,0,1,0` (new messages stored and announced with `+CMTI`,
/// status reports pushed with `+CDS`), then `AT+CMGL=4` lists what the
/// SIM already holds. A message is read with `AT+CMGR`, handed over, and
/// deleted with `AT+CMGD` only when the phone says it is stored.
///
/// The line may go away (`EIO`, `ENODEV`: a USB modem unplugged) and come
/// back; the modem may stop answering or restart (`RDY`, `SMS Ready`, or
/// its echo back on). The driver logs each episode once, opens the line
/// again with backoff, probes a silent modem every few seconds, sets the
/// modem up again, and lists its storage, so no message is lost. A part
/// under way when that happens is reported `.notSent(.interrupted)`.
///
/// Memory is reserved at start: the line, read and write buffers, one
/// received and four pushed PDUs, the queue of stored messages to read,
/// and the events.
public struct ATModem<System: SerialSystem>: Modem {
  /// The line's path, e.g. `/dev/ttyUSB2`.
  public let path: String
  /// The line's speed.
  public let baud: Int
  /// The serial calls (a simulated network in scenarios).
  public var system: System
  /// The timeouts and polling intervals.
  public let timing: ModemTiming

  /// Where the driver is.
  public enum Phase: Sendable, Hashable {
    /// The line is not open (not yet, or lost): opening it again at the
    /// next attempt.
    case closed
    /// Asking `AT` until the modem answers.
    case probing
    /// Setting the modem up.
    case settingUp
    /// Set up: reading, deleting and sending.
    case ready
    /// The modem stopped answering: probing every few seconds.
    case silent

    /// `closed`, `probing`, `setting-up`, `ready`, `silent`.
    public var name: String {
      switch self {
      case .closed: "closed"
      case .probing: "probing"
      case .settingUp: "setting-up"
      case .ready: "ready"
      case .silent: "silent"
      }
    }
  }

  private enum Command: Equatable {
    case probe
    case setUp(Int)
    case list
    case read(Int)
    case delete(Int)
    case sendLength
    case sendBody
  }

  private enum Expected: Equatable {
    case read(Int)
    case pushed
    case listed
  }

  /// The set-up commands, in order, and whether the modem must accept
  /// each (an optional one it refuses is logged and skipped).
  static var setUpCommands: [(command: String, required: Bool)] {
    [
      ("ATE0", true),
      ("AT+CMEE=2", false),
      ("AT+CMGF=0", true),
      ("AT+CPMS=\"SM\",\"SM\",\"SM\"", false),
      ("AT+CNMI=2,1,0,1,0", false),
    ]
  }

  /// Where the driver is now.
  public private(set) var phase = Phase.closed
  /// Commands that got no answer in time, so far.
  public private(set) var commandTimeouts = 0
  /// Times the modem restarted under the driver, so far.
  public private(set) var modemResets = 0
  /// Times the line went away, so far.
  public private(set) var lineLosses = 0
  /// Lines longer than the line buffer, dropped.
  public var overlongLines: Int { reader.overlongLines }
  /// Stored messages announced while the queue of those to read was full
  /// (they are read at the next listing).
  public private(set) var queueOverflows = 0

  private let log: Log
  private var fd: Int32 = -1
  private var now = Instant.zero
  private var current: Command?
  private var deadline: Instant?
  private var nextPoll: Instant?
  private var retryAt: Instant? = .zero
  private var reopenDelay: Duration
  private var probes = 0
  private var troubled = false
  private var everReady = false
  private var errors = 0
  private var recoveries = 0

  private var reader: ATLineReader
  private var input: [UInt8]
  private var output: [UInt8]
  private var outputSent = 0
  private var expected: Expected?
  private var readPDU = false

  private var stored: [Int]
  private let storedCapacity: Int
  private var needsListing = false
  private var pendingDelete: Int?
  private var received: [UInt8]
  private var receivedSlot: Int?
  private var receivedBusy = false
  private var pushed: [[UInt8]]
  private var pushedCount = 0
  private var pushedFirst = 0
  private var toSend: [UInt8]
  private var sendQueued = false
  private var sentReference = 0
  private var events: [ModemEvent]
  private let eventCapacity = 16

  /// A driver for the modem at `path`; it opens the line at the first
  /// `service(at:)`.
  ///
  /// - Parameters:
  ///   - lineCapacity: the longest line kept (a PDU line is at most 352
  ///     hex digits).
  ///   - storedCapacity: stored messages waiting to be read (more are read
  ///     at the next listing).
  public init(
    path: String, baud: Int = ModemSpec.defaultBaud, timing: ModemTiming = ModemTiming(),
    lineCapacity: Int = 512, storedCapacity: Int = 64, system: System, log: Log
  ) {
    self.path = path
    self.baud = baud
    self.timing = timing
    self.system = system
    self.log = log
    self.storedCapacity = storedCapacity
    reopenDelay = timing.reopen
    reader = ATLineReader(capacity: lineCapacity)
    input = [UInt8](repeating: 0, count: 256)
    output = []
    output.reserveCapacity(512)
    stored = []
    stored.reserveCapacity(storedCapacity)
    received = []
    received.reserveCapacity(Self.maximumPDU)
    pushed = (0..<4).map { _ in
      var buffer: [UInt8] = []
      buffer.reserveCapacity(Self.maximumPDU)
      return buffer
    }
    toSend = []
    toSend.reserveCapacity(Self.maximumPDU)
    events = []
    events.reserveCapacity(eventCapacity)
  }

  /// The longest PDU: an 11-octet service-centre field and a 164-octet
  /// TPDU.
  public static var maximumPDU: Int { PDUDecoder.maximumPDULength }

  // MARK: Modem

  /// When the driver next needs the clock.
  public var nextDeadline: Instant? {
    Instant.earliest(Instant.earliest(deadline, nextPoll), retryAt)
  }

  /// What the modem says about itself: failing while its line is lost or
  /// it is silent.
  public var health: PeripheralHealth {
    PeripheralHealth(
      isUpToDate: !sendQueued && !receivedBusy,
      isFailing: phase == .closed || phase == .silent, errors: errors, recoveries: recoveries)
  }

  /// The PDU of the last `.received` event.
  public var receivedPDU: [UInt8] { received }

  /// Takes the oldest event.
  public mutating func nextEvent() -> ModemEvent? {
    events.isEmpty ? nil : events.removeFirst()
  }

  /// Deletes the received PDU from storage, or keeps it there.
  public mutating func finishReceived(keepOnModem: Bool) {
    guard receivedBusy else { return }
    receivedBusy = false
    if let slot = receivedSlot, !keepOnModem { pendingDelete = slot }
    receivedSlot = nil
  }

  /// Queues one part for `AT+CMGS`.
  public mutating func send(_ pdu: [UInt8]) -> Bool {
    guard phase == .ready, !sendQueued, pdu.count >= 2, pdu.count <= Self.maximumPDU,
      Int(pdu[0]) + 1 < pdu.count
    else { return false }
    toSend.removeAll(keepingCapacity: true)
    toSend.append(contentsOf: pdu)
    sendQueued = true
    return true
  }

  /// Lists the modem's storage again.
  public mutating func rescan() { needsListing = true }

  /// Closes the line.
  public mutating func close() {
    if fd >= 0 { system.close(fd) }
    fd = -1
    phase = .closed
    retryAt = nil
    deadline = nil
    nextPoll = nil
  }

  // MARK: The turn

  /// Reads, answers and writes until nothing more happens now.
  public mutating func service(at now: Instant) {
    self.now = now
    if fd < 0 {
      guard let retry = retryAt, retry <= now else { return }
      open()
      guard fd >= 0 else { return }
    }
    var rounds = 0
    while fd >= 0, rounds < 32 {
      rounds += 1
      var progress = flush()
      progress = readAvailable() || progress
      if fd >= 0, let due = deadline, due <= now {
        timedOut()
        progress = true
      }
      if fd >= 0, current == nil, outputSent == output.count {
        progress = startNext() || progress
      }
      if !progress { break }
    }
    guard fd >= 0 else { return }
    nextPoll =
      now + (current != nil || outputSent < output.count ? timing.busyPoll : timing.idlePoll)
  }

  private mutating func open() {
    switch system.open(path, baud: baud) {
    case .success(let descriptor):
      fd = descriptor
      retryAt = nil
      reopenDelay = timing.reopen
      reader.reset()
      output.removeAll(keepingCapacity: true)
      outputSent = 0
      expected = nil
      if troubled { log(.notice, Self.tag, "\(path) is open again; setting the modem up") }
      beginProbing()
    case .failure(let error):
      if !troubled {
        troubled = true
        errors += 1
        log(
          .error, Self.tag,
          "cannot open \(path): \(error); trying again every \(Self.seconds(timing.maximumReopen)) s at most"
        )
      }
      retryAt = now + reopenDelay
      reopenDelay = Swift.min(reopenDelay * 2, timing.maximumReopen)
    }
  }

  private mutating func lost(_ error: Errno) {
    lineLosses += 1
    if !troubled {
      troubled = true
      errors += 1
      log(.error, Self.tag, "\(path) went away: \(error); opening it again")
    }
    system.close(fd)
    fd = -1
    interrupt()
    phase = .closed
    deadline = nil
    nextPoll = nil
    retryAt = now + reopenDelay
    reopenDelay = Swift.min(reopenDelay * 2, timing.maximumReopen)
    emit(.unavailable)
  }

  /// Ends the command under way because the modem is gone, restarted or
  /// did not answer in time.
  private mutating func interrupt(_ failure: ModemFailure = .interrupted) {
    switch current {
    case .sendLength, .sendBody:
      sendQueued = false
      emit(.notSent(failure))
    case .read(let index):
      if !stored.contains(index), stored.count < storedCapacity { stored.insert(index, at: 0) }
    default: break
    }
    current = nil
    deadline = nil
    expected = nil
    readPDU = false
  }

  private mutating func beginProbing() {
    phase = .probing
    probes = 0
  }

  private mutating func flush() -> Bool {
    guard outputSent < output.count else { return false }
    switch system.write(fd, output[outputSent...]) {
    case .success(let count):
      outputSent += count
      if outputSent == output.count {
        output.removeAll(keepingCapacity: true)
        outputSent = 0
      }
      return count > 0
    case .failure(let error):
      if error == .wouldBlock { return false }
      lost(error)
      return true
    }
  }

  private mutating func readAvailable() -> Bool {
    var any = false
    while fd >= 0 {
      let count: Int
      switch system.read(fd, into: &input) {
      case .success(let read): count = read
      case .failure(let error):
        if error == .wouldBlock { return any }
        lost(error)
        return true
      }
      guard count > 0 else { return any }
      any = true
      for index in 0..<count {
        switch reader.take(input[index]) {
        case .line?: handleLine()
        case .prompt?: handlePrompt()
        case nil: break
        }
        if fd < 0 { return true }
      }
    }
    return any
  }

  // MARK: Commands

  private mutating func write(_ text: String, _ command: Command, timeout: Duration) {
    output.append(contentsOf: text.utf8)
    output.append(0x0D)
    current = command
    deadline = now + timeout
  }

  /// Writes `prefix` and `number` in decimal: no string is built, so a
  /// read, a deletion or a send allocates nothing.
  private mutating func write(
    _ prefix: StaticString, _ number: Int, _ command: Command, timeout: Duration
  ) {
    prefix.withUTF8Buffer { output.append(contentsOf: $0) }
    var divisor = 1
    while divisor <= number / 10 { divisor *= 10 }
    var rest = Swift.max(0, number)
    while divisor > 0 {
      output.append(UInt8(ascii: "0") + UInt8(rest / divisor))
      rest %= divisor
      divisor /= 10
    }
    output.append(0x0D)
    current = command
    deadline = now + timeout
  }

  /// Starts what is due: a probe, the next set-up step, a deletion, a
  /// listing, a read or a send, in that order.
  private mutating func startNext() -> Bool {
    switch phase {
    case .closed: return false
    case .probing:
      write("AT", .probe, timeout: timing.probe)
      return true
    case .silent:
      guard let retry = retryAt, retry <= now else { return false }
      retryAt = nil
      write("AT", .probe, timeout: timing.probe)
      return true
    case .settingUp:
      return false
    case .ready:
      if let slot = pendingDelete {
        write("AT+CMGD=", slot, .delete(slot), timeout: timing.command)
        return true
      }
      if needsListing {
        needsListing = false
        write("AT+CMGL=4", .list, timeout: timing.list)
        return true
      }
      if !receivedBusy, pushedCount > 0 {
        received.removeAll(keepingCapacity: true)
        received.append(contentsOf: pushed[pushedFirst])
        pushedFirst = (pushedFirst + 1) % pushed.count
        pushedCount -= 1
        receivedSlot = nil
        receivedBusy = true
        emit(.received)
        return true
      }
      if !receivedBusy, !stored.isEmpty {
        let slot = stored.removeFirst()
        write("AT+CMGR=", slot, .read(slot), timeout: timing.command)
        return true
      }
      if sendQueued {
        let length = toSend.count - Int(toSend[0]) - 1
        write("AT+CMGS=", length, .sendLength, timeout: timing.command)
        return true
      }
      return false
    }
  }

  private mutating func setUp(step: Int) {
    let steps = Self.setUpCommands
    guard step < steps.count else {
      phase = .ready
      needsListing = true
      if troubled || everReady {
        recoveries += everReady ? 1 : 0
        if troubled { log(.notice, Self.tag, "the modem is back") }
      }
      troubled = false
      everReady = true
      emit(.ready)
      return
    }
    phase = .settingUp
    write(steps[step].command, .setUp(step), timeout: timing.command)
  }

  private mutating func timedOut() {
    commandTimeouts += 1
    let command = current
    if command == .sendLength { output.append(0x1B) }
    interrupt(.timeout)
    switch command {
    case .probe?:
      probes += 1
      if phase == .silent || probes >= timing.probesBeforeSilent {
        if phase != .silent {
          errors += 1
          if !troubled {
            troubled = true
            log(
              .warning, Self.tag,
              "the modem does not answer; asking again every \(Self.seconds(timing.silentProbeInterval)) s"
            )
          }
          emit(.unavailable)
        }
        phase = .silent
        retryAt = now + timing.silentProbeInterval
      }
    case .delete?, .list?:
      // Asked again once the modem answers.
      if case .delete(let slot)? = command { pendingDelete = slot }
      if command == .list { needsListing = true }
      beginProbing()
    default:
      beginProbing()
    }
  }

  /// The modem restarted under the driver: its settings are gone.
  private mutating func restarted(_ line: String) {
    guard phase == .ready || phase == .settingUp || phase == .silent else { return }
    modemResets += 1
    log(.notice, Self.tag, "the modem restarted (\(line)); setting it up again")
    interrupt()
    if phase == .ready { emit(.unavailable) }
    needsListing = true
    beginProbing()
  }

  private mutating func finished(_ result: ModemFailure?) {
    guard let command = current else { return }
    current = nil
    deadline = nil
    switch command {
    case .probe:
      // Any answer (even ERROR) means the modem listens.
      if phase == .silent { log(.notice, Self.tag, "the modem answers again") }
      setUp(step: 0)
    case .setUp(let step):
      if let result {
        let (text, required) = Self.setUpCommands[step]
        if required {
          errors += 1
          log(.error, Self.tag, "the modem refused \(text) (\(result)); trying again later")
          phase = .silent
          retryAt = now + timing.silentProbeInterval
          return
        }
        log(.warning, Self.tag, "the modem refused \(text) (\(result)); going on without it")
      }
      setUp(step: step + 1)
    case .list:
      break
    case .read(let slot):
      expected = nil
      if readPDU {
        readPDU = false
        receivedSlot = slot
        receivedBusy = true
        emit(.received)
      }
    case .delete(let slot):
      if pendingDelete == slot { pendingDelete = nil }
      if let result { log(.warning, Self.tag, "deleting message \(slot) failed (\(result))") }
    case .sendLength:
      // A final result before the prompt: the modem refused the command.
      sendQueued = false
      emit(.notSent(result ?? .refused))
    case .sendBody:
      sendQueued = false
      if let result { emit(.notSent(result)) } else { emit(.sent(reference: sentReference)) }
    }
  }

  private mutating func handlePrompt() {
    guard current == .sendLength else { return }
    for byte in toSend { Hex.append(byte, to: &output) }
    output.append(0x1A)
    current = .sendBody
    deadline = now + timing.send
  }

  // MARK: Lines

  private mutating func handleLine() {
    let line = reader.line
    if let what = expected {
      expected = nil
      if Self.isHex(line) {
        takePDU(line, for: what)
        return
      }
    }
    if line.count >= 2, line[0] | 0x20 == UInt8(ascii: "a"), line[1] | 0x20 == UInt8(ascii: "t") {
      // An echo: the modem restarted with echo on, unless it is setting up.
      if phase == .ready { restarted("its echo is on") }
      return
    }
    if Self.starts(line, "OK") && line.count == 2 {
      finished(nil)
    } else if Self.starts(line, "ERROR") && line.count == 5 {
      finished(.refused)
    } else if Self.starts(line, "+CMS ERROR:") {
      finished(.messageService(Self.lastNumber(line) ?? 500))
    } else if Self.starts(line, "+CME ERROR:") {
      finished(.refused)
    } else if Self.starts(line, "+CMTI:") || Self.starts(line, "+CDSI:") {
      if let slot = Self.lastNumber(line) { queue(slot) }
    } else if Self.starts(line, "+CMT:") || Self.starts(line, "+CDS:") {
      expected = .pushed
    } else if Self.starts(line, "+CMGR:") {
      if case .read(let slot)? = current { expected = .read(slot) }
    } else if Self.starts(line, "+CMGL:") {
      if current == .list, let slot = Self.firstNumber(line) { queue(slot) }
      expected = .listed
    } else if Self.starts(line, "+CMGS:") {
      sentReference = Self.lastNumber(line) ?? 0
    } else if Self.isBootLine(line) {
      restarted(String(decoding: line, as: UTF8.self))
    }
  }

  private mutating func takePDU(_ line: [UInt8], for what: Expected) {
    switch what {
    case .listed: return
    case .read:
      received.removeAll(keepingCapacity: true)
      if (try? Hex.decode(line, into: &received, limit: Self.maximumPDU)) != nil {
        readPDU = true
      } else {
        log(.warning, Self.tag, "a stored message's PDU is not hex or too long; left on the modem")
      }
    case .pushed:
      guard pushedCount < pushed.count else {
        errors += 1
        log(.error, Self.tag, "a pushed message arrived with four waiting; it is lost")
        return
      }
      let slot = (pushedFirst + pushedCount) % pushed.count
      pushed[slot].removeAll(keepingCapacity: true)
      if (try? Hex.decode(line, into: &pushed[slot], limit: Self.maximumPDU)) != nil {
        pushedCount += 1
      }
    }
  }

  private mutating func queue(_ slot: Int) {
    guard !stored.contains(slot), slot != pendingDelete, slot != receivedSlot else { return }
    guard stored.count < storedCapacity else {
      queueOverflows += 1
      needsListing = true
      return
    }
    stored.append(slot)
  }

  private mutating func emit(_ event: ModemEvent) {
    if events.count == eventCapacity { events.removeFirst() }
    events.append(event)
  }

  // MARK: Parsing helpers

  static var tag: LogTag { LogTag("modem", "line") }

  private static func seconds(_ duration: Duration) -> Int64 { duration.components.seconds }

  static func starts(_ line: [UInt8], _ prefix: StaticString) -> Bool {
    let count = prefix.utf8CodeUnitCount
    guard line.count >= count else { return false }
    return prefix.withUTF8Buffer { buffer in
      for index in 0..<count where line[index] != buffer[index] { return false }
      return true
    }
  }

  static func isBootLine(_ line: [UInt8]) -> Bool {
    (starts(line, "RDY") && line.count == 3) || (starts(line, "SMS Ready") && line.count == 9)
      || (starts(line, "Call Ready") && line.count == 10)
      || (starts(line, "+CFUN: 1") && line.count == 8)
      || (starts(line, "PB DONE") && line.count == 7)
      || (starts(line, "SMS DONE") && line.count == 8)
  }

  static func isHex(_ line: [UInt8]) -> Bool {
    line.count % 2 == 0 && line.allSatisfy { Hex.value($0) != nil }
  }

  /// The number after the line's last comma or colon.
  static func lastNumber(_ line: [UInt8]) -> Int? {
    guard
      let separator = line.lastIndex(where: {
        $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: ":")
      })
    else { return nil }
    return number(line[(separator + 1)...])
  }

  /// The number after the line's colon, up to the next comma.
  static func firstNumber(_ line: [UInt8]) -> Int? {
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return nil }
    let rest = line[(colon + 1)...]
    let end = rest.firstIndex(of: UInt8(ascii: ",")) ?? rest.endIndex
    return number(rest[..<end])
  }

  static func number(_ digits: ArraySlice<UInt8>) -> Int? {
    var value = 0
    var any = false
    for byte in digits where byte != UInt8(ascii: " ") {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), value < 1_000_000 else {
        return nil
      }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
      any = true
    }
    return any ? value : nil
  }
}
