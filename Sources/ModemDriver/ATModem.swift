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
    /// The SIM is absent or locked: set-up waits for it (emergency calls
    /// can still be dialled).
    case locked

    /// `closed`, `probing`, `setting-up`, `ready`, `silent`.
    public var name: String {
      switch self {
      case .closed: "closed"
      case .probing: "probing"
      case .settingUp: "setting-up"
      case .ready: "ready"
      case .silent: "silent"
      case .locked: "sim-locked"
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
    case dial
    case answer
    case hangUp
    case tone
    case listCalls
    case ussd
    case endUSSD
    case status(Int)
    case unlock
    case phoneCode
  }

  /// A USSD request waiting for the line.
  private enum USSDRequest: Equatable {
    case send
    case end
  }

  /// A call request waiting for the line.
  private enum CallRequest: Equatable {
    case dial
    case answer
    case hangUp
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
      ("AT+CPIN?", false),
      ("AT+CMGF=0", true),
      ("AT+CPMS=\"SM\",\"SM\",\"SM\"", false),
      ("AT+CNMI=2,1,0,1,0", false),
      ("AT+CLIP=1", false),
      ("AT+CREG=1", false),
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

  /// The call, as the modem last reported it.
  public private(set) var callState = CallState.idle
  private var callRequest: CallRequest?
  private var dialled: [UInt8]
  private var tones: [UInt8]
  private let toneCapacity = 16
  private var nextCallPoll: Instant?
  /// Whether the current listing of calls named one.
  private var listedCall = false
  /// Whether any listing named this call (a dialled call a modem has not
  /// listed yet has not ended).
  private var callWasListed = false
  private var emptyListings = 0
  private var callerReported = false

  /// Whether a USSD session is open: a request taken, a reply awaited or a
  /// menu waiting for an answer.
  public private(set) var ussdOpen = false
  private var ussdRequest: USSDRequest?
  private var ussdOut: [UInt8]
  private var ussdDeadline: Instant?
  private var ussdReplied = false
  /// The quoted text of a `+CUSD` reply spread over several lines, while
  /// it is read: its `<m>`, and the lines read so far.
  private var cusdStatus: Int?
  private var cusdLines = 0
  private var cusdText: [UInt8]
  private var cusdScalars: [Unicode.Scalar]

  /// What the modem last said of the network.
  public private(set) var status = NetworkStatus()
  private var reportedStatus: NetworkStatus?
  private var statusStep = 0
  private var nextStatusPoll: Instant?

  /// The SIM, as the modem last reported it.
  public private(set) var simState = SIMState.unknown
  private var reportedSIM: (state: SIMState, tries: Int)?
  private var pinTries = 3
  private var pukTries = 10
  private var unlock: [UInt8]
  private var unlockQueued = false
  private var simCheckAt: Instant?
  private var simAbsentError = false
  private var codeQueued = false
  private var codeCommand: [UInt8]
  private var codeAnswer = ""

  /// The set-up step that asks for the SIM's state.
  static var simStep: Int { 2 }

  /// The status queries, in the order they are asked.
  static var statusCommands: [String] { ["AT+CSQ", "AT+CREG?", "AT+COPS?", "AT+CBC", "AT+CCLK?"] }

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
    dialled = []
    dialled.reserveCapacity(Self.maximumDialled)
    tones = []
    tones.reserveCapacity(toneCapacity)
    ussdOut = []
    ussdOut.reserveCapacity(Self.maximumUSSD)
    cusdText = []
    cusdText.reserveCapacity(Self.maximumReply)
    cusdScalars = []
    cusdScalars.reserveCapacity(Self.maximumReply)
    unlock = []
    unlock.reserveCapacity(32)
    codeCommand = []
    codeCommand.reserveCapacity(48)
  }

  /// The longest USSD string sent (TS 23.038 allows 182 characters; codes
  /// and answers are far shorter).
  public static var maximumUSSD: Int { 160 }
  /// The longest reply text kept, in bytes as the modem writes it (a UCS-2
  /// reply of 91 characters is 364 hex digits).
  public static var maximumReply: Int { 800 }

  /// The longest number dialled.
  public static var maximumDialled: Int { 40 }

  /// The longest PDU: an 11-octet service-centre field and a 164-octet
  /// TPDU.
  public static var maximumPDU: Int { PDUDecoder.maximumPDULength }

  // MARK: Modem

  /// When the driver next needs the clock.
  public var nextDeadline: Instant? {
    var due = Instant.earliest(Instant.earliest(deadline, nextPoll), retryAt)
    due = Instant.earliest(due, ussdDeadline)
    // The polls start only between commands: while one is under way its
    // timeout and the busy poll are the deadlines (a poll already due
    // would otherwise be a deadline in the past, asked for again and
    // again).
    guard current == nil, outputSent == output.count else { return due }
    switch phase {
    case .ready: return Instant.earliest(due, Instant.earliest(nextCallPoll, nextStatusPoll))
    case .locked: return Instant.earliest(due, Instant.earliest(nextCallPoll, simCheckAt))
    default: return due
    }
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

  /// Takes a call request: a number dialled while no call is up, an
  /// answer while one rings, a hang-up while one is up, a tone while one
  /// is active (up to 16 waiting).
  public mutating func request(_ request: ModemRequest) -> Bool {
    if phase == .locked {
      // Only calls (the phone dials emergency numbers) and the SIM's
      // codes while the SIM is locked or absent.
      switch request {
      case .enterPIN(let pin):
        guard simState == .pin, !unlockQueued, Self.isCode(pin, 4...8) else { return false }
        unlock.removeAll(keepingCapacity: true)
        unlock.append(contentsOf: "AT+CPIN=\"".utf8)
        unlock.append(contentsOf: pin.utf8)
        unlock.append(UInt8(ascii: "\""))
        unlockQueued = true
        return true
      case .enterPUK(let puk, let newPIN):
        guard simState == .puk, !unlockQueued, Self.isCode(puk, 8...8),
          Self.isCode(newPIN, 4...8)
        else { return false }
        unlock.removeAll(keepingCapacity: true)
        unlock.append(contentsOf: "AT+CPIN=\"".utf8)
        unlock.append(contentsOf: puk.utf8)
        unlock.append(contentsOf: "\",\"".utf8)
        unlock.append(contentsOf: newPIN.utf8)
        unlock.append(UInt8(ascii: "\""))
        unlockQueued = true
        return true
      case .dial, .answer, .hangUp, .tone: break
      case .ussd, .endUSSD, .phoneCode: return false
      }
    } else if phase != .ready {
      return false
    }
    switch request {
    case .dial(let number):
      guard callState == .idle, callRequest == nil, !number.isEmpty,
        number.utf8.count <= Self.maximumDialled, number.utf8.allSatisfy(Self.isDialable)
      else { return false }
      dialled.removeAll(keepingCapacity: true)
      dialled.append(contentsOf: number.utf8)
      callRequest = .dial
      changeCall(to: .dialing)
    case .answer:
      guard callState == .incoming, callRequest == nil else { return false }
      callRequest = .answer
    case .hangUp:
      guard callState != .idle else { return false }
      if callRequest == .dial {
        // Not dialled yet: nothing to hang up on the modem.
        endCall(.hungUp)
        return true
      }
      callRequest = .hangUp
    case .tone(let tone):
      guard callState == .active, Self.isTone(tone), tones.count < toneCapacity else {
        return false
      }
      tones.append(tone)
    case .ussd(let text):
      guard ussdRequest == nil, !text.isEmpty, text.utf8.count <= Self.maximumUSSD,
        text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") })
      else { return false }
      ussdOut.removeAll(keepingCapacity: true)
      ussdOut.append(contentsOf: text.utf8)
      ussdRequest = .send
    case .enterPIN, .enterPUK:
      return false
    case .phoneCode(let code):
      guard !codeQueued else { return false }
      codeCommand.removeAll(keepingCapacity: true)
      switch code {
      case .imei:
        codeCommand.append(contentsOf: "AT+CGSN".utf8)
      case .changePIN(let old, let new):
        guard Self.isCode(old, 4...8), Self.isCode(new, 4...8) else { return false }
        codeCommand.append(contentsOf: "AT+CPWD=\"SC\",\"\(old)\",\"\(new)\"".utf8)
      case .unblockPIN(let puk, let new):
        guard Self.isCode(puk, 8...8), Self.isCode(new, 4...8) else { return false }
        codeCommand.append(contentsOf: "AT+CPIN=\"\(puk)\",\"\(new)\"".utf8)
      }
      codeQueued = true
    case .endUSSD:
      if ussdRequest == .send, !ussdOpen {
        ussdRequest = nil
        return true
      }
      guard ussdOpen || current == .ussd else { return false }
      ussdRequest = .end
    }
    return true
  }

  /// Lists the modem's storage again.
  public mutating func rescan() { needsListing = true }

  /// Closes the line and opens it again at the next service, then sets
  /// the modem up afresh.
  public mutating func reset() {
    log(.notice, Self.tag, "\(path): closing the line and opening it again")
    dropLine()
    retryAt = now
    reopenDelay = timing.reopen
  }

  /// Closes the line and ends what was under way on it: the command, the
  /// call, the USSD session.
  private mutating func dropLine() {
    if fd >= 0 { system.close(fd) }
    fd = -1
    interrupt()
    endCall(.failed)
    endUSSD(.failed)
    phase = .closed
    deadline = nil
    nextPoll = nil
  }

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
      if let due = ussdDeadline, due <= now {
        log(.warning, Self.ussdTag, "no USSD reply in \(Self.seconds(timing.ussd)) s")
        endUSSD(.timedOut)
        ussdRequest = .end
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
    dropLine()
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
    case .dial, .answer:
      endCall(.failed)
    case .ussd:
      endUSSD(.failed)
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
    case .locked:
      if unlockQueued {
        unlockQueued = false
        output.append(contentsOf: unlock)
        write("", .unlock, timeout: timing.command)
        return true
      }
      if startCallCommand() { return true }
      if let due = simCheckAt, due <= now {
        simCheckAt = nil
        simAbsentError = false
        write("AT+CPIN?", .setUp(Self.simStep), timeout: timing.command)
        return true
      }
      return false
    case .ready:
      if startCallCommand() { return true }
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
      if let due = nextStatusPoll, due <= now {
        nextStatusPoll = nil
        write(Self.statusCommands[statusStep], .status(statusStep), timeout: timing.command)
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
      statusStep = 0
      nextStatusPoll = now
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
        // A call or a session cannot go on through a deaf modem.
        endCall(.failed)
        endUSSD(.failed)
        phase = .silent
        retryAt = now + timing.silentProbeInterval
      }
    case .status?:
      statusStep = 0
      nextStatusPoll = now + timing.statusPoll
      beginProbing()
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
    guard phase == .ready || phase == .settingUp || phase == .silent || phase == .locked else {
      return
    }
    modemResets += 1
    log(.notice, Self.tag, "the modem restarted (\(line)); setting it up again")
    interrupt()
    endCall(.failed)
    endUSSD(.failed)
    simState = .unknown
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
    case .setUp(let step) where step == Self.simStep:
      simAnswered(refused: result != nil)
    case .unlock:
      if result != nil {
        if simState == .pin { pinTries = Swift.max(0, pinTries - 1) }
        if simState == .puk { pukTries = Swift.max(0, pukTries - 1) }
        log(.warning, Self.simTag, "the SIM refused the code")
      } else {
        pinTries = 3
        pukTries = 10
      }
      simCheckAt = now
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
    case .dial:
      if let result {
        log(.warning, Self.callTag, "the modem did not dial (\(result))")
        endCall(.failed)
      }
    case .answer:
      if let result {
        log(.warning, Self.callTag, "the modem did not answer the call (\(result))")
      } else if callState == .incoming {
        changeCall(to: .active)
      }
    case .hangUp:
      if let result { log(.warning, Self.callTag, "the modem did not hang up (\(result))") }
      endCall(.hungUp)
    case .tone:
      if let result { log(.warning, Self.callTag, "the modem did not play a tone (\(result))") }
    case .listCalls:
      if result == nil { listed() }
    case .ussd:
      if let result {
        log(.warning, Self.ussdTag, "the modem refused the USSD request (\(result))")
        ussdOpen = true
        endUSSD(.failed)
      } else if !ussdReplied {
        ussdOpen = true
        ussdDeadline = now + timing.ussd
      }
    case .endUSSD:
      ussdOpen = false
      ussdDeadline = nil
    case .phoneCode:
      emit(.phoneCode(done: result == nil, text: codeAnswer))
    case .status(let step):
      // A query the modem refuses (no battery, no clock) is skipped.
      statusStep = step + 1
      if statusStep < Self.statusCommands.count {
        nextStatusPoll = now
      } else {
        statusStep = 0
        nextStatusPoll = now + timing.statusPoll
        reportStatus()
      }
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
    if cusdStatus != nil {
      continueUSSD(line)
      return
    }
    if let what = expected {
      expected = nil
      if Self.isHex(line) {
        takePDU(line, for: what)
        return
      }
    }
    if current == .phoneCode, codeAnswer.isEmpty, line.count <= 20,
      line.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    {
      // `AT+CGSN`'s answer: the IMEI alone on its line.
      codeAnswer = String(decoding: line, as: UTF8.self)
      return
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
      simAbsentError =
        Self.lastNumber(line) == 10 || Self.contains(line, "not inserted")
        || Self.contains(line, "SIM failure")
      finished(.refused)
    } else if Self.starts(line, "+CPIN:") {
      let before = simState
      if Self.contains(line, "NOT INSERTED") || Self.contains(line, "NOT READY") {
        simState = .absent
      } else if Self.contains(line, "READY") {
        simState = .ready
      } else if Self.contains(line, "PUK") {
        simState = .puk
      } else if Self.contains(line, "PIN") {
        simState = .pin
      }
      if current != .setUp(Self.simStep), simState != before { simChangedUnasked() }
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
    } else if let end = Self.callResult(line) {
      // The final result of `ATD` or `ATA`, or the call's end reported
      // on its own.
      if current == .dial || current == .answer {
        current = nil
        deadline = nil
      }
      endCall(end)
    } else if Self.starts(line, "RING") && line.count == 4 {
      if callState == .idle { changeCall(to: .incoming) }
    } else if Self.starts(line, "+CLIP:") {
      if callState == .idle { changeCall(to: .incoming) }
      if callState == .incoming { reportCaller(Self.quoted(line)) }
    } else if Self.starts(line, "+CLCC:") {
      takeListedCall(line)
    } else if Self.starts(line, "+CUSD:") {
      beginUSSD(line)
    } else if Self.starts(line, "+CSQ:") {
      let rssi = Self.firstNumber(line) ?? 99
      status.signal = rssi >= 0 && rssi <= 31 ? rssi : nil
    } else if Self.starts(line, "+CREG:") {
      // `+CREG: <n>,<stat>` answers `AT+CREG?`; the URC is `+CREG: <stat>`.
      let fields = Self.numbers(line, count: 2)
      if case .status? = current, fields.count == 2 {
        status.registration = .init(code: fields[1])
      } else if let stat = fields.first {
        status.registration = .init(code: stat)
        reportStatus()
      }
    } else if Self.starts(line, "+COPS:") {
      status.operatorName = Self.quotedField(line, limit: 24, number: false)
    } else if Self.starts(line, "+CBC:") {
      let fields = Self.numbers(line, count: 2)
      status.battery = fields.count == 2 && fields[1] <= 100 ? fields[1] : nil
    } else if Self.starts(line, "+CCLK:") {
      if let time = Self.clock(line) {
        emit(.networkTime(epochSeconds: time.epochSeconds, offsetQuarterHours: time.offset))
      }
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

  // MARK: Calls

  /// Starts what a call needs first: a request, then a tone, then the
  /// listing of calls that follows the call's state.
  private mutating func startCallCommand() -> Bool {
    if codeQueued {
      codeQueued = false
      codeAnswer = ""
      output.append(contentsOf: codeCommand)
      write("", .phoneCode, timeout: timing.command)
      return true
    }
    if let request = ussdRequest {
      ussdRequest = nil
      switch request {
      case .send:
        output.append(contentsOf: "AT+CUSD=1,\"".utf8)
        output.append(contentsOf: ussdOut)
        ussdReplied = false
        write("\",15", .ussd, timeout: timing.command)
      case .end:
        write("AT+CUSD=2", .endUSSD, timeout: timing.command)
      }
      return true
    }
    if let request = callRequest {
      callRequest = nil
      switch request {
      case .dial:
        output.append(contentsOf: "ATD".utf8)
        output.append(contentsOf: dialled)
        write(";", .dial, timeout: timing.dial)
      case .answer: write("ATA", .answer, timeout: timing.dial)
      case .hangUp: write("ATH", .hangUp, timeout: timing.command)
      }
      return true
    }
    guard callState != .idle else { return false }
    if !tones.isEmpty {
      let tone = tones.removeFirst()
      output.append(contentsOf: "AT+VTS=".utf8)
      output.append(tone)
      write("", .tone, timeout: timing.command)
      return true
    }
    if let due = nextCallPoll, due <= now {
      nextCallPoll = now + timing.callPoll
      listedCall = false
      write("AT+CLCC", .listCalls, timeout: timing.command)
      return true
    }
    return false
  }

  private mutating func changeCall(to state: CallState) {
    guard state != callState else { return }
    if callState == .idle {
      callWasListed = false
      emptyListings = 0
      callerReported = false
      nextCallPoll = now + timing.callPoll
    }
    callState = state
    emit(.call(state))
  }

  /// The call ended (if there was one): said once.
  private mutating func endCall(_ reason: CallEnd) {
    guard callState != .idle else { return }
    callState = .idle
    callRequest = nil
    tones.removeAll(keepingCapacity: true)
    nextCallPoll = nil
    emit(.callEnded(reason))
  }

  private mutating func reportCaller(_ number: String) {
    guard !callerReported else { return }
    callerReported = true
    emit(.caller(number))
  }

  /// A `+CLCC: id,dir,stat,mode,mpty[,"number",type]` line: the voice
  /// call's state (a data or fax call is not the phone's).
  private mutating func takeListedCall(_ line: [UInt8]) {
    let fields = Self.numbers(line, count: 4)
    guard fields.count == 4, fields[3] == 0 else { return }
    let state: CallState
    switch fields[2] {
    case 0, 1: state = .active
    case 2: state = .dialing
    case 3: state = .ringing
    case 4, 5: state = .incoming
    default: return  // 6: disconnecting, as good as gone
    }
    listedCall = true
    callWasListed = true
    guard callState != .idle || state == .incoming else { return }
    changeCall(to: state)
    if state == .incoming { reportCaller(Self.quoted(line)) }
  }

  /// A listing of calls finished: a call it did not name has ended (a
  /// dialled one only once a listing named it, or after three that did
  /// not: some modems list a call a moment after `ATD`).
  private mutating func listed() {
    guard callState != .idle, !listedCall, callRequest == nil else {
      emptyListings = 0
      return
    }
    emptyListings += 1
    if callWasListed || callState != .dialing {
      endCall(.hungUp)
    } else if emptyListings >= 3 {
      endCall(.failed)
    }
  }

  static var callTag: LogTag { LogTag("modem", "call") }

  // MARK: The SIM

  static var simTag: LogTag { LogTag("modem", "sim") }

  /// The answer to `AT+CPIN?`: set-up goes on with a SIM ready, and waits
  /// (asking again every few seconds for an absent one) otherwise.
  private mutating func simAnswered(refused: Bool) {
    if refused {
      // A modem that cannot say (no `+CPIN` at all) is taken as ready;
      // "SIM not inserted" is no SIM.
      simState = simAbsentError ? .absent : .ready
    } else if simState == .unknown {
      simState = .ready
    }
    simAbsentError = false
    let tries = simState == .puk ? pukTries : pinTries
    if reportedSIM?.state != simState || reportedSIM?.tries != tries {
      reportedSIM = (simState, tries)
      emit(.sim(simState, triesLeft: tries))
      if simState != .ready { log(.notice, Self.simTag, "the SIM is \(simState.name)") }
    }
    switch simState {
    case .ready, .unknown:
      setUp(step: Self.simStep + 1)
    case .absent:
      phase = .locked
      simCheckAt = now + timing.silentProbeInterval
    case .pin, .puk:
      phase = .locked
    }
  }

  /// The modem said on its own that the SIM changed (taken out, put in,
  /// locked): messages and calls stop while it is not ready, and set-up
  /// goes on from the SIM once it is.
  private mutating func simChangedUnasked() {
    switch phase {
    case .ready where simState != .ready:
      log(.notice, Self.simTag, "the SIM is \(simState.name) now")
      interrupt()
      endCall(.failed)
      endUSSD(.failed)
      phase = .locked
      simCheckAt = now
      emit(.unavailable)
    case .locked:
      simCheckAt = now
    default:
      break
    }
  }

  /// Whether `code` is digits only, of a length in `lengths`.
  static func isCode(_ code: String, _ lengths: ClosedRange<Int>) -> Bool {
    lengths.contains(code.utf8.count)
      && code.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
  }

  /// Whether `line` contains `text` (ASCII, case as written).
  static func contains(_ line: [UInt8], _ text: StaticString) -> Bool {
    let count = text.utf8CodeUnitCount
    guard count > 0, line.count >= count else { return false }
    return text.withUTF8Buffer { needle in
      for start in 0...(line.count - count) {
        var same = true
        for index in 0..<count where line[start + index] != needle[index] {
          same = false
          break
        }
        if same { return true }
      }
      return false
    }
  }

  // MARK: Network status

  private mutating func reportStatus() {
    guard reportedStatus != status else { return }
    reportedStatus = status
    emit(.status(status))
  }

  /// The first quoted field of `line` (empty when there is none): at most
  /// `limit` characters, only those a number has when `number`, else the
  /// printable ASCII ones.
  static func quotedField(_ line: [UInt8], limit: Int, number: Bool) -> String {
    guard let open = line.firstIndex(of: UInt8(ascii: "\"")) else { return "" }
    var text = ""
    for byte in line[(open + 1)...] {
      if byte == UInt8(ascii: "\"") || text.utf8.count >= limit { break }
      let kept = number ? isDialable(byte) : byte >= 0x20 && byte < 0x7F
      if kept { text.unicodeScalars.append(Unicode.Scalar(byte)) }
    }
    return text
  }

  /// `+CCLK: "yy/MM/dd,hh:mm:ss±zz"` as seconds since 1970 UTC and the
  /// offset in quarter hours; nil for a clock the network never set (a
  /// SIM800 starts at 2004, others at 1980 or 2000: years before 2024 are
  /// taken as unset).
  static func clock(_ line: [UInt8]) -> (epochSeconds: Int64, offset: Int)? {
    guard let open = line.firstIndex(of: UInt8(ascii: "\"")) else { return nil }
    let text = Array(line[(open + 1)...])
    guard text.count >= 20 else { return nil }
    func two(_ at: Int) -> Int? {
      guard let high = Hex.value(text[at]), let low = Hex.value(text[at + 1]), high < 10, low < 10
      else { return nil }
      return Int(high) * 10 + Int(low)
    }
    guard let year = two(0), let month = two(3), let day = two(6), let hour = two(9),
      let minute = two(12), let second = two(15), let zone = two(18), year >= 24,
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
    else { return nil }
    let sign: Int
    switch text[17] {
    case UInt8(ascii: "+"): sign = 1
    case UInt8(ascii: "-"): sign = -1
    default: return nil
    }
    let offset = sign * zone
    guard abs(offset) <= 56 else { return nil }
    let local = SMSTimestamp(
      year: 2000 + year, month: month, day: day, hour: hour, minute: minute, second: second,
      offsetQuarterHours: offset)
    return (Int64(local.secondsSince2000) + 946_684_800, offset)
  }

  // MARK: USSD

  static var ussdTag: LogTag { LogTag("modem", "ussd") }

  /// The session ended without a reply (`status`), if one was open.
  private mutating func endUSSD(_ status: USSDStatus) {
    guard ussdOpen || current == .ussd else { return }
    ussdOpen = false
    ussdDeadline = nil
    emit(.ussd(status, ""))
  }

  /// `+CUSD: <m>[,"<text>"[,<dcs>]]`: the text may run over several lines
  /// (a SIM800 keeps a menu's line breaks inside the quotes).
  private mutating func beginUSSD(_ line: [UInt8]) {
    let status = Self.firstNumber(line) ?? 2
    cusdText.removeAll(keepingCapacity: true)
    cusdLines = 0
    guard let open = line.firstIndex(of: UInt8(ascii: "\"")) else {
      replied(status: status, dcs: 15)
      return
    }
    cusdStatus = status
    continueUSSD(line[(open + 1)...])
  }

  /// One more line of a reply's text: the reply ends at a quote followed
  /// by nothing or by `,<dcs>`; twenty lines end it whatever they hold.
  private mutating func continueUSSD(_ line: some Collection<UInt8>) {
    guard let status = cusdStatus else { return }
    cusdLines += 1
    if cusdLines > 1, cusdText.count < Self.maximumReply { cusdText.append(0x0A) }
    let bytes = Array(line)
    var end = bytes.count
    var dcs = 15
    var closed = false
    if let quote = bytes.lastIndex(of: UInt8(ascii: "\"")) {
      let tail = bytes[(quote + 1)...]
      if tail.isEmpty {
        closed = true
      } else if tail.first == UInt8(ascii: ","), let value = Self.number(tail.dropFirst()) {
        closed = true
        dcs = value
      }
      if closed { end = quote }
    }
    for byte in bytes[..<end] where cusdText.count < Self.maximumReply { cusdText.append(byte) }
    guard closed || cusdLines >= 20 else { return }
    cusdStatus = nil
    replied(status: status, dcs: dcs)
  }

  private mutating func replied(status code: Int, dcs: Int) {
    let status = USSDStatus(code: code)
    cusdScalars.removeAll(keepingCapacity: true)
    USSDText.decode(cusdText, dcs: dcs, into: &cusdScalars)
    if current == .ussd { ussdReplied = true }
    ussdDeadline = nil
    ussdOpen = status == .menu
    emit(.ussd(status, String(String.UnicodeScalarView(cusdScalars))))
  }

  /// The final results that end a call, and why.
  static func callResult(_ line: [UInt8]) -> CallEnd? {
    if starts(line, "NO CARRIER") && line.count == 10 { return .hungUp }
    if starts(line, "BUSY") && line.count == 4 { return .busy }
    if starts(line, "NO ANSWER") && line.count == 9 { return .noAnswer }
    if starts(line, "NO DIALTONE") && line.count == 11 { return .failed }
    return nil
  }

  static func isDialable(_ byte: UInt8) -> Bool {
    isTone(byte) || byte == UInt8(ascii: "+")
  }

  static func isTone(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "*")
      || byte == UInt8(ascii: "#")
  }

  /// The number in the first quoted field of `line` (empty when there is
  /// none): only the characters a number has.
  static func quoted(_ line: [UInt8]) -> String {
    quotedField(line, limit: maximumDialled, number: true)
  }

  /// The first `count` comma-separated numbers after the line's colon
  /// (fewer when a field is not a number).
  static func numbers(_ line: [UInt8], count: Int) -> [Int] {
    var result: [Int] = []
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return result }
    var start = colon + 1
    while result.count < count, start <= line.count {
      let end = line[start...].firstIndex(of: UInt8(ascii: ",")) ?? line.count
      guard let value = number(line[start..<end]) else { break }
      result.append(value)
      start = end + 1
    }
    return result
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
