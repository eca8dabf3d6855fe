import ContactBook
import Diagnostics
import KeypadInput
import MessageStore
import SMS

/// What the runtime hands the phone from the modem, and takes from it to
/// send: received PDUs, the parts of the outbox one at a time, what became
/// of them, and whether a network is there.
extension Phone {
  /// The messages, lent in place: a computed copy would retain and
  /// release the store's arrays at every read (the runtime reads it at
  /// every firing).
  public var messages: MessageBox {
    _read { yield context.services.messages }
  }

  /// The phone's time as a message's time stamp (the settings' offset).
  public var wallTime: SMSTimestamp { context.wallTime }

  /// Whether a network can take messages now.
  public var networkReady: Bool { context.services.networkReady }

  /// A PDU the modem handed over: a flash message is shown at once; a
  /// message is stored, and when it is whole a notice says so and the
  /// backlight comes on, whatever screen is shown (an editor keeps its
  /// text, cursor and the word being composed); a status report marks a
  /// sent message.
  public mutating func receive(_ fields: PDUFields, text: [Unicode.Scalar]) -> ReceiveOutcome {
    drawingRevision &+= 1
    if fields.kind == .deliver, fields.coding.isFlash {
      push(.message(MessageScreen(flashFrom: fields.address, text: text)))
      light()
      return .shown
    }
    let outcome = context.services.messages.receive(fields, text: text, now: wallTime)
    switch outcome {
    case .stored(let id):
      guard let summary = messages.summary(id: id), summary.parts == summary.total else { break }
      context.log(.info, LogTag("messages", "inbox"), "message from \(fields.address.text)")
      light()
      show(notice: "New message")
      messagesChanged()
    case .full:
      context.log(
        .warning, LogTag("messages", "inbox"), "messages full; a message waits on the SIM")
      show(notice: "Messages full")
    case .report: messagesChanged()
    case .duplicate, .notStored, .shown: break
    }
    return outcome
  }

  /// The slot of the outbox part to send next, while a network is ready.
  public var nextPartToSend: Int? {
    context.services.networkReady ? messages.nextQueuedPart : nil
  }

  /// The SMS-SUBMIT PDU of an outbox part, appended to `pdu` (`text` is
  /// scratch for its characters).
  public func submitPDU(ofPart slot: Int, text: inout [Unicode.Scalar], into pdu: inout [UInt8]) {
    messages.submitPDU(
      ofPart: slot, requestsStatusReport: context.settings.deliveryReports, text: &text,
      into: &pdu)
  }

  /// The network took a part.
  public mutating func partSent(_ slot: Int, networkReference: Int) {
    let id = messages.messageID(ofPart: slot)
    context.services.messages.partSent(slot, networkReference: networkReference)
    drawingRevision &+= 1
    messagesChanged()
    guard messages.summary(id: id)?.folder == .sent else { return }
    context.log(.info, LogTag("messages", "outbox"), "message \(id) sent")
    if context.services.sending == id {
      context.services.sending = nil
      show(notice: "Sent")
    }
  }

  /// A part was not sent: tried again later, or (a final error, or too
  /// many tries) the message fails and stays in the outbox.
  public mutating func partNotSent(_ slot: Int, final: Bool) {
    let id = messages.messageID(ofPart: slot)
    let givenUp = context.services.messages.partNotSent(slot, final: final)
    drawingRevision &+= 1
    messagesChanged()
    guard givenUp else { return }
    context.log(.warning, LogTag("messages", "outbox"), "message \(id) not sent")
    if context.services.sending == id {
      context.services.sending = nil
      show(notice: "Not sent: in outbox")
    }
  }

  /// The network came or went.
  public mutating func networkChanged(ready: Bool) {
    guard context.services.networkReady != ready else { return }
    context.services.networkReady = ready
    drawingRevision &+= 1
  }

  /// Hands each changed record of the message store to `write`.
  public mutating func takeMessageWrites(_ write: (Int, ArraySlice<UInt8>) -> Void) {
    context.services.messages.takeWrites(write)
  }

  /// Whether the store has writes waiting.
  public var hasMessageWrites: Bool { messages.hasWrites }

  /// Lights the backlight for its timeout.
  mutating func light() {
    backlightUntil = now + context.settings.backlightTimeout
  }

  /// The store changed: lists showing it follow.
  mutating func messagesChanged() {
    for index in stack.indices { stack[index].messagesChanged(context) }
  }
}
