import Diagnostics
import Firmware
import MessageStore
import ModemDriver
import SMS
import Supervision
import Vocabulary

/// Carries messages between the modem and the phone, one part at a time
/// each way: a received PDU is decoded, handed to the phone, its records
/// written and synced, and only then deleted from the modem (kept there
/// when the phone had no room, when it is not a message for the inbox, or
/// when the store could not be written); the outbox's parts go out one by
/// one, each failure waiting `retryDelay` before the next try.
///
/// Its buffers are reserved at start: receiving or sending a part
/// allocates nothing.
struct MessageCourier {
  /// Between a part that failed and the next try.
  var retryDelay: Duration = .seconds(30)
  /// The outbox part with the modem, if any.
  private var inFlight: Int?
  /// No part goes out before this (after a failure).
  private(set) var retryAt: Instant?
  private var text: [Unicode.Scalar] = []
  private var pdu: [UInt8] = []
  private var wasFull = false
  /// Whether the network refused the last part (for the flight recorder).
  private var refused = false
  /// Whether the modem said it is ready (and has not gone since): only
  /// then is the outbox looked at. Without a modem it never is, and a
  /// firing costs next to nothing.
  private var modemReady = false
  /// What the modem says of calls, and what the phone asks for them.
  var calls = CallRelay()
  /// Messages received whole (or shown), sent whole, and given up on.
  private(set) var receivedMessages = 0
  private(set) var sentMessages = 0
  private(set) var failedMessages = 0

  init() {
    text.reserveCapacity(PDUDecoder.maximumTextLength)
    pdu.reserveCapacity(PDUDecoder.maximumPDULength)
  }

  /// When the courier next needs the clock: a retry.
  var nextDeadline: Instant? { inFlight == nil ? retryAt : nil }

  /// Takes the modem's events and starts the next part.
  mutating func exchange<P: RuntimePeripherals>(
    _ supervisor: inout Supervisor, _ peripherals: inout P, now: Instant
  ) {
    while let event = peripherals.modem.nextEvent() {
      switch event {
      case .ready:
        modemReady = true
        supervisor.withPhone(&peripherals) { $0.networkChanged(ready: true) }
      case .unavailable:
        modemReady = false
        supervisor.withPhone(&peripherals) { $0.networkChanged(ready: false) }
      case .received:
        supervisor.recordNetwork(.pdu, pdu: peripherals.modem.receivedPDU)
        receive(&supervisor, &peripherals)
      case .sent(let reference):
        guard let slot = inFlight else { continue }
        inFlight = nil
        if refused {
          refused = false
          supervisor.recordNetwork(.acceptsSends)
        }
        supervisor.withPhone(&peripherals) { $0.partSent(slot, networkReference: reference) }
        let id = supervisor.phone.messages.messageID(ofPart: slot)
        if supervisor.phone.messages.summary(id: id)?.folder == .sent { sentMessages += 1 }
      case .notSent(let failure):
        guard let slot = inFlight else { continue }
        inFlight = nil
        if case .messageService = failure, !refused {
          refused = true
          supervisor.recordNetwork(.refusesSends)
        }
        // A part the modem lost by restarting or going away goes again
        // as soon as it is ready; one the network refused waits.
        retryAt = failure == .interrupted ? nil : now + retryDelay
        supervisor.withPhone(&peripherals) { $0.partNotSent(slot, final: !failure.isTemporary) }
        let id = supervisor.phone.messages.messageID(ofPart: slot)
        if supervisor.phone.messages.summary(id: id)?.status == .failed { failedMessages += 1 }
      case .call, .callEnded, .caller, .ussd, .status, .networkTime, .sim, .phoneCode:
        calls.report(event, &supervisor, &peripherals)
      }
    }
    calls.forward(&supervisor, &peripherals)
    write(&supervisor, &peripherals)
    // A part queued again by hand (no attempts yet) does not wait for the
    // retry of another. The phone is read through the harness's stored
    // property, not `Supervisor.phone`: a `_read` accessor called across
    // modules allocates its frame on a 32-bit target (wasm32), and this
    // runs after every input.
    if modemReady, inFlight == nil, let slot = supervisor.harness.phone.nextPartToSend,
      retryAt.map({ $0 <= now }) ?? true || supervisor.phone.messages.attempts(ofPart: slot) == 0
    {
      retryAt = nil
      pdu.removeAll(keepingCapacity: true)
      supervisor.phone.submitPDU(ofPart: slot, text: &text, into: &pdu)
      if peripherals.modem.send(pdu) { inFlight = slot }
    }
  }

  private mutating func receive<P: RuntimePeripherals>(
    _ supervisor: inout Supervisor, _ peripherals: inout P
  ) {
    text.removeAll(keepingCapacity: true)
    let fields: PDUFields
    do {
      fields = try PDUDecoder.decode(peripherals.modem.receivedPDU, text: &text)
    } catch {
      supervisor.phone.log(
        .warning, LogTag("messages", "inbox"),
        "a PDU the phone cannot read (\(error)); left on the SIM")
      peripherals.modem.finishReceived(keepOnModem: true)
      return
    }
    let outcome = supervisor.withPhone(&peripherals) { $0.receive(fields, text: text) }
    let durable = write(&supervisor, &peripherals)
    var keep = !durable
    switch outcome {
    case .stored(let id):
      if let summary = supervisor.phone.messages.summary(id: id), summary.parts == summary.total {
        receivedMessages += 1
      }
      wasFull = false
    case .shown:
      receivedMessages += 1
    case .full:
      keep = true
      wasFull = true
    case .notStored: keep = true
    case .duplicate, .report: break
    }
    peripherals.modem.finishReceived(keepOnModem: keep)
  }

  /// Writes the store's changed records and syncs them: whether they are
  /// durable. A store that was full and has room again has the modem
  /// read what it kept.
  @discardableResult
  private mutating func write<P: RuntimePeripherals>(
    _ supervisor: inout Supervisor, _ peripherals: inout P
  ) -> Bool {
    guard supervisor.harness.phone.hasMessageWrites else { return true }
    supervisor.takeMessageWrites { offset, bytes in
      peripherals.writeMessageRecord(at: offset, bytes)
    }
    let durable = peripherals.syncMessages()
    if wasFull, supervisor.phone.messages.freeSlots > 0 {
      wasFull = false
      peripherals.modem.rescan()
    }
    return durable
  }
}
